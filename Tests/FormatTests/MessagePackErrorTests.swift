import TestSupport
import Testing

@testable import InertiaFormat

/// One malformed MessagePack input and the exact error every reader must report for it.
struct MessagePackErrorCase: Sendable, CustomTestStringConvertible {
  let name: String
  let bytes: [UInt8]
  let offset: Int
  let path: String
  let message: String

  init(_ name: String, _ hex: String, offset: Int, path: String = "", _ message: String) {
    self.init(name, bytes: hexBytes(hex), offset: offset, path: path, message)
  }

  init(_ name: String, bytes: [UInt8], offset: Int, path: String = "", _ message: String) {
    self.name = name
    self.bytes = bytes
    self.offset = offset
    self.path = path
    self.message = message
  }

  var testDescription: String { name }
}

/// Reads `bytes`, expecting it to fail, and returns the error.
func messagePackError(_ bytes: [UInt8], limits: DecodingLimits = .default) -> FormatError? {
  do {
    let value = try MessagePackReader(limits: limits).read(bytes)
    Issue.record("read \(hexString(bytes.prefix(24))) as \(value.structure.prefix(200)) instead of failing")
    return nil
  } catch {
    return error
  }
}

@Suite("MessagePack errors: exact messages, offsets and paths; never a crash")
struct MessagePackErrorTests {
  static let cases: [MessagePackErrorCase] = [
    .init("empty input", "", offset: 0, "unexpected end of input: expected a value"),
    .init(
      "str8 of 200 bytes with 12 left", bytes: [0xD9, 200] + [UInt8](repeating: 0x61, count: 12), offset: 0,
      "str8 length 200 runs past the end of the input (12 bytes left)"),
    .init(
      "str8 one byte short", "d9 05 63 61 72 64", offset: 0,
      "str8 length 5 runs past the end of the input (4 bytes left)"),
    .init(
      "str16 one byte short", "da 00 05 63 61 72 64", offset: 0,
      "str16 length 5 runs past the end of the input (4 bytes left)"),
    .init(
      "str32 four bytes short", "db 00 00 00 08 63 61 72 64", offset: 0,
      "str32 length 8 runs past the end of the input (4 bytes left)"),
    .init(
      "fixstr one byte short", "a5 63 61 72 64", offset: 0,
      "fixstr length 5 runs past the end of the input (4 bytes left)"),
    .init(
      "bin8 one byte short", "c4 05 63 61 72 64", offset: 0,
      "bin8 length 5 runs past the end of the input (4 bytes left)"),
    .init(
      "ext8 one byte short", "c7 05 01 63 61 72 64", offset: 0,
      "ext8 length 5 runs past the end of the input (4 bytes left)"),
    .init(
      "ext8 without its type byte", "c7 05", offset: 0,
      "ext8 is cut short: it needs 1 byte after its format byte, 0 left"),
    .init(
      "fixext4 with 3 bytes", "d6 01 aa bb cc", offset: 0,
      "fixext4 length 4 runs past the end of the input (3 bytes left)"),
    .init(
      "fixext16 with no payload", "d8 01", offset: 0, "fixext16 length 16 runs past the end of the input (0 bytes left)"
    ),
    .init(
      "float64 cut short", "cb 40 08 00", offset: 0,
      "float64 is cut short: it needs 8 bytes after its format byte, 3 left"),
    .init(
      "uint16 cut short", "cd 01", offset: 0, "uint16 is cut short: it needs 2 bytes after its format byte, 1 left"),
    .init(
      "array32 of 0xFFFFFFFF elements in 10 bytes", "dd ff ff ff ff c0 c0 c0 c0 c0", offset: 0,
      "array32 of 4294967295 elements runs past the end of the input (5 bytes left)"),
    .init(
      "map32 of 0xFFFFFFFF entries in 10 bytes", "df ff ff ff ff c0 c0 c0 c0 c0", offset: 0,
      "map32 of 4294967295 entries runs past the end of the input (5 bytes left)"),
    .init(
      "str32 of 0xFFFFFFFF bytes", "db ff ff ff ff", offset: 0,
      "str32 length 4294967295 runs past the end of the input (0 bytes left)"),
    .init(
      "bin32 of 0xFFFFFFFF bytes", "c6 ff ff ff ff 00", offset: 0,
      "bin32 length 4294967295 runs past the end of the input (1 byte left)"),
    .init(
      "ext32 of 0xFFFFFFFF bytes", "c9 ff ff ff ff 01 00", offset: 0,
      "ext32 length 4294967295 runs past the end of the input (1 byte left)"),
    .init(
      "array16 with too few elements", "dc 00 03 01 02", offset: 0,
      "array16 of 3 elements runs past the end of the input (2 bytes left)"),
    .init(
      "array with its last element missing", "93 a1 61 01", offset: 4, path: "/2",
      "unexpected end of input: expected a value"),
    .init(
      "map with its last value missing", "81 a1 61", offset: 3, path: "/a", "unexpected end of input: expected a value"),
    .init(
      "map with fewer bytes than its entries need", "82 a1 61 01", offset: 0,
      "fixmap of 2 entries runs past the end of the input (3 bytes left)"),
    .init(
      "map value missing after a long key", "81 a2 69 64", offset: 4, path: "/id",
      "unexpected end of input: expected a value"),
    .init(
      "0xc1 alone", "c1", offset: 0, "byte 0xc1 is not a MessagePack format byte (the spec reserves it as never used)"),
    .init(
      "0xc1 in an array", "92 01 c1", offset: 2, path: "/1",
      "byte 0xc1 is not a MessagePack format byte (the spec reserves it as never used)"),
    .init(
      "0xc1 as a map value", "81 a2 69 64 c1", offset: 4, path: "/id",
      "byte 0xc1 is not a MessagePack format byte (the spec reserves it as never used)"),
    .init(
      "0xc1 as a map key", "91 81 c1 01", offset: 2, path: "/0",
      "byte 0xc1 is not a MessagePack format byte (the spec reserves it as never used) in the key of entry 0"),
    .init(
      "0xc1 inside an array used as a key", "81 91 c1 01", offset: 2,
      "byte 0xc1 is not a MessagePack format byte (the spec reserves it as never used) in the key of entry 0"),
    .init(
      "a second key cut short", "92 01 82 a1 61 01 a5 62", offset: 6, path: "/1",
      "fixstr length 5 runs past the end of the input (1 byte left) in the key of entry 1"),
    .init("invalid UTF-8 in a value", "a2 c3 28", offset: 0, "string is not valid UTF-8 (byte 0xc3 at offset 1)"),
    .init(
      "a surrogate encoded in UTF-8", "91 a7 63 61 72 64 ed a0 80", offset: 1, path: "/0",
      "string is not valid UTF-8 (byte 0xed at offset 6)"),
    .init("an overlong encoding", "a2 c0 80", offset: 0, "string is not valid UTF-8 (byte 0xc0 at offset 1)"),
    .init(
      "a sequence cut off by the string's end", "92 a1 e2 a1 82", offset: 1, path: "/0",
      "string is not valid UTF-8 (byte 0xe2 at offset 2)"),
    .init(
      "a code point above U+10FFFF", "a4 f4 90 80 80", offset: 0, "string is not valid UTF-8 (byte 0xf4 at offset 1)"),
    .init(
      "invalid UTF-8 in a key", "91 81 a2 69 ff 01", offset: 2, path: "/0",
      "string is not valid UTF-8 (byte 0xff at offset 4) in the key of entry 0"),
    .init(
      "invalid UTF-8 after 8 ASCII bytes", bytes: [0xAA] + utf8("abcdefgh") + [0x80, 0x61], offset: 0,
      "string is not valid UTF-8 (byte 0x80 at offset 9)"),
    .init("one trailing byte", "01 02", offset: 1, "1 byte after the end of the document (a file holds one value)"),
    .init(
      "two trailing bytes", "90 c0 c0", offset: 1, "2 bytes after the end of the document (a file holds one value)"),
    .init(
      "a newline after the document", "91 01 0a", offset: 2,
      "1 byte after the end of the document (a file holds one value)"),
    .init(
      "a fault deep inside an animation", bytes: faultyAnimation, offset: faultyAnimation.count - 1,
      path: "/0/keyframes/2/duration",
      "byte 0xc1 is not a MessagePack format byte (the spec reserves it as never used)"),
    .init(
      "a fault under a non-string key", "92 c0 81 01 c1", offset: 4, path: "/1/1",
      "byte 0xc1 is not a MessagePack format byte (the spec reserves it as never used)"),
    .init(
      "a fault under an array key", "81 91 01 c1", offset: 3, path: "/[1]",
      "byte 0xc1 is not a MessagePack format byte (the spec reserves it as never used)"),
    .init(
      "a fault under a key with '/' and '~'", "81 a4 61 2f 62 7e c1", offset: 6, path: "/a~1b~0",
      "byte 0xc1 is not a MessagePack format byte (the spec reserves it as never used)"),
  ]

