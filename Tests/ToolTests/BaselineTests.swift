import Foundation
import InertiaFormat
import InertiaLint
import TestSupport
import Testing

@testable import InertiaTool

/// Adopting the linter on a repository that already has findings: `--write-baseline`, `--baseline`, and
/// the configuration's `ignore` entries.
@Suite("Baselines and ignores")
struct BaselineTests {
  static let pose = Documents.pose

  /// A track of keyframes with the given ids and durations.
  static func animation(_ id: String, _ keyframes: [(String, String)]) -> String {
    let list = keyframes.map { #"{"id": "\#($0.0)", "duration": \#($0.1), "values": \#(pose)}"# }
    return #"{"id": "\#(id)", "invokeType": "trigger", "initialValues": \#(pose), "keyframes": ["#
      + list.joined(separator: ", ") + "]}"
  }

  static func file(_ animations: String...) -> String { "[" + animations.joined(separator: ", ") + "]\n" }

  static func lines(_ run: LintSandbox.Run, _ rule: String) -> [Substring] {
    run.stdout.split(separator: "\n").filter { $0.contains("[\(rule)]") }
  }

  @Test("A baseline leaves out the findings it lists, after edits elsewhere, and shows every new one")
  func baselineSurvivesEdits() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("Resources/animation.inertia", Self.file(Self.animation("card0", [("A", "1"), ("B", "-1")])))
    try sandbox.write("Other/animation.inertia", Self.file(Self.animation("card1", [("C", "-1")])))
    #expect(sandbox.run(["--no-config", "--strict"]).status == 1)

    let write = sandbox.run(["--no-config", "--write-baseline", "baseline.json"])
    #expect(write.status == 0 && write.stdout.isEmpty)
    #expect(write.stderr == "inertia-lint: wrote 2 findings in 2 files to baseline.json\n")
    let baseline = try sandbox.text("baseline.json")
    #expect(
      baseline.hasPrefix(
        "{\n  \"version\": 1,\n  \"tool\": \"inertia-lint\",\n  \"findings\": [\n    {\"file\":\"Other/"))
    #expect(baseline.contains(#""subject":"/card0/keyframes/B/duration""#))
    let clean = sandbox.run(["--no-config", "--strict", "--baseline", "baseline.json"])
    #expect(clean.status == 0, "\(clean.stdout)")
    #expect(
      clean.stdout == "0 errors, 0 warnings and 0 infos in 2 files (2 findings left out by ignores or a baseline).\n")
    let json = try JSONReader().read(
      Array(sandbox.run(["--no-config", "--format", "json", "--baseline", "baseline.json"]).stdout.utf8))
    #expect(json["summary"]?["suppressed"] == 2 && json["findings"]?.arrayValue?.isEmpty == true)

    // A keyframe inserted before the baselined one, an animation before its animation: still left out.
    // A new fault is reported, and so is a new fault of the same rule at another keyframe.
    try sandbox.write(
      "Resources/animation.inertia",
      Self.file(
        Self.animation("new", [("N", "-2")]),
        Self.animation("card0", [("Z", "1"), ("A", "1"), ("B", "-1"), ("D", "-1")])))
    let after = sandbox.run(["--no-config", "--strict", "--baseline", "baseline.json"])
    #expect(after.status == 1)
    let reported = Self.lines(after, "non-positive-duration")
    #expect(reported.count == 2)
    #expect(reported.contains { $0.hasSuffix("at /0/keyframes/0/duration") })
    #expect(reported.contains { $0.hasSuffix("at /1/keyframes/3/duration") })
    #expect(!after.stdout.contains("/1/keyframes/2/duration"), "B stays baselined")

    // The same from another working directory, with the baseline named by another path.
    let elsewhere = sandbox.run(["--no-config", "--baseline", "../baseline.json", "."], in: "Resources")
    #expect(Self.lines(elsewhere, "non-positive-duration").count == 2)
  }

  @Test("A baseline is the same file whatever order the files are linted in, and rewriting it changes nothing")
  func baselineIsStable() throws {
    let sandbox = try LintSandbox()
    for index in 0..<12 {
      try sandbox.write(
        "R\(index % 3)/f\(index).inertia", Self.file(Self.animation("card\(index)", [("A", "-1"), ("B", "0")])))
    }
    _ = sandbox.run(["--no-config", "--write-baseline", "one.json", "-j", "4"])
    _ = sandbox.run(["--no-config", "--write-baseline", "two.json", "-j", "1", "R2", "R0", "R1"])
    #expect(try sandbox.text("one.json") == sandbox.text("two.json"))
    // Writing over the baseline in use records everything again, the baselined findings included.
    _ = sandbox.run(["--no-config", "--baseline", "one.json", "--write-baseline", "one.json"])
    #expect(try sandbox.text("one.json") == sandbox.text("two.json"))
    // Findings past the per-rule limit are all recorded: no "… and N more" entry.
    try sandbox.write("big.inertia", FindingLimitTests.negativeDurations(150))
    _ = sandbox.run(["--no-config", "--write-baseline", "three.json"])
    let entries = try JSONReader().read(sandbox.read("three.json"))["findings"]?.arrayValue ?? []
    #expect(entries.filter { $0["file"] == "big.inertia" && $0["rule"] == "non-positive-duration" }.count == 150)
    #expect(sandbox.run(["--no-config", "--strict", "--baseline", "three.json"]).status == 0)
  }

  @Test("A baseline the configuration names applies to every run it governs, from any folder")
  func configurationBaseline() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("App/Resources/animation.inertia", Self.file(Self.animation("card0", [("A", "-1")])))
    try sandbox.write("App/.inertia-lint.json", #"{"baseline": "lint/baseline.json"}"#)
    try sandbox.write("App/lint/.keep", "")
    // Written by the command line, then named by the configuration.
    #expect(sandbox.run(["--write-baseline", "App/lint/baseline.json"]).status == 0)
    #expect(try sandbox.text("App/lint/baseline.json").contains(#"{"file":"../Resources/animation.inertia""#))
    for folder in [nil, "App", "App/Resources"] {
      let run = sandbox.run(["--strict"], in: folder)
      #expect(run.status == 0, "from \(folder ?? "the root"): \(run.stdout)")
      #expect(run.stdout.contains("(1 finding left out by ignores or a baseline)"))
    }
    // --write-baseline records what the configuration's baseline leaves out.
    #expect(sandbox.run(["--write-baseline", "again.json"]).status == 0)
    #expect(try sandbox.text("again.json").contains("non-positive-duration"))
    // A baseline that is not there is an error, naming it.
    try sandbox.write("App/.inertia-lint.json", #"{"baseline": "missing.json"}"#)
    let missing = sandbox.run([])
    #expect(missing.status == 2)
    #expect(
      missing.stderr.contains("App/missing.json: cannot read the baseline: No such file or directory"),
      "\(missing.stderr)")
  }

  @Test("A file name that is not UTF-8 is percent-encoded in the baseline, and matched")
  func nonUTF8Name() throws {
    let sandbox = try LintSandbox()
    let name = PathText.decode([0x66, 0xFF, 0x2E] + Array("inertia".utf8))
    try FileManager.default.createDirectory(atPath: sandbox.path("R"), withIntermediateDirectories: true)
    let bytes = Array(Self.file(Self.animation("card0", [("A", "-1")])).utf8)
    let fd = PathText.withCString(sandbox.path("R/") + name) { open($0, O_WRONLY | O_CREAT, 0o644) }
    #expect(fd >= 0)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    #expect(sandbox.run(["--no-config", "--write-baseline", "b.json"]).status == 0)
    #expect(try sandbox.text("b.json").contains(#"{"file":"R/f%FF.inertia","fileEncoding":"percent","#))
    #expect(sandbox.run(["--no-config", "--strict", "--baseline", "b.json"]).status == 0)
  }

  @Test("Two names String takes for equal (é and e + U+0301) are two files to a baseline")
  func canonicallyEquivalentNames() throws {
    let sandbox = try LintSandbox()
    let text = Self.file(Self.animation("card0", [("A", "-1")]))
    try sandbox.write("R/\u{E9}.inertia", text)
    _ = sandbox.run(["--no-config", "--write-baseline", "b.json"])
    try sandbox.write("R/e\u{301}.inertia", text)
    let run = sandbox.run(["--no-config", "--baseline", "b.json"])
    #expect(Self.lines(run, "non-positive-duration").count == 1, "\(run.stdout)")
    #expect(run.stdout.contains("(2 findings left out by ignores or a baseline)"), "the first file's two")
    _ = sandbox.run(["--no-config", "--write-baseline", "c.json"])
    let entries = try JSONReader().read(sandbox.read("c.json"))["findings"]?.arrayValue ?? []
    #expect(entries.filter { $0["rule"] == "non-positive-duration" }.count == 2, "one entry per file")
  }

  @Test("--fix leaves baselined findings as they are")
  func fixLeavesBaselined() throws {
    let sandbox = try LintSandbox(animation: Self.file(Self.animation("card0", [("A", "-1")])))
    _ = sandbox.run(["--no-config", "--write-baseline", "b.json"])
    try sandbox.write("animation.inertia", Self.file(Self.animation("card0", [("A", "-1"), ("B", "-1")])))
    let fix = sandbox.run(["--no-config", "--fix", "--baseline", "b.json"])
    #expect(fix.status == 0)
    #expect(
      fix.stdout.hasSuffix("fixed 1 problem in 1 file (1 finding left out by ignores or a baseline).\n"),
      "\(fix.stdout)")
    #expect(try sandbox.text("animation.inertia") == Self.file(Self.animation("card0", [("A", "-1"), ("B", "0.001")])))
  }

  @Test(
    "Bad baselines and misused options are errors naming where",
    arguments: [
      (#"{"findings": 3}"#, "b.json:1:1: a baseline has \"findings\", an array of objects"),
      (#"{"version": 2, "findings": []}"#, "b.json:1:13: this baseline's version is not 1"),
      ("{\"findings\": [\n  {\"file\": \"a\", \"rule\": \"schema\"}]}", "b.json:2:3: a finding needs \"pointer\""),
      (
        #"{"findings": [{"file": "a%G0", "fileEncoding": "percent", "rule": "x", "pointer": ""}]}"#,
        "b.json:1:24: \"file\" is not percent-encoded"
      ),
      ("[", "b.json:1:2: "),
    ])
  func badBaseline(_ text: String, _ message: String) throws {
    let sandbox = try LintSandbox(animation: Self.file(Self.animation("card0", [("A", "1")])))
    try sandbox.write("b.json", text)
    let run = sandbox.run(["--no-config", "--baseline", "b.json"])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("inertia-lint: configuration: " + message), "\(run.stderr)")
  }

  @Test(
    "--write-baseline refuses to be combined with fixing or a report",
    arguments: [
      ["--fix"], ["--diff"], ["--format", "json"], ["--output-file", "r.txt"], ["--statistics"],
    ])
  func writeBaselineUsage(_ extra: [String]) throws {
    let sandbox = try LintSandbox(animation: Self.file(Self.animation("card0", [("A", "1")])))
    let run = sandbox.run(["--write-baseline", "b.json"] + extra)
    #expect(run.status == 2 && run.stderr.contains("--write-baseline"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.path("b.json")))
  }

  @Test("A configuration's ignore leaves out rules in files by glob, at a place or in the whole file")
  func configurationIgnores() throws {
    let sandbox = try LintSandbox()
    let text = Self.file(Self.animation("card0", [("A", "-1"), ("B", "-1")]), Self.animation("card1", [("C", "-1")]))
    try sandbox.write("Legacy/old/animation.inertia", text)
    try sandbox.write("App/animation.inertia", text)
    try sandbox.write(
      "App/.inertia-lint.json",
      #"{"ignore": [{"files": "animation.inertia", "rules": ["non-positive-duration"], "pointer": "/card0/keyframes/B", "reason": "kept for the demo"}]}"#
    )
    try sandbox.write(".inertia-lint.json", #"{"ignore": [{"files": ["Legacy"], "rules": ["non-positive-duration"]}]}"#)
    let run = sandbox.run(["--strict"])
    let reported = Self.lines(run, "non-positive-duration")
    #expect(reported.count == 2, "\(run.stdout)")
    #expect(reported.allSatisfy { $0.hasPrefix("App/animation.inertia") })
    #expect(!run.stdout.contains("/0/keyframes/1/duration"))
  }

  @Test(
    "A configuration's ignore with a mistake is an error naming the line and column",
    arguments: [
      (#"{"ignore": {}}"#, "1:12: ignore must be an array of objects"),
      (#"{"ignore": [{"rules": ["schema"]}]}"#, "1:13: an ignore entry needs \"files\""),
      (#"{"ignore": [{"files": "*", "rules": []}]}"#, "1:13: an ignore entry needs \"rules\""),
      (#"{"ignore": [{"files": "*", "rules": ["shcema"]}]}"#, "1:38: unknown rule 'shcema'"),
      (#"{"ignore": [{"files": "*", "rules": ["schema"], "pointer": "0/x"}]}"#, "1:60: pointer must be a JSON Pointer"),
      (
        #"{"ignore": [{"files": "*", "rules": ["schema"], "because": "x"}]}"#,
        "1:49: unknown key 'because' in an ignore entry"
      ),
    ])
  func badIgnore(_ text: String, _ message: String) throws {
    let sandbox = try LintSandbox(animation: Self.file(Self.animation("card0", [("A", "1")])))
    try sandbox.write(".inertia-lint.json", text)
    let run = sandbox.run([])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("inertia-lint: configuration: .inertia-lint.json:" + message), "\(run.stderr)")
  }
}
