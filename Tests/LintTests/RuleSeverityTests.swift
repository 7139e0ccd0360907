import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint

/// `Linter(severities:)`: a rule switched off is off, a rule left out keeps its default, and an id that
/// names no rule is refused.
@Suite("Rule severities")
struct RuleSeverityTests {
  /// A file that triggers `auto-invoke-type` (info) and `loop-stretched` (info): a 4-second auto track.
  static let text = """
    [{"id": "card0", "invokeType": "auto", "initialValues": {"scale": 1, "translate": [0, 0], "rotate": 0, \
    "rotateCenter": 0, "opacity": 1}, "keyframes": [{"id": "A", "duration": 4, "values": {"scale": 1, \
    "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}}]}]
    """

  static func rules(_ linter: Linter) -> [String] {
    linter.lint(Array(text.utf8), file: "a.json", fileName: "animation.json").map(\.ruleID)
  }

  @Test("By default both rules report")
  func defaults() {
    #expect(Self.rules(Linter()) == ["auto-invoke-type", "loop-stretched"])
    #expect(Linter().rules.count == RuleRegistry.rules.count)
  }

  @Test(".off switches a rule off; another severity changes its findings'")
  func offAndSeverity() throws {
    let linter = try Linter(severities: ["loop-stretched": .off, "auto-invoke-type": .error])
    #expect(!linter.rules.contains { $0.rule.description.identifier == "loop-stretched" })
    let findings = linter.lint(Array(Self.text.utf8), file: "a.json", fileName: "animation.json")
    #expect(findings.map(\.ruleID) == ["auto-invoke-type"])
    #expect(findings.map(\.severity) == [.error])
  }

  @Test("Removing an entry gives the rule back its default: no value means 'not configured', never 'on' or 'off'")
  func removingAnEntry() throws {
    var severities: [String: RuleSeverity] = ["loop-stretched": .off, "auto-invoke-type": .warning]
    severities["loop-stretched"] = nil
    severities["auto-invoke-type"] = nil
    let linter = try Linter(severities: severities)
    let findings = linter.lint(Array(Self.text.utf8), file: "a.json", fileName: "animation.json")
    #expect(findings.map(\.ruleID) == ["auto-invoke-type", "loop-stretched"])
    #expect(findings.map(\.severity) == [.info, .info])
  }

  @Test("An id that names no rule is refused, with a suggestion", arguments: ["loop-strechted", "Schema", ""])
  func unknownRule(_ id: String) {
    let error = #expect(throws: UnknownRuleError.self) {
      try Linter(severities: ["schema": .error, id: .off])
    }
    #expect(error?.id == id)
    #expect(error?.description == RuleSelection.unknownRuleMessage(id))
    #expect(error?.description.hasPrefix("unknown rule '\(id)'") == true)
  }

  @Test("The misspelling names the rule it was near")
  func suggestion() {
    #expect(
      UnknownRuleError(id: "loop-strechted").description
        == "unknown rule 'loop-strechted'; did you mean 'loop-stretched'?")
  }

  @Test("The cases are the configuration's words, and each maps to its severity")
  func configurationWords() throws {
    #expect(RuleSeverity.allCases.map(\.rawValue) == ["off", "info", "warning", "error"])
    for severity in Severity.allCases {
      #expect(RuleSeverity(severity).severity == severity)
      #expect(RuleSeverity(rawValue: severity.rawValue) == RuleSeverity(severity))
    }
    #expect(RuleSeverity.off.severity == nil)
    let configuration = try LintConfiguration.parse(
      Array(#"{"rules": {"loop-stretched": "off", "schema": "warning"}}"#.utf8), path: ".inertia-lint.json")
    #expect(configuration.severities == ["loop-stretched": .off, "schema": .warning])
  }
}
