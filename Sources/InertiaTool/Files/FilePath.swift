import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Path arithmetic on strings, for building paths, never for rewriting them: `..` and `.` are left for
/// the kernel to resolve (a `link/..` is not what its text says), and files are told apart by what
/// `stat` says (see ``FileIO/identity(of:)`` and ``FileIO/physicalPath(_:)``).
enum FilePath {
  /// `name` inside `directory` (just `name` inside `.`).
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

  /// `path` relative to `base` when it lies inside it (both absolute and physical), otherwise `nil`.
  static func relative(_ path: String, to base: String) -> String? {
    if path == base { return "." }
    let prefix = base == "/" ? "/" : base + "/"
    guard path.hasPrefix(prefix) else { return nil }
    return String(path.dropFirst(prefix.count))
  }

  /// The current working directory.
  static var currentDirectory: String {
    guard let buffer = getcwd(nil, 0) else { return "." }
    defer { free(buffer) }
    return PathText.decode(UnsafeRawBufferPointer(start: buffer, count: strlen(buffer)))
  }
}
