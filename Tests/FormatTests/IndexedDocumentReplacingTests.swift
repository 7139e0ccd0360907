import TestSupport
import Testing

@testable import InertiaFormat

/// ``IndexedDocument/replacingValues(_:with:limits:)`` makes, from the original's index, the very document
/// that reading the new bytes makes (the same values, kinds, bytes, contents and non-finite flag), and makes
/// none when the new bytes are not the original with those values replaced by one value each that is not
/// an array or map: then the fixer reads the bytes whole.
@Suite("Indexed document with values replaced")
struct IndexedDocumentReplacingTests {
  typealias Node = IndexedDocument.Node

  /// Whether two documents index the same values the same way.
  static func same(_ a: IndexedDocument, _ b: IndexedDocument, _ comment: Comment) -> Bool {
    guard a.nodeCount == b.nodeCount, a.containsNonFiniteNumbers == b.containsNonFiniteNumbers else {
      Issue.record(
        "\(a.nodeCount) and \(b.nodeCount) nodes, non-finite \(a.containsNonFiniteNumbers) and \(b.containsNonFiniteNumbers): \(comment)"
      )
      return false
    }
    for index in 0..<a.nodeCount {
      let node = Node(index)
      guard a.messagePackRange(of: node) == b.messagePackRange(of: node),
        a.subtreeEnd(of: node) == b.subtreeEnd(of: node),
        a.kind(of: node) == b.kind(of: node),
        a.value(of: node) == b.value(of: node) || a.value(of: node).doubleValue?.isNaN == true
      else {
        Issue.record(
          "node \(index) differs: \(a.value(of: node)) at \(a.messagePackRange(of: node)), \(b.value(of: node)) at \(b.messagePackRange(of: node)): \(comment)"
        )
        return false
      }
    }
    return true
  }

  /// The values of `document` that are not arrays or maps.
  static func scalars(_ document: IndexedDocument) -> [Node] {
    (0..<document.nodeCount).map(Node.init).filter { document.kind(of: $0) != .array && document.kind(of: $0) != .map }
  }

  /// `bytes` with each node's bytes replaced by the matching bytes of `replacements`.
  static func splice(_ document: IndexedDocument, _ bytes: [UInt8], _ nodes: [Node], _ replacements: [[UInt8]])
    -> [UInt8]
  {
    var out: [UInt8] = []
    var at = 0
    for (node, replacement) in zip(nodes, replacements) {
      let range = document.messagePackRange(of: node)
      out += bytes[at..<range.lowerBound] + replacement
      at = range.upperBound
    }
    return out + bytes[at...]
  }

