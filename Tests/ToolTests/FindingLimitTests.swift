import Foundation
import InertiaFormat
import InertiaLint
import TestSupport
import Testing

@testable import InertiaTool

/// At most `--max-findings` findings of a rule in a file, then one saying how many more, in every format;
/// and fingerprints that survive unrelated edits.
@Suite("Finding limits and subjects")
struct FindingLimitTests {
  /// An animation with `count` keyframes of duration -1: `count` non-positive-duration errors, all fixable.
  static func negativeDurations(_ count: Int) -> String {
    let keyframes = (0..<count).map { #"{"id": "K\#($0)", "duration": -1, "values": \#(Documents.pose)}"# }
    return #"[{"id": "card0", "invokeType": "trigger", "initialValues": \#(Documents.pose), "keyframes": ["#
      + keyframes.joined(separator: ",\n") + "]}]\n"
  }

  @Test("Past 100 findings of a rule in a file, one finding says how many more, the same in every format")
  func limit() throws {
    let sandbox = try LintSandbox(animation: Self.negativeDurations(250))
    let text = sandbox.run(["--no-config"])
    let lines = text.stdout.split(separator: "\n").filter { $0.contains("[non-positive-duration]") }
    #expect(lines.count == 101)
    #expect(lines.last?.contains("… and 150 more findings of this rule in this file") == true)
    #expect(
      text.stdout.hasSuffix("250 errors, 0 warnings and 0 infos in 1 file.\n[*] 250 fixable with `--fix`.\n"),
      "the summary counts them all, and the fixable ones past the limit")
    let json = try JSONReader().read(Array(sandbox.run(["--no-config", "--format", "json"]).stdout.utf8))
    let findings = try #require(json["findings"]?.arrayValue)
    #expect(findings.count == 101 && findings.last?["omitted"] == 150 && json["summary"]?["errors"] == 250)
    let sarif = try JSONReader().read(Array(sandbox.run(["--no-config", "--format", "sarif"]).stdout.utf8))
    let results = try #require(sarif["runs"]?.arrayValue?.first?["results"]?.arrayValue)
    #expect(results.count == 101 && results.last?["properties"]?["omitted"] == 150)
    let all = sandbox.run(["--no-config", "--max-findings", "0"])
    #expect(all.stdout.split(separator: "\n").filter { $0.contains("[non-positive-duration]") }.count == 250)
    let ten = sandbox.run(["--no-config", "--max-findings", "10"])
    #expect(ten.stdout.split(separator: "\n").filter { $0.contains("[non-positive-duration]") }.count == 11)
  }

  @Test("--fix fixes every finding, however many the report lists")
  func fixEveryOne() throws {
    let sandbox = try LintSandbox(animation: Self.negativeDurations(250))
    let run = sandbox.run(["--no-config", "--fix"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("fixed 250 problems"))
    #expect(
      try sandbox.text("animation.inertia") == Self.negativeDurations(250).replacingOccurrences(of: "-1", with: "0.001")
    )
  }

  @Test("A finding's subject names it by the ids along its path, so inserting a keyframe before it changes nothing")
  func stableSubject() throws {
    let pose = Documents.pose
    let before =
      #"[{"id": "card0", "invokeType": "trigger", "initialValues": \#(pose), "keyframes": [{"id": "A", "duration": 0, "values": \#(pose)}, {"id": "B", "duration": -1, "values": \#(pose)}]}]"#
    let after = before.replacingOccurrences(
      of: #"[{"id": "A""#, with: #"[{"id": "Z", "duration": 0, "values": \#(pose)}, {"id": "A""#
    ).replacingOccurrences(of: #""id": "A", "duration": 0"#, with: #""id": "A", "duration": 1"#)
    func fingerprints(_ text: String) throws -> [String] {
      let sandbox = try LintSandbox(animation: text)
      let log = try JSONReader().read(Array(sandbox.run(["--no-config", "--format", "sarif"]).stdout.utf8))
      let results = log["runs"]?.arrayValue?.first?["results"]?.arrayValue ?? []
      return results.compactMap { $0["partialFingerprints"]?["inertiaFinding/v1"]?.stringValue }
    }
    let old = try fingerprints(before)
    let new = try fingerprints(after)
    #expect(!old.isEmpty && old == new)
    let findings = Linter().lint(Array(before.utf8), file: "a", fileName: "animation.json")
    #expect(findings.first { $0.ruleID == "non-positive-duration" }?.subject == "/card0/keyframes/B/duration")
  }
}
