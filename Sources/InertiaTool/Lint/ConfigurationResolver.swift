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
    let linter: Linter
  }

  /// Every configuration met so far; a file's configuration is an index into it.
  private(set) var applied: [Applied] = []
  /// The one configuration of every file, with `--config` or `--no-config`.
  private var fixed: Int?
  private var byDirectory: [String: Int] = [:]
  private var byFile: [String: Int] = [:]
  private let enable: [String]
  private let disable: [String]
  private let runner: any ParallelRunner
  private let maxFindings: Int

  /// - Throws: ``ConfigurationError`` for a `--config` file that cannot be read or used, ``UsageError``
  ///   for an unknown rule in `--enable` or `--disable`.
  init(options: LintOptions, currentDirectory: String, runner: any ParallelRunner) throws {
    enable = options.enable
    disable = options.disable
    self.runner = runner
    maxFindings = options.maxFindings
    // The command line's rule ids are checked once, whatever the configurations say.
    _ = try RuleSelection.severities(configured: [:], enable: enable, disable: disable)
    if let path = options.configPath {
      let full = FilePath.isAbsolute(path) ? path : FilePath.join(currentDirectory, path)
      fixed = try add(LintConfiguration.load(full), displayPath: path)
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
    let index = try add(LintConfiguration.load(file), displayPath: file)
    byFile[file] = index
    return index
  }

  private func add(_ configuration: LintConfiguration, displayPath: String?) throws -> Int {
    let severities = try RuleSelection.severities(
      configured: configuration.severities, enable: enable, disable: disable)
    var linter = try Linter(severities: severities, settings: configuration.settings)
    linter.runner = runner
    linter.maxFindingsPerRule = maxFindings
    let directory = configuration.path.flatMap { FileIO.physicalPath(FilePath.directory(of: $0)) }
    applied.append(
      Applied(
        configuration: configuration, directory: directory, includes: configuration.includes.map(Glob.init),
        excludes: configuration.excludes.map(Glob.init), linter: linter))
    return applied.count - 1
  }
}
