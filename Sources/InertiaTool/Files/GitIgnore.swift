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
    /// Whether it is anchored with a `**` component, which matches any number of them: such a pattern is
    /// matched against whole paths, the others a component at a time.
    var hasAnyComponents = false
  }

  /// The directory the file is in (its patterns are relative to it), as a physical path.
  let base: String
  let patterns: [Pattern]
  /// Whether a pattern has a `**` component.
  let hasAnyComponents: Bool

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
        if anchored {
          pattern.components = FilePath.components(pattern.glob)
          pattern.hasAnyComponents = pattern.components.contains { FilePath.isSame($0, "**") }
        }
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
    hasAnyComponents = patterns.contains(where: \.hasAnyComponents)
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
      } else {
        matches = pattern.matchesName(name, FilePath.namePart(of: path))
      }
      if matches { return !pattern.negated }
    }
    return nil
  }

  /// Whether the component `index` of pattern `pattern` (anchored) matches `name`, as matching the whole
  /// path matches each component (see ``decision(_:_:isDirectory:)``).
  func matches(_ pattern: Int, component index: Int, name: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
    let pattern = patterns[pattern]
    if let plain = pattern.plainComponents { return name.elementsEqual(plain[index]) }
    return Self.fnmatch(pattern.components[index], Substring(text))
  }

  /// Whether a pattern without `/` matches the path whose last component is `name`.
  func matchesName(_ pattern: Int, name: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
    patterns[pattern].matchesName(name, Substring(text))
  }

  /// Whether an anchored pattern with `**` matches the path `relativePath` (from ``base``).
  func matchesPath(_ pattern: Int, _ relativePath: String) -> Bool {
    Self.match(patterns[pattern].components[...], FilePath.components(relativePath)[...])
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

  fileprivate static func fnmatch(_ pattern: some StringProtocol, _ name: Substring) -> Bool {
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
    return GlobMatching.name(pattern, name)
  }
}

extension GitIgnore.Pattern {
  /// Whether a pattern without `/` (matched against names) matches the name whose bytes are `bytes`.
  func matchesName(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Substring) -> Bool {
    guard !bytes.isEmpty else { return false }
    if let plain = plainComponents { return bytes.elementsEqual(plain[0]) }
    if let suffix {
      // What `fnmatch(_:_:)` does for such a pattern, its suffix found once.
      return bytes.count >= suffix.count && bytes[(bytes.count - suffix.count)...].elementsEqual(suffix)
    }
    return GitIgnore.fnmatch(glob, name)
  }
}

/// The `.gitignore` files that apply in a directory of a repository (the repository's `.git/info/exclude`
/// and every `.gitignore` from the repository's root down to the directory), and how far down they are,
/// to decide the directory's entries by their names.
///
/// A pattern without `/` matches an entry by its name. An anchored one (without `**`) matches a path of as
/// many components as it has, component by component: of those, only the ones whose first components match
/// the directory's path from their file's folder can match an entry in it, by its name against their next
/// component, and they are worked out once a directory rather than at each of its entries. An anchored
/// pattern with `**` is matched against the entry's whole path from its file's folder, as
/// ``GitIgnore/decision(_:isDirectory:)`` matches.
struct GitIgnoreStack: Sendable {
  struct Level: Sendable {
    let file: GitIgnore
    /// How many components the directory is below the file's folder.
    var depth = 0
    /// The anchored patterns without `**`, by position, whose first `depth` components match the directory's
    /// path from the file's folder and that have more: the others match nothing in it.
    var reachable: [Int]
    /// The directory's path from the file's folder, for its patterns with `**` (`nil` when it has none).
    var path: String?

    init(_ file: GitIgnore) {
      self.file = file
      reachable = file.patterns.indices.filter {
        file.patterns[$0].anchored && !file.patterns[$0].hasAnyComponents && !file.patterns[$0].components.isEmpty
      }
      path = file.hasAnyComponents ? "" : nil
    }
  }

