import InertiaFormat
import InertiaLint

/// The command line of `inertia-lint`, parsed.
struct LintOptions: Equatable {
  enum Action: Equatable {
    case lint
    case listRules
    case explain(String)
    /// `--show-files`: the files a run would read, one a line.
    case showFiles
    /// `--show-settings PATH`: the configuration that applies to PATH.
    case showSettings(String)
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
  /// Whether a directory walk skips what `.gitignore` files ignore (`--no-respect-gitignore` turns it off).
  var respectsGitIgnore = true
  /// `--allow-no-files`: a run that finds no file to lint succeeds instead of failing.
  var allowsNoFiles = false
  /// `-q`: findings only, no summary.
  var quiet = false
  /// `--statistics`: a count per rule instead of the findings.
  var statistics = false
  /// `--exit-zero`: failing findings do not fail the run (errors still do).
  var exitZero = false
  /// `--output-file`: where the report goes instead of standard output, written atomically.
  var outputFile: String?
  /// `--max-findings`: the most findings of one rule reported in one file (0: no limit).
  var maxFindings = 100
  /// `--baseline`: the baseline whose findings are left out.
  var baseline: String?
  /// `--write-baseline`: where to write every finding as a baseline, instead of a report.
  var writeBaseline: String?
  /// `--app-target`: the paths are one build target's app sources, whose resources `--resource` names,
  /// bundled in this bundle; only the app rules run (the build plugins' mode).
  var appTarget: AppProject.TargetBundle?
  /// `--resource`: a resource of the `--app-target`.
  var resources: [String] = []

  /// The options, in the order `--help` lists them.
  static let arguments = ArgumentParser([
    CommandOption(
      "--fix",
      help: """
        Apply safe fixes to the files in place, then report what remains.
        Only the fixed values' bytes change; each file is verified, then
        replaced atomically, keeping its permissions (and any symbolic link).
        """),
    CommandOption("--unsafe-fixes", help: "With --fix or --diff, also apply fixes that change what plays."),
    CommandOption("--dry-run", help: "With --fix, write nothing: report what would be fixed."),
    CommandOption(
      "--diff",
      help: """
        Write nothing; print a unified diff of each file's JSON form as fixing
        would change it (to --output-file, if given). Exits 1 if any file
        would change (0 with --exit-zero).
        """),
    CommandOption("--strict", help: "Warnings fail the run too (for CI and pre-commit)."),
    CommandOption("--exit-zero", help: "Exit 0 even when findings fail the run (usage and I/O errors still exit 2)."),
    CommandOption("--format", value: "FORMAT", help: "text (default), json, sarif, github or xcode."),
    CommandOption(
      "--output-file", value: "FILE", help: "Write the report to FILE (atomically) instead of standard output."),
    CommandOption("-q", "--quiet", help: "Print the findings only: no summary line."),
    CommandOption("--statistics", help: "Print how many findings each rule has instead of the findings."),
    CommandOption(
      "--max-findings", value: "N",
      help:
        "Report at most N findings of one rule in one file, then how many more\n(default 100; 0 for all). --fix still fixes every one."
    ),
    CommandOption(
      "--baseline", value: "FILE",
      help: "Leave out the findings FILE lists (made by --write-baseline): report only new ones."),
    CommandOption(
      "--write-baseline", value: "FILE",
      help: """
        Write every finding to FILE as a baseline, instead of a report, and exit 0
        (2 on errors). Every finding, unless --max-findings is given.
        """),
    CommandOption("--config", value: "FILE", help: "Use FILE instead of the nearest .inertia-lint.json."),
    CommandOption("--no-config", help: "Use no configuration file."),
    CommandOption(
      "--include", value: "GLOB", accumulates: true,
      help: "Lint files matching GLOB when walking directories, instead of *.inertia.\nRepeatable."),
    CommandOption(
      "--exclude", value: "GLOB", accumulates: true,
      help: "Skip files and folders matching GLOB. Repeatable, like --include."),
    CommandOption(
      "--no-respect-gitignore",
      help: "Walk into what .gitignore files ignore too (by default, in a git repository,\nit is skipped)."),
    CommandOption("--allow-no-files", help: "Succeed when no file is found to lint (by default a warning and exit 2)."),
    CommandOption(
      "--stdin-filename", value: "NAME",
      help: "The name standard input is reported (and its container id taken) under."),
    CommandOption(
      "--app-target", value: "BUNDLE",
      help: """
        The PATHs are one build target's app sources, and the --resource files its
        resources, in Bundle.BUNDLE (main or module): check the sources against exactly
        those resources, running the app rules only (what the build plugins run).
        """),
    CommandOption(
      "--resource", value: "FILE", accumulates: true,
      help: "With --app-target, one of the target's resources. Repeatable."),
    CommandOption("--disable", value: "RULE", accumulates: true, help: "Do not run RULE. Repeatable."),
    CommandOption(
      "--enable", value: "RULE", accumulates: true,
      help: "Run RULE even if the configuration switches it off. Repeatable."),
    CommandOption(
      "--color", "--colour", value: "WHEN",
      help: "auto (default: on a terminal, unless NO_COLOR is set), always or never."),
    CommandOption("-j", "--jobs", value: "N", help: "Lint N files at a time (default: one per core)."),
    CommandOption(
      "--show-files",
      help: """
        Print the files a run would read, one a line (the animation files, then the
        app sources a walk checks them against), and exit.
        """),
    CommandOption(
      "--show-settings", value: "PATH",
      help: """
        Print what applies to PATH (a file or folder; not read) and exit: its configuration
        file, whether it is excluded, its baseline, its settings, and the rules it
        runs at their severities.
        """),
    CommandOption("--list-rules", help: "List the rules and exit."),
    CommandOption("--explain", value: "RULE", help: "Show a rule's documentation and examples and exit."),
    CommandOption("-h", "--help", help: "Show this help."),
    CommandOption("-V", "--version", help: "Show the version."),
  ])

