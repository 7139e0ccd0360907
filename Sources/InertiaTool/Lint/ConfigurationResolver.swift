import InertiaFormat
import InertiaLint

/// Which configuration applies to each file, and the linter that configuration makes.
///
/// By default each file follows the nearest `.inertia-lint.json` in its folder or above it (as Ruff finds
/// its `pyproject.toml`), so a run from outside a repository applies that repository's configuration, and
/// a sub-project can have its own. `--config FILE` applies one file to everything, and `--no-config` none.
/// Each configuration is read once, however many files it governs.
final class ConfigurationResolver {
  /// A configuration as it applies to files.
  struct Applied: Sendable {
    let configuration: LintConfiguration
    /// The folder its globs are relative to, as a physical path (`nil` without a file).
    let directory: String?
    /// Its `include` globs (empty: the command line's, or `*.inertia`).
    let includes: [Glob]
    /// Its `exclude` globs.
    let excludes: [Glob]
    /// The linter its rules and settings make, with `--enable` and `--disable` applied.
    var linter: Linter
    /// Whether a walk reads the app sources under it (`appSources` is not `false`).
    let readsAppSources: Bool
    /// Its `appSources.include` globs (empty: every source).
    let appSourceIncludes: [Glob]
    /// The globs of what a walk does not read sources from: `appSources.exclude`, else `exclude`.
    let appSourceExcludes: [Glob]
    /// Its `ignore` entries: the files each applies to, and what it leaves out in them.
    let ignores: [(files: [Glob], suppression: FindingSuppression)]
    /// The baseline its `baseline` names, read.
    let baseline: Baseline?

    /// What its `ignore` entries leave out in the file at `location` (a physical path).
    func suppression(at location: String) -> FindingSuppression {
      var suppression = FindingSuppression()
      guard !ignores.isEmpty, let directory, let relative = FilePath.relative(location, to: directory) else {
        return suppression
      }
      let path = FilePath.components(relative)
      for ignore in ignores where ignore.files.contains(where: { $0.matchesPathOrParent(path) }) {
        suppression.formUnion(ignore.suppression)
      }
      return suppression
    }
  }

  /// Every configuration met so far; a file's configuration is an index into it.
  private(set) var applied: [Applied] = []
  /// The files read so far (configurations and the baselines they name), as opened and as named, which
  /// no output of the run may overwrite (see ``OutputPlan``).
  private(set) var filesRead: [(path: String, name: String)] = []
  /// The one configuration of every file, with `--config` or `--no-config`.
  private var fixed: Int?
  private var byDirectory: [String: Int] = [:]
  private var byFile: [String: Int] = [:]
  private let enable: [String]
  private let disable: [String]
  private let runner: any ParallelRunner
  private let maxFindings: Int
  /// Whether findings need their subjects: for SARIF's fingerprints and for `--write-baseline`.
  private let worksOutSubjects: Bool
  /// Whether the configurations' baselines are read: not for `--write-baseline`, which may be making the
  /// very file a configuration names.
  private let readsBaselines: Bool
  /// Prints a warning line on standard error.
  private let warn: (String) -> Void
  /// The run's current directory, which warnings name configuration files relative to.
  private let currentDirectory: String

