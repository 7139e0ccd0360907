import Foundation

/// What the plugin needs of the `.inertia-lint.json` that applies to a file: where it is, and its
/// `include` and `exclude` globs, which decide whether the file is linted at all. The tool reads the rest
/// of it (severities, container ids, loop duration) itself, from the path the plugin passes.
struct PluginConfiguration {
  /// The configuration file, or `nil` when no folder above the file has one.
  let file: URL?
  /// Globs of the files to lint, relative to the configuration's folder; `*.inertia` when it has none.
  let includes: [PluginGlob]
  /// Globs of files and folders not to lint, relative to the configuration's folder.
  let excludes: [PluginGlob]

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

  /// Reads the globs of a configuration file.
  /// - Throws: ``PluginConfigurationError`` when the file is not a JSON object, or `include` or `exclude`
  ///   is not a list of strings. (The tool reports everything else wrong with it, with line and column.)
  static func load(_ file: URL) throws -> PluginConfiguration {
    func fail(_ reason: String) -> PluginConfigurationError {
      PluginConfigurationError(description: "\(file.path): \(reason); run inertia-lint --config on it to see where")
    }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: try Data(contentsOf: file))
    } catch {
      throw fail("cannot be read as JSON")
    }
    guard let dictionary = object as? [String: Any] else { throw fail("is not a JSON object") }
    func globs(_ key: String) throws -> [PluginGlob]? {
      guard let value = dictionary[key] else { return nil }
      guard let patterns = value as? [String] else { throw fail("\"\(key)\" is not a list of globs") }
      return patterns.map(PluginGlob.init)
    }
    let includes = try globs("include") ?? []
    return PluginConfiguration(
      file: file, includes: includes.isEmpty ? none.includes : includes, excludes: try globs("exclude") ?? [])
  }
}

/// A configuration file the plugin cannot read its globs from.
struct PluginConfigurationError: Error, CustomStringConvertible {
  let description: String
}

/// Finds the configuration for each file, reading each configuration file once.
struct ConfigurationCache {
  /// The name the tool looks for.
  static let fileName = ".inertia-lint.json"

  private var byFolder: [String: PluginConfiguration] = [:]

  /// The nearest `.inertia-lint.json` in the file's folder or above it, as the tool finds it.
  mutating func configuration(for file: URL) throws -> PluginConfiguration {
    try configuration(inFolder: file.standardizedFileURL.deletingLastPathComponent())
  }

  private mutating func configuration(inFolder folder: URL) throws -> PluginConfiguration {
    if let known = byFolder[folder.path] { return known }
    let candidate = folder.appendingPathComponent(Self.fileName)
    let found: PluginConfiguration
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue {
      found = try PluginConfiguration.load(candidate)
    } else {
      let parent = folder.deletingLastPathComponent()
      found = parent.path == folder.path ? .none : try configuration(inFolder: parent)
    }
    byFolder[folder.path] = found
    return found
  }
}