  /// An animation whose third keyframe's duration is the byte 0xc1 (in place of the string "x").
  static let faultyAnimation: [UInt8] =
    MessagePackWriter().write([["id": "card0", "keyframes": [[:], ["duration": 1], ["id": "k", "duration": "x"]]]])
    .dropLast(2) + [0xC1]

  @Test("the reader reports the exact error", arguments: cases)
  func readerError(_ row: MessagePackErrorCase) throws {
    let error = try #require(messagePackError(row.bytes))
    #expect(error.message == row.message)
    #expect(error.offset == row.offset)
    #expect(error.path.description == row.path)
    #expect(error.format == .messagePack)
    #expect(error.line == nil && error.column == nil)
  }

  @Test("the streaming JSON converter and the other readers report the same error", arguments: cases)
  func everyReaderAgrees(_ row: MessagePackErrorCase) throws {
    let expected = try #require(messagePackError(row.bytes))
    // The emitter checks structure and UTF-8 as it writes; in the extended form it has no other reason
    // to stop, and names the same path. (Plain JSON stops earlier at a non-string key, which the
    // table's last cases have.)
    do {
      _ = try Converter.toJSON(messagePack: row.bytes, options: .init(style: .compact, extended: true))
      Issue.record("converted to JSON")
    } catch {
      #expect(error.message == expected.message)
      #expect(error.offset == expected.offset)
      #expect(error.path == expected.path)
    }
    #expect(throws: expected) { try row.bytes.withUnsafeBytes { try Converter.validateMessagePack($0) } }
    #expect(throws: expected) { try IndexedDocument.read(row.bytes, as: .messagePack) }
    #expect(throws: expected) { try PositionOracle.parse(row.bytes, as: .messagePack) }
  }