  /// The files, the repository's exclude file and root first.
  private(set) var levels: [Level]
  /// The paths of the files read into it, which no output of the run may overwrite (see ``OutputPlan``).
  private(set) var filesRead: [String] = []

  /// No patterns: outside a repository, or when `.gitignore` files are not respected.
  static let none = GitIgnoreStack(levels: [])

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
    var stack = GitIgnoreStack(levels: [])
    if let text = read(FilePath.join(root, ".git/info/exclude")) {
      stack.levels.append(Level(GitIgnore(base: root, text: text)))
      stack.filesRead.append(FilePath.join(root, ".git/info/exclude"))
    }
    for (index, folder) in chain.reversed().enumerated() {
      if index > 0 { stack.descend(into: FilePath.name(of: folder)) }
      stack.enter(folder)
    }
    return stack
  }

  /// Adds the `.gitignore` of the directory the stack is at.
  mutating func enter(_ directory: String) {
    let path = FilePath.join(directory, ".gitignore")
    if let text = Self.read(path) {
      enter(GitIgnore(base: directory, text: text))
      filesRead.append(path)
    }
  }

  /// Adds a file of the directory the stack is at.
  mutating func enter(_ file: GitIgnore) {
    levels.append(Level(file))
  }

  /// The stack for the subfolder `name` of the directory it is at (before that folder's own `.gitignore`).
  mutating func descend(into name: String) {
    var bytes = name
    bytes.withUTF8 { bytes in
      for index in levels.indices {
        let depth = levels[index].depth
        // Copied only when some pattern is still to be matched further down.
        if !levels[index].reachable.isEmpty {
          let file = levels[index].file
          levels[index].reachable.removeAll { pattern in
            file.patterns[pattern].components.count <= depth + 1
              || !file.matches(pattern, component: depth, name: bytes, name)
          }
        }
        if let path = levels[index].path {
          levels[index].path = depth == 0 ? name : FilePath.concatenate(path, slash: true, name)
        }
        levels[index].depth = depth + 1
      }
    }
  }

  /// Whether git ignores the entry `name` of the directory the stack is at.
  func ignores(_ name: String, isDirectory: Bool) -> Bool {
    guard !levels.isEmpty else { return false }
    var bytes = name
    return bytes.withUTF8 { bytes in
      for level in levels.reversed() {
        if let decision = decision(level, name, bytes, isDirectory: isDirectory) { return decision }
      }
      return false
    }
  }

  /// What the level's file says of the entry `name` (`nil`: nothing), as ``GitIgnore/decision(_:isDirectory:)``
  /// says of its path.
  private func decision(_ level: Level, _ name: String, _ bytes: UnsafeBufferPointer<UInt8>, isDirectory: Bool)
    -> Bool?
  {
    // The patterns read in place, not copied (and each of their arrays retained) one by one.
    level.file.patterns.withUnsafeBufferPointer { patterns in
      for index in patterns.indices.reversed() {
        if patterns[index].directoriesOnly && !isDirectory { continue }
        let matches: Bool
        if !patterns[index].anchored {
          matches = patterns[index].matchesName(bytes, Substring(name))
        } else if patterns[index].hasAnyComponents {
          let path = level.path.map { level.depth == 0 ? name : FilePath.concatenate($0, slash: true, name) } ?? name
          matches = level.file.matchesPath(index, path)
        } else {
          matches =
            patterns[index].components.count == level.depth + 1 && level.reachable.contains(index)
            && level.file.matches(index, component: level.depth, name: bytes, name)
        }
        if matches { return !patterns[index].negated }
      }
      return nil
    }
  }

  private static func read(_ path: String) -> String? {
    guard let bytes = try? FileIO.read(path, as: .gitIgnore, maxSize: 1 << 20) else { return nil }
    return PathText.decode(bytes)
  }
}
