import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint

/// The engine itself: sharing rules out among threads, ordering, and line and column.
@Suite("Linter")
struct LinterTests {
  @Test("Rules shared out among threads give exactly the findings of one thread", arguments: [2, 3, 4])
  func threadsGiveTheSameFindings(_ threads: Int) throws {
    let corpus = CorpusTests.directory
    for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path) where name.contains(".") {
      let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(name)))
      guard let indexed = try? IndexedDocument.read(bytes) else { continue }
      var linter = Linter()
      linter.runner = ThreadRunner(width: threads)
      let one = linter.lint(indexed, file: name, fileName: name, threads: 1)
      let many = linter.lint(indexed, file: name, fileName: name, threads: threads)
      #expect(one.map(\.message) == many.map(\.message), "\(name)")
      #expect(one.map(\.offset) == many.map(\.offset))
    }
  }

  @Test("Threads take every rule once, heaviest first, and a rule that uses another's result after it")
  func heaviestFirst() {
    let linter = Linter()
    let ids = linter.heaviestFirst(Array(linter.enabled.indices)).map { linter.enabled[$0].id }
    #expect(ids.sorted() == RuleRegistry.rules.map { $0.description.identifier }.sorted())
    #expect(ids.first == "schema")
    let users = [
      ("unknown-field", "schema"), ("null-optional-field", "schema"), ("track-beyond-editor-range", "loop-stretched"),
    ]
    for (user, maker) in users {
      #expect(ids.firstIndex(of: maker)! < ids.firstIndex(of: user)!)
    }
  }

  @Test("Findings are ordered by position, then pointer, then rule")
  func order() throws {
    let text = #"[{"id": "", "invokeType": "auto", "keyframes": [{"id": "A", "duration": -1}], "notes": 1}]"#
    let findings = Linter().lint(Array(text.utf8), file: "x.json", fileName: "animation.json")
    #expect(findings.map(\.offset) == findings.map(\.offset).sorted())
    #expect(findings.allSatisfy { $0.line == 1 })
    #expect(findings.first?.column == 2)
  }

  @Test("A byte order mark is no column in a finding's place")
  func byteOrderMark() throws {
    let text = "\u{FEFF}[{\"id\": \"a\", \"bad\": 1}]"
    let findings = Linter().lint(Array(text.utf8), file: "x.json", fileName: "animation.json")
      .filter { $0.ruleID == "unknown-field" }
    // The key `"bad"` starts at the 14th character after the mark.
    #expect(findings.map { "\($0.line!):\($0.column!)" } == ["1:14"])
  }

  @Test("Columns count Unicode scalars, lines count newlines")
  func lineAndColumn() throws {
    let text = "[\n  {\"id\": \"é😀\", \"bad\": 1,\n   \"durations\": 2}\n]"
    let findings = Linter().lint(Array(text.utf8), file: "x.json", fileName: "animation.json")
      .filter { $0.ruleID == "unknown-field" }
    #expect(findings.map { "\($0.line!):\($0.column!)" } == ["2:16", "3:4"])
  }

  @Test("The schema walk in pieces, merged, gives the events and counts of one walk", arguments: [0, 1, 2, 5])
  func schemaWalkPieces(_ limit: Int) throws {
    // Faults of every sort, spread over the elements: a wrong type, a value outside its set, a missing
    // field, unknown and repeated keys, a null optional field, a non-string key (MessagePack only).
    let animation = { (n: Int) in
      #"{"id": "a\#(n)", "invokeType": "\#(n % 3 == 0 ? "autoplay" : "auto")", "#
        + #""keyframes": [{"id": "A", "duration": "\#(n)", "values": 1}], "#
        + #""note\#(n % 2)": 1, "id": "again", "shapes": null}"#
    }
    let texts = [
      "[" + (0..<23).map(animation).joined(separator: ", ") + "]",
      #"{"id": 1}"#, "[]", "5", "[1, [2], {}]",
    ]
    var documents = try texts.map { try IndexedDocument.read(Array($0.utf8)) }
    // {1: 2} inside an animation: a key that is not a string.
    documents.append(try IndexedDocument.read([0x91, 0x81, 0x01, 0x02]))
    func summary(_ events: SchemaWalk.Events) -> [String] {
      events.list.map { "\($0)" }
        + SchemaWalk.Sort.allCases.map { "\($0): \(events.filtered($0)) \(String(describing: events.omitted($0)))" }
    }
    for document in documents {
      // Leaves out every event at a value of odd number.
      for filter in [nil, { (_: SchemaWalk.Sort, node: IndexedDocument.Node) in node.index % 2 == 0 }] {
        let whole = SchemaWalk.events(in: document, limit: limit, filter: filter)
        for count in [1, 2, 3, 7, 40] {
          let pieces = SchemaWalk.Pieces(document, count: count)
          let parts = (0..<pieces.count).map {
            SchemaWalk.events(of: $0, in: pieces, document: document, limit: limit, filter: filter)
          }
          #expect(summary(SchemaWalk.merged(parts, limit: limit)) == summary(whole), "\(count) pieces")
        }
      }
    }
  }

  /// Repeats among the first few strings (searched in a list), past them (in the table), at the switch from
  /// one to the other, and after the strings are forgotten.
  @Test(
    "Repeated strings are found among few and many, whatever their hashes",
    arguments: [
      (0..<40).map { "s\($0)" } + ["s3", "s20", "s39", "s0"],
      ["a", "b", "a", "c", "b", "b"] + (0..<10).map { "t\($0)" } + ["a", "t9", "u", "u", "t0"],
      (0..<16).map { "v\($0)" } + ["v15", "v0", "w", "v7", "w"],
    ])
  func repeatedStrings(_ names: [String]) throws {
    let document = try IndexedDocument.read(Array(("[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]").utf8))
    let nodes = document.elements(of: try #require(document.root))
    // Each string's first place, for those that repeat an earlier one.
    let expected = names.indices.map { index in names.firstIndex(of: names[index]).flatMap { $0 < index ? $0 : nil } }
    for hash in [{ document.stringHash(of: $0) ?? 0 }, { (_: IndexedDocument.Node) in UInt64(7) }] {
      var strings = RepeatedStrings(capacity: 4)
      for _ in 0..<2 {
        let found = nodes.map { strings.earlier($0, hash: hash($0), in: document).map { nodes.firstIndex(of: $0)! } }
        #expect(found == expected)
        strings.removeAll()
      }
    }
  }

  @Test("Key names of every length are told apart by every byte")
  func keyNames() throws {
    // Every length up to past the longest with a slot of its own (32), so that names are told apart by
    // their first word, their second and the bytes after.
    let alphabet = "abcdefghijklmnopqrstuvwxyABCDEFGHIJKLMNOPQRSTUVWXY"
    let names = (0...40).map { String(alphabet.prefix($0)) }
    // Each name, and each name with one byte changed.
    var keys = names.map { ($0, names.firstIndex(of: $0)) }
    for name in names {
      for offset in 0..<name.utf8.count {
        var bytes = Array(name.utf8)
        bytes[offset] = UInt8(ascii: "z")
        keys.append((String(decoding: bytes, as: UTF8.self), nil))
      }
    }
    let text = "[" + keys.map { "\"\($0.0)\"" }.joined(separator: ", ") + "]"
    let document = try IndexedDocument.read(Array(text.utf8))
    let table = KeyNames(names)
    let found = document.elements(of: try #require(document.root)).map { document.index(ofKey: $0, in: table) }
    #expect(found == keys.map(\.1))
  }

  @Test(
    "Keys are found by their encoding as by their bytes: fixstr, str8, short, long, at the document's end, whichever name is expected first, the end of the names included"
  )
  func encodedKeyNames() throws {
    // Names of every fixstr length and past the sixteen bytes two words hold, and the outline's own.
    let alphabet = "abcdefghijklmnopqrstuvwxyABCDEFGHIJKLMNOPQRSTUVWXY"
    let names = (0...20).map { String(alphabet.prefix($0)) } + ["id", "duration", "showsBeforeAnimation"]
    // Each name, each name with one byte changed, each with one byte more, and a few others.
    var keys = names + ["ic", "durations", "zzzzzzzzzzzzzzz", "é"]
    for name in names {
      keys.append(name + "z")
      for offset in 0..<name.utf8.count {
        var bytes = Array(name.utf8)
        bytes[offset] = UInt8(ascii: "z")
        keys.append(String(decoding: bytes, as: UTF8.self))
      }
    }
    // Each key as a fixstr (or a str8 when longer than 31 bytes), then each as a str8, then an integer, a
    // nil and the last three keys again, in one MessagePack array: those lie within sixteen bytes of its end.
    func fixstr(_ key: String) -> [UInt8] {
      let utf8 = Array(key.utf8)
      return utf8.count < 32 ? [0xA0 | UInt8(utf8.count)] + utf8 : str8(key)
    }
    func str8(_ key: String) -> [UInt8] { [0xD9, UInt8(key.utf8.count)] + Array(key.utf8) }
    let count = 2 * keys.count + 2 + 3
    let bytes =
      [0xDC, UInt8(count >> 8), UInt8(count & 0xFF)] + keys.flatMap(fixstr) + keys.flatMap(str8) + [0x05, 0xC0]
      + keys.suffix(3).flatMap(fixstr)
    let document = try IndexedDocument.read(bytes, as: .messagePack)
    let encoded = EncodedKeyNames(names)
    let table = KeyNames(names)
    let elements = document.elements(of: try #require(document.root))
    let expected = keys.map { names.firstIndex(of: $0) }
    let expectedAll = expected + expected + [nil, nil] + expected.suffix(3)
    #expect(elements.map { document.index(ofKey: $0, among: encoded) } == expectedAll)
    #expect(elements.map { document.index(ofKey: $0, in: table) } == expectedAll)
    // The name tried first changes where a key is looked for first, never what it is found to be: after
    // the last name (what the outline expects after a key of its last field), nothing is expected.
    for first in 0...names.count {
      #expect(elements.map { document.index(ofKey: $0, among: encoded, expected: first) } == expectedAll)
    }
  }

  @Test("A repeated key is an error in a map the runtime reads, a warning inside a value no runtime reads")
  func repeatedKeySeverity() {
    let text = #"[{"id": "c", "x-note": {"a": 1, "a": 2}, "keyframes": [], "keyframes": []}]"#
    let findings = Linter().lint(Array(text.utf8), file: "a.json", fileName: "animation.json")
      .filter { $0.ruleID == "duplicate-key" }
    #expect(findings.map(\.pointer.description) == ["/0/x-note/a", "/0/keyframes"])
    #expect(findings.map(\.severity) == [.warning, .error])
    // No other rule reports them.
    let all = Linter().lint(Array(text.utf8), file: "a.json", fileName: "animation.json")
    #expect(all.filter { $0.ruleID != "duplicate-key" && findings.map(\.offset).contains($0.offset) }.isEmpty)
  }
}
