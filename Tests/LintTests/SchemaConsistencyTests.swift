import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint

/// The lint's positional schema walk and the typed model's ``InertiaSchema/violations(in:)`` find the same
/// things, so the `schema` and `unknown-field` rules cannot drift from what the typed model reads.
@Suite("Schema consistency")
struct SchemaConsistencyTests {
  /// Every document the rules document themselves with, and the JSON corpus.
  static let documents: [String] = {
    var texts = RuleRegistry.descriptions.flatMap { rule in
      (rule.triggeringExamples + rule.nonTriggeringExamples).filter { !$0.isMessagePack }.map(\.withoutMarkers.text)
    }
    let corpus = CorpusTests.directory
    for name in (try? FileManager.default.subpathsOfDirectory(atPath: corpus.path)) ?? [] where name.hasSuffix(".json")
    {
      if let text = try? String(contentsOf: corpus.appendingPathComponent(name), encoding: .utf8) { texts.append(text) }
    }
    return texts.filter { (try? JSONReader().read(Array($0.utf8))) != nil }
  }()

  @Test("Same findings as InertiaSchema.violations", arguments: documents)
  func sameFindings(_ text: String) throws {
    let bytes = Array(text.utf8)
    let document = try IndexedDocument.read(bytes)
    let events = SchemaWalk.events(in: document)
    // Repeated and non-string keys are where the two differ by design: the lint reports them as such.
    let hasOddKeys = events.contains {
      switch $0 {
      case .duplicateKey, .nonStringKey: return true
      default: return false
      }
    }
    guard !hasOddKeys else { return }
    var lint: [String] = []
    for event in events {
      switch event {
      case .mismatch(let node, _, _): lint.append("type \(document.pointer(of: node))")
      case .missingField(let object, _, let field, _): lint.append("missing \(document.pointer(of: object)) \(field)")
      case .unknownField(let entry, _, _, _, _): lint.append("unknown \(document.pointer(of: entry.key))")
      case .duplicateKey, .nonStringKey: break
      }
    }
    var typed: [String] = []
    for violation in InertiaSchema.violations(in: try JSONReader().read(bytes)) {
      switch violation.kind {
      case .missingField(let field): typed.append("missing \(violation.path) \(field)")
      case .wrongType, .valueNotAllowed: typed.append("type \(violation.path)")
      case .unknownField: typed.append("unknown \(violation.path)")
      }
    }
    #expect(lint.sorted() == typed.sorted())
  }
}
