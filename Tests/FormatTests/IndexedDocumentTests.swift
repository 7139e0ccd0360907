import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// ``IndexedDocument`` reads what the tree readers read, at the positions the independent
/// ``PositionOracle`` finds, and fails with the same errors.
@Suite("Indexed document")
struct IndexedDocumentTests {
  static let documents: [String] = [
    "[]",
    "{}",
    #"[{"id": "card0", "keyframes": [{"id": "A", "duration": 0}, {"id": "B", "duration": 1.5}], "n": null}]"#,
    #"{"a": [1, -1, 300, -300, 70000, -70000, 5000000000, -5000000000, 1.5, true, false, null, "é€😀"]}"#,
    #"{"dup": 1, "dup": 2, "nested": {"x": [[[]]], "y": {}}}"#,
    "[" + (0..<40).map { "{\"k\($0)\": \($0)}" }.joined(separator: ", ") + "]",
    "{" + (0..<20).map { "\"k\($0)\": \"\(String(repeating: "v", count: $0 * 20))\"" }.joined(separator: ", ") + "}",
  ]

  /// Every node of a parsed document with its pointer-free path of child positions, its value and range.
  static func nodes(_ parsed: PositionOracle) -> [(MessagePackValue, Range<Int>)] {
    var result: [(MessagePackValue, Range<Int>)] = []
    func visit(_ value: MessagePackValue, _ node: PositionOracle.Node) {
      result.append((value, parsed.byteRange(of: node)))
      switch value {
      case .array(let elements):
        for (i, element) in elements.enumerated() { visit(element, parsed.child(of: node, at: i)!) }
      case .map(let entries):
        for (k, entry) in entries.enumerated() {
          visit(entry.key, parsed.child(of: node, at: 2 * k)!)
          visit(entry.value, parsed.child(of: node, at: 2 * k + 1)!)
        }
      default: break
      }
    }
    if let root = parsed.root { visit(parsed.value, root) }
    return result
  }

  static func check(_ bytes: [UInt8]) throws {
    let parsed = try PositionOracle.parse(bytes)
    let indexed = try IndexedDocument.read(bytes)
    #expect(indexed.encoding == parsed.encoding)
    let expected = nodes(parsed)
    #expect(indexed.nodeCount == expected.count)
    for (index, (value, range)) in expected.enumerated() {
      let node = try #require(index < indexed.nodeCount ? IndexedDocument.Node(index) : nil)
      #expect(indexed.value(of: node) == value)
      #expect(indexed.byteRange(of: node) == range)
      #expect(indexed.double(of: node) == value.doubleValue)
      #expect(indexed.string(of: node) == value.stringValue)
      #expect(indexed.count(of: node) == (value.arrayValue?.count ?? value.mapEntries?.count))
      if case .bool(let b) = value { #expect(indexed.bool(of: node) == b) }
    }
  }

  @Test("JSON input", arguments: documents)
  func json(_ text: String) throws {
    try Self.check(Array(text.utf8))
  }

  @Test("MessagePack input", arguments: documents)
  func messagePack(_ text: String) throws {
    try Self.check(MessagePackWriter().write(try JSONReader().read(Array(text.utf8))))
  }

  @Test(
    "The same errors as the tree readers",
    arguments: [
      Array(#"[{"id": "card0",]"#.utf8), Array(#"{"a": [1, 2"#.utf8), Array("[1] x".utf8), [],
      [0x92, 0x01], [0x81, 0xA1, 0x61], [0xC1], [0x91, 0xA2, 0xFF, 0xFE], [0x90, 0x90],
      [0x81, 0xA1, 0x6B, 0x92, 0x01, 0xDC, 0xFF, 0xFF],
    ])
  func errors(_ bytes: [UInt8]) {
    var expected: FormatError?
    do { _ = try PositionOracle.parse(bytes) } catch { expected = error }
    var actual: FormatError?
    do { _ = try IndexedDocument.read(bytes) } catch { actual = error }
    #expect(expected != nil)
    #expect(actual == expected)
  }

  @Test("Kinds, including integers above Int64.max and NaN")
  func kinds() throws {
    let value: MessagePackValue = [
      .uint(UInt64.max), .int(-1), .float32(.nan), .float64(-.infinity), .binary([1]),
      .ext(type: 3, data: [1, 2]), .nil, true,
    ]
    let indexed = try IndexedDocument.read(MessagePackWriter().write(value))
    let kinds = (1..<indexed.nodeCount).map { indexed.kind(of: IndexedDocument.Node($0)) }
    #expect(kinds == [.uint, .int, .float32, .float64, .binary, .ext, .nil, .bool])
    #expect(indexed.double(of: IndexedDocument.Node(3))?.isNaN == true)
    #expect(indexed.value(of: indexed.root!) == value)
  }

  @Test("Notes whether any float is NaN or infinite, however it is written")
  func nonFiniteNumbers() throws {
    let finite: [MessagePackValue] = [.float64(1.5), .float32(-2), .float64(.greatestFiniteMagnitude), .int(7)]
    #expect(try !IndexedDocument.read(MessagePackWriter().write(.array(finite))).containsNonFiniteNumbers)
    #expect(try !IndexedDocument.read(Array("[1.5, -2, 1e308]".utf8)).containsNonFiniteNumbers)
    for odd: MessagePackValue in [.float64(.nan), .float64(-.infinity), .float32(.infinity), .float32(.nan)] {
      // At the end of a document, and inside a map after other values.
      let tail = MessagePackWriter().write(.array(finite + [odd]))
      let inner = MessagePackWriter().write(.map([.init("a", .float64(0.25)), .init("b", .array([odd]))]))
      #expect(try IndexedDocument.read(tail).containsNonFiniteNumbers, "\(odd)")
      #expect(try IndexedDocument.read(inner).containsNonFiniteNumbers, "\(odd)")
    }
  }
}
