import Foundation
import Testing

@testable import InertiaFormat
@testable import InertiaLint

/// The schema walk's fast paths (``CompiledSchema/step(_:format:)``, keys and strings of a set matched by
/// their encoding) against the walk without them (``ReferenceSchemaWalk``), on documents where they matter:
/// values of every kind in every place (wrong types and `nil` inside arrays of numbers, nested arrays,
/// integers in every width, `uint64` included), repeated keys inside unknown fields, keys renamed, moved,
/// repeated and encoded as str8 rather than fixstr, near misses of field names.
@Suite("Schema walk fast paths")
struct WalkFastPathTests {
  typealias SplitMix = SplitMix64

  /// The walk's events and their sorts, as `"sort event"` lines.
  static func summary(_ document: IndexedDocument) -> [String] {
    let events = SchemaWalk.events(in: document)
    return zip(events.sorts, events.list).map { "\($0) \($1)" }
  }

  /// Encodes `value` as MessagePack, with a random choice of format where there are several (a fixstr or a
  /// str8, an integer in any width that holds it).
  static func encode(_ value: MessagePackValue, _ rng: inout SplitMix, into out: inout [UInt8]) {
    func be(_ v: UInt64, _ bytes: Int) {
      for i in (0..<bytes).reversed() { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
    }
    switch value {
    case .nil: out.append(0xC0)
    case .bool(let b): out.append(b ? 0xC3 : 0xC2)
    case .int(let i):
      if i >= 0 && rng.coin() {
        encode(.uint(UInt64(i)), &rng, into: &out)
      } else if i >= -32 && i < 0 && rng.coin() {
        out.append(UInt8(bitPattern: Int8(i)))
      } else {
        switch rng.below(4) {
        case 0 where Int8(exactly: i) != nil:
          out.append(0xD0)
          be(UInt64(bitPattern: i), 1)
        case 1 where Int16(exactly: i) != nil:
          out.append(0xD1)
          be(UInt64(bitPattern: i), 2)
        case 2 where Int32(exactly: i) != nil:
          out.append(0xD2)
          be(UInt64(bitPattern: i), 4)
        default:
          out.append(0xD3)
          be(UInt64(bitPattern: i), 8)
        }
      }
    case .uint(let u):
      switch rng.below(5) {
      case 0 where u < 128: out.append(UInt8(u))
      case 1 where u < 256:
        out.append(0xCC)
        be(u, 1)
      case 2 where u < 65536:
        out.append(0xCD)
        be(u, 2)
      case 3 where u < (1 << 32):
        out.append(0xCE)
        be(u, 4)
      default:
        out.append(0xCF)
        be(u, 8)
      }
    case .float32(let f):
      out.append(0xCA)
      be(UInt64(f.bitPattern), 4)
    case .float64(let d):
      out.append(0xCB)
      be(d.bitPattern, 8)
    case .string(let s):
      let utf8 = Array(s.utf8)
      if utf8.count < 32 && rng.below(4) != 0 {
        out.append(0xA0 | UInt8(utf8.count))
      } else if utf8.count < 256 && rng.coin() {
        out.append(0xD9)
        be(UInt64(utf8.count), 1)
      } else {
        out.append(0xDA)
        be(UInt64(utf8.count), 2)
      }
      out += utf8
    case .binary(let b):
      out.append(0xC4)
      be(UInt64(b.count), 1)
      out += b
    case .ext(let type, let data):
      out.append(0xC7)
      be(UInt64(data.count), 1)
      out.append(UInt8(bitPattern: type))
      out += data
    case .array(let elements):
      if elements.count < 16 && rng.below(4) != 0 {
        out.append(0x90 | UInt8(elements.count))
      } else {
        out.append(0xDC)
        be(UInt64(elements.count), 2)
      }
      for e in elements { encode(e, &rng, into: &out) }
    case .map(let entries):
      if entries.count < 16 && rng.below(4) != 0 {
        out.append(0x80 | UInt8(entries.count))
      } else {
        out.append(0xDE)
        be(UInt64(entries.count), 2)
      }
      for e in entries {
        encode(e.key, &rng, into: &out)
        encode(e.value, &rng, into: &out)
      }
    }
  }

  /// Keys to rename to: every field name, and near misses (same length and first bytes, one byte more).
  static let names: [String] =
    InertiaSchema.ObjectKind.allCases.flatMap { InertiaSchema.object($0).fields.map(\.name) }
    + [
      "Id", "idx", "i", "rotateCentxr", "initialValuez", "invokeTypo", "keyframez", "strokeWidtX", "positiom",
      "translat", "strokeWidthX", "rotateCenterr", "note", "keyframe", "valuesvalues", "é", "e\u{301}",
      "abcdefghijklmnop", "abcdefgh", "abcdefg",
    ]

  /// A value to put somewhere.
  static func palette(_ rng: inout SplitMix) -> MessagePackValue {
    let values: [MessagePackValue] = [
      .nil, .bool(true), .int(3), .int(-5), .int(0), .uint(UInt64.max), .uint(5), .int(Int64.min), .float32(1.5),
      .float64(2.0), .float64(2.5), .float64(.nan), .float64(.infinity), .string("auto"), .string("trigger"),
      .string("top"), .string("bottom"), .string("x"), .string(""), .string(String(repeating: "k", count: 40)),
      .string("autö"), .string("trigger\u{301}"), .binary([1, 2]), .ext(type: 1, data: [1]), .array([]),
      .array([.int(1), .float64(2)]), .array([.int(1), .string("a")]), .array([.array([.int(1)]), .nil]),
      .array([.float32(1), .uint(UInt64.max), .int(-1)]), .map([]),
      // Pairs as the walk's fast path takes them (two numbers), and as it leaves them to the general path.
      .array([.float64(0.5), .float64(-1)]), .array([.float64(1), .nil]), .array([.nil, .int(2)]),
      .array([.uint(UInt64.max), .float32(2)]), .array([.int(1), .float64(2), .int(3)]),
      .map([.init(.string("a"), .int(1)), .init(.string("a"), .int(2))]),
      .map([.init(.int(1), .int(2)), .init(.int(1), .int(3))]),
      .array([.map([.init(.string("b"), .nil), .init(.string("b"), .nil)])]),
      .map([.init(.string("red"), .int(1)), .init(.string("green"), .nil), .init(.string("blue"), .float64(0.5))]),
      // Numbers the runtime reads for one Swift type and not another.
      .float64(0.33), .float32(0.33), .uint(200), .int(16_777_217), .uint(9_007_199_254_740_993),
      .int(-9_007_199_254_740_993), .array([.float64(1)]), .array([.float32(1), .float64(0.1), .int(2)]),
      .map([
        .init(.string("position"), .map([.init(.string("x"), .int(1)), .init(.string("y"), .float64(0.5))])),
        .init(.string("color"), .map([.init(.string("red"), .float64(0.1))])),
      ]),
      .map([
        .init(.string("scale"), .int(1)), .init(.string("translate"), .array([.int(0), .int(0)])),
        .init(.string("rotate"), .int(0)), .init(.string("rotateCenter"), .int(0)), .init(.string("opacity"), .int(1)),
      ]),
    ]
    return values[rng.below(values.count)]
  }

  /// How many values `value` holds, itself included (keys not counted).
  static func count(_ value: MessagePackValue) -> Int {
    switch value {
    case .array(let e): return 1 + e.map(count).reduce(0, +)
    case .map(let e): return 1 + e.map { count($0.value) }.reduce(0, +)
    default: return 1
    }
  }

  /// Changes the value numbered `target` (keys not counted, in document order): a map gets an entry
  /// repeated, removed, renamed or added, or its entries shuffled; an array an element repeated or replaced;
  /// any value may be replaced.
  static func mutate(_ value: inout MessagePackValue, _ target: inout Int, _ rng: inout SplitMix) {
    if target == 0 {
      target = -1
      switch value {
      case .map(var entries) where !entries.isEmpty && rng.below(3) != 0:
        let i = rng.below(entries.count)
        switch rng.below(6) {
        case 0: entries.insert(entries[i], at: rng.below(entries.count + 1))
        case 1: entries.remove(at: i)
        case 2: entries[i].key = .string(names[rng.below(names.count)])
        case 3: entries[i].key = [.int(1), .nil, .array([]), .string(String(repeating: "z", count: 20))][rng.below(4)]
        case 4: entries.shuffle(using: &rng)
        default: entries.append(.init(.string(names[rng.below(names.count)]), palette(&rng)))
        }
        value = .map(entries)
      case .array(var elements) where !elements.isEmpty && rng.coin():
        let i = rng.below(elements.count)
        if rng.coin() { elements.append(elements[i]) } else { elements[i] = palette(&rng) }
        value = .array(elements)
      default:
        value = palette(&rng)
      }
      return
    }
    target -= 1
    switch value {
    case .array(var elements):
      for i in elements.indices where target >= 0 { mutate(&elements[i], &target, &rng) }
      value = .array(elements)
    case .map(var entries):
      for i in entries.indices where target >= 0 { mutate(&entries[i].value, &target, &rng) }
      value = .map(entries)
    default:
      break
    }
  }

  @Test("The walk's events are those of the walk without fast paths")
  func sameEvents() throws {
    let bases = try SchemaConsistencyTests.documents.map { try JSONReader().read(Array($0.utf8)) }
    var rng = SplitMix(seed: 12345)
    var withEvents = 0
    for round in 0..<4000 {
      var value = bases[round % bases.count]
      for _ in 0..<(1 + rng.below(4)) {
        var target = rng.below(Self.count(value))
        Self.mutate(&value, &target, &rng)
      }
      var bytes: [UInt8] = []
      Self.encode(value, &rng, into: &bytes)
      let document = try IndexedDocument.read(bytes, as: .messagePack)
      let events = Self.summary(document)
      #expect(events == ReferenceSchemaWalk.summary(of: document), "round \(round)")
      if !events.isEmpty { withEvents += 1 }
    }
    // Most documents have something to report: the mutations reach the walk's every path.
    #expect(withEvents > 3000)
    for text in SchemaConsistencyTests.documents {
      let document = try IndexedDocument.read(Array(text.utf8))
      #expect(
        Self.summary(document) == ReferenceSchemaWalk.summary(of: document)
      )
    }
  }

