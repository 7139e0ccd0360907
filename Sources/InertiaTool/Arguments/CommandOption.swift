import InertiaLint

/// One option a command takes, and its line in `--help`.
package struct CommandOption: Sendable {
  /// Its spellings, short first: `["-o", "--output"]`. The last is the name commands switch on.
  package let names: [String]
  /// What its value is called in `--help` (`FILE`), or `nil` for an option that takes no value.
  package let value: String?
  /// What it does, for `--help`; a line break starts a new line in the help.
  package let help: String
  /// Whether giving it again adds a value (`--include A --include B`, documented as "Repeatable"); any
  /// other option that takes a value is given once, and a second is a usage error, never silently the one
  /// that counts.
  package let accumulates: Bool

  package init(_ names: String..., value: String? = nil, accumulates: Bool = false, help: String) {
    self.names = names
    self.value = value
    self.accumulates = accumulates
    self.help = help
  }

  /// The long name, which commands switch on.
  package var name: String { names.last! }
}
