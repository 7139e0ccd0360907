import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `inertia-lint`: the whole command as a function of its arguments and surroundings, so that tests run
/// it in-process and `main.swift` only calls it.
///
/// Exit codes: 0 when nothing fails; 1 when an error is found, or with `--strict` a warning (after
/// `--fix`, one that remains); 2 for a usage, configuration or I/O error, or a file `--fix` could not
/// fix safely. With `--diff`: 0 when no file would change, 1 when one would, 2 for an error.
package enum LintCommand {
  /// What the command reads from its process, made replaceable for tests.
  package struct Environment: Sendable {
    /// The directory relative paths start from, and the configuration search starts in.
    package var currentDirectory: String
    /// Environment variables (the command reads `NO_COLOR`).
    package var variables: [String: String]
    /// Whether standard output is a terminal.
    package var stdoutIsTerminal: Bool
    /// Reads all of standard input, or returns `nil` when it cannot be read.
    package var readStandardInput: @Sendable () -> [UInt8]?
    /// Whether standard error is a terminal, where a long `--fix` run shows its progress.
    package var stderrIsTerminal: Bool
    /// Writes text to standard error as it is, without a newline (for the progress line).
    package var writeProgress: @Sendable (String) -> Void
    /// A seam for tests: changes each fixed file before it is verified.
    var tamperWithFixedBytes: (@Sendable ([UInt8]) -> [UInt8])?
    /// Writes fixed files (tests trace its steps).
    package var writer = AtomicWriter()

    /// An environment for tests: by default no variables, no terminal and empty standard input.
    package init(
      currentDirectory: String, variables: [String: String] = [:], stdoutIsTerminal: Bool = false,
      readStandardInput: @escaping @Sendable () -> [UInt8]? = { nil }, stderrIsTerminal: Bool = false,
      writeProgress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
      self.currentDirectory = currentDirectory
      self.variables = variables
      self.stdoutIsTerminal = stdoutIsTerminal
      self.readStandardInput = readStandardInput
      self.stderrIsTerminal = stderrIsTerminal
      self.writeProgress = writeProgress
    }

    /// This process's.
    package static var process: Environment {
      var variables: [String: String] = [:]
      for name in ["NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE", "TERM"] {
        if let value = getenv(name) { variables[name] = String(cString: value) }
      }
      return Environment(
        currentDirectory: FilePath.currentDirectory, variables: variables,
        stdoutIsTerminal: FileIO.isTerminal(STDOUT_FILENO),
        readStandardInput: { try? FileIO.read("-", as: .lintInput, maxSize: DecodingLimits.default.maxInputSize) },
        stderrIsTerminal: FileIO.isTerminal(STDERR_FILENO),
        writeProgress: { CommandOutput.standardError.write($0) })
    }
  }

  /// Runs the command.
  /// - Parameters:
  ///   - arguments: the arguments, without the program name.
  ///   - stdout: receives the report, piece by piece as it is made (and the fixed document of `--fix -`).
  ///   - stderr: receives diagnostics, one line per call, without the newline; control characters from
  ///     file names and contents are escaped (see ``TextEscaping``).
  ///   - environment: the working directory, variables and standard input.
  /// - Returns: the exit code.
  package static func run(
    arguments: [String], stdout: CommandOutput, stderr: (String) -> Void,
    environment: Environment = .process
  ) -> Int32 {
    withoutActuallyEscaping(stderr) { stderr in
      run(arguments, stdout: stdout, stderr: { stderr(TextEscaping.line($0)) }, environment: environment)
    }
  }

  private static func run(
    _ arguments: [String], stdout: CommandOutput, stderr: @escaping (String) -> Void,
    environment: Environment
  ) -> Int32 {
    let options: LintOptions
    do {
      options = try LintOptions.parse(arguments)
    } catch {
      stderr("inertia-lint: \(error.message) (see --help)")
      // A machine-readable report is still written whole, saying what stopped the run.
      let fallback = LintOptions.reportOptions(in: arguments)
      if fallback.format != .text {
        reportFailure(
          error.message, fallback, arguments: arguments, stdout: stdout, stderr: stderr, environment: environment)
      }
      return 2
    }
    switch options.action {
    case .help:
      stdout.write(LintOptions.usage + "\n")
      return 0
    case .version:
      stdout.write("inertia-lint \(ToolVersion.current)\n")
      return 0
    case .listRules:
      stdout.write(options.format == .json ? RuleDocumentation.listJSON() : RuleDocumentation.list())
      return 0
    case .explain(let id):
      if id == IOErrorFinding.ruleID {
        stdout.write(RuleDocumentation.explain(IOErrorFinding.description))
        return 0
      }
      guard let rule = RuleRegistry.description(of: id) else {
        stderr("inertia-lint: --explain: \(RuleSelection.unknownRuleMessage(id))")
        return 2
      }
      stdout.write(RuleDocumentation.explain(rule))
      return 0
    case .showFiles:
      return showFiles(options, stdout: stdout, stderr: stderr, environment: environment)
    case .showSettings(let path):
      return showSettings(path, options, stdout: stdout, stderr: stderr, environment: environment)
    case .lint:
      return lint(options, stdout: stdout, stderr: stderr, environment: environment)
    }
  }

  private static func lint(
    _ options: LintOptions, stdout: CommandOutput, stderr: @escaping (String) -> Void,
    environment: Environment
  ) -> Int32 {
    if let bundle = options.appTarget {
      return checkAppTarget(options, bundle: bundle, stdout: stdout, stderr: stderr, environment: environment)
    }
    var plan: Plan
    switch Self.plan(options, stderr: stderr, environment: environment) {
    case .success(let made): plan = made
    case .failure(let stop):
      if options.format != .text {
        let named = options.paths + [options.configPath, options.baseline].compactMap { $0 }
        reportFailure(
          stop.message, options, arguments: named + options.includes.flatMap { ["--include", $0] }, stdout: stdout,
          stderr: stderr, environment: environment)
      }
      return 2
    }
    do {
      try checkOutputs(plan, options, environment: environment)
    } catch {
      // Said on standard error only: the report's own file is what the plan refused.
      stderr("inertia-lint: \(error.message)")
      return 2
    }
    // The app's code first, when the walks found any: the file rules then know whether it was seen.
    let app = options.diff ? nil : AppCheck.read(plan, jobs: options.jobs ?? ThreadPool.processorCount, stderr: stderr)
    if app?.project.usesRuntime == true { plan.linters = plan.linters.checkingAppCode() }
    if options.fixes {
      return fix(plan, app, options, stdout: stdout, stderr: stderr, environment: environment)
    }
    if let target = options.writeBaseline {
      return writeBaseline(plan, app, options, to: target, stderr: stderr, environment: environment)
    }
    guard
      case (let output, var reporter, var report)? = startReport(
        plan, options, fixing: nil, appRules: app != nil, to: .standardOutput(stdout), stderr: stderr,
        environment: environment)
    else { return 2 }
    let jobs = options.jobs ?? ThreadPool.processorCount
    let linters = plan.linters
    let standardInput = plan.inputs.contains(where: \.isStandardInput) ? environment.readStandardInput() : nil
    // Each file's part of the report is made on the thread that linted the file, when the format allows,
    // so that the delivering thread only joins parts in order.
    let renderer = reporter.renderer
    ThreadPool.forEach(plan.inputs, jobs: jobs) { input in
      let outcome = linters.lint(input, standardInput: standardInput)
      let findings: [Finding]
      switch outcome {
      case .linted(let linted): findings = linted.findings
      case .unreadable(let reason): findings = [IOErrorFinding.finding(path: input.path, reason: reason)]
      }
      let file = ReportedFile(path: input.path, physicalPath: input.physicalPath)
      let part = renderer?.render(findings, file)
      // The file is kept for the delivery only when it makes the file's part there (a copy of its names
      // kept for every file is retained and released for nothing).
      return (part == nil ? file : nil, outcome, findings, part)
    } deliver: { file, outcome, findings, part in
      var isFile = true
      switch outcome {
      case .linted(let linted): report.suppressedCount += linted.suppressedCount
      case .unreadable: isFile = false
      }
      report.add(findings, isFile: isFile)
      if let part {
        output.write(reporter.join(part))
      } else if let file {
        output.write(reporter.file(findings, file))
      }
    }
    reportAppFindings(app, plan.linters, output, &reporter, &report)
    output.write(reporter.tail(report, errors: []))
    if let failure = output.finish() {
      stderr("inertia-lint: \(failure)")
      return 2
    }
    if report.countsByRule[IOErrorFinding.ruleID] != nil { return 2 }
    return report.fails && !options.exitZero ? 1 : 0
  }

  /// Writes the app rules' findings, file by file, after the animation files' (see ``AppCheck``), and counts
  /// them and what the app rules read.
  static func reportAppFindings(
    _ app: AppCheck?, _ linters: Linters, _ output: ReportOutput, _ reporter: inout any Reporter,
    _ report: inout LintReport
  ) {
    guard let app else { return }
    for (file, linted) in app.findings(linters) {
      report.add(linted.findings, isFile: false)
      report.suppressedCount += linted.suppressedCount
      output.write(reporter.file(linted.findings, file))
    }
    report.appCode = app.counts
  }

  /// Writes a machine-readable report of a run that stopped before it linted, saying why.
  static func reportFailure(
    _ message: String, _ options: LintOptions, arguments: [String], stdout: CommandOutput,
    stderr: (String) -> Void, environment: Environment
  ) {
    if let file = options.outputFile, file != "-",
      !mayWriteFailureReport(to: file, arguments: arguments, environment: environment)
    {
      stderr("inertia-lint: the report is not written to \(file), which may be one of the run's inputs")
      return
    }
    guard let output = try? ReportOutput(options, to: .standardOutput(stdout), environment: environment) else { return }
    let rules = RuleRegistry.descriptions.map { ($0, $0.severity) }
    var reporter = reporter(for: options, rules: rules, environment)
    output.write(reporter.head())
    output.write(reporter.tail(LintReport(rules: rules, strict: options.strict), errors: [message]))
    if let failure = output.finish() { stderr("inertia-lint: \(failure)") }
  }

  /// What a run lints: the configurations that apply, the inputs found, and the paths that could not be
  /// linted; or the exit status of a run that cannot start.
  struct Plan {
    let configurations: ConfigurationResolver
    let inputs: [LintInput]
    /// One `io-error` finding for each path that could not be linted.
    let problems: [Finding]
    /// The linter of each input.
    var linters: Linters
    /// The configuration whose rules reports list: the first input's, or with no input (every path
    /// missing, or none with `--allow-no-files`) the working directory's.
    let reportedConfiguration: Int
    /// The app sources the walks found, and the `.json` files that are not inputs, for the app rules.
    var appSources: [AppSourceInput] = []
    var jsonFiles: [String] = []
    /// The `.gitignore` files the walks read, which no output may overwrite.
    var ignoreFilesRead: [String] = []
  }

  /// The linter of each input: its configuration's, leaving out what that configuration's `ignore` and
  /// the baseline leave out of the file.
  struct Linters: Sendable {
    /// The configurations, each with its ignores and the baseline it names (none is read for a run that
    /// writes a baseline, see ``ConfigurationResolver``).
    private(set) var applied: [ConfigurationResolver.Applied]
    /// `--baseline`'s; `nil` for a run that writes one.
    let baseline: Baseline?
    /// Where standard input is taken to be (its `--stdin-filename` in the working directory), for the
    /// ignores and the baseline.
    let standardInputLocation: String?

    /// The same linters, told that the run checks the app's code against the files
    /// (``LintSettings/appCodeIsChecked``).
    func checkingAppCode() -> Linters {
      var linters = self
      for index in linters.applied.indices { linters.applied[index].linter.settings.appCodeIsChecked = true }
      return linters
    }

    func linter(for input: LintInput) -> Linter {
      var linter = applied[input.configuration].linter
      linter.suppression = suppression(for: input)
      return linter
    }

    /// Lints one input with ``linter(for:)``'s linter (see ``LintRunner/lint(_:linter:standardInput:)``).
    ///
    /// An input that nothing is left out of (most) is linted with its configuration's linter where it is:
    /// a copy of the linter, to set its suppression, retains and then releases all it holds, for every file.
    func lint(_ input: LintInput, standardInput: [UInt8]?) -> LintOutcome {
      let suppression = suppression(for: input)
      // The configuration's linter leaves nothing out (its suppression is set per input, here), so with
      // nothing to leave out of this input it is the linter `linter(for:)` makes.
      guard suppression.isEmpty && applied[input.configuration].linter.suppression.isEmpty else {
        var linter = applied[input.configuration].linter
        linter.suppression = suppression
        return LintRunner.lint(input, linter: linter, standardInput: standardInput)
      }
      return LintRunner.lint(input, linter: applied[input.configuration].linter, standardInput: standardInput)
    }

    /// What the input's configuration's ignores and the baselines leave out of it.
    func suppression(for input: LintInput) -> FindingSuppression {
      guard let location = location(of: input) else { return FindingSuppression() }
      return suppression(at: location, configuration: input.configuration)
    }

    /// What the ignores of the configuration at `configuration` and the baselines leave out of the file at
    /// `location` (a physical path).
    func suppression(at location: String, configuration: Int) -> FindingSuppression {
      // The configuration read in place: a copy of it retains and releases all it holds, for every file.
      var suppression = applied[configuration].suppression(at: location)
      if let baseline = applied[configuration].baseline {
        suppression.formUnion(baseline.suppression(at: location))
      }
      if let baseline { suppression.formUnion(baseline.suppression(at: location)) }
      return suppression
    }

    /// Where an input is, as the ignores and the baseline name it.
    func location(of input: LintInput) -> String? {
      input.physicalPath ?? (input.isStandardInput ? standardInputLocation : nil)
    }
  }

  /// Finds the configurations and the inputs of a run.
  static func plan(
    _ options: LintOptions, stderr: @escaping (String) -> Void, environment: Environment
  ) -> Result<Plan, ExitCode> {
    let directory = environment.currentDirectory
    let jobs = options.jobs ?? ThreadPool.processorCount
    do {
      let configurations = try ConfigurationResolver(
        options: options, currentDirectory: directory, runner: ThreadPool.runner(width: jobs), warn: stderr)
      var discovery = FileDiscovery(currentDirectory: directory, options: options, configurations: configurations)
      try discovery.discover(options.paths, standardInputName: options.standardInputName)
      let problems = discovery.problems.map { problem in
        // A first path that is missing and a verb other linters take: the option it was likely meant to be.
        let hint =
          problem.path == options.paths.first && problem.reason == FileDiscovery.reason(ENOENT)
          ? options.verbHint : nil
        return IOErrorFinding.finding(path: problem.path, reason: problem.reason + (hint.map { "; " + $0 } ?? ""))
      }
      // A walk that found app sources has something to check, whether or not it found animation files.
      if discovery.inputs.isEmpty && discovery.appSources.isEmpty && problems.isEmpty && !options.allowsNoFiles {
        let paths = options.paths.isEmpty ? "the current directory" : options.paths.joined(separator: ", ")
        let message = "no file to lint under \(paths); check the paths and includes (--allow-no-files allows it)"
        stderr("inertia-lint: " + message)
        return .failure(ExitCode(message: message))
      }
      // A run that writes a baseline records every finding, including those the baseline it replaces has.
      let baseline =
        options.writeBaseline == nil
        ? try options.baseline.map { try Baseline.load($0, currentDirectory: directory, as: .namedBaseline) } : nil
      let reportedConfiguration =
        try discovery.inputs.first?.configuration
        ?? configurations.configuration(forDirectory: discovery.physicalCurrentDirectory)
      let linters = Linters(
        applied: configurations.applied, baseline: baseline,
        standardInputLocation: options.standardInputName.map {
          FilePath.isAbsolute($0) ? $0 : FilePath.join(discovery.physicalCurrentDirectory, $0)
        })
      return .success(
        Plan(
          configurations: configurations, inputs: discovery.inputs, problems: problems, linters: linters,
          reportedConfiguration: reportedConfiguration, appSources: discovery.appSources,
          jsonFiles: discovery.jsonFiles, ignoreFilesRead: discovery.ignoreFilesRead))
    } catch {
      return .failure(planFailure(error, directory: directory, stderr: stderr))
    }
  }

  /// Why a run's plan could not be made (a configuration, usage or other error), said on standard error and
  /// returned for a machine-readable report: a configuration's path relative to `directory`.
  static func planFailure(_ error: any Error, directory: String, stderr: (String) -> Void) -> ExitCode {
    switch error {
    case var error as ConfigurationError:
      if let relative = FilePath.relative(error.path, to: directory) { error.path = relative }
      stderr("inertia-lint: configuration: \(error.description)")
      return ExitCode(message: "configuration: \(error.description)")
    case let error as UsageError:
      stderr("inertia-lint: \(error.message)")
      return ExitCode(message: error.message)
    default:
      stderr("inertia-lint: \(error)")
      return ExitCode(message: "\(error)")
    }
  }

  /// Why a run stopped before it linted anything (exit 2), in one line.
  struct ExitCode: Error {
    var message: String
  }

  /// Opens a run's report and writes its head and the plan's problems: the output, the reporter and the
  /// tally to go on with; `nil`, having said why on standard error, when the output cannot be opened.
  static func startReport(
    _ plan: Plan, _ options: LintOptions, fixing: LintReport.Fixing?, appRules: Bool = false,
    to stream: ReportOutput.Stream, stderr: (String) -> Void, environment: Environment
  ) -> (output: ReportOutput, reporter: any Reporter, report: LintReport)? {
    let output: ReportOutput
    do {
      output = try ReportOutput(options, to: stream, environment: environment)
    } catch {
      stderr("inertia-lint: \(error)")
      return nil
    }
    let rules = ruleList(plan, appRules: appRules)
    var reporter = reporter(for: options, rules: rules, environment)
    var report = LintReport(rules: rules, strict: options.strict, fixing: fixing)
    output.write(reporter.head())
    for problem in plan.problems {
      report.add([problem], isFile: false)
      output.write(reporter.file([problem], ReportedFile(path: problem.file)))
    }
    return (output, reporter, report)
  }

  /// The rules of the run, with their severities in the plan's ``Plan/reportedConfiguration`` (the one
  /// `--config` names, with it), for reports that list them; the app rules too when it runs them.
  static func ruleList(_ plan: Plan, appRules: Bool = false) -> [(description: RuleDescription, severity: Severity)] {
    let linter = plan.configurations.applied[plan.reportedConfiguration].linter
    let rules = linter.rules.map { ($0.rule.description, $0.severity ?? $0.rule.description.severity) }
    guard appRules else { return rules }
    return rules + linter.appRules.map { ($0.rule.description, $0.severity ?? $0.rule.description.severity) }
  }

  /// The reporter of the format asked for.
  static func reporter(
    for options: LintOptions, rules: [(description: RuleDescription, severity: Severity)], _ environment: Environment
  ) -> any Reporter {
    let style = ReportStyle(
      color: options.format == .text && wantsColor(options, environment), quiet: options.quiet,
      statistics: options.statistics, marksFixable: !options.fixes)
    switch options.format {
    case .text: return TextReporter(style: style, dryRun: options.dryRun)
    case .json: return JSONReporter(style: style)
    case .sarif: return SARIFReporter(rules: rules, currentDirectory: environment.currentDirectory)
    case .github: return GitHubReporter(style: style)
    case .xcode: return XcodeReporter()
    }
  }

  /// Whether text is coloured: `--color`, else `FORCE_COLOR` or `CLICOLOR_FORCE` (set and not `0`) force
  /// it, else `NO_COLOR` (set and not empty) or `TERM=dumb` turn it off, else a terminal has it.
  static func wantsColor(_ options: LintOptions, _ environment: Environment) -> Bool {
    switch options.color {
    case .always: return true
    case .never: return false
    case .auto:
      let variables = environment.variables
      func isSet(_ name: String) -> Bool { variables[name].map { !$0.isEmpty && $0 != "0" } ?? false }
      if isSet("FORCE_COLOR") || isSet("CLICOLOR_FORCE") { return true }
      if !(variables["NO_COLOR"] ?? "").isEmpty || variables["TERM"] == "dumb" { return false }
      return options.outputFile == nil && environment.stdoutIsTerminal
    }
  }
}
