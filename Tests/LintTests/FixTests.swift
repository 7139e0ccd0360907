import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint

/// Fixing documents in memory: each fix's bytes before and after in both encodings, verification,
/// rounds, safety and idempotence.
@Suite("Fixing documents")
struct FixTests {
  // MARK: Surgical edits

  /// A MessagePack document written the way no writer would: non-canonical lengths and integers, and
  /// unknown fields holding binary and extension values. Only the two marked values may change.
  struct OddMessagePack {
    static let head: [UInt8] =
      [0xDC, 0x00, 0x01]  // array16 of one animation
      + [0xDE, 0x00, 0x05]  // map16 of five entries
      + FixTesting.str8("id") + FixTesting.fixstr("card0")
      + FixTesting.fixstr("invokeType") + FixTesting.str8("trigger")
      + FixTesting.fixstr("initialValues") + FixTesting.pose
      + FixTesting.fixstr("keyframes") + [0xDD, 0x00, 0x00, 0x00, 0x02]  // array32 of two keyframes
      + [0x83] + FixTesting.fixstr("id") + [0xDA, 0x00, 0x01, 0x41]  // "A" as str16
      + FixTesting.fixstr("duration") + [0xCF, 0, 0, 0, 0, 0, 0, 0, 0]  // a leading 0 as uint64: not fixed
      + FixTesting.fixstr("values") + FixTesting.pose
      + [0x84] + FixTesting.fixstr("x-note") + [0xC4, 0x03, 0x01, 0x02, 0x03]  // unknown, bin8
      + FixTesting.fixstr("id")
    /// The repeated id `A`.
    static let repeatedID = FixTesting.fixstr("A")
    static let middle = FixTesting.fixstr("duration")
    /// -1 as int8.
    static let negativeDuration: [UInt8] = [0xD0, 0xFF]
    static let tail: [UInt8] =
      FixTesting.fixstr("values") + FixTesting.pose
      + FixTesting.fixstr("x-ext") + [0xD4, 0x05, 0x07]  // unknown, fixext1

    static let before = head + repeatedID + middle + negativeDuration + tail
    static let after =
      head + [0xD9, 36] + Array(FixTesting.identifier(1).utf8) + middle
      + [0xCB, 0x3F, 0x50, 0x62, 0x4D, 0xD2, 0xF1, 0xA9, 0xFC]  // 0.001 as float64
      + tail
  }

