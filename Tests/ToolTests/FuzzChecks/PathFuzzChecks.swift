@testable import InertiaTool

// Properties the `paths` fuzz target checks on every input, shared with the test suite, which replays
// every input that ever failed (`Tests/Fuzz/Regressions/paths`). Compiled into both: no test framework.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A property a fuzz target found broken, with what was seen.
struct ToolPropertyViolation: Error, CustomStringConvertible {
  let description: String
}

func requireTool(_ condition: Bool, _ message: @autoclosure () -> String) throws(ToolPropertyViolation) {
  if !condition { throw ToolPropertyViolation(description: message()) }
}

enum PathFuzzChecks {
  /// The input is split at its NUL bytes: the first part is a path, the second a pattern, the third the
  /// text of a `.gitignore`. On arbitrary bytes, path handling keeps every name's exact bytes:
  /// - ``PathText``: `bytes(decode(b)) == b`; the percent-encoded form holds only unreserved ASCII, `/`
  ///   and `%XX`, and decodes back to `b`.
  /// - ``FilePath``: `name(of:)` is what follows the last `/` byte, `directory(of:)` what precedes it,
  ///   and `join` puts them back together (where it needs to add a `/`), all by bytes.
  /// - The temporary file `AtomicWriter` makes for a path lies in the same directory, has a name of at
  ///   most 255 bytes, and is one that walks recognise and skip.
  /// - A glob matches a name as `fnmatch(3)` does on the bytes of both; a `.gitignore` line that spells
  ///   a name ignores it; CRLF line endings in a `.gitignore` read as LF ones.
  static func paths(_ input: [UInt8]) throws(ToolPropertyViolation) {
    let parts = input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map { Array($0) }
    let pathBytes = parts[0]
    let patternBytes = parts.count > 1 ? parts[1] : []
    let ignoreBytes = parts.count > 2 ? parts[2] : []

    // Names as text and back.
    let path = PathText.decode(pathBytes)
    try requireTool(PathText.bytes(path) == pathBytes, "bytes(decode(b)) is not b for \(pathBytes)")
    try requireTool(PathText.decode(PathText.bytes(path)) == path, "decode(bytes(s)) is not s for \(pathBytes)")
    try requireTool(
      PathText.hasRawBytes(path)
        == (String(validating: pathBytes, as: UTF8.self) == nil || hasRawByteScalar(pathBytes)),
      "hasRawBytes is wrong for \(pathBytes)")
    let encoded = PathText.percentEncoded(path)
    try requireTool(
      encoded.utf8.allSatisfy { isUnreserved($0) || $0 == UInt8(ascii: "%") }, "percent-encoded \(encoded) holds more")
    try requireTool(percentDecoded(encoded) == pathBytes, "\(encoded) does not percent-decode to \(pathBytes)")

    // Path arithmetic, by bytes.
    let name = PathText.bytes(FilePath.name(of: path))
    let directory = PathText.bytes(FilePath.directory(of: path))
    let slash = UInt8(ascii: "/")
    if let last = pathBytes.lastIndex(of: slash) {
      try requireTool(name == Array(pathBytes[(last + 1)...]), "name(of: \(pathBytes)) is \(name)")
      let expected = last == 0 ? [slash] : Array(pathBytes[..<last])
      try requireTool(directory == expected, "directory(of: \(pathBytes)) is \(directory)")
      // Joined back, unless `join` leaves out a `.` or adds no `/` after one (`./x`, `a//x`, `/x`).
      if expected != Array(".".utf8) && expected.last != slash {
        let joined = PathText.bytes(FilePath.join(FilePath.directory(of: path), FilePath.name(of: path)))
        try requireTool(joined == pathBytes, "join(directory, name) of \(pathBytes) is \(joined)")
      }
    } else {
      try requireTool(name == pathBytes, "name(of: \(pathBytes)) is \(name)")
      try requireTool(directory == Array(".".utf8), "directory(of: \(pathBytes)) is \(directory)")
    }

    // The temporary file beside a target.
    if !name.isEmpty {
      let template = AtomicWriter.temporaryTemplate(for: path)
      let templateBytes = PathText.bytes(template)
      let templateSlash = templateBytes.lastIndex(of: slash)
      let templateName = Array(templateBytes[(templateSlash.map { $0 + 1 } ?? 0)...])
      let templateDirectory = templateSlash.map { $0 == 0 ? [slash] : Array(templateBytes[..<$0]) } ?? Array(".".utf8)
      try requireTool(templateName.count <= 255, "the temporary name for \(pathBytes) has \(templateName.count) bytes")
      try requireTool(
        withoutTrailingSlashes(templateDirectory) == withoutTrailingSlashes(directory),
        "the temporary file for \(pathBytes) is in \(templateDirectory)")
      let made = PathText.decode(templateName.dropLast(6) + Array("a0Z9xQ".utf8))
      try requireTool(FileDiscovery.isTemporaryFile(made), "walks would read the temporary file \(templateName)")
    }

    // Globs and .gitignore lines against a name.
    guard !name.isEmpty, !patternBytes.contains(slash) else { return }
    let component = FilePath.name(of: path)
    let pattern = PathText.decode(patternBytes)
    let byFnmatch = cString(patternBytes) { p in cString(name) { n in fnmatch(p, n, 0) == 0 } }
    let byGlob = Glob(pattern).matchesFile([Substring(component)])
    try requireTool(byGlob == byFnmatch, "glob \(patternBytes) on \(name): \(byGlob), fnmatch says \(byFnmatch)")
    let literal = name.allSatisfy { !"*?[\\!# \r\n".utf8.contains($0) }
    if literal {
      let line = GitIgnore(base: "/repository", text: component)
      try requireTool(
        line.decision(String(component), isDirectory: false) == true,
        "a .gitignore line \(name) does not ignore it")
    }
    let text = PathText.decode(ignoreBytes.filter { $0 != UInt8(ascii: "\r") })
    let crlf = PathText.decode(
      ignoreBytes.filter { $0 != UInt8(ascii: "\r") }.flatMap { $0 == UInt8(ascii: "\n") ? [13, 10] : [$0] })
    for isDirectory in [false, true] {
      let lf = GitIgnore(base: "/repository", text: text).decision(String(component), isDirectory: isDirectory)
      let withCR = GitIgnore(base: "/repository", text: crlf).decision(String(component), isDirectory: isDirectory)
      try requireTool(
        lf == withCR,
        "a .gitignore decides \(name) \(String(describing: lf)) with LF, \(String(describing: withCR)) with CRLF")
    }
  }

  /// `a//` and `a` name one folder (`/` stays itself).
  private static func withoutTrailingSlashes(_ path: [UInt8]) -> [UInt8] {
    var path = path
    while path.count > 1 && path.last == UInt8(ascii: "/") { path.removeLast() }
    return path
  }

  private static func hasRawByteScalar(_ bytes: [UInt8]) -> Bool {
    String(decoding: bytes, as: UTF8.self).unicodeScalars.contains { PathText.isRawByte($0) }
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"), UInt8(ascii: "/"):
      return true
    default: return false
    }
  }

  private static func percentDecoded(_ text: String) -> [UInt8]? {
    var out: [UInt8] = []
    var bytes = text.utf8.makeIterator()
    while let byte = bytes.next() {
      guard byte == UInt8(ascii: "%") else {
        out.append(byte)
        continue
      }
      guard let high = bytes.next(), let low = bytes.next(),
        let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
      else { return nil }
      out.append(value)
    }
    return out
  }

  /// Calls `body` with the bytes as a C string (cut at a NUL, as the kernel would).
  static func cString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    let c = bytes.map { CChar(bitPattern: $0) } + [0]
    return c.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}
