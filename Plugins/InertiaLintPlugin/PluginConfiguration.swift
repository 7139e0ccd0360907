import Foundation

/// What the plugin needs of the `.inertia-lint.json` that applies to a file: where it is, its `include`
/// and `exclude` globs, which decide whether the file is linted at all, and the baseline it names, whose
/// changes must lint again. The tool reads the rest of it (severities, container ids, loop duration,
/// ignores, the baseline's entries) itself, from the path the plugin passes.
struct PluginConfiguration {
  /// The configuration file, or `nil` when no folder above the file has one.
  let file: URL?
  /// Globs of the files to lint, relative to the configuration's folder; `*.inertia` when it has none.
  let includes: [PluginGlob]
  /// Globs of files and folders not to lint, relative to the configuration's folder.
  let excludes: [PluginGlob]
  /// The baseline file its `baseline` names.
  var baseline: URL?

  /// The configuration when there is no file: every `*.inertia` file.
  static let none = PluginConfiguration(file: nil, includes: [PluginGlob("*.inertia")], excludes: [])

  /// Whether `inertia-lint` walking a folder that holds `file` would lint it.
  func selects(_ file: URL) -> Bool {
    let path = file.standardizedFileURL.path
    let relative = self.file.flatMap { Self.components(of: path, from: $0.deletingLastPathComponent()) }
    let includePath = relative ?? path.split(separator: "/")
    guard includes.contains(where: { $0.matchesFile(includePath) }) else { return false }
    guard let relative else { return true }
    return !excludes.contains { $0.matchesPathOrParent(relative) }
  }

  /// The components of `path` relative to `directory`, or `nil` when it is not inside it.
  private static func components(of path: String, from directory: URL) -> [Substring]? {
    let base = directory.standardizedFileURL.path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    guard path.hasPrefix(prefix) else { return nil }
    return path.dropFirst(prefix.count).split(separator: "/")
  }

  /// Reads the globs of a configuration file. One the plugin cannot read them from is taken as having
  /// none: the tool, given it with `--config`, then fails the build with the line and column of what is
  /// wrong with it, as it would on the command line.
  static func load(_ file: URL) -> PluginConfiguration {
    let unread = PluginConfiguration(file: file, includes: none.includes, excludes: [])
    guard let data = try? Data(contentsOf: file),
      let dictionary = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
      let includes = (dictionary["include"] ?? [String]()) as? [String],
      let excludes = (dictionary["exclude"] ?? [String]()) as? [String]
    else { return unread }
    var configuration = PluginConfiguration(
      file: file, includes: includes.isEmpty ? none.includes : includes.map(PluginGlob.init),
      excludes: excludes.map(PluginGlob.init))
    if let path = dictionary["baseline"] as? String, !path.isEmpty {
      configuration.baseline =
        path.hasPrefix("/")
        ? URL(fileURLWithPath: path) : file.deletingLastPathComponent().appendingPathComponent(path)
    }
    return configuration
  }
}

/// Finds the configuration for each file, reading each configuration file once.
struct ConfigurationCache {
  /// The name the tool looks for.
  static let fileName = ".inertia-lint.json"

  private var byFolder: [String: PluginConfiguration] = [:]

  /// The nearest `.inertia-lint.json` in the file's folder or above it, as the tool finds it.
  mutating func configuration(for file: URL) -> PluginConfiguration {
    configuration(inFolder: file.standardizedFileURL.deletingLastPathComponent())
  }

  private mutating func configuration(inFolder folder: URL) -> PluginConfiguration {
    if let known = byFolder[folder.path] { return known }
    let candidate = folder.appendingPathComponent(Self.fileName)
    let found: PluginConfiguration
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue {
      found = PluginConfiguration.load(candidate)
    } else {
      let parent = folder.deletingLastPathComponent()
      found = parent.path == folder.path ? .none : configuration(inFolder: parent)
    }
    byFolder[folder.path] = found
    return found
  }
}