  @Test("MessagePack: only the fixed values' bytes change, non-canonical encodings and unknown fields stay")
  func messagePackBytes() throws {
    let result = FixTesting.fixer().fix(OddMessagePack.before, file: "a.inertia", fileName: "animation.inertia")
    #expect(result.failure == nil)
    #expect(result.encoding == .messagePack)
    #expect(result.fixed == OddMessagePack.after)
    #expect(result.fixedFindings.map(\.ruleID).sorted() == ["duplicate-keyframe-id", "non-positive-duration"])
    #expect(result.fixedFindings.allSatisfy { $0.isFixed })
    // The bytes written for 0.001 are the float64 of the runtime's minimum duration.
    #expect(
      FixTesting.float64(InertiaPlayback.minimumKeyframeDuration) == [
        0xCB, 0x3F, 0x50, 0x62, 0x4D, 0xD2, 0xF1, 0xA9, 0xFC,
      ])
    // The fixed file lints clean for both rules.
    let again = FixTesting.linter().lint(result.fixed, file: "a.inertia", fileName: "animation.inertia")
    #expect(!again.contains { $0.ruleID == "duplicate-keyframe-id" || $0.ruleID == "non-positive-duration" })
    #expect(again.map(\.ruleID) == result.remainingFindings.map(\.ruleID))
  }

  /// JSON with tabs, CRLF line ends, spaces before colons and commas, keys out of the usual order, and
  /// numbers written oddly.
  static let oddJSON =
    "[ {\"id\":\"card0\" ,\r\n\t\"keyframes\" : [\r\n\t  { \"id\" :\"A\",\"duration\":0 } ,\r\n"
    + "\t  {\"duration\"  :\t-0.5e0 ,  \"id\":  \"A\"   }   ,\r\n"
    + "      {\"id\":\"B\",\"duration\":  -0 }\r\n\t] } ]\r\n"

  @Test("integer-field: a whole float zIndex becomes the integer the editor writes (200 as d1 00 c8), a fraction stays")
  func integerFieldFix() throws {
    func messagePack(_ zIndexes: [String]) throws -> [UInt8] {
      let shapes = zIndexes.enumerated().map { #"{"id": "S\#($0.offset)", "zIndex": \#($0.element)}"# }
      let json = #"[{"id": "card0", "shapes": ["# + shapes.joined(separator: ", ") + "]}]"
      return try Converter.toMessagePack(json: Array(json.utf8), extended: true)
    }
    let before = try messagePack([
      #"{"$float32": 200}"#, "-200.0", "2.0", #"{"$float32": -3}"#, "0.5",
    ])
    // msgpack-swift writes a Swift `Int` in the signed formats: 200 is int16, -200 int16, 2 and -3 fixints.
    let after = try messagePack([#"{"$int16": 200}"#, #"{"$int16": -200}"#, "2", "-3", "0.5"])
    #expect(after.contains(0xD1) && !after.contains(0xCC))
    let result = FixTesting.fixer().fix(before, file: "a.inertia", fileName: "animation.inertia")
    #expect(result.failure == nil)
    #expect(result.fixed == after)
    #expect(result.fixedFindings.map(\.ruleID) == Array(repeating: "integer-field", count: 4))
    // The fraction has no fix: it is still reported, and nothing else is.
    let again = FixTesting.linter().lint(result.fixed, file: "a.inertia", fileName: "animation.inertia")
    #expect(again.filter { $0.ruleID == "integer-field" }.map(\.pointer.description) == ["/0/shapes/4/zIndex"])

    // In JSON, only the number's text changes.
    let text = #"[{"id": "card0", "shapes": [{"id": "S", "zIndex":  2.0 }, {"id": "T", "zIndex": -3e0}]}]"#
    let fixedText = FixTesting.fixer().fix(Array(text.utf8), file: "a.json", fileName: "animation.json")
    #expect(
      String(decoding: fixedText.fixed, as: UTF8.self)
        == #"[{"id": "card0", "shapes": [{"id": "S", "zIndex":  2 }, {"id": "T", "zIndex": -3}]}]"#)
  }

  @Test("duplicate-key: repeats holding the same value are dropped, every other byte kept; differing ones stay")
  func duplicateKeyFix() throws {
    let before =
      #"[{"id": "c", "invokeType": "trigger", "initialValues": {"scale": 1, "translate": [0, 0], "#
      + #""rotate": {"$int16": 0}, "rotateCenter": 0, "opacity": 1,  "opacity": 1, "scale": 1}, "#
      + #""keyframes": [], "keyframes": [ ], "x": 1, "x": 2}]"#
    let after =
      #"[{"id": "c", "invokeType": "trigger", "initialValues": {"scale": 1, "translate": [0, 0], "#
      + #""rotate": {"$int16": 0}, "rotateCenter": 0, "opacity": 1}, "#
      + #""keyframes": [], "x": 1, "x": 2}]"#
    // In JSON, the text of each dropped entry goes (from the end of the entry before it); the rest stays.
    let json = FixTesting.fixer().fix(Array(before.utf8), file: "a.json", fileName: "animation.json")
    #expect(json.failure == nil)
    #expect(String(decoding: json.fixed, as: UTF8.self) == after)
    #expect(
      json.fixedFindings.map(\.pointer.description).sorted() == [
        "/0/initialValues/opacity", "/0/initialValues/scale", "/0/keyframes",
      ])
    // The repeat holding another value has no fix and is still reported.
    let again = FixTesting.linter().lint(json.fixed, file: "a.json", fileName: "animation.json")
    #expect(again.filter { $0.ruleID == "duplicate-key" }.map(\.pointer.description) == ["/0/x"])

    // In MessagePack, the map's head is written for the entries kept, whose bytes stay (rotate's int16 0).
    let messagePack = try Converter.toMessagePack(json: Array(before.utf8), extended: true)
    let fixed = FixTesting.fixer().fix(messagePack, file: "a.inertia", fileName: "animation.inertia")
    #expect(fixed.failure == nil)
    #expect(fixed.fixed == (try Converter.toMessagePack(json: Array(after.utf8), extended: true)))
  }

  @Test("JSON: the text, whitespace and key order stay; only the fixed number or string is rewritten")
  func jsonText() throws {
    let result = FixTesting.fixer().fix(Array(Self.oddJSON.utf8), file: "a.json", fileName: "animation.json")
    #expect(result.failure == nil)
    let expected =
      "[ {\"id\":\"card0\" ,\r\n\t\"keyframes\" : [\r\n\t  { \"id\" :\"A\",\"duration\":0 } ,\r\n"
      + "\t  {\"duration\"  :\t0.001 ,  \"id\":  \"\(FixTesting.identifier(1))\"   }   ,\r\n"
      + "      {\"id\":\"B\",\"duration\":  0.001 }\r\n\t] } ]\r\n"
    #expect(result.fixed.text == expected)
    #expect(result.fixedFindings.count == 3)
    let again = FixTesting.linter().lint(result.fixed, file: "a.json", fileName: "animation.json")
    #expect(
      !again.contains { $0.isFixable && ($0.ruleID == "duplicate-keyframe-id" || $0.ruleID == "non-positive-duration") }
    )
  }

  @Test("A replacement string is quoted and escaped; a replacement number prints as 0.001")
  func jsonReplacementText() throws {
    let text = Array(#"{"id": "x", "n": 1}"#.utf8)
    let document = try IndexedDocument.read(text)
    let replacement = MessagePackValue.string("a\"b\\c\nd\u{1}é/")
    let fixes = [
      Fix(summary: "s", safety: .safe, pointer: .root, byteRange: 7..<10, replacement: replacement),
      Fix(summary: "n", safety: .safe, pointer: .root, byteRange: 17..<18, replacement: .float64(0.001)),
    ]
    let (bytes, splices) = FixApplier.splice(fixes, into: text, encoding: .json)
    #expect(bytes.text == #"{"id": "a\"b\\c\nd\u0001é/", "n": 0.001}"#)
    #expect(splices.map(\.index) == [0, 1])
    let fixed = try FixVerification.verify(original: document, fixed: bytes, fixes: fixes)
    let root = try #require(fixed.root)
    #expect(fixed.value(of: root) == ["id": replacement, "n": 0.001])
  }

  // MARK: Verification

  @Test("Verification: a changed byte outside the fixed values fails")
  func verificationCatchesOtherChanges() throws {
    let text = Array(#"{"a": 1, "b": 2}"#.utf8)
    let document = try IndexedDocument.read(text)
    let fix = Fix(summary: "", safety: .safe, pointer: .root, byteRange: 14..<15, replacement: .float64(0.5))
    #expect(throws: Never.self) {
      _ = try FixVerification.verify(original: document, fixed: Array(#"{"a": 1, "b": 0.5}"#.utf8), fixes: [fix])
    }
    // Another value changed.
    #expect(throws: FixVerification.Failure.self) {
      _ = try FixVerification.verify(original: document, fixed: Array(#"{"a": 3, "b": 0.5}"#.utf8), fixes: [fix])
    }
    // Only whitespace changed: the value tree is the same, the text is not.
    #expect(throws: FixVerification.Failure.self) {
      _ = try FixVerification.verify(original: document, fixed: Array(#"{"a":  1, "b": 0.5}"#.utf8), fixes: [fix])
    }
    // A key renamed, or the order of keys changed.
    #expect(throws: FixVerification.Failure.self) {
      _ = try FixVerification.verify(original: document, fixed: Array(#"{"c": 1, "b": 0.5}"#.utf8), fixes: [fix])
    }
    // The replacement with the wrong kind of number: 1 is an integer, not the float 1.0.
    let float = Fix(summary: "", safety: .safe, pointer: .root, byteRange: 14..<15, replacement: .float64(1))
    #expect(throws: FixVerification.Failure.self) {
      _ = try FixVerification.verify(original: document, fixed: Array(#"{"a": 1, "b": 1}"#.utf8), fixes: [float])
    }
    // A fix that does not cover a whole value.
    let partial = Fix(summary: "", safety: .safe, pointer: .root, byteRange: 2..<3, replacement: "x")
    #expect(throws: FixVerification.Failure.self) {
      _ = try FixVerification.verify(original: document, fixed: Array(#"{"x": 1, "b": 2}"#.utf8), fixes: [partial])
    }
    // Not a document any more.
    #expect(throws: FixVerification.Failure.self) {
      _ = try FixVerification.verify(original: document, fixed: Array(#"{"a": 1, "b": }"#.utf8), fixes: [fix])
    }
  }

  @Test("Verification: repeated keys are told apart by position")
  func verificationRepeatedKeys() throws {
    let text = Array(#"{"d": 1, "d": 2}"#.utf8)
    let document = try IndexedDocument.read(text)
    let second = Fix(summary: "", safety: .safe, pointer: JSONPointer([.key("d")]), byteRange: 14..<15, replacement: 3)
    _ = try FixVerification.verify(original: document, fixed: Array(#"{"d": 1, "d": 3}"#.utf8), fixes: [second])
    // The first "d" changing instead is caught, though a pointer names both the same.
    #expect(throws: FixVerification.Failure.self) {
      _ = try FixVerification.verify(original: document, fixed: Array(#"{"d": 3, "d": 2}"#.utf8), fixes: [second])
    }
  }

  @Test("Verification: MessagePack re-encoded canonically is a change")
  func verificationMessagePackEncodings() throws {
    let document = try IndexedDocument.read(OddMessagePack.before)
    let canonical = MessagePackWriter().write(try MessagePackReader().read(OddMessagePack.before))
    #expect(throws: FixVerification.Failure.self) {
      _ = try FixVerification.verify(original: document, fixed: canonical, fixes: [])
    }
    _ = try FixVerification.verify(original: document, fixed: OddMessagePack.before, fixes: [])
  }

  @Test("A fix whose result fails verification is not kept")
  func tamperedFixIsDropped() throws {
    var fixer = FixTesting.fixer()
    // Flip the last byte of the fixed file: a change no fix made.
    fixer.tamper = { bytes in
      var bytes = bytes
      bytes[bytes.count - 1] ^= 0x01
      return bytes
    }
    let result = fixer.fix(OddMessagePack.before, file: "a.inertia", fileName: "animation.inertia")
    #expect(result.failure != nil)
    #expect(!result.isChanged)
    #expect(result.fixed == OddMessagePack.before)
    #expect(result.fixedFindings.isEmpty)
    #expect(result.remainingFindings.contains { $0.ruleID == "non-positive-duration" && !$0.isFixed })
  }

  // MARK: Safety, rounds, idempotence

  static let colours = """
    [{"id": "c", "keyframes": [{"id": "A", "duration": 0}, {"id": "B", "duration": -2}],
      "shapes": [{"id": "S", "shape": {"fill": {"red": 2, "green": 0.5, "blue": 0, "alpha": 1}}}]}]
    """

  @Test("Unsafe fixes run only when asked for")
  func unsafeGating() throws {
    let bytes = Array(Self.colours.utf8)
    let safe = FixTesting.fixer().fix(bytes, file: "a.json", fileName: "animation.json")
    #expect(safe.fixedFindings.map(\.ruleID) == ["non-positive-duration"])
    #expect(safe.fixed.text.contains(#""red": 2"#))
    #expect(safe.remainingFindings.contains { $0.ruleID == "colour-out-of-range" && $0.isFixable })
    let unsafe = FixTesting.fixer(unsafe: true).fix(bytes, file: "a.json", fileName: "animation.json")
    #expect(unsafe.fixedFindings.map(\.ruleID).sorted() == ["colour-out-of-range", "non-positive-duration"])
    #expect(unsafe.fixed.text.contains(#""red": 1.0"#))
    #expect(!unsafe.remainingFindings.contains { $0.ruleID == "colour-out-of-range" })
  }

  /// Fixes `text` with unsafe fixes too, checking it takes `rounds` rounds and gives `fixed`.
  static func fixUnsafely(
    _ text: String, rounds: Int, to fixed: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> DocumentFixer.Result {
    let result = FixTesting.fixer(unsafe: true).fix(Array(text.utf8), file: "a.json", fileName: "animation.json")
    #expect(result.failure == nil, sourceLocation: sourceLocation)
    #expect(result.rounds.count == rounds, sourceLocation: sourceLocation)
    #expect(result.fixed.text == fixed, sourceLocation: sourceLocation)
    return result
  }

  @Test("One fix enabling another is applied in a second round")
  func rounds() throws {
    let text = #"[{"id": "c", "keyframes": [{"id": "A", "duration": 0}, {"id": "B", "durations": -1}]}]"#
    let result = Self.fixUnsafely(
      text, rounds: 2, to: #"[{"id": "c", "keyframes": [{"id": "A", "duration": 0}, {"id": "B", "duration": 0.001}]}]"#)
    #expect(result.fixedFindings.map(\.ruleID) == ["unknown-field", "non-positive-duration"])
    // Without unsafe fixes the key stays misspelt, and there is nothing to fix.
    let safe = FixTesting.fixer().fix(Array(text.utf8), file: "a.json", fileName: "animation.json")
    #expect(!safe.isChanged)
  }

  @Test("A chain of fixes, each revealing the next, is followed to its end")
  func chainOfRounds() throws {
    let result = Self.fixUnsafely(
      #"[{"id": "c", "shapess": [{"id": "S", "shapess": [{"id": "T", "shapess": []}]}]}]"#, rounds: 3,
      to: #"[{"id": "c", "shapes": [{"id": "S", "shapes": [{"id": "T", "shapes": []}]}]}]"#)
    let again = FixTesting.fixer(unsafe: true).fix(result.fixed, file: "a.json", fileName: "animation.json")
    #expect(!again.isChanged)
  }

  @Test("Two keys suggesting one field: only the first is renamed, so no key is repeated")
  func oneRenamePerField() throws {
    let text = #"[{"id": "c", "keyframes": [{"id": "A", "durations": 0, "duraton": 1}]}]"#
    let result = FixTesting.fixer(unsafe: true).fix(Array(text.utf8), file: "a.json", fileName: "animation.json")
    #expect(result.fixed.text == #"[{"id": "c", "keyframes": [{"id": "A", "duration": 0, "duraton": 1}]}]"#)
    #expect(!result.remainingFindings.contains { $0.ruleID == "schema" && $0.message.contains("repeated") })
    #expect(!result.remainingFindings.contains { $0.isFixable })
  }

  @Test("Fixed findings are placed in the fixed file, or in the original for a run that writes nothing")
  func positions() throws {
    let bytes = Array(Self.oddJSON.utf8)
    let result = FixTesting.fixer().fix(bytes, file: "a.json", fileName: "animation.json")
    for finding in result.fixedFindings {
      let rest = result.fixed[finding.offset...].text
      #expect(rest.hasPrefix("0.001") || rest.hasPrefix("\"\(FixTesting.identifier(1))\""))
    }
    let original = FixTesting.linter().lint(bytes, file: "a.json", fileName: "animation.json").filter(\.isFixable)
    let placed = result.findingsInOriginal
    func positions(_ findings: [Finding]) -> [String] {
      findings.map { "\($0.offset) \($0.line!):\($0.column!)" }.sorted()
    }
    #expect(positions(placed.fixed) == positions(original))
    // The remaining findings sit where they do in the original too.
    let remainingOriginal = FixTesting.linter().lint(bytes, file: "a.json", fileName: "animation.json")
      .filter { !$0.isFixable }
    #expect(positions(placed.remaining) == positions(remainingOriginal))
  }

  @Test("Every corpus file: fixing verifies, and fixing again changes nothing", arguments: [false, true])
  func corpusIdempotence(unsafe: Bool) throws {
    let corpus = RegistryTests.repository.appendingPathComponent("Corpus")
    let files = FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String } ?? []
    let inputs = files.filter { $0.hasSuffix(".inertia") || $0.hasSuffix(".json") }
    #expect(inputs.count > 20)
    var changed = 0
    for name in inputs {
      let bytes = [UInt8](try Data(contentsOf: corpus.appendingPathComponent(name)))
      let fileName = (name as NSString).lastPathComponent
      let first = FixTesting.fixer(unsafe: unsafe).fix(bytes, file: name, fileName: fileName)
      #expect(first.failure == nil, "\(name): \(first.failure?.description ?? "")")
      if first.isChanged { changed += 1 }
      let second = FixTesting.fixer(unsafe: unsafe).fix(first.fixed, file: name, fileName: fileName)
      #expect(!second.isChanged, "\(name): a second fix changed \(second.fixedFindings.map(\.ruleID))")
      // What remains offers no fix of the kind applied.
      #expect(
        !second.remainingFindings.contains { $0.fix.map { $0.safety == .safe || unsafe } ?? false },
        "\(name)")
    }
    #expect(changed >= (unsafe ? 6 : 3))
  }

  /// The documents the fixer is compared on: every corpus file, and generated ones with durations,
  /// keyframe ids and strokes to fix (some in more than one round).
  static func comparisonDocuments() throws -> [(name: String, bytes: [UInt8])] {
    let corpus = RegistryTests.repository.appendingPathComponent("Corpus")
    let files = FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String } ?? []
    var documents = try files.filter { $0.hasSuffix(".inertia") || $0.hasSuffix(".json") }.sorted().map {
      (name: $0, bytes: [UInt8](try Data(contentsOf: corpus.appendingPathComponent($0))))
    }
    for seed in 0..<60 as Range<UInt64> {
      documents.append((name: "animation.json", bytes: Array(SafeFixInvarianceTests.document(seed: seed).utf8)))
    }
    return documents
  }

  @Test(
    "The fixer lints with the rules that fix, then the others once: its findings are whole lints' findings",
    arguments: [false, true])
  func findingsAreWholeLints(unsafe: Bool) throws {
    var linter = Linter()
    linter.makeIdentifier = { "FRESH" }
    let fixer = DocumentFixer(linter: linter, includesUnsafe: unsafe)
    var changed = 0
    for (name, bytes) in try Self.comparisonDocuments() {
      let fileName = (name as NSString).lastPathComponent
      let result = fixer.fix(bytes, file: name, fileName: fileName)
      let before = fixer.linter.linted(FileContents(copying: bytes), file: name, fileName: fileName)
      let after = fixer.linter.linted(FileContents(copying: result.fixed), file: name, fileName: fileName)
      #expect(result.originalFindings == before.findings, "\(name)")
      #expect(result.remainingFindings == after.findings, "\(name)")
      #expect(result.suppressedCount == after.suppressedCount, "\(name)")
      // What was fixed is what a whole lint offered to fix, of the kind allowed.
      if result.isChanged {
        changed += 1
        func key(_ finding: Finding) -> String { "\(finding.ruleID) \(finding.pointer) \(finding.message)" }
        let offered = Set(before.findings.filter { $0.fix.map { $0.safety == .safe || unsafe } ?? false }.map(key))
        let firstRound = zip(result.fixedFindings, result.fixedRounds).filter { $0.1 == 0 }.map { key($0.0) }
        #expect(!firstRound.isEmpty && Set(firstRound).isSubset(of: offered), "\(name)")
      }
      // Every fix a rule offers has the safety its description gives, which is how the fixer picks the
      // rules it lints first.
      for finding in before.findings + after.findings {
        guard let fix = finding.fix else { continue }
        #expect(RuleRegistry.rule(finding.ruleID)?.description.fixSafety == fix.safety, "\(name) \(finding.ruleID)")
      }
    }
    #expect(changed >= (unsafe ? 40 : 30))
  }
}
