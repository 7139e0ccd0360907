import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint

/// The one schema walk (``SchemaWalk``) that the `schema` and `unknown-field` rules read and that
/// ``InertiaSchema/violations(in:)`` reports for the typed model: its events and the violations name the
/// same places, and it finds the same things in a document's JSON form and in its MessagePack.
@Suite("Schema walk")
struct SchemaConsistencyTests {
  /// Every document the rules document themselves with, and the JSON corpus.
  static let documents: [String] = {
    var texts = RuleRegistry.descriptions.flatMap { rule in
      (rule.triggeringExamples + rule.nonTriggeringExamples).filter { !$0.isMessagePack && $0.app == nil }
        .map(\.withoutMarkers.text)
    }
    let corpus = CorpusTests.directory
    for name in (try? FileManager.default.subpathsOfDirectory(atPath: corpus.path)) ?? [] where name.hasSuffix(".json")
    {
      if let text = try? String(contentsOf: corpus.appendingPathComponent(name), encoding: .utf8) { texts.append(text) }
    }
    return texts.filter { (try? JSONReader().read(Array($0.utf8))) != nil }
  }()

  /// The walk's events as sorts, pointers, kinds and messages.
  static func summary(_ document: IndexedDocument) -> [String] {
    let events = SchemaWalk.events(in: document)
    return zip(events.sorts, events.list).map { sort, event in
      let text =
        switch event {
        case .mismatch(let node, let context, _, let message):
          "type \(document.pointer(of: node)) \(context) \(message)"
        case .refusedNumber(let node, let context, _, let message):
          "number \(document.pointer(of: node)) \(context) \(message)"
        case .missingField(let object, _, let field): "missing \(document.pointer(of: object)) \(field)"
        case .unknownField(let entry, _, _, _): "unknown \(document.pointer(of: entry.key))"
        case .integerKey(let entry, _, _): "integer key \(document.pointer(of: entry.key))"
        case .nonStringKey(let entry, _, _): "non-string \(document.pointer(of: entry.key))"
        case .unreadableKey(let entry, _): "unreadable key \(document.pointer(of: entry.key))"
        case .duplicateKey(let entry, let first, _, _): "repeated \(document.pointer(of: entry.key)) \(first)"
        case .nullInOptionalField(let node, let context): "null \(document.pointer(of: node)) \(context)"
        }
      return "\(sort) \(text)"
    }
  }

  @Test("Same findings as InertiaSchema.violations", arguments: documents)
  func sameFindings(_ text: String) throws {
    let bytes = Array(text.utf8)
    let document = try IndexedDocument.read(bytes)
    let events = SchemaWalk.events(in: document).list
    // Repeated and non-string keys are where the two differ by design: the lint reports them as such.
    let hasOddKeys = events.contains {
      switch $0 {
      case .duplicateKey, .nonStringKey, .integerKey, .unreadableKey: return true
      default: return false
      }
    }
    guard !hasOddKeys else { return }
    var lint: [String] = []
    for event in events {
      switch event {
      case .mismatch(let node, _, _, _), .refusedNumber(let node, _, _, _):
        lint.append("type \(document.pointer(of: node))")
      case .missingField(let object, _, let field): lint.append("missing \(document.pointer(of: object)) \(field)")
      case .unknownField(let entry, _, _, _): lint.append("unknown \(document.pointer(of: entry.key))")
      case .duplicateKey, .nonStringKey, .integerKey, .unreadableKey, .nullInOptionalField: break
      }
    }
    var typed: [String] = []
    for violation in InertiaSchema.violations(in: try JSONReader().read(bytes), fromJSON: true) {
      switch violation.kind {
      case .missingField(let field): typed.append("missing \(violation.path) \(field)")
      case .wrongType, .valueNotAllowed, .refusedNumber: typed.append("type \(violation.path)")
      case .unknownField: typed.append("unknown \(violation.path)")
      case .duplicateKey, .keyType: break
      }
    }
    #expect(lint.sorted() == typed.sorted())
  }

  @Test("The same events in the JSON form and in MessagePack", arguments: documents)
  func bothEncodings(_ text: String) throws {
    let json = try IndexedDocument.read(Array(text.utf8))
    // As `to-msgpack` writes it: an Inertia document's numbers as the editor writes them, so a colour's
    // float is a float32, as the JSON form's walk counts it.
    let messagePack = try IndexedDocument.read(try Converter.toMessagePack(json: Array(text.utf8), numbers: .inertia))
    // The differences by design: MessagePack's nil is JSON's null, and messages say so; and a document that is
    // not an Inertia document keeps its canonical form, where a colour's float64 is no float32.
    let fromMessagePack = Self.summary(messagePack).filter { !$0.hasPrefix("float32Field") }
    #expect(
      Self.summary(json).filter { !$0.hasPrefix("float32Field") }
        == fromMessagePack.map { $0.replacingOccurrences(of: " nil", with: " null") })
  }

  /// Values of a `oneOf` field (`invokeType`: `auto` or `trigger`) around the walk's byte lookup: exact,
  /// near misses, beyond ASCII (compared as strings, by canonical equivalence), in JSON and MessagePack.
  static let invokeTypes = [
    "auto", "trigger", "Auto", "auto ", "autoo", "", "trigge", "triggerr", "autö", "trigger\u{301}", "\u{212A}",
  ]

  @Test("A oneOf value is allowed exactly when it equals an allowed string", arguments: invokeTypes)
  func oneOfValues(_ value: String) throws {
    let text = """
      [{"id": "a", "invokeType": "\(value)", "initialValues": {"scale": 1, "translate": [0, 0], "rotate": 0, \
      "rotateCenter": 0, "opacity": 1}, "keyframes": []}]
      """
    let allowed = ["auto", "trigger"].contains(value)
    for document in [
      try IndexedDocument.read(Array(text.utf8)),
      try IndexedDocument.read(try Converter.toMessagePack(json: Array(text.utf8))),
    ] {
      let mismatches = Self.summary(document).filter { $0.hasPrefix("schema type /0/invokeType") }
      #expect(mismatches.isEmpty == allowed, "\(value): \(mismatches)")
    }
  }
}