  /// A file with every kind of object, every field set (a shape with its own track, a nested shape).
  static let everyField = """
    [{"id": "a", "invokeType": "auto",
      "initialValues": {"scale": 1, "translate": [0, 0.5], "rotate": 0, "rotateCenter": 0, "opacity": 1},
      "keyframes": [{"id": "k", "duration": 0.5,
        "values": {"scale": 2, "translate": [1, 0], "rotate": 90, "rotateCenter": 0, "opacity": 0.5}}],
      "loopDuration": 4.5,
      "shapes": [{"id": "s", "zIndex": 1, "position": "top", "ownCanvas": true, "showsBeforeAnimation": false,
        "transforms": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1},
        "shape": {"id": "d", "type": "circle", "width": 1, "height": 1,
          "fill": {"red": 1, "green": 0, "blue": 0, "alpha": 1},
          "stroke": {"red": 0, "green": 0, "blue": 1, "alpha": 1}, "strokeWidth": 2},
        "vertices": [{"position": {"x": 0, "y": 0.5}, "color": {"red": 1, "green": 0, "blue": 0, "alpha": 1}},
          {"position": {"x": 1, "x": 2, "y": 0}, "color": {"red": 0, "green": 0.5, "blue": 0, "alpha": 1}}],
        "animation": {"id": "t", "invokeType": "trigger",
          "initialValues": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1},
          "keyframes": [], "loopDuration": 3},
        "shapes": [{"id": "n", "shapes": []}]}]}]
    """

