/// What a command line asks of a command: its help, the version, or a run with its options.
enum CommandRequest<Options> {
  case help
  case version
  case run(Options)

  /// What `arguments`, read by `parser`, ask for: `--help` or `--version` anywhere asks for that, and
  /// nothing else is checked; otherwise a run, with the options `read` makes of the elements.
  init(
    _ arguments: [String], parser: ArgumentParser,
    options read: ([ArgumentParser.Element]) throws(UsageError) -> Options
  ) throws(UsageError) {
    let elements = try parser.parse(arguments)
    if elements.contains(.option("--help", value: nil)) {
      self = .help
    } else if elements.contains(.option("--version", value: nil)) {
      self = .version
    } else {
      self = .run(try read(elements))
    }
  }
}

extension ToolCommand {
  /// The command's `--help`.
  var usage: String {
    switch self {
    case .toJSON, .toMessagePack: ConvertCommand.usage
    case .toSVG: SVGCommand.usage
    case .textconv: TextconvCommand.usage
    case .merge: MergeCommand.usage
    case .diff: DiffCommand.usage
    case .lint: LintOptions.usage
    }
  }

  /// The options the command line `arguments` gives the command, read by its table and `read` (see
  /// ``CommandRequest``); or, when there is nothing to run, how it exits once it has written its help or its
  /// version to `stdout` (0), or the usage error to `stderr`, pointing to its help (2).
  func options<Options>(
    _ arguments: [String], stdout: CommandOutput, stderr: (String) -> Void,
    read: ([ArgumentParser.Element]) throws(UsageError) -> Options
  ) -> Result<Options, CommandExit> {
    do throws(UsageError) {
      switch try CommandRequest(arguments, parser: self.arguments, options: read) {
      case .help:
        stdout.write("\(usage)\n")
        return .failure(CommandExit(status: 0))
      case .version:
        stdout.write("\(tool) \(ToolVersion.current)\n")
        return .failure(CommandExit(status: 0))
      case .run(let options):
        return .success(options)
      }
    } catch {
      stderr("\(tool): \(error.message) (see \((words + ["--help"]).joined(separator: " ")))")
      return .failure(CommandExit(status: 2))
    }
  }
}

/// A command's run ending before its work, with this exit status.
struct CommandExit: Error {
  let status: Int32
}