  /// - Parameter warn: prints a warning, `inertia-lint: warning: …`, for what is accepted and has no effect
  ///   (a removed rule named by `--enable`, `--disable` or a configuration), once per option and file.
  /// - Throws: ``ConfigurationError`` for a `--config` file that cannot be read or used, ``UsageError``
  ///   for an unknown rule in `--enable` or `--disable`.
  init(
    options: LintOptions, currentDirectory: String, runner: any ParallelRunner,
    warn: @escaping (String) -> Void
  ) throws {
    enable = options.enable
    disable = options.disable
    self.runner = runner
    self.warn = warn
    self.currentDirectory = currentDirectory
    maxFindings = options.maxFindings
    worksOutSubjects = options.format == .sarif || options.writeBaseline != nil
    readsBaselines = options.writeBaseline == nil
    // The command line's rule ids are checked once, whatever the configurations say.
    _ = try RuleSelection.severities(configured: [:], enable: enable, disable: disable)
    for warning in RuleSelection.optionWarnings(enable: enable, disable: disable) {
      warn("inertia-lint: warning: " + warning)
    }
    if let path = options.configPath {
      let full = FilePath.isAbsolute(path) ? path : FilePath.join(currentDirectory, path)
      filesRead.append((full, path))
      fixed = try add(LintConfiguration.load(full, as: .namedConfiguration), displayPath: path)
    } else if options.ignoresConfiguration {
      fixed = try add(LintConfiguration(), displayPath: nil)
    }
  }

  /// The configuration of files directly in `directory` (a physical path).
  /// - Throws: ``ConfigurationError`` for a configuration file that cannot be read or used.
  func configuration(forDirectory directory: String) throws -> Int {
    if let fixed { return fixed }
    if let known = byDirectory[directory] { return known }
    let file = FilePath.join(directory, LintConfiguration.fileName)
    let found: Int
    if FileIO.isRegularFile(file) {
      found = try configuration(file: file)
    } else {
      let parent = FilePath.directory(of: directory)
      found =
        parent == directory ? try add(LintConfiguration(), displayPath: nil) : try configuration(forDirectory: parent)
    }
    byDirectory[directory] = found
    return found
  }

  /// The configuration in `directory` itself, when it has a file, else `inherited` (for a walk going down).
  func configuration(enteringDirectory directory: String, inherited: Int) throws -> Int {
    if fixed != nil { return inherited }
    let file = FilePath.join(directory, LintConfiguration.fileName)
    return FileIO.isRegularFile(file) ? try configuration(file: file) : inherited
  }

  private func configuration(file: String) throws -> Int {
    if let known = byFile[file] { return known }
    filesRead.append((file, file))
    let index = try add(LintConfiguration.load(file, as: .foundConfiguration), displayPath: file)
    byFile[file] = index
    return index
  }

  private func add(_ configuration: LintConfiguration, displayPath: String?) throws -> Int {
    for warning in configuration.warnings {
      // Named as a configuration error is: relative to the current directory when under it.
      var named = warning
      if let relative = FilePath.relative(warning.path, to: currentDirectory) { named.path = relative }
      warn("inertia-lint: warning: \(named)")
    }
    let severities = try RuleSelection.severities(
      configured: configuration.severities, enable: enable, disable: disable)
    var linter = try Linter(severities: severities, settings: configuration.settings)
    linter.runner = runner
    linter.maxFindingsPerRule = maxFindings
    linter.worksOutSubjects = worksOutSubjects
    let directory = configuration.path.flatMap { FileIO.physicalPath(FilePath.directory(of: $0)) }
    var baseline: Baseline?
    if readsBaselines, let path = configuration.baseline, let folder = configuration.path.map(FilePath.directory(of:)) {
      filesRead.append((FilePath.isAbsolute(path) ? path : FilePath.join(folder, path), path))
      baseline = try Baseline.load(
        FilePath.isAbsolute(path) ? path : FilePath.join(folder, path), currentDirectory: folder,
        as: .configuredBaseline)
    }
    applied.append(
      Applied(
        configuration: configuration, directory: directory, includes: configuration.includes.map(Glob.init),
        excludes: configuration.excludes.map(Glob.init), linter: linter,
        readsAppSources: configuration.appSources.isEnabled,
        appSourceIncludes: configuration.appSources.includes.map(Glob.init),
        appSourceExcludes: (configuration.appSources.excludes ?? configuration.excludes).map(Glob.init),
        ignores: configuration.ignores.map { ($0.files.map(Glob.init), $0.suppression) }, baseline: baseline))
    return applied.count - 1
  }
}