  static let usage = """
    Usage: inertia-lint [OPTIONS] [PATH...]

    Lints .inertia animation files (MessagePack, or their JSON form) against what the Inertia runtimes
    do with them, and with --fix repairs what can be repaired safely. A directory is walked for *.inertia
    files, skipping .git, .build, node_modules and hidden folders; a file named explicitly is linted
    whatever its extension; - reads standard input. With no PATH, lints the current directory. A walk
    also reads the app sources it finds (.swift, .kt, .kts, .js, .jsx, .ts, .tsx, .mjs, .cjs) and checks
    them against the animation files it found (the app rules, docs/app-rules.md).

    Options:
    \(arguments.help)

    Exit status: 0 nothing fails; 1 an error was found (or, with --strict, a warning), after --fix one
    that remains; 2 usage, configuration or I/O error, or a file that could not be fixed safely.
    With --diff: 0 nothing would change, 1 something would, 2 an error.
    """

  /// Parses the arguments (without the program name).
  static func parse(_ arguments: [String]) throws(UsageError) -> LintOptions {
    var options = LintOptions()
    var limitsFindings = false
    var given: Set<String> = []
    for element in try Self.arguments.parse(arguments) {
      if case .option(let name, _) = element { given.insert(name) }
      switch element {
      case .operand(let path): options.paths.append(path)
      case .option("--help", _): options.action = .help
      case .option("--version", _): options.action = .version
      case .option("--list-rules", _): options.action = .listRules
      case .option("--explain", let id?): options.action = .explain(id)
      case .option("--show-files", _): options.action = .showFiles
      case .option("--show-settings", let path?): options.action = .showSettings(path)
      case .option("--strict", _): options.strict = true
      case .option("--exit-zero", _): options.exitZero = true
      case .option("--output-file", let path?): options.outputFile = path
      case .option("--quiet", _): options.quiet = true
      case .option("--statistics", _): options.statistics = true
      case .option("--max-findings", let text?):
        guard let count = Int(text), count >= 0 else { throw UsageError("--max-findings takes a number, 0 or more") }
        options.maxFindings = count
        limitsFindings = true
      case .option("--baseline", let path?): options.baseline = path
      case .option("--write-baseline", let path?): options.writeBaseline = path

      case .option("--fix", _): options.fix = true
      case .option("--unsafe-fixes", _): options.unsafeFixes = true
      case .option("--dry-run", _): options.dryRun = true
      case .option("--diff", _): options.diff = true
      case .option("--format", let text?):
        guard let format = OutputFormat(rawValue: text) else {
          throw UsageError("unknown format '\(text)': expected text, json, sarif, github or xcode")
        }
        options.format = format
      case .option("--config", let path?): options.configPath = path
      case .option("--no-config", _): options.ignoresConfiguration = true
      case .option("--include", let glob?): options.includes.append(glob)
      case .option("--exclude", let glob?): options.excludes.append(glob)
      case .option("--no-respect-gitignore", _): options.respectsGitIgnore = false
      case .option("--allow-no-files", _): options.allowsNoFiles = true
      case .option("--stdin-filename", let name?): options.standardInputName = name
      case .option("--app-target", let text?):
        guard let bundle = AppProject.TargetBundle(rawValue: text) else {
          throw UsageError("--app-target takes main or module, not '\(text)'")
        }
        options.appTarget = bundle
      case .option("--resource", let path?): options.resources.append(path)
      case .option("--enable", let id?): options.enable.append(id)
      case .option("--disable", let id?): options.disable.append(id)
      case .option("--colour", let text?):
        guard let choice = ColorChoice(rawValue: text) else {
          throw UsageError("--color takes auto, always or never, not '\(text)'")
        }
        options.color = choice
      case .option("--jobs", let text?):
        guard let jobs = Int(text), jobs > 0 else { throw UsageError("--jobs takes a positive number") }
        options.jobs = jobs
      case .option(let name, _): preconditionFailure("option \(name) is in the table but not handled")
      }
    }
    if options.paths.filter({ $0 == "-" }).count > 1 {
      throw UsageError("standard input (-) can be linted once")
    }
    if options.configPath != nil && options.ignoresConfiguration {
      throw UsageError("--config and --no-config cannot be used together")
    }
    if options.standardInputName != nil && options.paths.isEmpty {
      options.paths = ["-"]  // --stdin-filename alone reads standard input, as Ruff's does
    }
    if options.standardInputName != nil && !options.paths.contains("-") {
      throw UsageError("--stdin-filename applies only when - is among the paths")
    }
    try options.checkActions(given)
    if options.action == .lint {
      try options.checkFixing(limitsFindings: limitsFindings)
      try options.checkAppTarget()
    }
    if options.writeBaseline != nil {
      if options.fixes { throw UsageError("--write-baseline records findings: it cannot be used with --fix or --diff") }
      if options.outputFile != nil || options.format != .text || options.statistics {
        throw UsageError(
          "--write-baseline writes a baseline, not a report: it takes no --format, --output-file or --statistics")
      }
      // What shapes a report or the exit status of a lint: nothing to do here. (`--baseline` is read by no
      // run that writes one, so that `--baseline F --write-baseline F` refreshes the baseline in use.)
      if let other = ["--strict", "--exit-zero", "--quiet", "--colour"].first(where: given.contains) {
        throw UsageError(
          "--write-baseline records every finding and exits 0 (2 on errors): it takes no \(Self.spelling(other))")
      }
      if !limitsFindings { options.maxFindings = 0 }
    }
    // Standard input alone is not walked: what chooses the files of a walk has nothing to choose.
    if options.action == .lint && options.paths == ["-"],
      let other = ["--include", "--exclude", "--no-respect-gitignore", "--allow-no-files"].first(where: given.contains)
    {
      throw UsageError("\(other) chooses the files of folders walked; standard input (-) alone walks none")
    }
    return options
  }
}

extension LintOptions {
  /// The report a command line asks for (`--format` and `--output-file`), found even when the rest of it
  /// cannot be parsed, so that a usage error still gives a whole SARIF or JSON report where it is expected.
  static func reportOptions(in arguments: [String]) -> LintOptions {
    var options = LintOptions()
    var rest = arguments[...]
    while let argument = rest.popFirst(), argument != "--" {
      for name in ["--format", "--output-file"] {
        var value: String?
        if argument == name {
          value = rest.first
        } else if argument.hasPrefix(name + "=") {
          value = String(argument.dropFirst(name.count + 1))
        }
        guard let value else { continue }
        if name == "--format" {
          options.format = OutputFormat(rawValue: value) ?? options.format
        } else {
          options.outputFile = value
        }
      }
    }
    return options
  }

