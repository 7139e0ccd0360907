import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// The conversions' rule for an Inertia document's numbers (``Converter/Numbers/inertia``): files the editor
/// writes come back byte for byte through plain JSON, every other Inertia document comes back with the
/// same values in the formats the editor would have written, the extended form keeps every format, and a
/// document that is not an Inertia document keeps its canonical form.
@Suite("Converting an Inertia document's numbers as the editor writes them")
struct InertiaNumberRuleTests {
  static let seeds: [UInt64] = Array(1...6)
  static let documentsPerSeed = 60
  static let plain = JSONWriter.Options(style: .pretty, numbers: .inertia)

  /// `to-json` then `to-msgpack`, as the commands run them.
  static func plainRoundTrip(_ bytes: [UInt8]) throws -> [UInt8] {
    try Converter.toMessagePack(json: Converter.toJSON(messagePack: bytes, options: plain), numbers: .inertia)
  }

  @Test("A document as the editor writes it comes back byte for byte through plain JSON", arguments: seeds)
  func editorDocuments(_ seed: UInt64) throws {
    var documents = InertiaDocuments(seed: seed, asTheEditorWrites: true)
    for _ in 0..<Self.documentsPerSeed {
      let bytes = InertiaDocuments.bytes(documents.document())
      #expect(InertiaSchema.isInertiaDocument(try IndexedDocument.read(bytes)))
      #expect(try Self.plainRoundTrip(bytes) == bytes, "\(hexString(bytes))")
    }
  }

