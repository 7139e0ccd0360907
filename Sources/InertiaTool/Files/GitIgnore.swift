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
    // The components only when an anchored pattern needs them; a name pattern needs the last one only.
    var components: [Substring]?
    let name = FilePath.namePart(of: relativePath)
    for pattern in patterns.reversed() {
      if pattern.directoriesOnly && !isDirectory { continue }
      let matches: Bool
      if pattern.anchored {
        let path = components ?? FilePath.components(relativePath)
        components = path
        matches = Self.match(pattern.components[...], path[...])
      } else if let suffix = pattern.suffix {
        // What `fnmatch(_:_:)` does for such a pattern, its suffix found once.
        matches = !name.isEmpty && !Self.isHidden(name) && FilePath.hasSuffix(name, suffix)
      } else {
        matches = !name.isEmpty && Self.fnmatch(pattern.glob, name)
      }
      if matches { return !pattern.negated }
    }
    return nil
  }

  private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
    Glob.match(pattern, path, component: fnmatch)
  }

  /// Whether a name starts with `.`, by characters as `hasPrefix` has it (the byte test only goes first).
  private static func isHidden(_ name: Substring) -> Bool {
    name.utf8.first == UInt8(ascii: ".") && name.hasPrefix(".")
  }

  private static func fnmatch(_ pattern: some StringProtocol, _ name: Substring) -> Bool {
    // The common patterns without calling the C library: a plain name, and `*` before a plain suffix
    // (`*.o`), which under FNM_PERIOD matches no name starting with `.`.
    // `first` and `hasPrefix` go by characters (`*` + U+0301 is no `*`): their byte tests only go first.
    if Glob.isPlain(pattern) { return FilePath.isSame(pattern, name) }
    if pattern.utf8.first == UInt8(ascii: "*"), pattern.first == "*", case let suffix = pattern.dropFirst(),
      Glob.isPlain(suffix)
    {
      return !isHidden(name) && FilePath.hasSuffix(name, text: suffix)
    }
    return PathText.withCString(String(pattern)) { pattern in
      PathText.withCString(String(name)) { name in
        #if canImport(Glibc)
          Glibc.fnmatch(pattern, name, FNM_PERIOD) == 0
        #else
          Darwin.fnmatch(pattern, name, FNM_PERIOD) == 0
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
