import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint

/// Every rule's documentation is its test: each triggering example fires exactly at its markers, each
/// non-triggering example stays silent, each correction gives its text, and MessagePack input gives the
/// same findings as JSON input.
@Suite("Rule examples")
struct RuleExampleTests {
  static let identifiers = RuleRegistry.identifiers

  @Test("Triggering examples fire at their markers", arguments: identifiers)
  func triggering(_ id: String) throws {
    let rule = try #require(RuleRegistry.description(of: id))
    for example in rule.triggeringExamples {
      let location = ExampleLinting.sourceLocation(example)
      let findings = try ExampleLinting.findings(id, in: example)
      #expect(!findings.isEmpty, "\(id) did not fire", sourceLocation: location)
      if let app = example.app {
        // An app rule's: each finding at a marker in a source (by its byte offset) or at a marked animation.
        let marked = AppProject.markedPlaces(in: app)
        if !marked.isEmpty {
          #expect(AppProject.findingPlaces(findings) == marked, "\(findings.map(\.message))", sourceLocation: location)
        }
        continue
      }
      let markers = example.withoutMarkers.offsets
      guard !markers.isEmpty else { continue }
      if example.isMessagePack {
        let expected = try ExampleLinting.markerPointers(example).map(\.description).sorted()
        #expect(findings.map(\.pointer.description).sorted() == expected, sourceLocation: location)
      } else {
        #expect(findings.map(\.offset).sorted() == markers, "\(findings.map(\.message))", sourceLocation: location)
      }
    }
  }

  @Test("Non-triggering examples stay silent", arguments: identifiers)
  func nonTriggering(_ id: String) throws {
    let rule = try #require(RuleRegistry.description(of: id))
    for example in rule.nonTriggeringExamples {
      let findings = try ExampleLinting.findings(id, in: example)
      #expect(findings.isEmpty, "\(findings.map(\.message))", sourceLocation: ExampleLinting.sourceLocation(example))
    }
  }

  @Test("MessagePack input gives the findings JSON input gives", arguments: identifiers)
  func messagePackParity(_ id: String) throws {
    let rule = try #require(RuleRegistry.description(of: id))
    for example in rule.triggeringExamples + rule.nonTriggeringExamples
    where !example.isMessagePack && example.app == nil {
      let text = Array(example.withoutMarkers.text.utf8)
      guard (try? JSONReader().read(text)) != nil else { continue }
      let json = try ExampleLinting.findings(id, in: example)
      let messagePack = try ExampleLinting.messagePackFindings(id, in: example)
      // The one difference by design: MessagePack's nil is JSON's null, and messages say so.
      func summary(_ findings: [Finding]) -> [String] {
        findings.map {
          "\($0.pointer) \($0.severity) \($0.message.replacingOccurrences(of: " nil", with: " null")) \($0.isFixable)"
        }.sorted()
      }
      #expect(summary(messagePack) == summary(json), sourceLocation: ExampleLinting.sourceLocation(example))
      #expect(messagePack.allSatisfy { $0.line == nil && $0.column == nil })
      #expect(json.allSatisfy { $0.line != nil && $0.column != nil })
    }
  }

  @Test("Corrections give their text", arguments: identifiers)
  func corrections(_ id: String) throws {
    let rule = try #require(RuleRegistry.description(of: id))
    for correction in rule.corrections {
      let location = ExampleLinting.sourceLocation(correction.before)
      let before = Array(correction.before.withoutMarkers.text.utf8)
      let fixes = try ExampleLinting.findings(id, in: correction.before).compactMap(\.fix)
      #expect(!fixes.isEmpty, sourceLocation: location)
      let fixed = FixApplier.apply(fixes, to: before, encoding: .json)
      #expect(fixed.applied.count == fixes.count, sourceLocation: location)
      #expect(String(decoding: fixed.bytes, as: UTF8.self) == correction.after, sourceLocation: location)
      let after = Example(correction.after, fileName: correction.before.fileName, settings: correction.before.settings)
      #expect(try ExampleLinting.findings(id, in: after).allSatisfy { !$0.isFixable }, sourceLocation: location)

      // The same fixes applied to MessagePack bytes give the MessagePack form of the corrected text.
      let messagePack = MessagePackWriter().write(try JSONReader().read(before))
      let messagePackFixes = ExampleLinting.linter(correction.before.settings)
        .lint(messagePack, file: "x", fileName: correction.before.fileName)
        .filter { $0.ruleID == id }.compactMap(\.fix)
      let fixedMessagePack = FixApplier.apply(messagePackFixes, to: messagePack, encoding: .messagePack).bytes
      let expected = MessagePackWriter().write(try JSONReader().read(Array(correction.after.utf8)))
      #expect(fixedMessagePack == expected, sourceLocation: location)
    }
  }

  @Test("Every rule is documented and tested", arguments: identifiers)
  func documented(_ id: String) throws {
    let rule = try #require(RuleRegistry.description(of: id))
    #expect(!rule.triggeringExamples.isEmpty)
    #expect(!rule.nonTriggeringExamples.isEmpty)
    #expect(!rule.name.isEmpty && !rule.summary.isEmpty && !rule.rationale.isEmpty)
    // Prose is one paragraph of words: a backslash or a line break in it is a slip in a string literal
    // (`\\` for `\` at a line's end), which every report would print.
    for text in [rule.name, rule.summary, rule.rationale] {
      #expect(!text.contains("\\") && !text.contains("\n"), "stray backslash or line break in \(text.prefix(60))")
    }
    #expect(rule.identifier.allSatisfy { $0.isLowercase || $0 == "-" })
    // An app rule documents itself with apps, a file rule with documents, and each says which it is.
    let isAppRule = RuleRegistry.appRule(id) != nil
    #expect(rule.scope == (isAppRule ? .app : .file))
    #expect((rule.triggeringExamples + rule.nonTriggeringExamples).allSatisfy { ($0.app != nil) == isAppRule })
    // A rule offers fixes exactly when it documents corrections and their safety, and every fix it offers
    // has the safety it documents.
    let fixes = try rule.triggeringExamples.flatMap { example in
      try ExampleLinting.findings(id, in: example).compactMap(\.fix)
    }
    #expect(!fixes.isEmpty == rule.isFixable, "fixes offered: \(fixes.count), corrections: \(rule.corrections.count)")
    #expect(rule.isFixable == (rule.fixSafety != nil), "a rule with corrections documents their safety")
    #expect(fixes.allSatisfy { $0.safety == rule.fixSafety }, "fixes offered as \(Set(fixes.map(\.safety)))")
  }

  @Test("Rule ids are unique")
  func uniqueIdentifiers() {
    #expect(Set(Self.identifiers).count == Self.identifiers.count)
  }
}