  @Test("Random documents, with random values of every kind but arrays and maps put in place of some", arguments: 0..<8)
  func randomReplacements(seed: UInt64) throws {
    var documents = RandomDocuments(seed: seed, extended: true)
    documents.maxWidth = 12
    var rng = SeededGenerator(seed: seed &+ 500)
    var made = 0
    for round in 0..<100 {
      let bytes = MessagePackWriter().write(documents.document())
      let original = try IndexedDocument.read(bytes)
      let scalars = Self.scalars(original)
      guard !scalars.isEmpty else { continue }
      let nodes = Array(Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in scalars.randomElement(using: &rng)! }))
        .sorted()
      // A value below the deepest level is never an array or map.
      let replacements = nodes.map { _ in MessagePackWriter().write(documents.value(depth: documents.maxDepth)) }
      let fixed = Self.splice(original, bytes, nodes, replacements)
      let comment: Comment = "seed \(seed), round \(round), nodes \(nodes.map(\.index))"
      let patched = try #require(original.replacingValues(nodes, with: fixed), comment)
      #expect(Self.same(patched, try IndexedDocument.read(fixed), comment))
      made += 1
    }
    #expect(made > 80)
  }

  @Test("NaN and the infinities: the flag follows the values kept and the values put in")
  func nonFiniteNumbers() throws {
    let nan = MessagePackWriter().write(.float64(.nan))
    let one = MessagePackWriter().write(.float64(1.5))
    for (values, replaced, replacement, expected) in [
      ([MessagePackValue.float64(.nan), .int(1)], 0, one, false),
      ([.float64(.nan), .float64(.infinity)], 0, one, true),
      ([.float64(2), .int(1)], 1, nan, true),
      ([.float32(.nan), .int(1)], 1, one, true),
      ([.float64(2), .int(1)], 0, one, false),
    ] {
      let bytes = MessagePackWriter().write(.array(values))
      let original = try IndexedDocument.read(bytes)
      let node = Node(replaced + 1)
      let fixed = Self.splice(original, bytes, [node], [replacement])
      let patched = try #require(original.replacingValues([node], with: fixed))
      #expect(patched.containsNonFiniteNumbers == expected, "\(values), \(replaced)")
      #expect(try IndexedDocument.read(fixed).containsNonFiniteNumbers == expected)
    }
  }

  @Test("No document is made from bytes that are not the original with whole values replaced by whole values")
  func refusals() throws {
    let value: MessagePackValue = .array([
      .map([.init("id", "card0"), .init("duration", 0)]), .array([.int(1), .int(2)]),
      .string("tail"),
    ])
    let bytes = MessagePackWriter().write(value)
    let original = try IndexedDocument.read(bytes)
    let duration = try #require(original.node(at: JSONPointer(parsing: "/0/duration")!))
    let id = try #require(original.node(at: JSONPointer(parsing: "/0/id")!))
    let pair = try #require(original.node(at: JSONPointer(parsing: "/1")!))
    let write = { (value: MessagePackValue) in MessagePackWriter().write(value) }
    // What is refused, and why.
    let cases: [(nodes: [Node], bytes: [UInt8], why: String)] = [
      ([duration], Self.splice(original, bytes, [duration], [write(.array([]))]), "an empty array put in"),
      ([duration], Self.splice(original, bytes, [duration], [write(.map([.init("a", 1)]))]), "a map put in"),
      ([pair], Self.splice(original, bytes, [pair], [write(.int(3))]), "an array replaced"),
      ([duration], Self.splice(original, bytes, [duration], [[0xA2, 0xFF, 0xFE]]), "a string that is not UTF-8"),
      ([duration], Self.splice(original, bytes, [duration], [[0xA5, 0x61]]), "a string cut short"),
      ([duration], Self.splice(original, bytes, [duration], [[0x01, 0x02]]), "two values for one"),
      ([duration], Self.splice(original, bytes, [duration], [[0xC1]]), "a byte that is no value"),
      ([duration], Self.splice(original, bytes, [duration], [[0x05]]).dropLast() + [0x61], "a byte after it changed"),
      ([duration], [0x92] + Self.splice(original, bytes, [duration], [[0x05]]).dropFirst(), "a byte before it changed"),
      ([duration, id], Self.splice(original, bytes, [id, duration], [[0xA1, 0x41], [0x05]]), "nodes out of order"),
      ([duration, duration], Self.splice(original, bytes, [duration], [[0x05]]), "a node twice"),
      ([], bytes, "nothing replaced"),
    ]
    for (nodes, fixed, why) in cases {
      #expect(original.replacingValues(nodes, with: fixed) == nil, "\(why)")
    }
    // The same fix in order is made.
    let fixed = Self.splice(original, bytes, [id, duration], [[0xA1, 0x41], write(.float64(0.001))])
    let patched = try #require(original.replacingValues([id, duration], with: fixed))
    #expect(Self.same(patched, try IndexedDocument.read(fixed), "id and duration"))
    // JSON input is read again.
    let json = try IndexedDocument.read(Array(#"[{"duration": 0}]"#.utf8))
    let jsonDuration = try #require(json.node(at: JSONPointer(parsing: "/0/duration")!))
    #expect(json.replacingValues([jsonDuration], with: Array(#"[{"duration": 1}]"#.utf8)) == nil)
  }
}
