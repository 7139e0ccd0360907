/// Glob matching in time bounded by the sizes of the pattern and the path, never exponential in either,
/// for ``Glob`` and ``GitIgnore``: the one matcher of both.
///
/// - A name against a component's pattern (``name(_:_:work:)``) as `fnmatch(3)` without flags matches in
///   the C locale, byte by byte (`*`, `?`, `[...]` with `!` or `^`, ranges, `[:class:]`, `\` escapes; a
///   pattern ends at a NUL, as the C string `fnmatch` reads): the classic two-pointer walk, which goes back
///   only to the last `*`. It takes at most (pattern bytes + 1) × (name bytes + 1) steps, a bracket
///   counted as its bytes.
/// - A path against a pattern's components, `**` matching any number of them
///   (``components(_:_:isAnyComponents:component:work:)``): the set of pattern positions reachable so far,
///   moved on one path component at a time. It matches at most (pattern components) × (path components)
///   names, and a pattern of eight `**` against a path 30 folders deep is 240 of them, not 10⁸.
///
/// Both count their steps in `work` (names matched, bytes compared), which the tests read to check the
/// bounds at n and 4n rather than time them.
enum GlobMatching {
  /// Steps taken, for the tests that check the bounds.
  struct Work {
    /// Names matched against a component's pattern.
    var names = 0
    /// Steps of the byte matcher (a byte of the pattern against a byte of the name).
    var bytes = 0
  }

  // MARK: A name

  /// Whether `name` matches `pattern` as `fnmatch(pattern, name, 0)` does in the C locale.
  static func name(_ pattern: some StringProtocol, _ name: some StringProtocol) -> Bool {
    var work = Work()
    return self.name(PathText.bytes(String(pattern)), PathText.bytes(String(name)), work: &work)
  }

  /// ``name(_:_:)`` on the bytes, counting its steps.
  static func name(_ pattern: [UInt8], _ name: [UInt8], work: inout Work) -> Bool {
    work.names += 1
    // The pattern and the name end at a NUL, as C strings do.
    let pattern = pattern.firstIndex(of: 0).map { Array(pattern[..<$0]) } ?? pattern
    let name = name.firstIndex(of: 0).map { Array(name[..<$0]) } ?? name
    var p = 0
    var n = 0
    // Where to go back to: the pattern after the last `*`, and the name byte it is to match next.
    var star: (pattern: Int, name: Int)?
    while true {
      work.bytes += 1
      if p == pattern.count && n == name.count { return true }
      if p < pattern.count {
        switch pattern[p] {
        case UInt8(ascii: "*"):
          while p < pattern.count && pattern[p] == UInt8(ascii: "*") { p += 1 }
          if p == pattern.count { return true }
          star = (p, n)
          continue
        case UInt8(ascii: "?"):
          if n < name.count {
            p += 1
            n += 1
            continue
          }
        case UInt8(ascii: "["):
          if n < name.count {
            switch bracket(pattern, at: p, matches: name[n], work: &work) {
            case .matched(let next):
              p = next
              n += 1
              continue
            case .notMatched: break
            case .notABracket:
              // An unterminated `[` is a `[` like any other.
              if name[n] == UInt8(ascii: "[") {
                p += 1
                n += 1
                continue
              }
            }
          }
        case UInt8(ascii: "\\"):
          // A trailing `\` matches nothing.
          if p + 1 < pattern.count && n < name.count && name[n] == pattern[p + 1] {
            p += 2
            n += 1
            continue
          }
        case let literal:
          if n < name.count && name[n] == literal {
            p += 1
            n += 1
            continue
          }
        }
      }
      // A mismatch: the last `*` takes one byte more, if there is one to take.
      guard let last = star, last.name < name.count else { return false }
      star = (last.pattern, last.name + 1)
      p = last.pattern
      n = last.name + 1
    }
  }

  /// What a bracket expression at `start` (a `[`) makes of one byte.
  enum Bracket {
    /// The byte is in the set; the pattern goes on at `next`.
    case matched(next: Int)
    case notMatched
    /// There is no `]` to end it: the `[` is a plain character.
    case notABracket
  }

  /// Matches `byte` against the bracket expression at `start`: `[abc]`, `[a-z]`, `[!...]` or `[^...]`,
  /// `[:alpha:]` and the other classes of the C locale, `\` escaping the next byte; a `]` first in the set
  /// is a member. As `fnmatch` does, a class whose name is no class makes the bracket match nothing, unless
  /// a member before it matched (the rest of the set is then only skipped).
  static func bracket(_ pattern: [UInt8], at start: Int, matches byte: UInt8, work: inout Work) -> Bracket {
    var p = start + 1
    let negated = p < pattern.count && (pattern[p] == UInt8(ascii: "!") || pattern[p] == UInt8(ascii: "^"))
    if negated { p += 1 }
    var first = true
    while true {
      work.bytes += 1
      guard p < pattern.count else { return .notABracket }
      var low = pattern[p]
      if low == UInt8(ascii: "]") && !first {
        return negated ? .matched(next: p + 1) : .notMatched
      }
      first = false
      if low == UInt8(ascii: "["), let (name, end) = className(pattern, at: p) {
        guard let members = characterClass(name) else { return .notMatched }
        if members(byte) { return skipped(pattern, from: end, negated: negated, work: &work) }
        p = end
        continue
      }
      if low == UInt8(ascii: "\\") {
        p += 1
        guard p < pattern.count else { return .notABracket }
        low = pattern[p]
      }
      p += 1
      // A range `low-high`, unless the `-` comes last.
      if p + 1 < pattern.count, pattern[p] == UInt8(ascii: "-"), pattern[p + 1] != UInt8(ascii: "]") {
        var high = pattern[p + 1]
        p += 2
        if high == UInt8(ascii: "\\") {
          guard p < pattern.count else { return .notABracket }
          high = pattern[p]
          p += 1
        }
        if low <= byte && byte <= high { return skipped(pattern, from: p, negated: negated, work: &work) }
        continue
      }
      if low == byte { return skipped(pattern, from: p, negated: negated, work: &work) }
    }
  }

