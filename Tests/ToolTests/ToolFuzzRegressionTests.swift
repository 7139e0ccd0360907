import Foundation
import TestSupport
import Testing

@testable import InertiaTool

/// Replays every input the `output-plan`, `paths` and `merge` fuzz targets ever failed on
/// (`Tests/Fuzz/Regressions/TARGET/`) and the corpus they keep (`Tests/Fuzz/Corpus/TARGET/`) through the
/// checks the targets run, and checks those checks on inputs written by hand. One at a time: the plans
/// make and remove files in one sandbox.
@Suite(.serialized) struct ToolFuzzRegressionTests {
  /// Each target's check, by the folder its inputs are kept in.
  static let checks: [String: @Sendable ([UInt8]) throws -> Void] = [
    "output-plan": OutputPlanFuzzChecks.plan, "paths": PathFuzzChecks.paths, "merge": MergeFuzzChecks.merge,
  ]

  @Test(arguments: FuzzInput.all(of: ["output-plan", "paths", "merge"], in: ["Regressions", "Corpus"]))
  func replay(_ input: FuzzInput) throws {
    try Self.checks[input.target]!(input.bytes())
  }

  /// Paths whose `/`, `.` or line ends a `Character` hides: a combining mark after `/` or `.` joins
  /// it into one `Character`, `\r\n` is one, and `é` equals `e` + U+0301 as `String`s (issue 10's class:
  /// never handle a path as text the kernel does not read).
  @Test(
    "path arithmetic, globs and .gitignore lines by bytes",
    arguments: [
      "d/\u{301}x.inertia", "/\u{301}", "a/b/\u{301}", "caf\u{E9}\0cafe\u{301}", "cafe\u{301}\0caf\u{E9}",
      "x.inertia\0\0a\r\nx.inertia\r\n", "dir/\u{301}name\0\u{301}name\0!\u{301}name\n\u{301}name",
      "n\u{FF}\u{301}\0n\u{FF}\u{301}", "\u{10FF41}\0*",
    ])
  func pathsByBytes(_ text: String) throws {
    try PathFuzzChecks.paths(Array(text.utf8))
  }

  @Test("a .gitignore with CRLF line ends ignores what its lines name")
  func gitIgnoreCRLF() {
    let ignore = GitIgnore(base: "/repository", text: "*.tmp\r\nbuild/\r\n!keep.tmp\r\n")
    #expect(ignore.decision("a.tmp", isDirectory: false) == true)
    #expect(ignore.decision("build", isDirectory: true) == true)
    #expect(ignore.decision("keep.tmp", isDirectory: false) == false)
    #expect(ignore.decision("a.inertia", isDirectory: false) == nil)
  }

  @Test("FilePath cuts at every / and compares bytes")
  func filePathByBytes() {
    #expect(FilePath.name(of: "d/\u{301}x.inertia") == "\u{301}x.inertia")
    #expect(FilePath.directory(of: "d/\u{301}x.inertia") == "d")
    #expect(FilePath.components("a/\u{301}b//c/").map(String.init) == ["a", "\u{301}b", "c"])
    #expect(FilePath.relative("/r/caf\u{E9}/x", to: "/r/cafe\u{301}") == nil)
    #expect(FilePath.relative("/r/cafe\u{301}/x", to: "/r/cafe\u{301}") == "x")
    #expect(Glob("caf\u{E9}").matchesFile(["cafe\u{301}"]) == false)
    #expect(Glob("cafe\u{301}").matchesFile(["cafe\u{301}"]))
    #expect(ConvertCommand.outputName(for: "o/x.\u{301}inertia", .toJSON) == "x.json")
  }

  /// Plans over the sandbox's files: a combining mark after `/` must not move a result out of
  /// `--out-dir`, and the checks must see an output that is an input.
  @Test("output plans over the sandbox keep their promises")
  func plans() throws {
    // `--out-dir out` (mode 2), inputs `a.inertia`, `sub/\u{301}x.inertia`.
    try OutputPlanFuzzChecks.plan([2, 7, 0, 0] + Array("sub/\u{301}x.inertia".utf8))
    // Several inputs beside themselves (mode 0, to-json): `a.inertia` and `la.json` (-> a.json) is refused.
    try OutputPlanFuzzChecks.plan([0, 0, 0, 4])
    // `-o sub/../a.json` for the input `a.json` is refused; `-o -` goes to standard output.
    try OutputPlanFuzzChecks.plan([1, 5, 11, 9, 11, 1, 0, 1])
    try OutputPlanFuzzChecks.plan([1, 14, 0, 1])
  }
}
