import InertiaLint

/// One option a command takes, and its line in `--help`.
package struct CommandOption: Sendable {
  /// Its spellings, short first: `["-o", "--output"]`. The last is the name commands switch on.
  package let names: [String]
  /// What its value is called in `--help` (`FILE`), or `nil` for an option that takes no value.
  package let value: String?
  /// What it does, for `--help`; a line break starts a new line in the help.
  package let help: String

  package init(_ names: String..., value: String? = nil, help: String) {
    self.names = names
    self.value = value
    self.help = help
  }

  /// The long name, which commands switch on.
  package var name: String { names.last! }
}
