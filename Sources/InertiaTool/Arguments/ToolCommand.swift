/// The tools' commands, each with its table of options: the one list the class tests enumerate (every
/// option of every command has its effect or is a usage error), so a command or option added to a table
/// here is covered without a new test.
package enum ToolCommand: String, CaseIterable, Sendable {
  case toJSON = "to-json"
  case toMessagePack = "to-msgpack"
  case toSVG = "to-svg"
  case textconv
  case merge
  case diff
  case lint

  /// The executable: `inertia-convert` or `inertia-lint`.
  package var tool: String { self == .lint ? "inertia-lint" : "inertia-convert" }

  /// The words before the options on a command line: the subcommand's name, none for `inertia-lint`.
  package var words: [String] { self == .lint ? [] : [rawValue] }

  /// The options the command takes.
  package var arguments: ArgumentParser {
    switch self {
    case .toJSON, .toMessagePack: return ConvertCommand.arguments
    case .toSVG: return SVGCommand.arguments
    case .textconv: return TextconvCommand.arguments
    case .merge: return MergeCommand.arguments
    case .diff: return DiffCommand.arguments
    case .lint: return LintOptions.arguments
    }
  }
}
