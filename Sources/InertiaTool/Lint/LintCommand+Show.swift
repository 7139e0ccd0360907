import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension LintCommand {
  /// `--show-files`: the files the run would read, found by the run's own ``plan(_:stderr:environment:)``,
  /// one a line as findings would name them: the animation files, then the app sources. A path that
  /// cannot be read is named on standard error and the exit is 2; otherwise 0.
  static func showFiles(
    _ options: LintOptions, stdout: CommandOutput, stderr: @escaping (String) -> Void, environment: Environment
  ) -> Int32 {
    guard case .success(let plan) = plan(options, stderr: stderr, environment: environment) else { return 2 }
    var text = ""
    for input in plan.inputs { text += TextEscaping.line(input.path) + "\n" }
    for source in plan.appSources { text += TextEscaping.line(source.path) + "\n" }
    stdout.write(text)
    for problem in plan.problems { stderr("inertia-lint: \(problem.file): \(problem.message)") }
    return plan.problems.isEmpty ? 0 : 2
  }

  /// `--show-settings PATH`: what applies to FILE (a file or a folder), as a run finds it: the configuration
  /// file (the nearest `.inertia-lint.json`, `--config`'s, or none), whether an exclude leaves FILE out,
  /// the baseline the configuration names, its settings, and the rules that run at their severities, with
  /// `--enable` and `--disable` applied; then the rules that are off. Exit 0, or 2 when FILE cannot be found
  /// or a configuration cannot be used.
  static func showSettings(
    _ path: String, _ options: LintOptions, stdout: CommandOutput, stderr: @escaping (String) -> Void,
    environment: Environment
  ) -> Int32 {
    let directory = environment.currentDirectory
    let readPath = FilePath.isAbsolute(path) ? path : FilePath.join(directory, path)
    guard let physical = FileIO.physicalPath(readPath) else {
      stderr("inertia-lint: --show-settings: \(path): \(FileDiscovery.reason(errno))")
      return 2
    }
    let isFolder = FileIO.isDirectory(physical)
    let configurations: ConfigurationResolver
    let index: Int
    do {
      configurations = try ConfigurationResolver(
        options: options, currentDirectory: directory, runner: ThreadPool.runner(width: 1), warn: stderr)
      index = try configurations.configuration(forDirectory: isFolder ? physical : FilePath.directory(of: physical))
    } catch var error as ConfigurationError {
      if let relative = FilePath.relative(error.path, to: directory) { error.path = relative }
      stderr("inertia-lint: configuration: \(error.description)")
      return 2
    } catch let error as UsageError {
      stderr("inertia-lint: \(error.message)")
      return 2
    } catch {
      stderr("inertia-lint: \(error)")
      return 2
    }
    let discovery = FileDiscovery(currentDirectory: directory, options: options, configurations: configurations)
    let applied = configurations.applied[index]
    stdout.write(
      Self.settingsText(
        path, applied, excluded: discovery.isExcluded(physical, index), options: options, currentDirectory: directory))
    return 0
  }

  /// The text `--show-settings` prints for `path`, under `applied`.
  static func settingsText(
    _ path: String, _ applied: ConfigurationResolver.Applied, excluded: Bool, options: LintOptions,
    currentDirectory: String
  ) -> String {
    let configuration = applied.configuration
    func shown(_ file: String) -> String {
      TextEscaping.line(FilePath.relative(file, to: currentDirectory) ?? file)
    }
    var lines = ["Settings for \(TextEscaping.line(path)):"]
    if let file = configuration.path {
      lines.append("  configuration: \(shown(file))" + (options.configPath != nil ? " (--config)" : ""))
    } else {
      lines.append(
        "  configuration: none, the defaults"
          + (options.ignoresConfiguration ? " (--no-config)" : " (no \(LintConfiguration.fileName) here or above)"))
    }
    lines.append("  excluded: " + (excluded ? "yes (an exclude matches it: a walk skips it)" : "no"))
    if let baseline = configuration.baseline {
      lines.append("  baseline: \(TextEscaping.line(baseline)) (relative to the configuration's folder)")
    }
    let settings = applied.linter.settings
    lines.append(
      "  containerIds: " + settings.containerIDs.map { TextEscaping.line($0) }.joined(separator: ", "))
    lines.append(
      "  loopDuration: "
        + (settings.loopDuration.map { "\($0) s" }
          ?? "each file's own (the largest of its animations', 3 s without one)"))
    lines.append("  appSources: " + (applied.readsAppSources ? "read by a walk" : "not read"))
    if !configuration.ignores.isEmpty { lines.append("  ignore entries: \(configuration.ignores.count)") }
    // A rule at its own severity may report some findings at another (as its documentation says); one
    // whose severity is set reports every finding at it.
    let rules =
      applied.linter.rules.map { ($0.rule.description, $0.severity) }
      + applied.linter.appRules.map { ($0.rule.description, $0.severity) }
    let width = rules.map(\.0.identifier.count).max() ?? 0
    lines.append("Rules that run (\(rules.count)), at their own severity unless set:")
    for (rule, configured) in rules {
      let severity = configured.map { $0.rawValue + " (set)" } ?? rule.severity.rawValue
      lines.append("  " + rule.identifier.padding(to: width) + "  " + severity)
    }
    let running = Set(rules.map(\.0.identifier))
    let off = RuleRegistry.descriptions.map(\.identifier).filter { !running.contains($0) }
    if !off.isEmpty { lines.append("Rules that are off: " + off.joined(separator: ", ")) }
    return lines.joined(separator: "\n") + "\n"
  }
}
