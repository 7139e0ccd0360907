#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The patterns of one `.gitignore` file (or `.git/info/exclude`), as git reads them (see
/// `gitignore(5)`): blank lines and `#` comments skipped; `!` re-includes; a trailing `/` matches
/// directories only; a pattern with a `/` before its end matches the path from the file's directory,
/// one without matches a name at any depth; `*`, `?`, `[…]` within a component and `**` across them.
/// The last pattern that matches decides.
struct GitIgnore: Sendable {
  struct Pattern: Sendable {
    var glob: String
    var negated: Bool
    var directoriesOnly: Bool
    /// Whether it matches the whole path from the file's directory rather than a name.
    var anchored: Bool
    /// The glob's components, for an anchored pattern (split once, not at every path matched).
    var components: [Substring] = []
    /// For a name pattern that is `*` before a plain suffix (`*.o`), the suffix's bytes: worked out once,
    /// as `fnmatch(_:_:)` would at every name.
    var suffix: [UInt8]?
    /// For a pattern without wildcards (`.build`, `/Tests/Fixtures`), its components' bytes: such a
    /// pattern matches a path whose components are these bytes (a name pattern, a name that is), which
    /// is what matching component by component comes to when each component matches only itself.
    var plainComponents: [[UInt8]]?
  }

  /// The directory the file is in (its patterns are relative to it), as a physical path.
  let base: String
  let patterns: [Pattern]

  /// The patterns of the text of a `.gitignore` in `base`. Lines are read by code points, not
  /// `Character`s, in which `\r\n` is one (a file with CRLF line endings would be one line).
  init(base: String, text: String) {
    self.base = base
    var patterns: [Pattern] = []
    for rawLine in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: true) {
      var line = rawLine
      if line.last == "\r" { line.removeLast() }
      // Trailing spaces are ignored unless escaped.
      while line.last == " " && line.dropLast().last != "\\" { line.removeLast() }
      if line.isEmpty || line.first == "#" { continue }
      var negated = false
      if line.first == "!" {
        negated = true
        line.removeFirst()
      } else if line.first == "\\", let next = line.dropFirst().first, next == "!" || next == "#" {
        line.removeFirst()
      }
      var directoriesOnly = false
      if line.last == "/" {
        directoriesOnly = true
        line.removeLast()
      }
      var anchored = line.contains("/")
      if line.first == "/" { line.removeFirst() }
      if line.starts(with: "**/".unicodeScalars) {
        // `**/name` matches `name` at any depth, as an unanchored pattern does.
        let rest = line.dropFirst(3)
        if !rest.contains("/") {
          line = rest
          anchored = false
        }
      }
      if !line.isEmpty {
        var pattern = Pattern(
          glob: String(line), negated: negated, directoriesOnly: directoriesOnly, anchored: anchored)
        if anchored { pattern.components = FilePath.components(pattern.glob) }
        let components = anchored ? pattern.components : [Substring(pattern.glob)]
        if components.allSatisfy(Glob.isPlain) { pattern.plainComponents = components.map { Array($0.utf8) } }
        if !anchored, !Glob.isPlain(pattern.glob), pattern.glob.first == "*",
          case let suffix = pattern.glob.dropFirst(), Glob.isPlain(suffix)
        {
          pattern.suffix = Array(suffix.utf8)
        }
        patterns.append(pattern)
      }
    }
    self.patterns = patterns
  }

  /// Whether the file decides `relativePath` (a path from ``base``): `true` ignored, `false`
  /// re-included, `nil` not mentioned.
  func decision(_ relativePath: some StringProtocol, isDirectory: Bool) -> Bool? {
    var text = Substring(relativePath)
    let path = text
    return text.withUTF8 { bytes in decision(path, bytes, isDirectory: isDirectory) }
  }

  /// ``decision(_:isDirectory:)`` with the path's bytes at hand: the plain patterns and suffixes (most
  /// lines of most files) are matched on them, the others as `fnmatch` and ``Glob`` match the text.
  private func decision(_ path: Substring, _ bytes: UnsafeBufferPointer<UInt8>, isDirectory: Bool) -> Bool? {
    // The components only when a pattern with wildcards needs them; a name pattern needs the last one only.
    var components: [Substring]?
    let nameStart = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
    let name = UnsafeBufferPointer(rebasing: bytes[nameStart...])
    for pattern in patterns.reversed() {
      if pattern.directoriesOnly && !isDirectory { continue }
      let matches: Bool
      if let plain = pattern.plainComponents {
        matches =
          pattern.anchored ? Self.hasComponents(bytes, plain) : !name.isEmpty && name.elementsEqual(plain[0])
      } else if pattern.anchored {
        let split = components ?? FilePath.components(path)
        components = split
        matches = Self.match(pattern.components[...], split[...])
      } else if let suffix = pattern.suffix {
        // What `fnmatch(_:_:)` does for such a pattern, its suffix found once.
        matches =
          !name.isEmpty && name.count >= suffix.count && name[(name.count - suffix.count)...].elementsEqual(suffix)
      } else {
        matches = !name.isEmpty && Self.fnmatch(pattern.glob, FilePath.namePart(of: path))
      }
      if matches { return !pattern.negated }
    }
    return nil
  }

  /// Whether a path's components (cut at `/`, empty ones left out, as ``FilePath/components(_:)`` cuts)
  /// are `expected`, byte for byte.
  private static func hasComponents(_ path: UnsafeBufferPointer<UInt8>, _ expected: [[UInt8]]) -> Bool {
    var next = 0
    var start = 0
    for end in 0...path.count where end == path.count || path[end] == UInt8(ascii: "/") {
      defer { start = end + 1 }
      guard end > start else { continue }
      guard next < expected.count, path[start..<end].elementsEqual(expected[next]) else { return false }
      next += 1
    }
    return next == expected.count
  }

  private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
    Glob.match(pattern, path, component: fnmatch)
  }

  private static func fnmatch(_ pattern: some StringProtocol, _ name: Substring) -> Bool {
    // The common patterns without calling the C library: a plain name, and `*` before a plain suffix
    // (`*.o`). A leading `.` is matched like any other character, as git does (gitignore(5): `fnmatch(3)`
    // with FNM_PATHNAME only, and the components are matched one by one here; so no FNM_PERIOD): `*.o`
    // ignores `.a.o`. `first` goes by characters (`*` + U+0301 is no `*`): its byte test only goes first.
    if Glob.isPlain(pattern) { return FilePath.isSame(pattern, name) }
    if pattern.utf8.first == UInt8(ascii: "*"), pattern.first == "*", case let suffix = pattern.dropFirst(),
      Glob.isPlain(suffix)
    {
      return FilePath.hasSuffix(name, text: suffix)
    }
    return PathText.withCString(String(pattern)) { pattern in
      PathText.withCString(String(name)) { name in
        #if canImport(Glibc)
          Glibc.fnmatch(pattern, name, 0) == 0
        #else
          Darwin.fnmatch(pattern, name, 0) == 0
        #endif
      }
    }
  }
}

