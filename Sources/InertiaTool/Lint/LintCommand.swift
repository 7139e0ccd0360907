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
      if let noColor = getenv("NO_COLOR") { variables["NO_COLOR"] = String(cString: noColor) }
      return Environment(
        currentDirectory: FilePath.currentDirectory, variables: variables,
        stdoutIsTerminal: FileIO.isTerminal(STDOUT_FILENO),
        readStandardInput: { try? FileIO.read("-", maxSize: DecodingLimits.default.maxInputSize) },
        stderrIsTerminal: FileIO.isTerminal(STDERR_FILENO),
        writeProgress: { text in
          var text = text
          text.withUTF8 { try? FileIO.write(UnsafeRawBufferPointer($0), fd: STDERR_FILENO, path: "<stderr>") }
        })
    }
  }

  /// Runs the command.
  /// - Parameters:
  ///   - arguments: the arguments, without the program name.
  ///   - stdout: receives the report (in one piece for a lint run).
  ///   - stderr: receives diagnostics, one line per call, without the newline.
  ///   - environment: the working directory, variables and standard input.
  /// - Returns: the exit code.
  package static func run(
    arguments: [String], stdout: (String) -> Void, stderr: (String) -> Void,
    environment: Environment = .process
  ) -> Int32 {
    let options: LintOptions
    do {
      options = try LintOptions.parse(arguments)
    } catch {
      stderr("inertia-lint: \(error.message) (see --help)")
      return 2
    }
    switch options.action {
    case .help:
      stdout(LintOptions.usage + "\n")
      return 0
    case .version:
      stdout("inertia-lint \(ToolVersion.current)\n")
      return 0
    case .listRules:
      stdout(RuleDocumentation.list())
      return 0
    case .explain(let id):
      guard let rule = RuleRegistry.rule(id) else {
        stderr("inertia-lint: --explain: \(RuleSelection.unknownRuleMessage(id))")
        return 2
      }
      stdout(RuleDocumentation.explain(rule.description))
      return 0
    case .lint:
      return lint(options, stdout: stdout, stderr: stderr, environment: environment)
    }
  }

  private static func lint(
    _ options: LintOptions, stdout: (String) -> Void, stderr: (String) -> Void, environment: Environment
  ) -> Int32 {
    let directory = environment.currentDirectory
    var configuration = LintConfiguration()
    do {
      if let path = options.configPath {
        configuration = try LintConfiguration.load(FilePath.absolute(path, from: directory))
      } else if !options.ignoresConfiguration, let path = LintConfiguration.find(from: directory) {
        configuration = try LintConfiguration.load(path)
      }
    } catch {
      var error = error
      let absolute = FilePath.absolute(error.path, from: directory)
      error.path = FilePath.relative(absolute, to: FilePath.normalized(directory)) ?? error.path
      stderr("inertia-lint: configuration: \(error.description)")
      return 2
    }
    let severities: [String: Severity?]
    let inputs: [LintInput]
    do {
      severities = try RuleSelection.severities(
        configured: configuration.severities, enable: options.enable, disable: options.disable)
      inputs = try FileDiscovery(currentDirectory: directory, options: options, configuration: configuration)
        .inputs(for: options.paths, standardInputName: options.standardInputName)
    } catch {
      stderr("inertia-lint: \(error.message)")
      return 2
    }

    let linter = Linter(severities: severities, settings: configuration.settings)
    let jobs = options.jobs ?? ThreadPool.processorCount
    if options.fixes {
      return fix(inputs, linter: linter, jobs: jobs, options, stdout: stdout, stderr: stderr, environment: environment)
    }
    let outcomes = LintRunner(linter: linter, jobs: jobs).run(inputs, standardInput: environment.readStandardInput)

    var findings: [Finding] = []
    var fileCount = 0
    var failedToRead = false
    for outcome in outcomes {
      switch outcome {
      case .linted(let found):
        fileCount += 1
        if findings.isEmpty { findings = found } else { findings.append(contentsOf: found) }
      case .unreadable(let message):
        stderr("inertia-lint: \(message)")
        failedToRead = true
      }
    }
    let rules = linter.rules.map { ($0.rule.description, $0.severity ?? $0.rule.description.severity) }
    let report = LintReport(fileCount: fileCount, findings: findings, rules: rules, strict: options.strict)
    stdout(reporter(for: options, environment).render(report))
    if failedToRead { return 2 }
    return report.fails ? 1 : 0
  }

  static func reporter(for options: LintOptions, _ environment: Environment) -> any Reporter {
    switch options.format {
    case .text:
      let noColor = !(environment.variables["NO_COLOR"] ?? "").isEmpty
      let color: Bool
      switch options.color {
      case .always: color = true
      case .never: color = false
      case .auto: color = environment.stdoutIsTerminal && !noColor
      }
      return TextReporter(color: color)
    case .json: return JSONReporter()
    case .sarif: return SARIFReporter(currentDirectory: environment.currentDirectory)
    case .github: return GitHubReporter()
    case .xcode: return XcodeReporter()
    }
  }
}
