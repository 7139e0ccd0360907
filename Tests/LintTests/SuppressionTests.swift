import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint

/// The per-rule limit and suppressions, checked as invariants over documents with many findings of many
/// rules: whatever is limited or left out, each rule's findings are its own.
@Suite("Limits and suppressions")
struct SuppressionTests {
  /// A document with several findings of most rules, several of them from the one schema walk.
  static let manyFaults: String = {
    let pose = RuleText.pose
    let keyframes = (0..<6).map { #"{"id": "K\#($0)", "duration": -1, "values": \#(pose), "note\#($0)": 1}"# }
    let shapes = (0..<6).map {
      #"{"id": "S\#($0)", "zIndex": null, "position": \#($0 % 2 == 0 ? "null" : "\"middle\""), "stroke": 3}"#
    }
    return #"[{"id": "card0", "invokeType": "trigger", "initialValues": \#(pose), "keyframes": ["#
      + keyframes.joined(separator: ", ") + #"], "shapes": ["# + shapes.joined(separator: ", ") + "]}, "
      + #"{"id": "card0", "invokeType": "auto", "initialValues": {"scale": "1"}, "keyframes": []}]"#
  }()

  /// Every corpus file, and ``manyFaults``.
  static func documents() throws -> [(name: String, bytes: [UInt8])] {
    let corpus = CorpusTests.directory
    var documents = [("many-faults.json", Array(manyFaults.utf8))]
    for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() where name.contains(".") {
      documents.append((name, try [UInt8](Data(contentsOf: corpus.appendingPathComponent(name)))))
    }
    return documents
  }

  static func lint(_ bytes: [UInt8], _ name: String, limit: Int, suppression: FindingSuppression = .init())
    -> [Finding]
  {
    var linter = Linter()
    linter.maxFindingsPerRule = limit
    linter.suppression = suppression
    return linter.lint(bytes, file: name, fileName: "animation.json")
  }

  static func countsByRule(_ findings: [Finding]) -> [String: Int] {
    findings.reduce(into: [:]) { $0[$1.ruleID, default: 0] += max($1.omittedCount, 1) }
  }

  @Test("With a limit, each rule reports as many findings as without one, counting those it only counts")
  func limitKeepsEachRulesCount() throws {
    let many = try #require(try Self.documents().first)
    #expect(Self.countsByRule(Self.lint(many.bytes, many.name, limit: 0)).count >= 5, "the document is varied")
    for (name, bytes) in try Self.documents() {
      let all = Self.lint(bytes, name, limit: 0)
      let severities = Dictionary(all.map { ($0.ruleID, $0.severity) }) { a, b in max(a, b) }
      for limit in [1, 2, 3] {
        let limited = Self.lint(bytes, name, limit: limit)
        #expect(Self.countsByRule(limited) == Self.countsByRule(all), "\(name), limit \(limit)")
        for finding in limited where finding.omittedCount > 0 {
          // A rule's "… and N more" has one of that rule's severities: counted past the limit, a warning
          // never turns into an error of another rule.
          #expect(finding.severity <= severities[finding.ruleID]!, "\(name): \(finding.ruleID)")
        }
        for (rule, count) in Self.countsByRule(limited.filter { $0.omittedCount == 0 }) {
          #expect(count == min(limit, Self.countsByRule(all)[rule]!), "\(name): \(rule)")
        }
      }
    }
  }

  @Test("Leaving out findings by subject leaves out exactly those, whatever the limit", arguments: [0, 1, 2])
  func suppressingBySubject(_ limit: Int) throws {
    for (name, bytes) in try Self.documents() {
      let all = Self.lint(bytes, name, limit: 0)
      // Every other finding, by rule and subject.
      var suppression = FindingSuppression()
      var left: Set<String> = []
      for (index, finding) in all.enumerated() where index % 2 == 0 {
        suppression.ignore(finding.ruleID, pointer: finding.pointer.description, subject: finding.subject)
        left.insert(finding.ruleID + " " + (finding.subject ?? ""))
      }
      let expected = all.filter { !left.contains($0.ruleID + " " + ($0.subject ?? "")) }
      let found = Self.lint(bytes, name, limit: limit, suppression: suppression)
      #expect(Self.countsByRule(found) == Self.countsByRule(expected), "\(name), limit \(limit)")
      if limit == 0 {
        #expect(found == expected, "\(name)")
        var linter = Linter()
        linter.maxFindingsPerRule = 0
        linter.suppression = suppression
        let linted = linter.linted(FileContents(copying: bytes), file: name, fileName: "animation.json")
        #expect(linted.suppressedCount == all.count - expected.count, "\(name): every finding left out is counted")
      }
    }
  }

  @Test("An ignore leaves out a rule's findings at a place and under it, by pointer or by subject")
  func ignoringUnderAPlace() throws {
    let bytes = Array(Self.manyFaults.utf8)
    let all = Self.lint(bytes, "x.json", limit: 0)
    let cases: [(place: String, rule: String, isLeftOut: (Finding) -> Bool)] = [
      ("", "non-positive-duration", { $0.ruleID == "non-positive-duration" }),
      (
        "/0/keyframes/2", "unknown-field",
        { $0.ruleID == "unknown-field" && $0.pointer.description.hasPrefix("/0/keyframes/2/") }
      ),
      ("/card0/shapes/S1", "schema", { $0.ruleID == "schema" && $0.pointer.description.hasPrefix("/0/shapes/1/") }),
      (
        "/0/shapes", "null-optional-field",
        { $0.ruleID == "null-optional-field" && $0.pointer.description.hasPrefix("/0/") }
      ),
      // A place is matched by whole tokens: /0/keyframes/1 is not /0/keyframes/10's parent.
      ("/0/keyframes/1/du", "non-positive-duration", { _ in false }),
    ]
    for (place, rule, isLeftOut) in cases {
      var suppression = FindingSuppression()
      suppression.ignore(rule, under: place)
      let expected = all.filter { !isLeftOut($0) }
      #expect(expected.count < all.count || place.hasSuffix("/du"), "\(place) leaves something out")
      #expect(Self.lint(bytes, "x.json", limit: 0, suppression: suppression) == expected, "\(rule) under \(place)")
    }
  }

  @Test("A fixer leaves a left-out finding as it is, and fixes the rest")
  func fixerLeavesSuppressed() throws {
    var linter = Linter()
    linter.suppression.ignore("non-positive-duration", under: "/card0/keyframes/K1")
    let result = DocumentFixer(linter: linter).fix(
      Array(Self.manyFaults.utf8), file: "x.json", fileName: "animation.json")
    let fixed = String(decoding: result.fixed, as: UTF8.self)
    #expect(fixed.contains(#"{"id": "K1", "duration": -1"#))
    #expect(fixed.contains(#"{"id": "K0", "duration": 0.001"#) && fixed.contains(#"{"id": "K5", "duration": 0.001"#))
    #expect(!result.remainingFindings.contains { $0.ruleID == "non-positive-duration" })
  }

  @Test("An unreadable file's finding is left out like any other")
  func invalidFile() {
    var suppression = FindingSuppression()
    suppression.ignore("invalid-file")
    #expect(Self.lint(Array("[1, ".utf8), "x.json", limit: 0).map(\.ruleID) == ["invalid-file"])
    #expect(Self.lint(Array("[1, ".utf8), "x.json", limit: 0, suppression: suppression).isEmpty)
  }
}
