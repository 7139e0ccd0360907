import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint

/// The registry, the rule files and the corpus agree.
@Suite("Registry")
struct RegistryTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `non-positive-duration` as `NonPositiveDurationRule`, with the acronyms the rule types spell in capitals.
  static func typeName(_ id: String) -> String {
    id.split(separator: "-").map { part in
      part == "id" ? "ID" : part.prefix(1).uppercased() + part.dropFirst()
    }.joined() + "Rule"
  }

  @Test("Every rule lives in its own file, named after it, and every rule file is registered")
  func ruleFiles() throws {
    let directory = Self.repository.appendingPathComponent("Sources/InertiaLint/Rules")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix("Rule.swift") }.map { String($0.dropLast(".swift".count)) }.sorted()
    let registered =
      RuleRegistry.rules.map { String(describing: $0) } + RuleRegistry.appRules.map { String(describing: $0) }
    #expect(registered.sorted() == files)
    #expect(RuleRegistry.identifiers.map(Self.typeName) == registered)
  }

  /// A removed rule's id is never a live rule's (it would be run and "removed" at once), is listed once, has
  /// no rule file left, and says why in the words the tool's warning ends with.
  @Test("Removed rules are gone from the registry and the rule files, and say why")
  func removedRules() throws {
    let directory = Self.repository.appendingPathComponent("Sources/InertiaLint/Rules")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    let ids = RuleRegistry.removedRules.map(\.identifier)
    #expect(Set(ids).count == ids.count)
    for removed in RuleRegistry.removedRules {
      #expect(!RuleRegistry.identifiers.contains(removed.identifier))
      #expect(RuleRegistry.description(of: removed.identifier) == nil)
      #expect(RuleRegistry.removedRule(removed.identifier) == removed)
      #expect(!files.contains(Self.typeName(removed.identifier) + ".swift"))
      #expect(removed.note.hasPrefix("removed: ") && removed.reason.contains("see docs/"))
    }
    #expect(RuleRegistry.removedRule("auto-invoke-type")?.reason.contains("2026-08-06") == true)
    #expect(RuleRegistry.removedRule("loop-stretched") == nil)
  }

  /// (An app rule's corpus is the fixture apps, `Tests/AppFixtures`, which the app fixture tests run.)
  @Test("Every file rule has a corpus file that breaks it")
  func corpusCoversRules() throws {
    let directory = Self.repository.appendingPathComponent("Corpus/lint")
    let stems = try FileManager.default.contentsOfDirectory(atPath: directory.path).map {
      String($0.prefix { $0 != "." })
    }
    for id in RuleRegistry.rules.map({ $0.description.identifier }) {
      #expect(stems.contains { $0 == id || $0.hasPrefix(id + "-") }, "no Corpus/lint/\(id).* file")
    }
  }

  /// A rule is added in `Rules/` and the registry only: nothing in the engine or the tool names one (what a
  /// rule reads, costs and means is in its description). A rule is named by its type, by its id in quotes
  /// or a code span, or by an id of several words anywhere, doc comments included.
  @Test("No rule is named in the lint engine or the tool")
  func noRuleNamedOutsideRules() throws {
    var named: [String] = []
    for folder in ["Sources/InertiaLint/Engine", "Sources/InertiaTool"] {
      let root = Self.repository.appendingPathComponent(folder)
      let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }
      #expect(!files.isEmpty, "no Swift file under \(folder)")
      for file in files {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let rules: [(id: String, type: String)] =
          RuleRegistry.rules.map { ($0.description.identifier, String(describing: $0)) }
          + RuleRegistry.appRules.map { ($0.description.identifier, String(describing: $0)) }
          + RuleRegistry.removedRules.map { ($0.identifier, Self.typeName($0.identifier)) }
        for (id, type) in rules {
          var patterns = ["\"\(id)\"", "`\(id)`", "\\b\(type)\\b"]
          if id.contains("-") { patterns.append("(?<![a-z0-9-])\(id)(?![a-z0-9-])") }
          for pattern in patterns where text.range(of: pattern, options: .regularExpression) != nil {
            named.append("\(folder)/\(file) names \(id)")
          }
        }
      }
    }
    #expect(named.isEmpty, "\(named.joined(separator: "\n"))")
  }

  /// The engine's loop stays one a newcomer reads at a sitting (issue 30: swift-format's `SwiftLinter.swift`
  /// is 177 lines): what grows goes into a file of its own beside it, as the app rules' part did.
  @Test("Linter.swift is at most 200 lines")
  func linterStaysShort() throws {
    let url = Self.repository.appendingPathComponent("Sources/InertiaLint/Engine/Linter.swift")
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count - 1 <= 200, "Linter.swift has \(lines.count - 1) lines")
  }

  /// What the engine works out before a rule runs is what the rule's description declares it reads: run
  /// over its examples with nothing worked out beforehand, the rule reads exactly that. (A read it does not
  /// declare would be worked out again each time; a declared one it never makes is work for nothing.)
  @Test(
    "Every file rule reads what its description declares, and nothing else",
    arguments: RuleRegistry.rules.map { $0.description.identifier })
  func declaredReads(_ id: String) throws {
    let rule = try #require(RuleRegistry.rule(id))
    let description = rule.description
    let read = Locked(RuleDescription.Reads())
    let examples =
      description.triggeringExamples + description.nonTriggeringExamples + description.corrections.map(\.before)
    for example in examples {
      guard let document = try? IndexedDocument.read(ExampleLinting.bytes(example)) else { continue }
      var inputs = RuleInputs()
      inputs.undeclaredRead = { reads in read.withLock { $0.formUnion(reads) } }
      let context = LintContext(
        document: document, inputs: inputs, fileName: example.fileName, settings: example.settings,
        makeIdentifier: { ExampleLinting.fixedIdentifier })
      var sink = FindingSink(context: context, file: example.fileName)
      sink.start(ruleID: id, severity: description.severity, configuredSeverity: nil, suppression: nil)
      rule.check(context, &sink)
    }
    #expect(read.withLock { $0 } == description.reads)
  }

  @Test("Each sort of the schema walk's events is reported by one rule, which reads the walk")
  func schemaEventSorts() {
    for sort in SchemaWalk.Sort.allCases {
      let reporters = RuleRegistry.descriptions.filter { $0.reportedSchemaEvents.contains(sort) }
      #expect(reporters.count == 1, "\(sort): \(reporters.map(\.identifier))")
      #expect(reporters.allSatisfy { $0.reads.contains(.schemaWalk) })
    }
    #expect(RuleRegistry.descriptions.allSatisfy { $0.cost >= 0 })
  }

  /// A rule reports the events of its own sorts and no others: a value a rule of its own took over from
  /// `schema` (a `zIndex` written as `2.0`, `integer-field`'s) is reported once, by that rule.
  @Test("An event of the schema walk is reported once, by the rule of its sort")
  func schemaEventsReportedOnce() throws {
    let walkRules = Set(RuleRegistry.descriptions.filter { $0.reads.contains(.schemaWalk) }.map(\.identifier))
    for description in RuleRegistry.descriptions where walkRules.contains(description.identifier) {
      for example in description.triggeringExamples {
        let findings = ExampleLinting.linter(example.settings).lint(
          try ExampleLinting.bytes(example), file: example.fileName, fileName: example.fileName)
        var rulesAt: [String: Set<String>] = [:]
        for finding in findings where walkRules.contains(finding.ruleID) {
          rulesAt["\(finding.pointer) \(finding.offset)", default: []].insert(finding.ruleID)
        }
        let shared = rulesAt.filter { $0.value.count > 1 }
        #expect(shared.isEmpty, "\(shared)", sourceLocation: ExampleLinting.sourceLocation(example))
      }
    }
  }

  /// A rule with findings about contents that are no document says so: its errors mean an undecodable file.
  @Test("Rules with findings about unreadable contents declare that they find undecodable files")
  func undecodableFiles() throws {
    var thrown: FormatError?
    do throws(FormatError) {
      _ = try IndexedDocument.read(Array("[{".utf8))
    } catch {
      thrown = error
    }
    let unreadable = try #require(thrown)
    for rule in RuleRegistry.rules where !rule.findings(unreadable: unreadable).isEmpty {
      #expect(rule.description.findsUndecodableFiles, "\(rule.description.identifier)")
      #expect(rule.description.severity == .error)
    }
    #expect(RuleRegistry.rules.contains { !$0.findings(unreadable: unreadable).isEmpty })
  }
}
