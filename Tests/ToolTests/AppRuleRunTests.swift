import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint
@testable import InertiaTool

/// The app rules as `inertia-lint` runs them: over the fixture apps (`Tests/AppFixtures`), every planted
/// defect at its line and column and nothing on the clean twins; and over a small app, in every output
/// format, through baselines, ignores, `--disable` and `--strict`.
@Suite("App rules, run by inertia-lint")
struct AppRuleRunTests {
  /// The rule that reports each kind of defect `expectations.json` names.
  static let ruleOfDefect = [
    "missing-bundled-file": "missing-bundled-file",
    "json-only-bundled-file": "missing-bundled-file",
    "undecodable-bundled-file": "undecodable-bundled-file",
    "missing-bundle-module": "bundle-not-module",
    "dev-container-not-animation": "container-not-addressed",
    "dev-true-outside-debug": "dev-mode-outside-debug",
    "unknown-tag-id": "unknown-animation-id",
    "unknown-trigger-id": "unknown-animation-id",
    "view-model-use": "view-model-use",
    "loop-duration-out-of-range": "loop-duration-range",
  ]

  static let fixtures = ["SwiftUIApp", "SwiftUIAppClean", "ComposeApp", "ComposeAppClean", "ReactApp", "ReactAppClean"]

  static let appRuleIDs = Set(RuleRegistry.appRules.map { $0.description.identifier })

  /// A sandbox holding a copy of the fixture app `name`, at its root.
  static func fixture(_ name: String) throws -> LintSandbox {
    let sandbox = try LintSandbox()
    let source = Fixtures.packageRoot.appendingPathComponent("Tests/AppFixtures/\(name)")
    for entry in try FileManager.default.contentsOfDirectory(atPath: source.path) where entry != "expectations.json" {
      try FileManager.default.copyItem(
        at: source.appendingPathComponent(entry), to: URL(fileURLWithPath: sandbox.path(entry)))
    }
    return sandbox
  }

  /// The defects a fixture's `expectations.json` plants, as `RULE FILE:LINE:COLUMN`.
  static func plantedDefects(_ name: String) throws -> [String] {
    let url = Fixtures.packageRoot.appendingPathComponent("Tests/AppFixtures/\(name)/expectations.json")
    let expectations = try JSONReader().read(Array(try Data(contentsOf: url)))
    return try (expectations["defects"]?.arrayValue ?? []).map { defect in
      let kind = try #require(defect["kind"]?.stringValue)
      let rule = try #require(ruleOfDefect[kind], "no rule for \(kind)")
      return "\(rule) \(defect["file"]?.stringValue ?? ""):\(int(defect["line"])):\(int(defect["column"]))"
    }.sorted()
  }

  /// A number of a JSON report, as an integer.
  static func int(_ value: MessagePackValue?) -> Int { Int(value?.doubleValue ?? 0) }

  /// The findings of a JSON report.
  static func findings(_ run: LintSandbox.Run) throws -> [MessagePackValue] {
    try JSONReader().read(Array(run.stdout.utf8))["findings"]?.arrayValue ?? []
  }

  @Test(
    "Every planted defect is found at its line and column, and nothing else; nothing on the clean twins",
    arguments: fixtures)
  func fixtureApps(_ name: String) throws {
    let sandbox = try Self.fixture(name)
    let run = sandbox.run(["--no-config", "--strict", "--format", "json"])
    let findings = try Self.findings(run)
    let app = findings.filter { Self.appRuleIDs.contains($0["rule"]?.stringValue ?? "") }
    let found = app.map { finding in
      "\(finding["rule"]?.stringValue ?? "") \(finding["file"]?.stringValue ?? ""):\(Self.int(finding["line"])):"
        + "\(Self.int(finding["column"]))"
    }.sorted()
    #expect(found == (try Self.plantedDefects(name)), "\(run.stdout)")
    // Ids that appear only in comments, strings and dynamic uses are never findings.
    #expect(!run.stdout.contains("ghost"))
    // The JSON-form file is named, with the command that makes the bundled one.
    for finding in app where (finding["message"]?.stringValue ?? "").contains("only its JSON form") {
      #expect((finding["message"]?.stringValue ?? "").contains("inertia-convert to-msgpack"))
    }
    let summary = try JSONReader().read(Array(run.stdout.utf8))["summary"]
    #expect(Self.int(summary?["appSources"]) > 0)
    #expect(summary?["uncheckedIds"] == 2, "every fixture has two dynamic ids")
    if name.hasSuffix("Clean") {
      #expect(run.status == 0, "\(run.stdout)")
      #expect(findings.isEmpty, "\(run.stdout)")
    } else {
      #expect(run.status == 1)
    }
  }

  @Test("The text report names each app finding at FILE:LINE:COLUMN and says what the app rules read")
  func fixtureText() throws {
    let run = try Self.fixture("SwiftUIApp").run(["--no-config"])
    #expect(run.stdout.contains("Sources/App/App.swift:27:7: error: "))
    #expect(run.stdout.contains("[missing-bundled-file]"))
    #expect(run.stdout.hasSuffix("; 6 app sources, 2 ids that are not literals not checked.\n"), "\(run.stdout)")
  }
}
