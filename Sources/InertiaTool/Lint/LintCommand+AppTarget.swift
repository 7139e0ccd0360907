import InertiaFormat
import InertiaLint

extension LintCommand {
  /// `--app-target BUNDLE`: the paths are one build target's app sources and the `--resource` files its
  /// resources, in `Bundle.BUNDLE`; the sources are checked against exactly those resources (the app rules
  /// only), which is what the build plugins run for a target. Each file gets its configuration as in any
  /// run (its `appSources`, `exclude`, severities, ignores and baseline); a path that does not exist is an
  /// `io-error`, a path that is no app source a usage error. Exit codes as for a lint.
  static func checkAppTarget(
    _ options: LintOptions, bundle: AppProject.TargetBundle, stdout: CommandOutput, stderr: @escaping (String) -> Void,
    environment: Environment
  ) -> Int32 {
    let plan: Plan
    let resources: [LintInput]
    switch appTargetPlan(options, stderr: stderr, environment: environment) {
    case .success(let made): (plan, resources) = made
    case .failure(let stop):
      if options.format != .text {
        let named = options.paths + options.resources + [options.configPath, options.baseline].compactMap { $0 }
        reportFailure(stop.message, options, arguments: named, stdout: stdout, stderr: stderr, environment: environment)
      }
      return 2
    }
    do {
      try checkOutputs(plan, options, resources: resources, environment: environment)
    } catch {
      stderr("inertia-lint: \(error.message)")
      return 2
    }
    let jobs = options.jobs ?? ThreadPool.processorCount
    let app = AppCheck.read(
      sources: plan.appSources, animationFiles: resources, jsonFiles: [], bundling: .target(bundle),
      linters: plan.linters, jobs: jobs, stderr: stderr)
    guard
      case (let output, var reporter, var report)? = startReport(
        plan, options, fixing: nil, appRules: true, to: .standardOutput(stdout), stderr: stderr,
        environment: environment)
    else { return 2 }
    reportAppFindings(app, plan.linters, output, &reporter, &report)
    output.write(reporter.tail(report, errors: []))
    if let failure = output.finish() {
      stderr("inertia-lint: \(failure)")
      return 2
    }
    if !plan.problems.isEmpty { return 2 }
    return report.fails && !options.exitZero ? 1 : 0
  }

  /// The sources and resources of `--app-target`, with their configurations.
  private static func appTargetPlan(
    _ options: LintOptions, stderr: @escaping (String) -> Void, environment: Environment
  ) -> Result<(Plan, [LintInput]), ExitCode> {
    let directory = environment.currentDirectory
    do {
      let configurations = try ConfigurationResolver(
        options: options, currentDirectory: directory,
        runner: ThreadPool.runner(width: options.jobs ?? ThreadPool.processorCount), warn: stderr)
      let discovery = FileDiscovery(currentDirectory: directory, options: options, configurations: configurations)
      var problems: [Finding] = []
      var sources: [AppSourceInput] = []
      var resources: [LintInput] = []
      // Opened as the one opener opens a file for its role, so that what it refuses, and how it says so,
      // is what every reader's is; read later, when the check runs.
      func located(_ path: String, as role: InputRole) -> (read: String, physical: String)? {
        let read = FilePath.isAbsolute(path) ? path : FilePath.join(directory, path)
        do throws(FileIOError) {
          try FileIO.checkReadable(read, as: role)
        } catch {
          problems.append(IOErrorFinding.finding(path: path, reason: error.reason))
          return nil
        }
        return FileIO.physicalPath(read).map { (read, $0) }
      }
      for path in options.paths {
        guard let language = SourceLanguage(fileName: FilePath.name(of: path)) else {
          throw UsageError(
            "--app-target: \(path) is no app source (.swift, .kt, .kts, .js, .jsx, .ts, .tsx, .mjs or .cjs)")
        }
        guard let (read, physical) = located(path, as: .appSource) else { continue }
        let configuration = try configurations.configuration(forDirectory: FilePath.directory(of: physical))
        let applied = configurations.applied[configuration]
        guard applied.readsAppSources, discovery.isAppSourceIncluded(physical, applied),
          !discovery.isExcludedAsAppFile(physical, applied)
        else { continue }
        sources.append(
          AppSourceInput(
            path: path, readPath: read, physicalPath: physical, language: language, configuration: configuration))
      }
      for path in options.resources {
        guard let (read, physical) = located(path, as: .appResource) else { continue }
        var input = LintInput(path: path, readPath: read, fileName: FilePath.name(of: physical))
        input.physicalPath = physical
        input.configuration = try configurations.configuration(forDirectory: FilePath.directory(of: physical))
        resources.append(input)
      }
      let baseline = try options.baseline.map { try Baseline.load($0, currentDirectory: directory, as: .namedBaseline) }
      let reported =
        try sources.first?.configuration
        ?? configurations.configuration(forDirectory: FileIO.physicalPath(directory) ?? directory)
      let linters = Linters(applied: configurations.applied, baseline: baseline, standardInputLocation: nil)
      let plan = Plan(
        configurations: configurations, inputs: [], problems: problems, linters: linters,
        reportedConfiguration: reported, appSources: sources)
      return .success((plan, resources))
    } catch {
      return .failure(planFailure(error, directory: directory, stderr: stderr))
    }
  }
}
