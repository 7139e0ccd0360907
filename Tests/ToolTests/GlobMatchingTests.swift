import Testing

@testable import InertiaTool

#if canImport(Glibc)
  import Glibc
#endif

/// The one glob matcher (issue 29: an exclude of eight `**/` against a path 30 folders deep took 53 s):
/// what it matches is what `fnmatch(3)` matches, and the work it does is bounded by the sizes of the
/// pattern and the path, counted in steps at n and 4n, never timed.
@Suite("Glob matching")
struct GlobMatchingTests {
  /// A generator of the same numbers on every run.
  struct SplitMix {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }

  #if canImport(Glibc)
    @Test("A name matches a pattern exactly when fnmatch without flags says so (200,000 random pairs)")
    func agreesWithFnmatch() {
      var random = SplitMix(state: 29)
      let pieces = [
        "a", "b", "-", "]", "[", "!", "^", "*", "?", "\\", ":", ".", "[:alpha:]", "[:digit:]", "[:nope:]", "z", "0",
        "\u{E9}", "[a-c]", "[!a]", "[]", "[\\]]",
      ]
      let nameBytes = Array("ab-][\\:.z0".utf8) + [0xC3, 0xA9]
      var disagreements: [(String, [UInt8])] = []
      for _ in 0..<200_000 {
        var pattern = ""
        for _ in 0..<random.next(7) { pattern += pieces[random.next(pieces.count)] }
        let name = (0..<random.next(7)).map { _ in nameBytes[random.next(nameBytes.count)] }
        var work = GlobMatching.Work()
        let ours = GlobMatching.name(Array(pattern.utf8), name, work: &work)
        let theirs = pattern.withCString { p in
          (name.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { fnmatch(p, $0.baseAddress!, 0) == 0 }
        }
        if ours != theirs && disagreements.count < 10 { disagreements.append((pattern, name)) }
      }
      #expect(disagreements.isEmpty, "\(disagreements.map { "\($0.0) ~ \(String(decoding: $0.1, as: UTF8.self))" })")
    }
  #endif

  @Test("A path against a pattern of `**`: names matched grow with the path's length, not exponentially")
  func anyComponentsAreLinear() {
    func work(stars: Int, depth: Int) -> (matched: Bool, names: Int) {
      let glob = Glob(String(repeating: "**/", count: stars) + "x")
      let path = (0..<depth).map { _ in Substring("d") } + ["y"]
      var work = GlobMatching.Work()
      let matched = glob.matchesPathOrParent(path, work: &work)
      return (matched, work.names)
    }
    // The reported case: eight `**/` against a path 30 folders deep, which took 53 s.
    let reported = work(stars: 8, depth: 30)
    #expect(!reported.matched)
    #expect(reported.names <= 9 * 31)
    for stars in [1, 8, 32] {
      let (n, fourN) = (work(stars: stars, depth: 100).names, work(stars: stars, depth: 400).names)
      #expect(fourN <= 4 * n + 4, "\(stars) stars: \(n) names at depth 100, \(fourN) at 400")
    }
    // And in the number of `**`.
    let (n, fourN) = (work(stars: 25, depth: 100).names, work(stars: 100, depth: 100).names)
    #expect(fourN <= 4 * n + 4, "\(n) names for 25 `**`, \(fourN) for 100")
  }

  @Test("A name against a pattern of many `*`: steps bounded by pattern × name, at n and 4n")
  func starsAreBounded() {
    func steps(stars: Int, length: Int) -> Int {
      let pattern = Array(String(repeating: "*a", count: stars).utf8) + Array("*b".utf8)
      var work = GlobMatching.Work()
      #expect(!GlobMatching.name(pattern, [UInt8](repeating: UInt8(ascii: "a"), count: length), work: &work))
      #expect(work.bytes <= (pattern.count + 1) * (length + 1))
      return work.bytes
    }
    let (n, fourN) = (steps(stars: 10, length: 250), steps(stars: 10, length: 1000))
    #expect(fourN <= 4 * n + 16, "\(n) steps for a name of 250 bytes, \(fourN) for 1000")
  }

  @Test("Matches as before: `**` none or several folders, a prefix for an exclude, `.gitignore` lines too")
  func semantics() {
    #expect(Glob("**/**/x").matchesFile(["x"]))
    #expect(Glob("a/**/b/**/c").matchesFile(["a", "b", "q", "c"]))
    #expect(!Glob("a/**/b/**/c").matchesFile(["a", "c"]))
    #expect(Glob("a/**").matchesPathOrParent(["a", "b"]))
    #expect(Glob("**/Generated").matchesPathOrParent(["x", "Generated", "y.inertia"]))
    #expect(!Glob("**/Generated").matchesPathOrParent(["x", "Generate", "y.inertia"]))
    let ignore = GitIgnore(base: "/r", text: "a/**/z\n")
    #expect(ignore.decision("a/b/c/z", isDirectory: false) == true)
    #expect(ignore.decision("a/z", isDirectory: false) == true)
    #expect(ignore.decision("b/z", isDirectory: false) == nil)
  }
}