  /// A bracket whose member before `from` matched: what it comes to once the rest of it is skipped.
  private static func skipped(_ pattern: [UInt8], from: Int, negated: Bool, work: inout Work) -> Bracket {
    var p = from
    while true {
      work.bytes += 1
      guard p < pattern.count else { return .notABracket }
      let byte = pattern[p]
      if byte == UInt8(ascii: "]") { return negated ? .notMatched : .matched(next: p + 1) }
      if byte == UInt8(ascii: "\\") {
        p += 2
      } else if byte == UInt8(ascii: "["), let (_, end) = className(pattern, at: p) {
        p = end
      } else {
        p += 1
      }
    }
  }

  /// The name of the class `[:name:]` at `start` (a `[`) and the position after it, when there is one
  /// there: a `:` then letters `a` to `y` then `:]`, as `fnmatch` reads class names.
  private static func className(_ pattern: [UInt8], at start: Int) -> (ArraySlice<UInt8>, end: Int)? {
    guard start + 1 < pattern.count, pattern[start + 1] == UInt8(ascii: ":") else { return nil }
    var index = start + 2
    while index + 1 < pattern.count {
      if pattern[index] == UInt8(ascii: ":") && pattern[index + 1] == UInt8(ascii: "]") {
        return (pattern[(start + 2)..<index], index + 2)
      }
      guard pattern[index] >= UInt8(ascii: "a") && pattern[index] < UInt8(ascii: "z") else { return nil }
      index += 1
    }
    return nil
  }

  /// The members of a character class of the C locale, by name; `nil` for a name that is no class.
  private static func characterClass(_ name: ArraySlice<UInt8>) -> ((UInt8) -> Bool)? {
    func within(_ low: Character, _ high: Character) -> (UInt8) -> Bool {
      { $0 >= low.asciiValue! && $0 <= high.asciiValue! }
    }
    let upper = within("A", "Z")
    let lower = within("a", "z")
    let digit = within("0", "9")
    switch String(decoding: name, as: UTF8.self) {
    case "alpha": return { upper($0) || lower($0) }
    case "digit": return digit
    case "alnum": return { upper($0) || lower($0) || digit($0) }
    case "upper": return upper
    case "lower": return lower
    case "space": return { $0 == 0x20 || (0x09...0x0D).contains($0) }
    case "blank": return { $0 == 0x20 || $0 == 0x09 }
    case "punct": return { (0x21...0x7E).contains($0) && !(upper($0) || lower($0) || digit($0)) }
    case "print": return { (0x20...0x7E).contains($0) }
    case "graph": return { (0x21...0x7E).contains($0) }
    case "cntrl": return { $0 < 0x20 || $0 == 0x7F }
    case "xdigit": return { digit($0) || within("a", "f")($0) || within("A", "F")($0) }
    default: return nil
    }
  }

  // MARK: A path

  /// Whether the path's components match the pattern's, each by `component`, a `**` component
  /// (`isAnyComponents`) matching any number of them, none included; with `prefix`, whether some of the
  /// path's first components (one or more) do.
  static func components<Pattern>(
    _ pattern: ArraySlice<Pattern>, _ path: ArraySlice<Substring>, prefix: Bool = false,
    isAnyComponents: (Pattern) -> Bool, component: (Pattern, Substring) -> Bool, work: inout Work
  ) -> Bool {
    // Without `**` (most globs), component by component, with nothing to keep.
    if !pattern.contains(where: isAnyComponents) {
      guard prefix ? path.count >= pattern.count && !pattern.isEmpty : path.count == pattern.count else {
        return false
      }
      for (glob, name) in zip(pattern, path) {
        work.names += 1
        if !component(glob, name) { return false }
      }
      return true
    }
    let pattern = Array(pattern)
    let anyComponents = pattern.map(isAnyComponents)
    // Which pattern positions the components read so far reach; `pattern.count` is the end.
    var reached = [Bool](repeating: false, count: pattern.count + 1)
    reached[0] = true
    close(&reached, anyComponents)
    for name in path {
      var next = [Bool](repeating: false, count: pattern.count + 1)
      for position in pattern.indices where reached[position] {
        if anyComponents[position] {
          next[position] = true
        } else {
          work.names += 1
          if component(pattern[position], name) { next[position + 1] = true }
        }
      }
      close(&next, anyComponents)
      reached = next
      if prefix && reached[pattern.count] { return true }
      if !reached.contains(true) { return false }
    }
    return reached[pattern.count]
  }

  /// Adds to `reached` the positions after each `**` it holds, which matches no component too.
  private static func close(_ reached: inout [Bool], _ anyComponents: [Bool]) {
    for position in anyComponents.indices where reached[position] && anyComponents[position] {
      reached[position + 1] = true
    }
  }
}
