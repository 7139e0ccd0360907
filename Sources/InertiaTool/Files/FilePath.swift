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
    // Found in the UTF-8 bytes, a `/` being one byte that never joins a character.
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component of a path.
  static func name(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
    return String(path[path.utf8.index(after: slash)...])
  }

  /// `path` relative to `base` when it lies inside it (both absolute and physical), otherwise `nil`.
  static func relative(_ path: String, to base: String) -> String? {
    // Compared and cut as UTF-8 bytes, as the file system compares names; the cut follows a `/`, so it
    // falls between characters.
    let utf8 = path.utf8
    let baseLength = base.utf8.count
    guard utf8.starts(with: base.utf8) else { return nil }
    if utf8.count == baseLength { return "." }
    let rest = utf8.dropFirst(baseLength)
    if base.utf8.last == UInt8(ascii: "/") { return String(rest)! }
    guard rest.first == UInt8(ascii: "/") else { return nil }
    return String(rest.dropFirst())!
  }

  /// A path's components, empty ones left out: split on the `/` bytes, without the grapheme breaking a
  /// split on characters does (a `/` never joins a character).
  static func components(_ path: String) -> [Substring] {
    path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
  }

  /// The current working directory.
  static var currentDirectory: String {
    guard let buffer = getcwd(nil, 0) else { return "." }
    defer { free(buffer) }
    return PathText.decode(UnsafeRawBufferPointer(start: buffer, count: strlen(buffer)))
  }
}