  /// A value whose encoding starts with `format` (any byte but 0xC1, which none does).
  static func encoding(startingWith format: UInt8) -> [UInt8] {
    switch format {
    case 0x80...0x8F: return [format] + Array(repeating: [0xA1, 0x61, 0x00], count: Int(format & 0x0F)).flatMap { $0 }
    case 0x90...0x9F:
      return [format]
        + Array(repeating: [0xCB, 0x3F, 0xF0, 0, 0, 0, 0, 0, 0], count: Int(format & 0x0F)).flatMap { $0 }
    case 0xA0...0xBF: return [format] + Array(repeating: UInt8(ascii: "a"), count: Int(format & 0x1F))
    case 0xC4: return [format, 1, 7]
    case 0xC5: return [format, 0, 1, 7]
    case 0xC6: return [format, 0, 0, 0, 1, 7]
    case 0xC7: return [format, 1, 1, 7]
    case 0xC8: return [format, 0, 1, 1, 7]
    case 0xC9: return [format, 0, 0, 0, 1, 1, 7]
    case 0xCA: return [format, 0x3F, 0x80, 0, 0]
    case 0xCB: return [format, 0x40, 0, 0, 0, 0, 0, 0, 0]
    case 0xCC, 0xD0: return [format, 5]
    case 0xCD, 0xD1: return [format, 0, 5]
    case 0xCE, 0xD2: return [format, 0, 0, 0, 5]
    case 0xCF, 0xD3: return [format, 0, 0, 0, 0, 0, 0, 0, 5]
    case 0xD4...0xD8: return [format, 1] + Array(repeating: 7, count: 1 << Int(format - 0xD4))
    case 0xD9: return [format, 4] + Array("auto".utf8)
    case 0xDA: return [format, 0, 3] + Array("top".utf8)
    case 0xDB: return [format, 0, 0, 0, 6] + Array("circle".utf8)
    case 0xDC: return [format, 0, 2, 0x01, 0xCB, 0x40, 0, 0, 0, 0, 0, 0, 0]
    case 0xDD: return [format, 0, 0, 0, 2, 0xCA, 0x3F, 0x80, 0, 0, 0x02]
    case 0xDE: return [format, 0, 1, 0xA5] + Array("scale".utf8) + [0x01]
    case 0xDF: return [format, 0, 0, 0, 1, 0xA1, 0x78, 0xC0]
    default: return [format]
    }
  }

