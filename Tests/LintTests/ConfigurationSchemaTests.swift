import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint

/// `schema/inertia-lint.schema.json`, the JSON Schema editors check `.inertia-lint.json` with: generated
/// from the parser's keys and the rules, and accepting exactly what the parser accepts.
@Suite("The configuration's JSON Schema")
struct ConfigurationSchemaTests {
  static let committed = Fixtures.packageRoot.appendingPathComponent(LintConfiguration.jsonSchemaPath)

  @Test("The committed schema is the one the code generates (RECORD_SNAPSHOTS=1 writes it afresh)")
  func committedSchemaIsCurrent() throws {
    let generated = LintConfiguration.jsonSchemaText()
    if Fixtures.recording {
      try Data(generated).write(to: Self.committed, options: .atomic)
      return
    }
    #expect(
      (try? Fixtures.bytes(Self.committed)) == generated,
      "\(LintConfiguration.jsonSchemaPath) is stale: run RECORD_SNAPSHOTS=1 swift test --disable-xctest --filter ConfigurationSchemaTests"
    )
  }

  @Test("The schema names every key the parser reads and every rule")
  func everyKeyAndRule() throws {
    let schema = LintConfiguration.jsonSchema()
    #expect(schema["properties"]?.mapEntries?.compactMap(\.key.stringValue) == LintConfiguration.keys)
    let rules = schema["properties"]?["rules"]?["properties"]?.mapEntries?.compactMap(\.key.stringValue)
    #expect(rules == RuleRegistry.identifiers + RuleRegistry.removedRules.map(\.identifier))
  }

  /// Configurations the parser accepts, then ones it refuses.
  static let accepted = [
    "{}",
    #"{"$schema": "../schema/inertia-lint.schema.json"}"#,
    #"{"rules": {"schema": "warning", "loop-stretched": "off"}, "include": ["*.inertia"], "exclude": []}"#,
    #"{"containerId": "onboarding", "loopDuration": 0.5}"#,
    #"{"containerId": ["animation", "onboarding"], "loopDuration": 5}"#,
    #"{"ignore": [{"files": "Legacy/**", "rules": ["schema"], "reason": "old"}], "baseline": "b.json"}"#,
    #"{"ignore": [{"files": ["a", "b"], "rules": ["schema", "unknown-field"], "pointer": ""}]}"#,
    #"{"ignore": [{"files": "a", "rules": ["schema"], "pointer": "/card0/keyframes/K1"}]}"#,
    #"{"ignore": []}"#,
    #"{"appSources": false}"#,
    #"{"appSources": true}"#,
    #"{"appSources": {}}"#,
    #"{"appSources": {"include": ["ios/**"], "exclude": []}}"#,
    #"{"rules": {"unknown-animation-id": "error", "unused-animation": "off"}}"#,
    #"{"ignore": [{"files": "App.swift", "rules": ["unknown-animation-id"], "pointer": "/welcomeTitel"}]}"#,
    // A removed rule's id: accepted (and ignored, with a warning).
    #"{"rules": {"auto-invoke-type": "off", "schema": "error"}}"#,
    #"{"ignore": [{"files": "a", "rules": ["auto-invoke-type", "schema"]}]}"#,
  ]
  static let refused = [
    "[]",
    #"{"$schema": 1}"#,
    #"{"rule": {}}"#,
    #"{"rules": {"shcema": "error"}}"#,
    #"{"rules": {"schema": "fatal"}}"#,
    #"{"rules": {"auto-invoke-type": "fatal"}}"#,
    #"{"ignore": [{"files": "a", "rules": ["auto-invoke-typo"]}]}"#,
    #"{"rules": []}"#,
    #"{"include": "*.inertia"}"#,
    #"{"include": [""]}"#,
    #"{"exclude": [1]}"#,
    #"{"containerId": [""]}"#,
    #"{"containerId": 3}"#,
    #"{"loopDuration": 0}"#,
    #"{"loopDuration": -2}"#,
    #"{"loopDuration": "3"}"#,
    #"{"ignore": {}}"#,
    #"{"ignore": [{"rules": ["schema"]}]}"#,
    #"{"ignore": [{"files": "a"}]}"#,
    #"{"ignore": [{"files": "", "rules": ["schema"]}]}"#,
    #"{"ignore": [{"files": [], "rules": ["schema"]}]}"#,
    #"{"ignore": [{"files": "a", "rules": []}]}"#,
    #"{"ignore": [{"files": "a", "rules": ["nope"]}]}"#,
    #"{"ignore": [{"files": "a", "rules": ["schema"], "pointer": "0/x"}]}"#,
    #"{"ignore": [{"files": "a", "rules": ["schema"], "reason": 1}]}"#,
    #"{"ignore": [{"files": "a", "rules": ["schema"], "because": "x"}]}"#,
    #"{"baseline": ""}"#,
    #"{"baseline": ["b.json"]}"#,
    #"{"appSources": "ios"}"#,
    #"{"appSources": ["ios/**"]}"#,
    #"{"appSources": {"include": "ios/**"}}"#,
    #"{"appSources": {"exclude": [""]}}"#,
    #"{"appSources": {"paths": ["ios"]}}"#,
  ]

  @Test("The schema accepts exactly the configurations the parser accepts", arguments: accepted + refused)
  func agreesWithParser(_ text: String) throws {
    let validator = try JSONSchemaValidator(schema: LintConfiguration.jsonSchema())
    let parsed = Result { try LintConfiguration.parse(Array(text.utf8), path: "c.json") }
    let failures = validator.failures(in: try JSONReader().read(Array(text.utf8)))
    let parses = (try? parsed.get()) != nil
    #expect(parses == Self.accepted.contains(text), "the sample's list")
    #expect(failures.isEmpty == parses, "schema: \(failures), parser: \(parsed)")
  }
}