  /// What a command line whose first path is a verb that other linters take (`ruff rule`, `swiftlint
  /// rules`) and that names nothing on disk was likely meant to be, in one sentence for the missing path's
  /// finding: "did you mean `inertia-lint --explain schema`?"; `nil` for any other first path.
  var verbHint: String? {
    guard let verb = paths.first else { return nil }
    let rest = paths.dropFirst()
    let suggestion: String
    switch verb {
    case "rule", "explain":
      suggestion = "--explain " + (rest.first ?? "RULE")
    case "rules": suggestion = "--list-rules"
    case "version": suggestion = "--version"
    case "check":
      // inertia-lint lints without a command word.
      suggestion = rest.isEmpty ? "" : rest.joined(separator: " ")
    default: return nil
    }
    return "did you mean `" + (["inertia-lint", suggestion].filter { !$0.isEmpty }.joined(separator: " ")) + "`?"
  }

  /// An option as users spell it: `--color`, for the option the table knows as `--colour`.
  static func spelling(_ name: String) -> String { name == "--colour" ? "--color" : name }

  /// Checks that an action that only prints is given nothing that would not change what it prints:
  /// `--list-rules` takes `--format text` or `json`, `--explain` nothing; `--show-files` the options that
  /// choose files (`--config` and `--no-config` too: a configuration's `include` and `exclude` choose
  /// them) and paths; `--show-settings` those that choose a file's configuration, rules and exclusion, and
  /// no path but its FILE. `--help` and `--version` stop before anything, as everywhere.
  fileprivate func checkActions(_ given: Set<String>) throws(UsageError) {
    guard !given.contains("--help") && !given.contains("--version") else { return }
    let name: String
    let allowed: Set<String>
    var takesPaths = false
    switch action {
    case .listRules:
      (name, allowed) = ("--list-rules", ["--list-rules", "--format"])
      if format != .text && format != .json { throw UsageError("--list-rules lists in text or json") }
    case .explain: (name, allowed) = ("--explain", ["--explain"])
    case .showFiles:
      name = "--show-files"
      allowed = [
        name, "--config", "--no-config", "--include", "--exclude", "--no-respect-gitignore", "--allow-no-files",
        "--stdin-filename", "--jobs",
      ]
      takesPaths = true
    case .showSettings:
      name = "--show-settings"
      allowed = [name, "--config", "--no-config", "--exclude", "--enable", "--disable", "--jobs"]
    case .lint, .help, .version: return
    }
    if let other = given.subtracting(allowed).sorted().first {
      throw UsageError("\(name) prints and exits: it takes no \(Self.spelling(other))")
    }
    if !takesPaths && !paths.isEmpty { throw UsageError("\(name) prints and exits: it takes no path") }
  }

