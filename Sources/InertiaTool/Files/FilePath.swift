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
///
/// Paths are cut at their `/` code points and compared by their bytes, never as `Character`s: a `/`
/// followed by a combining mark is one `Character` (and `\r\n` is one), and `String`'s `==` holds
/// `é` and `e` + U+0301 equal, which the kernel does not.
enum FilePath {
  static let slash: Unicode.Scalar = "/"

  /// `name` inside `directory` (just `name` inside `.`).
  static func join(_ directory: String, _ name: String) -> String {
    if directory.utf8.count == 1 && directory.utf8.first == UInt8(ascii: ".") { return name }
    return concatenate(directory, slash: directory.utf8.last != UInt8(ascii: "/"), name)
  }

  /// `head`, then a `/` when `slash`, then `tail`: one string, built in one allocation (`+` makes one per
  /// step).
  static func concatenate(_ head: String, slash: Bool, _ tail: String) -> String {
    var head = head
    var tail = tail
    let count = head.utf8.count + (slash ? 1 : 0) + tail.utf8.count
    return head.withUTF8 { head in
      tail.withUTF8 { tail in
        String(unsafeUninitializedCapacity: count) { buffer in
          var end = buffer.initialize(fromContentsOf: head)
          if slash {
            buffer[end] = UInt8(ascii: "/")
            end += 1
          }
          return UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(fromContentsOf: tail) + end
        }
      }
    }
  }

  /// The directory part of a path: `a/b` for `a/b/c`, `.` for `c`, `/` for `/c`.
  static func directory(of path: String) -> String {
    // Found and cut in the UTF-8 bytes, in place: a `/` is one byte that no other code point holds, so the
    // cut is exact even where a character would round it (a prepended mark before the `/`), and the part
    // before it is whole code points.
    var path = path
    return path.withUTF8 { bytes in
      guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
      return slash == 0 ? "/" : String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self)
    }
  }

  /// The last component of a path.
  static func name(of path: String) -> String {
    var path = path
    return path.withUTF8 { bytes in
      guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return String(decoding: bytes, as: UTF8.self) }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[(slash + 1)...]), as: UTF8.self)
    }
  }

  /// Whether a path starts at the root.
  static func isAbsolute(_ path: some StringProtocol) -> Bool { path.unicodeScalars.first == slash }

  /// The components of a path, empty ones (from `//` or a leading or trailing `/`) left out.
  static func components(_ path: some StringProtocol) -> [Substring] {
    // Cut at the `/` bytes: a `/` is one byte in UTF-8 and no other code point holds it, so the cuts are
    // the ones the code points give, without decoding them. Found in the contiguous bytes when they are.
    let text = Substring(path)
    let utf8 = text.utf8
    let cut = utf8.withContiguousStorageIfAvailable { bytes in
      var parts: [Substring] = []
      var start = 0
      for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
        if end > start {
          parts.append(
            Substring(utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]))
        }
        start = end + 1
      }
      return parts
    }
    return cut ?? utf8.split(separator: UInt8(ascii: "/")).map(Substring.init)
  }

  /// Whether two paths are the same bytes.
  static func isSame(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
    // Compared in place when both are contiguous (native strings are), not byte by byte through the views.
    let compared = a.utf8.withContiguousStorageIfAvailable { a in
      b.utf8.withContiguousStorageIfAvailable { b in a.elementsEqual(b) }
    }
    if case let same?? = compared { return same }
    return a.utf8.elementsEqual(b.utf8)
  }

  /// Whether `name` ends with the bytes `suffix`.
  static func hasSuffix(_ name: some StringProtocol, _ suffix: [UInt8]) -> Bool {
    suffix.withUnsafeBufferPointer { hasSuffix(name, $0) }
  }

  /// Whether `name`'s UTF-8 ends with `suffix`'s.
  static func hasSuffix(_ name: some StringProtocol, text suffix: some StringProtocol) -> Bool {
    var suffix = Substring(suffix)
    return suffix.withUTF8 { hasSuffix(name, $0) }
  }

  private static func hasSuffix(_ name: some StringProtocol, _ suffix: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !suffix.isEmpty else { return true }
    var name = Substring(name)
    return name.withUTF8 { name in
      name.count >= suffix.count
        && memcmp(name.baseAddress! + (name.count - suffix.count), suffix.baseAddress!, suffix.count) == 0
    }
  }

  /// Whether `text`'s UTF-8 starts with `prefix`'s.
  static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
    var text = text
    var prefix = prefix
    return text.withUTF8 { text in
      prefix.withUTF8 { prefix in
        prefix.isEmpty
          || (text.count >= prefix.count && memcmp(text.baseAddress!, prefix.baseAddress!, prefix.count) == 0)
      }
    }
  }

  /// `path` relative to `base` when it lies inside it (both absolute and physical), otherwise `nil`.
  static func relative(_ path: String, to base: String) -> String? {
    relativePart(path, to: base).map(String.init)
  }

  /// ``relative(_:to:)`` as a part of `path`, without copying it (for matching a walk's paths).
  static func relativePart(_ path: String, to base: String) -> Substring? {
    // Compared and cut as UTF-8 bytes, as the file system compares names; the cut follows a `/`, so it
    // falls between characters.
    let utf8 = path.utf8
    let baseLength = base.utf8.count
    guard hasPrefix(path, base) else { return nil }
    if utf8.count == baseLength { return "." }
    let rest = utf8.dropFirst(baseLength)
    if base.utf8.last == UInt8(ascii: "/") { return Substring(rest) }
    guard rest.first == UInt8(ascii: "/") else { return nil }
    return Substring(rest.dropFirst())
  }

  /// The last component of a path, as a part of it.
  static func namePart(of path: some StringProtocol) -> Substring {
    let text = Substring(path)
    // Found in the contiguous bytes when they are.
    if let found = text.utf8.withContiguousStorageIfAvailable({ $0.lastIndex(of: UInt8(ascii: "/")) }) {
      guard let found else { return text }
      return Substring(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: found + 1)...])
    }
    guard let slash = text.utf8.lastIndex(of: UInt8(ascii: "/")) else { return text }
    return Substring(text.utf8[text.utf8.index(after: slash)...])
  }

  /// The current working directory.
  static var currentDirectory: String {
    guard let buffer = getcwd(nil, 0) else { return "." }
    defer { free(buffer) }
    return PathText.decode(UnsafeRawBufferPointer(start: buffer, count: strlen(buffer)))
  }
}
