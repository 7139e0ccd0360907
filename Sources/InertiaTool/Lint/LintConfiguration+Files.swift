import InertiaFormat
import InertiaLint

/// Finding and reading configuration files, which only the tool does: the library parses bytes.
extension LintConfiguration {
  /// The directory globs in this configuration are relative to.
  var directory: String? {
    path.map { FilePath.directory(of: $0) }
  }

  /// The configuration file that applies in `directory`: the nearest `.inertia-lint.json` in it or above it,
  /// going up the folders the kernel finds (links and `..` resolved), as ``ConfigurationResolver`` does.
  static func find(from directory: String) -> String? {
    guard var current = FileIO.physicalPath(directory) else { return nil }
    while true {
      let candidate = FilePath.join(current, fileName)
      if FileIO.isRegularFile(candidate) { return candidate }
      let parent = FilePath.directory(of: current)
      if parent == current { return nil }
      current = parent
    }
  }

  /// Reads a configuration file.
  /// - Throws: ``ConfigurationError`` when it cannot be read or says something not understood.
  static func load(_ path: String, as role: InputRole) throws(ConfigurationError) -> LintConfiguration {
    let bytes: [UInt8]
    do {
      bytes = try FileIO.read(path, as: role, maxSize: 1 << 20)
    } catch {
      throw ConfigurationError(path: path, message: "cannot read: \(error.reason)")
    }
    return try parse(bytes, path: path)
  }
}