  /// Whether the run fixes (in place, or in memory only for `--dry-run` and `--diff`).
  var fixes: Bool { fix || diff }

  /// `--fix -`: the fixed standard input goes to standard output (as an editor calls a fixer), and the
  /// report to standard error.
  var fixesStandardInput: Bool { fix && !dryRun && paths == ["-"] }

  /// Checks that `--app-target` and `--resource` make sense with the rest.
  fileprivate func checkAppTarget() throws(UsageError) {
    guard appTarget != nil else {
      if !resources.isEmpty { throw UsageError("--resource needs --app-target") }
      return
    }
    if fixes || writeBaseline != nil {
      throw UsageError(
        "--app-target checks an app's code, which nothing fixes: it cannot be used with --fix, --diff or "
          + "--write-baseline")
    }
    if paths.isEmpty || paths.contains("-") {
      throw UsageError("--app-target needs the target's app sources as paths (not standard input)")
    }
    if !includes.isEmpty { throw UsageError("--app-target lints no animation file: it takes no --include") }
  }

  /// Checks that the fixing options make sense together.
  fileprivate mutating func checkFixing(limitsFindings: Bool) throws(UsageError) {
    if diff {
      // --diff fixes in memory and writes nothing: --fix (which writes) and --dry-run (which it is) say nothing more.
      if fix || dryRun { throw UsageError("--diff writes nothing: it takes no \(fix ? "--fix" : "--dry-run")") }
      dryRun = true
      if format != .text { throw UsageError("--diff prints a diff, not a report: it cannot be used with --format") }
      // What shapes a report has nothing to shape in a diff: refused rather than ignored.
      let reportOptions: [(given: Bool, name: String)] = [
        (statistics, "--statistics"), (quiet, "--quiet"), (strict, "--strict"), (limitsFindings, "--max-findings"),
        (color != .auto, "--color"),
      ]
      if let given = reportOptions.first(where: \.given) {
        throw UsageError("--diff prints a diff, not a report: it cannot be used with \(given.name)")
      }
    }
    if dryRun && !fixes { throw UsageError("--dry-run needs --fix") }
    if unsafeFixes && !fixes { throw UsageError("--unsafe-fixes needs --fix or --diff") }
    if fix && !dryRun && paths.contains("-") && paths.count > 1 {
      throw UsageError("--fix - writes the fixed standard input to standard output, so it takes no other path")
    }
    if fixesStandardInput && outputFile == nil && format != .text {
      throw UsageError(
        "--fix - writes the fixed document to standard output and the report to standard error: "
          + "use --output-file for a report in another format")
    }
  }
}
