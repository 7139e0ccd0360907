import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint

/// `Linter(severities:)`: a rule switched off is off, a rule left out keeps its default, and an id that
/// names no rule is refused.
@Suite("Rule severities")
struct RuleSeverityTests {
  /// A file that triggers `loop-stretched` (info) and `hand-authored-vertices` (info): a 4-second auto
  /// track whose view carries a shape drawn from vertices.
  static let text = """
    [{"id": "card0", "invokeType": "auto", "initialValues": {"scale": 1, "translate": [0, 0], "rotate": 0, \
    "rotateCenter": 0, "opacity": 1}, "keyframes": [{"id": "A", "duration": 4, "values": {"scale": 1, \
    "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}}], "shapes": [{"id": "S", "zIndex": 0, \
    "vertices": [{"position": {"x": 0, "y": 0}, "color": {"red": 1, "green": 0, "blue": 0, "alpha": 1}}]}]}]
    """

  static func rules(_ linter: Linter) -> [String] {
    linter.lint(Array(text.utf8), file: "a.json", fileName: "animation.json").map(\.ruleID)
  }

  @Test("By default both rules report")
  func defaults() {
    #expect(Self.rules(Linter()) == ["loop-stretched", "hand-authored-vertices"])
    #expect(Linter().rules.count == RuleRegistry.rules.count)
  }

  @Test(".off switches a rule off; another severity changes its findings'")
  func offAndSeverity() throws {
    let linter = try Linter(severities: ["loop-stretched": .off, "hand-authored-vertices": .error])
    #expect(!linter.rules.contains { $0.rule.description.identifier == "loop-stretched" })
    let findings = linter.lint(Array(Self.text.utf8), file: "a.json", fileName: "animation.json")
    #expect(findings.map(\.ruleID) == ["hand-authored-vertices"])
    #expect(findings.map(\.severity) == [.error])
  }

  @Test("Removing an entry gives the rule back its default: no value means 'not configured', never 'on' or 'off'")
  func removingAnEntry() throws {
    var severities: [String: RuleSeverity] = ["loop-stretched": .off, "hand-authored-vertices": .warning]
    severities["loop-stretched"] = nil
    severities["hand-authored-vertices"] = nil
    let linter = try Linter(severities: severities)
    let findings = linter.lint(Array(Self.text.utf8), file: "a.json", fileName: "animation.json")
    #expect(findings.map(\.ruleID) == ["loop-stretched", "hand-authored-vertices"])
    #expect(findings.map(\.severity) == [.info, .info])
  }

  /// A removed rule's id (`auto-invoke-type`, whose every finding was false) is accepted at any severity and
  /// changes nothing: the same rules run and the same findings come out, none of them its own.
  @Test(
    "A removed rule's id is accepted and has no effect",
    arguments: RuleRegistry.removedRules.map(\.identifier).flatMap { id in RuleSeverity.allCases.map { (id, $0) } })
  func removedRule(_ id: String, _ severity: RuleSeverity) throws {
    let linter = try Linter(severities: [id: severity])
    #expect(linter.rules.count == RuleRegistry.rules.count)
    #expect(Self.rules(linter) == Self.rules(Linter()))
    #expect(!Self.rules(linter).contains(id))
    #expect(RuleRegistry.description(of: id) == nil)
    #expect(RuleSelection.unknownRuleMessage(id).hasPrefix("rule '\(id)' was removed: "))
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
