import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaLint

/// The schema walk's events reach the user only through the rules that declare their sorts
/// (``RuleDescription/reportedSchemaEvents``), each rule picking the events of its sort out of the walk's
/// list by case. An event of a case its rule does not pick is found and then dropped, silently: an integer
/// key in an animation was such a case (sort `unknownField`, which `unknown-field` read only as
/// `.unknownField`). This holds every event of every sort to a finding of its rule, where the event is.
@Suite("Every schema event is reported")
struct SchemaEventReportingTests {
  /// The documents: the corpus, the lint fuzz target's corpus (up to 600 of its inputs), and maps with keys
  /// of each kind the walk tells apart.
  static func documents() throws -> [(name: String, bytes: [UInt8])] {
    var documents: [(String, [UInt8])] = []
    let repository = RegistryTests.repository
    for folder in ["Corpus/lint", "Corpus/valid", "Corpus/editor", "Corpus/broken"] {
      let directory = repository.appendingPathComponent(folder)
      for name in ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
      where name.hasSuffix(".json") || name.hasSuffix(".inertia") {
        documents.append((name, try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))))
      }
    }
    let fuzz = repository.appendingPathComponent("Tests/Fuzz/Corpus/lint")
    for name in ((try? FileManager.default.contentsOfDirectory(atPath: fuzz.path)) ?? []).sorted().prefix(600) {
      documents.append((name, try [UInt8](Data(contentsOf: fuzz.appendingPathComponent(name)))))
    }
    documents.append(("integer-keys.inertia", oddKeys))
    // A colour component that is a float64 no float32 equals, which only MessagePack can hold.
    let colour = #"[{"id": "c", "keyframes": [], "shapes": [{"id": "S", "shape": {"fill": {"red": 0.33}}}]}]"#
    documents.append(("float64-colour.inertia", try Converter.toMessagePack(json: Array(colour.utf8))))
    return documents
  }

  /// An animation and a shape with an integer key each (which the runtime's decoder reads and ignores), a
  /// key that is a float, a repeated integer key, and an integer key inside an unknown field's value.
  static let oddKeys: [UInt8] = {
    // [{"id": "card0", "invokeType": "auto", "keyframes": [], 7: 1, 2.5: 0, 7: 2,
    //   "shapes": [{"id": "S", 3: "x"}], "x-note": {1: 1, 1: 2}}]
    var bytes: [UInt8] = [0x91, 0x88]
    bytes += [0xA2] + Array("id".utf8) + [0xA5] + Array("card0".utf8)
    bytes += [0xAA] + Array("invokeType".utf8) + [0xA4] + Array("auto".utf8)
    bytes += [0xA9] + Array("keyframes".utf8) + [0x90]
    bytes += [0x07, 0x01]
    bytes += [0xCB] + withUnsafeBytes(of: (2.5).bitPattern.bigEndian) { Array($0) } + [0x00]
    bytes += [0x07, 0x02]
    bytes += [0xA6] + Array("shapes".utf8) + [0x91, 0x82, 0xA2] + Array("id".utf8) + [0xA1, 0x53, 0x03, 0xA1, 0x78]
    bytes += [0xA6] + Array("x-note".utf8) + [0x82, 0x01, 0x01, 0x01, 0x02]
    return bytes
  }()

  @Test("Each event the walk keeps is a finding of its sort's rule, at the event's place")
  func everyEvent() throws {
    var linter = Linter()
    linter.maxFindingsPerRule = 0
    var ruleOfSort: [SchemaWalk.Sort: String] = [:]
    for rule in RuleRegistry.rules {
      for sort in rule.description.reportedSchemaEvents { ruleOfSort[sort] = rule.description.identifier }
    }
    var met: [SchemaWalk.Sort: Int] = [:]
    var integerKeys = 0
    for (name, bytes) in try Self.documents() {
      guard let document = try? IndexedDocument.read(bytes) else { continue }
      let events = SchemaWalk.events(in: document)
      let findings = linter.lint(document, file: name, fileName: "animation.inertia")
      for (index, sort) in events.sorts.enumerated() {
        met[sort, default: 0] += 1
        if case .integerKey = events.list[index] { integerKeys += 1 }
        let rule = try #require(ruleOfSort[sort], "no rule reports \(sort)")
        let offset = document.byteRange(of: events.places[index]).lowerBound
        #expect(
          findings.contains { $0.ruleID == rule && $0.offset == offset },
          "\(name): \(events.list[index]) (\(sort)) has no \(rule) finding at offset \(offset)")
      }
    }
    // The documents hold every sort, and the case that was dropped.
    #expect(Set(met.keys) == Set(SchemaWalk.Sort.allCases), "sorts met: \(met)")
    #expect(integerKeys >= 2)
  }
}