  @Test(
    "Any other Inertia document comes back with its values, each number in the format the rule gives it",
    arguments: seeds)
  func otherDocuments(_ seed: UInt64) throws {
    var documents = InertiaDocuments(seed: seed &+ 100)
    var changed = 0
    for _ in 0..<Self.documentsPerSeed {
      let tree = documents.document()
      let bytes = InertiaDocuments.bytes(tree)
      #expect(InertiaSchema.isInertiaDocument(try IndexedDocument.read(bytes)))
      let back = try Self.plainRoundTrip(bytes)
      // The rule as the generator models it, apart from the converter.
      #expect(back == InertiaDocuments.bytes(InertiaDocuments.asTheRuleWrites(tree)), "\(hexString(bytes))")
      // What the runtime reads is unchanged: the same typed values (colours as the same float32s), and the same
      // vertices, whose numbers the model keeps as stored.
      let decoder = MessagePackDecoder()
      #expect(
        try decoder.decode([InertiaAnimation].self, from: back).map(\.withVerticesWidened)
          == decoder.decode([InertiaAnimation].self, from: bytes).map(\.withVerticesWidened))
      #expect(InertiaSchema.isInertiaDocument(try IndexedDocument.read(back)))
      // And it is the rule's fixed point.
      #expect(try Self.plainRoundTrip(back) == back)
      if back != bytes { changed += 1 }
    }
    #expect(changed > Self.documentsPerSeed / 2)
  }

  @Test("The extended form keeps every number's format, in any document", arguments: seeds)
  func extendedForm(_ seed: UInt64) throws {
    var documents = InertiaDocuments(seed: seed &+ 200)
    for _ in 0..<Self.documentsPerSeed {
      let bytes = InertiaDocuments.bytes(documents.document())
      for style in [JSONWriter.Options.Style.pretty, .compact] {
        let json = try Converter.toJSON(
          messagePack: bytes, options: .init(style: style, extended: true, numbers: .inertia))
        #expect(try Converter.toMessagePack(json: json, extended: true, numbers: .inertia) == bytes)
      }
    }
  }

  @Test("A document that is not an Inertia document keeps its canonical form both ways", arguments: seeds)
  func otherDocumentsAreCanonical(_ seed: UInt64) throws {
    // Random documents of any shape: almost none is an Inertia document.
    var random = RandomDocuments(seed: seed &+ 300)
    for _ in 0..<Self.documentsPerSeed {
      let (text, _) = random.jsonDocument()
      let json = Array(text.utf8)
      let canonical = try Converter.toMessagePack(json: json)
      let ruled = try Converter.toMessagePack(json: json, numbers: .inertia)
      if !InertiaSchema.isInertiaDocument(try IndexedDocument.read(json)) { #expect(ruled == canonical) }
      let document = try IndexedDocument.read(canonical)
      if !InertiaSchema.isInertiaDocument(document) {
        #expect(
          try Converter.toJSON(messagePack: canonical, options: Self.plain) == Converter.toJSON(messagePack: canonical))
      }
    }
    // Inertia documents with one thing the runtime refuses: the rule leaves each alone.
    var documents = InertiaDocuments(seed: seed &+ 400)
    var broken = 0
    for _ in 0..<Self.documentsPerSeed {
      guard case .array(var animations) = documents.document(), !animations.isEmpty,
        case .map(var entries) = animations[0]
      else { continue }
      entries.removeAll { $0.0 == "initialValues" }
      animations[0] = .map(entries)
      let bytes = InertiaDocuments.bytes(.array(animations))
      #expect(!InertiaSchema.isInertiaDocument(try IndexedDocument.read(bytes)))
      let json = try Converter.toJSON(messagePack: bytes, options: Self.plain)
      #expect(json == (try Converter.toJSON(messagePack: bytes)))
      #expect(try Converter.toMessagePack(json: json, numbers: .inertia) == (try Converter.toMessagePack(json: json)))
      broken += 1
    }
    #expect(broken > 10)
  }

  // MARK: Examples

  /// The spec's shapes example in its array, with `zIndex` 200.
  static let circle = """
    [{"id": "card0", "invokeType": "auto", "keyframes": [],
      "initialValues": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1},
      "shapes": [{"id": "S", "zIndex": 200, "shape": {"id": "D", "type": "circle", "width": 0.5, "height": 0.648,
        "fill": {"red": 0.33, "green": 0.35, "blue": 0.86, "alpha": 1}}}]}]
    """

  /// The bytes of the value at `pointer`.
  static func value(at pointer: String, in bytes: [UInt8]) throws -> [UInt8] {
    let document = try IndexedDocument.read(bytes)
    let parsed = try #require(JSONPointer(parsing: pointer))
    let node = try #require(document.node(at: parsed))
    return Array(bytes[document.messagePackRange(of: node)])
  }

  @Test("zIndex 200 is d1 00 c8, a colour's 0.33 is the float32 3ea8f5c3, printed back as 0.33")
  func examples() throws {
    let bytes = try Converter.toMessagePack(json: Array(Self.circle.utf8), numbers: .inertia)
    #expect(try Self.value(at: "/0/shapes/0/zIndex", in: bytes) == [0xD1, 0x00, 0xC8])
    #expect(try Self.value(at: "/0/shapes/0/shape/fill/red", in: bytes) == [0xCA, 0x3E, 0xA8, 0xF5, 0xC3])
    // A CGFloat: a float32 when exactly one, else a float64; an integer stays an integer.
    #expect(try Self.value(at: "/0/shapes/0/shape/width", in: bytes) == [0xCA, 0x3F, 0x00, 0x00, 0x00])
    #expect(try Self.value(at: "/0/shapes/0/shape/height", in: bytes).first == 0xCB)
    #expect(try Self.value(at: "/0/initialValues/scale", in: bytes) == [0x01])
    #expect(try Self.value(at: "/0/shapes/0/shape/fill/alpha", in: bytes) == [0x01])
    let json = try Converter.toJSON(messagePack: bytes, options: .init(style: .compact, numbers: .inertia))
    #expect(text(json).contains(#""red":0.33,"#))
    #expect(text(json).contains(#""zIndex":200,"#))
    // The canonical writer's: zIndex cc c8, the colour a float64 (which the runtime refuses).
    let canonical = try Converter.toMessagePack(json: Array(Self.circle.utf8))
    #expect(try Self.value(at: "/0/shapes/0/zIndex", in: canonical) == [0xCC, 0xC8])
    #expect(try Self.value(at: "/0/shapes/0/shape/fill/red", in: canonical).first == 0xCB)
    #expect(!InertiaSchema.isInertiaDocument(try IndexedDocument.read(canonical)))
    #expect(InertiaSchema.isInertiaDocument(try IndexedDocument.read(bytes)))
    // Without the rule, to-json prints the float32 as the double it widens to.
    #expect(
      text(try Converter.toJSON(messagePack: bytes, options: .init(style: .compact))).contains("0.33000001311302185"))
  }

  /// `to-json` prints a float32 that reads alike either way (`0.5`) before it knows whether the document is an
  /// Inertia document; the colours after it are still printed by the rule, however many such came first, and
  /// a document that is not one still prints its colours as the doubles they widen to.
  @Test("Float32s that print alike either way, met first, leave the rule's answer for the colours after them")
  func alikeFloat32sFirst() throws {
    for leading in [0, 1, 63, 64, 65, 200] {
      let translate = Array(repeating: "0.5", count: leading + 2).joined(separator: ", ")
      for refused in [false, true] {
        var source = Self.circle.replacingOccurrences(
          of: #""translate": [0, 0]"#, with: #""translate": [\#(translate)]"#)
        if refused { source = source.replacingOccurrences(of: #""zIndex": 200"#, with: #""zIndex": 2.5"#) }
        let bytes = try Converter.toMessagePack(json: Array(source.utf8), numbers: .inertia)
        if !refused {
          #expect(try Self.value(at: "/0/initialValues/translate/0", in: bytes) == [0xCA, 0x3F, 0x00, 0x00, 0x00])
        }
        // The colour as a float32 in both (the refused document written by hand: its canonical form has none).
        let withColour = refused ? try Self.replacingColour(in: bytes) : bytes
        #expect(try Self.value(at: "/0/shapes/0/shape/fill/red", in: withColour) == [0xCA, 0x3E, 0xA8, 0xF5, 0xC3])
        let json = text(
          try Converter.toJSON(messagePack: withColour, options: .init(style: .compact, numbers: .inertia)))
        #expect(json.contains(refused ? #""red":0.33000001311302185,"# : #""red":0.33,"#), "\(leading) \(refused)")
        #expect(json.contains(#""translate":[0.5,"#))
      }
    }
  }

  /// A colour beyond the float32 range has infinity for its nearest float32: written so, the number would be
  /// lost (and the file would no longer convert to plain JSON). It stays the float64 it was written as.
  @Test("A colour past the largest float32 keeps its value: never written as infinity")
  func colourPastFloat32Range() throws {
    for (number, float32) in [
      ("1e39", nil), ("-1e39", nil), ("3.5e38", nil), ("1.7976931348623157e308", nil),
      ("3.4028235e38", Float.greatestFiniteMagnitude), ("-3.4028235e38", -Float.greatestFiniteMagnitude),
    ] as [(String, Float?)] {
      let source = Self.circle.replacingOccurrences(of: #""red": 0.33"#, with: #""red": \#(number)"#)
      let bytes = try Converter.toMessagePack(json: Array(source.utf8), numbers: .inertia)
      let red = try Self.value(at: "/0/shapes/0/shape/fill/red", in: bytes)
      if let float32 {
        #expect(red == [0xCA] + withUnsafeBytes(of: float32.bitPattern.bigEndian) { Array($0) }, "\(number)")
      } else {
        #expect(red == [0xCB] + withUnsafeBytes(of: Double(number)!.bitPattern.bigEndian) { Array($0) }, "\(number)")
      }
      // And it converts back to plain JSON, with the same value.
      let json = text(try Converter.toJSON(messagePack: bytes, options: Self.plain))
      #expect(try Converter.toMessagePack(json: Array(json.utf8), numbers: .inertia) == bytes, "\(number)")
    }
  }

  /// `bytes` with the float64 at `/0/shapes/0/shape/fill/red` made the float32 nearest 0.33.
  static func replacingColour(in bytes: [UInt8]) throws -> [UInt8] {
    let document = try IndexedDocument.read(bytes)
    let pointer = try #require(JSONPointer(parsing: "/0/shapes/0/shape/fill/red"))
    let node = try #require(document.node(at: pointer))
    var result = bytes
    result.replaceSubrange(document.messagePackRange(of: node), with: [0xCA, 0x3E, 0xA8, 0xF5, 0xC3])
    return result
  }

  @Test(
    "A zIndex that grows (cc c8 to d1 00 c8) is written whether or not the numbers before it made room",
    arguments: [true, false])
  func growingZIndex(shapesFirst: Bool) throws {
    // The rewrite works in place while the float32s before a number have saved the room it needs (four
    // bytes each); a zIndex of 200 needs one more than it had, which no number before it saved when the
    // shapes come first.
    let shapes =
      #""shapes": [{"id": "S", "zIndex": 200, "shapes": [{"id": "T", "zIndex": 255}]}, {"id": "U", "zIndex": 128}]"#
    let values =
      #""initialValues": {"scale": 0.25, "translate": [0, 0.648], "rotate": 0, "rotateCenter": 0, "opacity": 1}"#
    let text = """
      [{"id": "c", "invokeType": "auto", "notes": [0.5, 200], \(shapesFirst ? shapes : values),
        "keyframes": [{"id": "k", "duration": 0.5,
          "values": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}}],
        \(shapesFirst ? values : shapes)}]
      """
    let bytes = try Converter.toMessagePack(json: Array(text.utf8), numbers: .inertia)
    #expect(try Self.value(at: "/0/shapes/0/zIndex", in: bytes) == [0xD1, 0x00, 0xC8])
    #expect(try Self.value(at: "/0/shapes/0/shapes/0/zIndex", in: bytes) == [0xD1, 0x00, 0xFF])
    #expect(try Self.value(at: "/0/shapes/1/zIndex", in: bytes) == [0xD1, 0x00, 0x80])
    #expect(try Self.value(at: "/0/keyframes/0/duration", in: bytes) == [0xCA, 0x3F, 0x00, 0x00, 0x00])
    #expect(try Self.value(at: "/0/initialValues/scale", in: bytes) == [0xCA, 0x3E, 0x80, 0x00, 0x00])
    #expect(try Self.value(at: "/0/initialValues/translate/1", in: bytes).first == 0xCB)
    // An unknown field's numbers are left canonical.
    #expect(try Self.value(at: "/0/notes/0", in: bytes).first == 0xCB)
    #expect(try Self.value(at: "/0/notes/1", in: bytes) == [0xCC, 0xC8])
    // The same values as the canonical form, and the rule's fixed point.
    let canonical = try Converter.toMessagePack(json: Array(text.utf8))
    let decoder = MessagePackDecoder()
    #expect(
      try decoder.decode([InertiaAnimation].self, from: bytes)
        == decoder.decode([InertiaAnimation].self, from: canonical))
    #expect(try Self.plainRoundTrip(bytes) == bytes)
  }

  @Test("A document the runtime refuses is written canonically: zIndex 2.0 stays a float, 200 stays cc c8")
  func refusedDocument() throws {
    let text = Self.circle.replacingOccurrences(of: #""zIndex": 200"#, with: #""zIndex": 2.0, "position": "left""#)
    let bytes = try Converter.toMessagePack(json: Array(text.utf8), numbers: .inertia)
    #expect(bytes == (try Converter.toMessagePack(json: Array(text.utf8))))
    #expect(
      try Self.value(at: "/0/shapes/0/zIndex", in: bytes) == [0xCB]
        + withUnsafeBytes(of: (2.0).bitPattern.bigEndian) { Array($0) })
  }

  @Test("A colour's float is the float32 nearest its text, not its double's nearest (no double rounding)")
  func colourFromItsText() throws {
    // 1 + 2^-24 is halfway between the float32s 1 and 1 + 2^-23; these texts lie just above and below it,
    // and each reads as a double that is the midpoint itself, which rounds to even (1.0).
    for (text, expected) in [
      ("1.0000000596046448", Float(1).nextUp), ("1.00000005960464477539062500001", Float(1).nextUp),
      ("1.000000059604644775390625", 1), ("1.00000005960464477539062499999", 1), ("1.0000000596046447", 1),
    ] {
      let json = Self.circle.replacingOccurrences(of: "0.33", with: text)
      let bytes = try Converter.toMessagePack(json: Array(json.utf8), numbers: .inertia)
      let red = try Self.value(at: "/0/shapes/0/shape/fill/red", in: bytes)
      #expect(red == [0xCA] + withUnsafeBytes(of: expected.bitPattern.bigEndian) { Array($0) }, "\(text)")
    }
  }
}

extension MessagePackValue {
  /// The value with every float32 widened to the float64 of the same value.
  var widened: MessagePackValue {
    switch self {
    case .float32(let f): return .float64(Double(f))
    case .array(let elements): return .array(elements.map(\.widened))
    case .map(let entries): return .map(entries.map { .init($0.key, $0.value.widened) })
    default: return self
    }
  }
}

extension InertiaAnimation {
  /// The animation with the numbers of every shape's `vertices` widened to float64s.
  var withVerticesWidened: InertiaAnimation {
    var copy = self
    copy.shapes = shapes.map(\.withVerticesWidened)
    return copy
  }
}

extension InertiaShape {
  var withVerticesWidened: InertiaShape {
    var copy = self
    copy.vertices = vertices?.map(\.widened)
    copy.animation = animation?.withVerticesWidened
    copy.shapes = shapes.map(\.withVerticesWidened)
    return copy
  }
}