/// The `.gitignore` files that apply in a directory of a repository: the repository's
/// `.git/info/exclude` and every `.gitignore` from the repository's root down to the directory.
struct GitIgnoreStack: Sendable {
  private(set) var files: [GitIgnore]

  /// No patterns: outside a repository, or when `.gitignore` files are not respected.
  static let none = GitIgnoreStack(files: [])

  /// The stack for `directory` (a physical path): empty when no folder at or above it holds `.git`.
  static func at(_ directory: String) -> GitIgnoreStack {
    var chain: [String] = []
    var current = directory
    var root: String?
    while true {
      chain.append(current)
      if FileIO.exists(FilePath.join(current, ".git")) {
        root = current
        break
      }
      let parent = FilePath.directory(of: current)
      if parent == current { break }
      current = parent
    }
    guard let root else { return .none }
    var stack = GitIgnoreStack(files: [])
    if let text = read(FilePath.join(root, ".git/info/exclude")) {
      stack.files.append(GitIgnore(base: root, text: text))
    }
    for folder in chain.reversed() { stack.enter(folder) }
    return stack
  }

  /// The stack for a folder inside the current one: its `.gitignore` added.
  mutating func enter(_ directory: String) {
    if let text = Self.read(FilePath.join(directory, ".gitignore")) {
      files.append(GitIgnore(base: directory, text: text))
    }
  }

  /// Whether git ignores the file or folder at `path` (physical).
  func ignores(_ path: String, isDirectory: Bool) -> Bool {
    for file in files.reversed() {
      guard let relative = FilePath.relativePart(path, to: file.base) else { continue }
      if let decision = file.decision(relative, isDirectory: isDirectory) { return decision }
    }
    return false
  }

  private static func read(_ path: String) -> String? {
    guard let bytes = try? FileIO.read(path, maxSize: 1 << 20) else { return nil }
    return PathText.decode(bytes)
  }
}