  @Test("Every value, keys included, replaced by one of each format byte: the events of the walk without fast paths")
  func everyFormatEverywhere() throws {
    var rng = SplitMix(seed: 7)
    var base: [UInt8] = []
    Self.encode(try JSONReader().read(Array(Self.everyField.utf8)), &rng, into: &base)
    let document = try IndexedDocument.read(base, as: .messagePack)
    #expect(SchemaWalk.events(in: document).list.count == 1, "the repeated key in vertices")
    var withEvents = 0
    for index in 0..<document.nodeCount {
      let range = document.messagePackRange(of: IndexedDocument.Node(index))
      for format in UInt8.min...UInt8.max where format != 0xC1 {
        let bytes = Array(base[..<range.lowerBound]) + Self.encoding(startingWith: format) + base[range.upperBound...]
        let changed = try IndexedDocument.read(bytes, as: .messagePack)
        let events = Self.summary(changed)
        #expect(events == ReferenceSchemaWalk.summary(of: changed), "value \(index), format \(format)")
        if events.count > 1 { withEvents += 1 }
      }
    }
    // Most replacements are reported: values of the wrong kind, keys that name no field.
    #expect(withEvents > document.nodeCount * 255 / 2)
  }

  @Test("A key found by its encoding is the name it spells, from any start; a str8 is left to the byte lookup")
  func encodedKeys() throws {
    let alphabet = "abcdefghijklmnopqrstuvwxyABCDEFGHIJKLMNOPQRSTUVWXY"
    let names = (0...20).map { String(alphabet.prefix($0)) } + ["é", "e\u{301}"]
    // Each name, and each name with one byte changed.
    var keys = names
    for name in names {
      for offset in 0..<name.utf8.count {
        var bytes = Array(name.utf8)
        bytes[offset] = UInt8(ascii: "z")
        keys.append(String(decoding: bytes, as: UTF8.self))
      }
    }
    // An array of the integer 0 (a format byte of 0, which is no name however long), then each key as a
    // fixstr (where it fits) and as a str8: the last ones end the document, with fewer than 16 bytes after
    // their heads.
    var elements: [(key: String?, isFixstr: Bool)] = [(nil, false)]
    var body: [UInt8] = [0x00]
    for key in keys {
      let utf8 = Array(key.utf8)
      body += utf8.count < 32 ? [0xA0 | UInt8(utf8.count)] + utf8 : [0xD9, UInt8(utf8.count)] + utf8
      body += [0xD9, UInt8(utf8.count)] + utf8
      elements += [(key, utf8.count < 32), (key, false)]
    }
    let bytes = [0xDC, UInt8(elements.count >> 8), UInt8(elements.count & 0xFF)] + body
    let document = try IndexedDocument.read(bytes, as: .messagePack)
    let table = KeyNames(names)
    let nodes = document.elements(of: try #require(document.root))
    #expect(nodes.count == elements.count)
    for (node, (key, isFixstr)) in zip(nodes, elements) {
      // Names are told apart by their bytes, not by canonical equivalence.
      let expected = key.flatMap { key in names.firstIndex { $0.utf8.elementsEqual(key.utf8) } }
      #expect(document.index(ofKey: node, in: table) == expected)
      let head = document.messagePackRange(of: node).lowerBound
      let words = document.leadingWords(of: node)
      #expect((words == nil) == (bytes.count - head < 16))
      guard let words else { continue }
      for start in names.indices {
        let found = table.index(ofEncoded: words, from: start)
        if isFixstr, let key, key.utf8.count < 16 {
          #expect(found == expected, "\(key) from \(start)")
        } else {
          #expect(found == nil, "\(key ?? "0") from \(start)")
        }
      }
    }
  }
}
