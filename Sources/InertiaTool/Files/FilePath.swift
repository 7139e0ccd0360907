import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Path arithmetic on plain strings, and the few file system questions the command asks.
enum FilePath {
  /// `path` without `.` components, repeated or trailing slashes; `..` is resolved where it can be.
  static func normalized(_ path: String) -> String {
    let isAbsolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      if part == "..", isAbsolute { continue }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    if isAbsolute { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }

  static func join(_ directory: String, _ name: String) -> String {
    if directory == "." { return name }
    return directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// The directory part of a path: `a/b` for `a/b/c`, `.` for `c`, `/` for `/c`.
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component of a path.
  static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// An absolute, normalized path for `path` as given relative to `directory`.
  static func absolute(_ path: String, from directory: String) -> String {
    normalized(path.hasPrefix("/") ? path : join(directory, path))
  }

  /// `path` relative to `base` when it lies inside it (both absolute and normalized), otherwise `nil`.
  static func relative(_ path: String, to base: String) -> String? {
    if path == base { return "." }
    let prefix = base == "/" ? "/" : base + "/"
    guard path.hasPrefix(prefix) else { return nil }
    return String(path.dropFirst(prefix.count))
  }

  enum Kind {
    case file
    case directory
    case missing
  }

  /// What is at `path` (following symbolic links).
  static func kind(_ path: String) -> Kind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
  }

  static func isFile(_ path: String) -> Bool { kind(path) == .file }

  /// The current working directory.
  static var currentDirectory: String {
    guard let buffer = getcwd(nil, 0) else { return "." }
    defer { free(buffer) }
    return String(cString: buffer)
  }
}