  @Test("the one-line report names the file, the offset and the path")
  func report() throws {
    let error = try #require(messagePackError(hexBytes("81 a2 69 64 c1")))
    #expect(
      error.report(file: "card.inertia")
        == "card.inertia: offset 4: byte 0xc1 is not a MessagePack format byte (the spec reserves it as never used) at /id"
    )
    #expect(
      error.description
        == "offset 4: byte 0xc1 is not a MessagePack format byte (the spec reserves it as never used) at /id")
    let atRoot = try #require(messagePackError([]))
    #expect(atRoot.report(file: "-") == "-: offset 0: unexpected end of input: expected a value")
  }

  /// A small document that uses most formats: fix and long strings, negative and wide integers, both
  /// floats, binary, extension values, nested maps and arrays.
  static let sampleDocument: [UInt8] = MessagePackWriter().write([
    [
      "id": "card0",
      "invokeType": "trigger",
      "initialValues": ["scale": 1, "translate": [-0.648, 0.5], "rotate": -200, "opacity": .float32(0.5)],
      "keyframes": [
        ["id": "1A9DA10A-9E90-49B6-943B-D10756FA3C2C", "duration": 70000, "values": [:]],
        ["id": "k2", "duration": .uint(UInt64.max), "values": ["scale": .int(Int64.min)]],
      ],
      "extra": [.binary([1, 2, 3]), .ext(type: 7, data: [9, 9]), nil, true, false, "é"],
    ]
  ])

  @Test("a document cut off at any byte fails with an end-of-input error, in every reader")
  func truncatedAtEveryByte() throws {
    let document = Self.sampleDocument
    _ = try MessagePackReader().read(document)
    for length in 0..<document.count {
      let prefix = Array(document.prefix(length))
      guard let error = messagePackError(prefix) else { continue }
      #expect(error.offset <= length)
      let endOfInput = ["unexpected end of input", "is cut short", "runs past the end of the input"]
      #expect(endOfInput.contains { error.message.contains($0) }, "prefix of \(length): \(error.message)")
      #expect(throws: error) {
        try Converter.toJSON(messagePack: prefix, options: .init(style: .pretty, extended: true))
      }
    }
  }

  @Test("random corruptions of a document never crash a reader")
  func corruptedBytes() throws {
    var rng = SeededGenerator(seed: 0xC0DE)
    let document = Self.sampleDocument
    for _ in 0..<2000 {
      var bytes = document
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
      }
      let read = Result { () throws(FormatError) in try MessagePackReader().read(bytes) }
      let converted = Result { () throws(FormatError) in
        try Converter.toJSON(messagePack: bytes, options: .init(style: .compact, extended: true))
      }
      switch (read, converted) {
      case (.success(let value), .success(let json)):
        // Whatever it now is, the extended form carries it back exactly.
        let back = try JSONReader(extended: true).read(json)
        #expect(back == value)
      case (.failure(let a), .failure(let b)):
        #expect(a.offset == b.offset && a.message == b.message)
      default:
        Issue.record("reader and converter disagree on \(hexString(bytes)): \(read) versus \(converted)")
      }
    }
  }

  @Test("1,000,000 nested arrays fail on the depth limit on a 512 KiB thread")
  func millionNestedArrays() throws {
    let bytes = [UInt8](repeating: 0x91, count: 1_000_000) + [0xC0]
    let errors = depthLimitErrors([
      { _ = try MessagePackReader().read(bytes) },
      { _ = try Converter.toJSON(messagePack: bytes) },
      { _ = try Converter.toJSON(messagePack: bytes, options: .init(extended: true)) },
      { _ = try IndexedDocument.read(bytes) },
    ])
    #expect(errors.count == 4)
    for error in errors {
      #expect(error.path == JSONPointer([JSONPointer.Component](repeating: .index(0), count: 512)))
    }
  }

  @Test("1,000,000 nested maps fail on the depth limit too")
  func millionNestedMaps() throws {
    // {"": {"": … nil}}: fixmap of one entry, empty fixstr key.
    let bytes = [UInt8]([0x81, 0xA0].repeated(500_000)) + [0xC0]
    let error = try #require(onThread(stackSize: smallThreadStackSize) { messagePackError(bytes) })
    #expect(error.message == "nesting is deeper than the limit of 512 levels")
    #expect(error.offset == 1024)
    #expect(error.path.components.count == 512)
  }
}

extension Array {
  /// The elements repeated `count` times over.
  func repeated(_ count: Int) -> [Element] {
    var result: [Element] = []
    result.reserveCapacity(self.count * count)
    for _ in 0..<count { result += self }
    return result
  }
}
