/// The command line of `inertia-lint`, parsed.
struct LintOptions: Equatable {
  enum Action: Equatable {
    case lint
    case listRules
    case explain(String)
    case help
    case version
  }

  enum ColorChoice: String, Equatable {
    case auto
    case always
    case never
  }

  var action = Action.lint
  var paths: [String] = []
  var strict = false
  var format = OutputFormat.text
  var configPath: String?
  var ignoresConfiguration = false
  var includes: [String] = []
  var excludes: [String] = []
  var standardInputName: String?
  var enable: [String] = []
  var disable: [String] = []
  var color = ColorChoice.auto
  var jobs: Int?
  /// `--fix`: apply fixes (written unless `dryRun`).
  var fix = false
  /// `--unsafe-fixes`: apply unsafe fixes too.
  var unsafeFixes = false
  /// `--dry-run` (or `--diff`): fix in memory only, writing nothing.
  var dryRun = false
  /// `--diff`: print a unified diff of what fixing would change, instead of a report.
  var diff = false

  static let usage = """
    Usage: inertia-lint [OPTIONS] [PATH...]

    Lints .inertia animation files (MessagePack, or their JSON form) against what the Inertia runtimes
    do with them, and with --fix repairs what can be repaired safely. A directory is walked for *.inertia
    files, skipping .git, .build, node_modules and hidden folders; a file named explicitly is linted
    whatever its extension; - reads standard input. With no PATH, lints the current directory.

    Options:
      --fix                    Apply safe fixes to the files in place, then report what remains.
                               Only the fixed values' bytes change; each file is verified, then
                               replaced atomically, keeping its permissions (and any symbolic link).
      --unsafe-fixes           With --fix or --diff, also apply fixes that change what plays.
      --dry-run                With --fix, write nothing: report what would be fixed.
      --diff                   Write nothing; print a unified diff of each file's JSON form as fixing
                               would change it. Exits 1 if any file would change.
      --strict                 Warnings fail the run too (for CI and pre-commit).
      --format FORMAT          text (default), json, sarif or github.
      --config FILE            Use FILE instead of the nearest .inertia-lint.json.
      --no-config              Use no configuration file.
      --include GLOB           Lint files matching GLOB when walking directories, instead of *.inertia.
      --exclude GLOB           Skip files and folders matching GLOB. Repeatable, like --include.
      --stdin-filename NAME    The name standard input is reported (and its container id taken) under.
      --disable RULE           Do not run RULE. Repeatable.
      --enable RULE            Run RULE even if the configuration switches it off. Repeatable.
      --color WHEN             auto (default: on a terminal, unless NO_COLOR is set), always or never.
      -j, --jobs N             Lint N files at a time (default: one per core).
      --list-rules             List the rules and exit.
      --explain RULE           Show a rule's documentation and examples and exit.
      -h, --help               Show this help.
      --version                Show the version.

    Exit status: 0 nothing fails; 1 an error was found (or, with --strict, a warning), after --fix one
    that remains; 2 usage, configuration or I/O error, or a file that could not be fixed safely.
    With --diff: 0 nothing would change, 1 something would, 2 an error.
    """

  /// Parses the arguments (without the program name).
  static func parse(_ arguments: [String]) throws(UsageError) -> LintOptions {
    var options = LintOptions()
    var rest = arguments[...]
    var onlyPaths = false
    while let argument = rest.popFirst() {
      if onlyPaths || argument == "-" || !argument.hasPrefix("-") {
        options.paths.append(argument)
        continue
      }
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value(_ what: String) throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = rest.popFirst() else { throw UsageError("\(name) needs \(what)") }
        return next
      }
      switch name {
      case "--": onlyPaths = true
      case "-h", "--help": options.action = .help
      case "--version": options.action = .version
      case "--list-rules": options.action = .listRules
      case "--explain": options.action = .explain(try value("a rule id"))
      case "--strict": options.strict = true
      case "--fix": options.fix = true
      case "--unsafe-fixes": options.unsafeFixes = true
      case "--dry-run": options.dryRun = true
      case "--diff": options.diff = true
      case "--format":
        let text = try value("a format")
        guard let format = OutputFormat(rawValue: text) else {
          throw UsageError("unknown format '\(text)': expected text, json, sarif or github")
        }
        options.format = format
      case "--config": options.configPath = try value("a file")
      case "--no-config": options.ignoresConfiguration = true
      case "--include": options.includes.append(try value("a glob"))
      case "--exclude": options.excludes.append(try value("a glob"))
      case "--stdin-filename": options.standardInputName = try value("a file name")
      case "--enable": options.enable.append(try value("a rule id"))
      case "--disable": options.disable.append(try value("a rule id"))
      case "--color", "--colour":
        let text = try value("auto, always or never")
        guard let choice = ColorChoice(rawValue: text) else {
          throw UsageError("--color takes auto, always or never, not '\(text)'")
        }
        options.color = choice
      case "-j", "--jobs":
        let text = try value("a number")
        guard let jobs = Int(text), jobs > 0 else { throw UsageError("\(name) takes a positive number") }
        options.jobs = jobs
      default:
        let known = [
          "--strict", "--format", "--config", "--no-config", "--include", "--exclude", "--stdin-filename", "--disable",
          "--enable", "--color", "--jobs", "--list-rules", "--explain", "--help", "--version", "--fix",
          "--unsafe-fixes", "--dry-run", "--diff",
        ]
        let suggestion = NameSuggestion.closest(to: name, in: known).map { "; did you mean \($0)?" } ?? ""
        throw UsageError("unknown option '\(argument)'\(suggestion)")
      }
    }
    if options.paths.filter({ $0 == "-" }).count > 1 {
      throw UsageError("standard input (-) can be linted once")
    }
    if options.configPath != nil && options.ignoresConfiguration {
      throw UsageError("--config and --no-config cannot be used together")
    }
    if options.standardInputName != nil && !options.paths.contains("-") {
      throw UsageError("--stdin-filename applies only when - is among the paths")
    }
    if options.action == .lint {
      try options.checkFixing()
    }
    return options
  }
}

extension LintOptions {
  /// Whether the run fixes (in place, or in memory only for `--dry-run` and `--diff`).
  var fixes: Bool { fix || diff }

  /// Checks that the fixing options make sense together.
  fileprivate mutating func checkFixing() throws(UsageError) {
    if diff {
      dryRun = true
      if format != .text { throw UsageError("--diff prints a diff, not a report: it cannot be used with --format") }
    }
    if dryRun && !fixes { throw UsageError("--dry-run needs --fix") }
    if unsafeFixes && !fixes { throw UsageError("--unsafe-fixes needs --fix or --diff") }
    if fix && !dryRun && paths.contains("-") {
      throw UsageError("standard input cannot be fixed in place; use --diff or --dry-run to see the fixes")
    }
  }
}

/// The output formats.
public enum OutputFormat: String, Sendable, CaseIterable {
  /// One line per finding and a summary line.
  case text
  /// The versioned JSON report.
  case json
  /// SARIF 2.1.0, for GitHub code scanning.
  case sarif
  /// GitHub Actions workflow commands, which annotate the files in a pull request.
  case github
}
