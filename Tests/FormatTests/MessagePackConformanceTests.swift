import TestSupport
import Testing

@testable import InertiaFormat

/// One row of the format table: bytes, the value they decode to, and, when the bytes are a
/// non-canonical (but accepted) encoding, the canonical bytes the writer gives for that value instead.
struct FormatCase: Sendable, CustomTestStringConvertible {
  let name: String
  let bytes: [UInt8]
  let value: MessagePackValue
  let canonical: [UInt8]?

  var testDescription: String { name }

  /// Bytes that are the canonical encoding of `value`.
  static func canonical(_ name: String, _ hex: String, _ value: MessagePackValue) -> FormatCase {
    FormatCase(name: name, bytes: hexBytes(hex), value: value, canonical: nil)
  }

  static func canonical(_ name: String, bytes: [UInt8], _ value: MessagePackValue) -> FormatCase {
    FormatCase(name: name, bytes: bytes, value: value, canonical: nil)
  }

  /// An accepted encoding of `value` that the writer would not choose; `canonicalHex` is what it writes.
  static func alternative(_ name: String, _ hex: String, _ value: MessagePackValue, canonical canonicalHex: String)
    -> FormatCase
  {
    FormatCase(name: name, bytes: hexBytes(hex), value: value, canonical: hexBytes(canonicalHex))
  }

  static func alternative(_ name: String, bytes: [UInt8], _ value: MessagePackValue, canonical: [UInt8]) -> FormatCase {
    FormatCase(name: name, bytes: bytes, value: value, canonical: canonical)
  }
}

/// Big-endian bytes of a length or count field.
private func be16(_ n: Int) -> [UInt8] { [UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] }
private func be32(_ n: Int) -> [UInt8] {
  [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
}

/// A string of `n` ASCII bytes whose content is not all one letter, so misplaced bytes show.
private func sampleString(_ n: Int) -> String {
  String((0..<n).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
}

private func sampleBytes(_ n: Int) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) } }

/// Every format of the MessagePack spec (msgpack/msgpack `spec.md`), with the boundaries between formats
/// and every accepted non-canonical encoding.
enum FormatTable {
  static let integers: [FormatCase] = [
    // positive fixint 0x00-0x7f
    .canonical("positive fixint 0", "00", .int(0)),
    .canonical("positive fixint 1", "01", .int(1)),
    .canonical("positive fixint 127 (largest)", "7f", .int(127)),
    // negative fixint 0xe0-0xff
    .canonical("negative fixint -1", "ff", .int(-1)),
    .canonical("negative fixint -32 (smallest)", "e0", .int(-32)),
    // uint 8/16/32/64
    .canonical("uint8 128 (smallest)", "cc 80", .int(128)),
    .canonical("uint8 255 (largest)", "cc ff", .int(255)),
    .canonical("uint16 256 (smallest)", "cd 01 00", .int(256)),
    .canonical("uint16 65535 (largest)", "cd ff ff", .int(65535)),
    .canonical("uint32 65536 (smallest)", "ce 00 01 00 00", .int(65536)),
    .canonical("uint32 2^32-1 (largest)", "ce ff ff ff ff", .int(4_294_967_295)),
    .canonical("uint64 2^32 (smallest)", "cf 00 00 00 01 00 00 00 00", .int(4_294_967_296)),
    .canonical("uint64 Int64.max, still .int", "cf 7f ff ff ff ff ff ff ff", .int(Int64.max)),
    .canonical("uint64 2^63, first .uint", "cf 80 00 00 00 00 00 00 00", .uint(1 << 63)),
    .canonical("uint64 UInt64.max", "cf ff ff ff ff ff ff ff ff", .uint(UInt64.max)),
    // int 8/16/32/64
    .canonical("int8 -33 (largest)", "d0 df", .int(-33)),
    .canonical("int8 -128 (smallest)", "d0 80", .int(-128)),
    .canonical("int16 -129 (largest)", "d1 ff 7f", .int(-129)),
    .canonical("int16 -32768 (smallest)", "d1 80 00", .int(-32768)),
    .canonical("int32 -32769 (largest)", "d2 ff ff 7f ff", .int(-32769)),
    .canonical("int32 Int32.min (smallest)", "d2 80 00 00 00", .int(Int64(Int32.min))),
    .canonical("int64 Int32.min - 1 (largest)", "d3 ff ff ff ff 7f ff ff ff", .int(Int64(Int32.min) - 1)),
    .canonical("int64 Int64.min", "d3 80 00 00 00 00 00 00 00", .int(Int64.min)),
    // 1 in every integer format
    .alternative("1 as uint8", "cc 01", .int(1), canonical: "01"),
    .alternative("1 as uint16", "cd 00 01", .int(1), canonical: "01"),
    .alternative("1 as uint32", "ce 00 00 00 01", .int(1), canonical: "01"),
    .alternative("1 as uint64", "cf 00 00 00 00 00 00 00 01", .int(1), canonical: "01"),
    .alternative("1 as int8", "d0 01", .int(1), canonical: "01"),
    .alternative("1 as int16", "d1 00 01", .int(1), canonical: "01"),
    .alternative("1 as int32", "d2 00 00 00 01", .int(1), canonical: "01"),
    .alternative("1 as int64", "d3 00 00 00 00 00 00 00 01", .int(1), canonical: "01"),
    // -1 in every signed format, and other values in wider formats than they need
    .alternative("-1 as int8", "d0 ff", .int(-1), canonical: "ff"),
    .alternative("-1 as int16", "d1 ff ff", .int(-1), canonical: "ff"),
    .alternative("-1 as int32", "d2 ff ff ff ff", .int(-1), canonical: "ff"),
    .alternative("-1 as int64", "d3 ff ff ff ff ff ff ff ff", .int(-1), canonical: "ff"),
    .alternative("0 as uint8", "cc 00", .int(0), canonical: "00"),
    .alternative("127 as int8", "d0 7f", .int(127), canonical: "7f"),
    .alternative("200 as int16", "d1 00 c8", .int(200), canonical: "cc c8"),
    .alternative("-100 as int64", "d3 ff ff ff ff ff ff ff 9c", .int(-100), canonical: "d0 9c"),
    .alternative(
      "Int64.max as int64", "d3 7f ff ff ff ff ff ff ff", .int(Int64.max), canonical: "cf 7f ff ff ff ff ff ff ff"),
    .alternative("65535 as uint64", "cf 00 00 00 00 00 00 ff ff", .int(65535), canonical: "cd ff ff"),
  ]

  static let scalars: [FormatCase] = [
    .canonical("nil", "c0", .nil),
    .canonical("false", "c2", .bool(false)),
    .canonical("true", "c3", .bool(true)),
    .canonical("float32 1.5", "ca 3f c0 00 00", .float32(1.5)),
    .canonical("float32 -0.0", "ca 80 00 00 00", .float32(-0.0)),
    .canonical("float32 NaN", "ca 7f c0 00 00", .float32(.nan)),
    .canonical("float32 NaN with payload", "ca 7f c0 00 01", .float32(Float(bitPattern: 0x7FC0_0001))),
    .canonical("float32 infinity", "ca 7f 80 00 00", .float32(.infinity)),
    .canonical("float32 smallest subnormal", "ca 00 00 00 01", .float32(.leastNonzeroMagnitude)),
    .canonical("float32 1.0 stays float32", "ca 3f 80 00 00", .float32(1)),
    .canonical("float64 1.5", "cb 3f f8 00 00 00 00 00 00", .float64(1.5)),
    .canonical("float64 1.0 stays float64", "cb 3f f0 00 00 00 00 00 00", .float64(1)),
    .canonical("float64 -0.0", "cb 80 00 00 00 00 00 00 00", .float64(-0.0)),
    .canonical("float64 NaN", "cb 7f f8 00 00 00 00 00 00", .float64(.nan)),
    .canonical(
      "float64 NaN with payload", "cb 7f f8 00 00 00 00 00 01", .float64(Double(bitPattern: 0x7FF8_0000_0000_0001))),
    .canonical("float64 -infinity", "cb ff f0 00 00 00 00 00 00", .float64(-.infinity)),
    .canonical("float64 smallest subnormal", "cb 00 00 00 00 00 00 00 01", .float64(.leastNonzeroMagnitude)),
    .canonical("float64 largest finite", "cb 7f ef ff ff ff ff ff ff", .float64(.greatestFiniteMagnitude)),
  ]

  static let strings: [FormatCase] = [
    .canonical("fixstr empty", "a0", .string("")),
    .canonical("fixstr 'a'", "a1 61", .string("a")),
    .canonical("fixstr UTF-8 'é😀'", "a6 c3 a9 f0 9f 98 80", .string("é😀")),
    .canonical("fixstr with U+0000", "a1 00", .string("\u{0}")),
    .canonical("fixstr 31 bytes (largest)", bytes: [0xBF] + utf8(sampleString(31)), .string(sampleString(31))),
    .canonical("str8 32 bytes (smallest)", bytes: [0xD9, 32] + utf8(sampleString(32)), .string(sampleString(32))),
    .canonical("str8 255 bytes (largest)", bytes: [0xD9, 255] + utf8(sampleString(255)), .string(sampleString(255))),
    .canonical(
      "str16 256 bytes (smallest)", bytes: [0xDA] + be16(256) + utf8(sampleString(256)), .string(sampleString(256))),
    .canonical(
      "str16 65535 bytes (largest)", bytes: [0xDA] + be16(65535) + utf8(sampleString(65535)),
      .string(sampleString(65535))),
    .canonical(
      "str32 65536 bytes (smallest)", bytes: [0xDB] + be32(65536) + utf8(sampleString(65536)),
      .string(sampleString(65536))),
    .alternative("'abc' as str8", "d9 03 61 62 63", .string("abc"), canonical: "a3 61 62 63"),
    .alternative("'abc' as str16", "da 00 03 61 62 63", .string("abc"), canonical: "a3 61 62 63"),
    .alternative("'abc' as str32", "db 00 00 00 03 61 62 63", .string("abc"), canonical: "a3 61 62 63"),
    .alternative("empty string as str8", "d9 00", .string(""), canonical: "a0"),
    .alternative("empty string as str32", "db 00 00 00 00", .string(""), canonical: "a0"),
    .alternative(
      "40 bytes as str16", bytes: [0xDA] + be16(40) + utf8(sampleString(40)), .string(sampleString(40)),
      canonical: [0xD9, 40] + utf8(sampleString(40))),
  ]

  static let binaries: [FormatCase] = [
    .canonical("bin8 empty", "c4 00", .binary([])),
    .canonical("bin8 3 bytes", "c4 03 01 02 03", .binary([1, 2, 3])),
    .canonical("bin8 255 bytes (largest)", bytes: [0xC4, 255] + sampleBytes(255), .binary(sampleBytes(255))),
    .canonical("bin16 256 bytes (smallest)", bytes: [0xC5] + be16(256) + sampleBytes(256), .binary(sampleBytes(256))),
    .canonical(
      "bin16 65535 bytes (largest)", bytes: [0xC5] + be16(65535) + sampleBytes(65535), .binary(sampleBytes(65535))),
    .canonical(
      "bin32 65536 bytes (smallest)", bytes: [0xC6] + be32(65536) + sampleBytes(65536), .binary(sampleBytes(65536))),
    .alternative("3 bytes as bin16", "c5 00 03 01 02 03", .binary([1, 2, 3]), canonical: "c4 03 01 02 03"),
    .alternative("3 bytes as bin32", "c6 00 00 00 03 01 02 03", .binary([1, 2, 3]), canonical: "c4 03 01 02 03"),
    .alternative("empty binary as bin32", "c6 00 00 00 00", .binary([]), canonical: "c4 00"),
  ]

  static let extensions: [FormatCase] = [
    .canonical("fixext1", "d4 05 aa", .ext(type: 5, data: [0xAA])),
    .canonical("fixext2", "d5 05 aa bb", .ext(type: 5, data: [0xAA, 0xBB])),
    .canonical("fixext4", "d6 7f 01 02 03 04", .ext(type: 127, data: [1, 2, 3, 4])),
    .canonical("fixext8", "d7 80 01 02 03 04 05 06 07 08", .ext(type: -128, data: [1, 2, 3, 4, 5, 6, 7, 8])),
    .canonical("fixext16", bytes: [0xD8, 0x05] + sampleBytes(16), .ext(type: 5, data: sampleBytes(16))),
    .canonical("ext8 empty", "c7 00 05", .ext(type: 5, data: [])),
    .canonical("ext8 3 bytes", "c7 03 05 aa bb cc", .ext(type: 5, data: [0xAA, 0xBB, 0xCC])),
    .canonical("ext8 5 bytes", "c7 05 fe 01 02 03 04 05", .ext(type: -2, data: [1, 2, 3, 4, 5])),
    .canonical("ext8 17 bytes", bytes: [0xC7, 17, 0x05] + sampleBytes(17), .ext(type: 5, data: sampleBytes(17))),
    .canonical(
      "ext8 255 bytes (largest)", bytes: [0xC7, 255, 0x05] + sampleBytes(255), .ext(type: 5, data: sampleBytes(255))),
    .canonical(
      "ext16 256 bytes (smallest)", bytes: [0xC8] + be16(256) + [0x05] + sampleBytes(256),
      .ext(type: 5, data: sampleBytes(256))),
    .canonical(
      "ext16 65535 bytes (largest)", bytes: [0xC8] + be16(65535) + [0x05] + sampleBytes(65535),
      .ext(type: 5, data: sampleBytes(65535))),
    .canonical(
      "ext32 65536 bytes (smallest)", bytes: [0xC9] + be32(65536) + [0x05] + sampleBytes(65536),
      .ext(type: 5, data: sampleBytes(65536))),
    .alternative("1 byte as ext8", "c7 01 05 aa", .ext(type: 5, data: [0xAA]), canonical: "d4 05 aa"),
    .alternative(
      "4 bytes as ext16", "c8 00 04 05 01 02 03 04", .ext(type: 5, data: [1, 2, 3, 4]), canonical: "d6 05 01 02 03 04"),
    .alternative(
      "16 bytes as ext32", bytes: [0xC9] + be32(16) + [0x05] + sampleBytes(16), .ext(type: 5, data: sampleBytes(16)),
      canonical: [0xD8, 0x05] + sampleBytes(16)),
    .alternative(
      "3 bytes as ext32", "c9 00 00 00 03 05 aa bb cc", .ext(type: 5, data: [0xAA, 0xBB, 0xCC]),
      canonical: "c7 03 05 aa bb cc"),
    // The timestamp extension (type -1) in its three sizes.
    .canonical("timestamp32", "d6 ff 00 00 00 01", .ext(type: -1, data: [0, 0, 0, 1])),
    .canonical("timestamp64", "d7 ff 00 00 07 d0 00 00 00 01", .ext(type: -1, data: [0, 0, 0x07, 0xD0, 0, 0, 0, 1])),
    .canonical(
      "timestamp96", "c7 0c ff 00 00 00 00 ff ff ff ff ff ff ff ff",
      .ext(type: -1, data: [0, 0, 0, 0] + [UInt8](repeating: 0xFF, count: 8))),
  ]

  static let arrays: [FormatCase] = [
    .canonical("fixarray empty", "90", .array([])),
    .canonical("fixarray [1, 'a', nil]", "93 01 a1 61 c0", .array([1, "a", nil])),
    .canonical("fixarray nested [[], [[]]]", "92 90 91 90", .array([.array([]), .array([.array([])])])),
    .canonical(
      "fixarray 15 entries (largest)", bytes: [0x9F] + (0..<15).map { UInt8($0) },
      .array((0..<15).map { .int(Int64($0)) })),
    .canonical(
      "array16 16 entries (smallest)", bytes: [0xDC] + be16(16) + (0..<16).map { UInt8($0) },
      .array((0..<16).map { .int(Int64($0)) })),
    .canonical(
      "array16 65535 entries (largest)", bytes: [0xDC] + be16(65535) + [UInt8](repeating: 0xC0, count: 65535),
      .array([MessagePackValue](repeating: .nil, count: 65535))),
    .canonical(
      "array32 65536 entries (smallest)", bytes: [0xDD] + be32(65536) + [UInt8](repeating: 0xC3, count: 65536),
      .array([MessagePackValue](repeating: true, count: 65536))),
    .alternative("empty array as array16", "dc 00 00", .array([]), canonical: "90"),
    .alternative("empty array as array32", "dd 00 00 00 00", .array([]), canonical: "90"),
    .alternative("[1] as array16", "dc 00 01 01", .array([1]), canonical: "91 01"),
    .alternative("[1, 2] as array32", "dd 00 00 00 02 01 02", .array([1, 2]), canonical: "92 01 02"),
  ]

  private static func entries(_ n: Int) -> [MessagePackValue.MapEntry] {
    (0..<n).map { .init(.int(Int64($0)), .nil) }
  }

  private static func entryBytes(_ n: Int) -> [UInt8] {
    (0..<n).flatMap { [UInt8($0), 0xC0] }
  }

  static let maps: [FormatCase] = [
    .canonical("fixmap empty", "80", .map([])),
    .canonical("fixmap {'a': 1}", "81 a1 61 01", ["a": 1]),
    .canonical(
      "fixmap keeps order and duplicates", "83 a1 62 01 a1 61 02 a1 62 03",
      .map([.init("b", 1), .init("a", 2), .init("b", 3)])),
    .canonical(
      "fixmap with non-string keys", "83 01 a1 61 c0 c3 90 80", .map([.init(1, "a"), .init(nil, true), .init([], [:])])),
    .canonical("fixmap 15 entries (largest)", bytes: [0x8F] + entryBytes(15), .map(entries(15))),
    .canonical("map16 16 entries (smallest)", bytes: [0xDE] + be16(16) + entryBytes(16), .map(entries(16))),
    .canonical(
      "map16 65535 entries (largest)", bytes: [0xDE] + be16(65535) + [UInt8](repeating: 0xC0, count: 2 * 65535),
      .map([MessagePackValue.MapEntry](repeating: .init(nil, nil), count: 65535))),
    .canonical(
      "map32 65536 entries (smallest)", bytes: [0xDF] + be32(65536) + [UInt8](repeating: 0xC0, count: 2 * 65536),
      .map([MessagePackValue.MapEntry](repeating: .init(nil, nil), count: 65536))),
    .alternative("empty map as map16", "de 00 00", .map([]), canonical: "80"),
    .alternative("empty map as map32", "df 00 00 00 00", .map([]), canonical: "80"),
    .alternative("{'a': 1} as map32", "df 00 00 00 01 a1 61 01", ["a": 1], canonical: "81 a1 61 01"),
  ]

  static let all: [FormatCase] = integers + scalars + strings + binaries + extensions + arrays + maps
}

@Suite("MessagePack conformance: every format byte, both directions")
struct MessagePackConformanceTests {
  @Test("decodes to the expected value, in normal form", arguments: FormatTable.all)
  func decodes(_ row: FormatCase) throws {
    let value = try MessagePackReader().read(row.bytes)
    #expect(value == row.value)
    #expect(value.structure == row.value.structure)
    #expect(value.isNormalised)
  }

  @Test("writing the value gives the canonical bytes, which decode back to it", arguments: FormatTable.all)
  func writesCanonicalBytes(_ row: FormatCase) throws {
    let written = MessagePackWriter().write(row.value)
    let expected = row.canonical ?? row.bytes
    #expect(written == expected, "wrote \(hexString(written.prefix(16))), expected \(hexString(expected.prefix(16)))")
    let reread = try MessagePackReader().read(written)
    #expect(reread == row.value)
    // And the conversion path that rewrites MessagePack (`to-msgpack` on MessagePack input) agrees.
    #expect(MessagePackWriter().write(try MessagePackReader().read(row.bytes)) == expected)
  }

  @Test("the table has a row for every format of the spec")
  func tableCoversEveryFormat() {
    let firstBytes = Set(FormatTable.all.map { $0.bytes[0] })
    let formats: [(String, ClosedRange<UInt8>)] = [
      ("positive fixint", 0x00...0x7F), ("fixmap", 0x80...0x8F), ("fixarray", 0x90...0x9F), ("fixstr", 0xA0...0xBF),
      ("nil", 0xC0...0xC0), ("false", 0xC2...0xC2), ("true", 0xC3...0xC3), ("bin8", 0xC4...0xC4),
      ("bin16", 0xC5...0xC5), ("bin32", 0xC6...0xC6), ("ext8", 0xC7...0xC7), ("ext16", 0xC8...0xC8),
      ("ext32", 0xC9...0xC9), ("float32", 0xCA...0xCA), ("float64", 0xCB...0xCB), ("uint8", 0xCC...0xCC),
      ("uint16", 0xCD...0xCD), ("uint32", 0xCE...0xCE), ("uint64", 0xCF...0xCF), ("int8", 0xD0...0xD0),
      ("int16", 0xD1...0xD1), ("int32", 0xD2...0xD2), ("int64", 0xD3...0xD3), ("fixext1", 0xD4...0xD4),
      ("fixext2", 0xD5...0xD5), ("fixext4", 0xD6...0xD6), ("fixext8", 0xD7...0xD7), ("fixext16", 0xD8...0xD8),
      ("str8", 0xD9...0xD9), ("str16", 0xDA...0xDA), ("str32", 0xDB...0xDB), ("array16", 0xDC...0xDC),
      ("array32", 0xDD...0xDD), ("map16", 0xDE...0xDE), ("map32", 0xDF...0xDF), ("negative fixint", 0xE0...0xFF),
    ]
    for (name, range) in formats {
      #expect(range.contains { firstBytes.contains($0) }, "no row for \(name)")
    }
    // Every format except the fixed-size scalars also has a canonical and an accepted alternative row,
    // or (for the fix formats) rows at both ends of their range.
    #expect(
      firstBytes.contains(0x7F) && firstBytes.contains(0xE0) && firstBytes.contains(0xBF) && firstBytes.contains(0x9F))
  }

  /// What one byte on its own reads as: a value, or the error that names its format.
  enum LoneByteOutcome: Equatable {
    case success(MessagePackValue)
    case failure(String)
  }

  static func loneByteOutcome(_ byte: UInt8) -> LoneByteOutcome {
    let n = Int(byte)
    func cutShort(_ format: String, _ size: Int) -> LoneByteOutcome {
      .failure("\(format) is cut short: it needs \(size) byte\(size == 1 ? "" : "s") after its format byte, 0 left")
    }
    switch byte {
    case 0x00...0x7F: return .success(.int(Int64(n)))
    case 0x80: return .success(.map([]))
    case 0x81...0x8F:
      return .failure(
        "fixmap of \(counted(n - 0x80, "entry", "entries")) runs past the end of the input (0 bytes left)")
    case 0x90: return .success(.array([]))
    case 0x91...0x9F:
      return .failure("fixarray of \(counted(n - 0x90, "element")) runs past the end of the input (0 bytes left)")
    case 0xA0: return .success(.string(""))
    case 0xA1...0xBF: return .failure("fixstr length \(n - 0xA0) runs past the end of the input (0 bytes left)")
    case 0xC0: return .success(.nil)
    case 0xC1: return .failure("byte 0xc1 is not a MessagePack format byte (the spec reserves it as never used)")
    case 0xC2: return .success(false)
    case 0xC3: return .success(true)
    case 0xC4: return cutShort("bin8", 1)
    case 0xC5: return cutShort("bin16", 2)
    case 0xC6: return cutShort("bin32", 4)
    case 0xC7: return cutShort("ext8", 1)
    case 0xC8: return cutShort("ext16", 2)
    case 0xC9: return cutShort("ext32", 4)
    case 0xCA: return cutShort("float32", 4)
    case 0xCB: return cutShort("float64", 8)
    case 0xCC: return cutShort("uint8", 1)
    case 0xCD: return cutShort("uint16", 2)
    case 0xCE: return cutShort("uint32", 4)
    case 0xCF: return cutShort("uint64", 8)
    case 0xD0: return cutShort("int8", 1)
    case 0xD1: return cutShort("int16", 2)
    case 0xD2: return cutShort("int32", 4)
    case 0xD3: return cutShort("int64", 8)
    case 0xD4: return cutShort("fixext1", 1)  // its type byte
    case 0xD5: return cutShort("fixext2", 1)
    case 0xD6: return cutShort("fixext4", 1)
    case 0xD7: return cutShort("fixext8", 1)
    case 0xD8: return cutShort("fixext16", 1)
    case 0xD9: return cutShort("str8", 1)
    case 0xDA: return cutShort("str16", 2)
    case 0xDB: return cutShort("str32", 4)
    case 0xDC: return cutShort("array16", 2)
    case 0xDD: return cutShort("array32", 4)
    case 0xDE: return cutShort("map16", 2)
    case 0xDF: return cutShort("map32", 4)
    default: return .success(.int(Int64(Int8(bitPattern: byte))))
    }
  }

  @Test("each of the 256 bytes on its own: a value, or an error naming its format", arguments: 0...255)
  func loneByte(_ n: Int) {
    let byte = UInt8(n)
    let outcome: LoneByteOutcome
    do throws(FormatError) {
      outcome = .success(try MessagePackReader().read([byte]))
    } catch {
      #expect(error.offset == 0)
      #expect(error.path == .root)
      outcome = .failure(error.message)
    }
    switch (outcome, Self.loneByteOutcome(byte)) {
    case (.success(let value), .success(let expected)):
      #expect(value.structure == expected.structure)
      #expect(MessagePackWriter().write(value) == [byte])
    case (let actual, let expected):
      #expect(actual == expected)
    }
  }

  // MARK: Timestamps

  struct TimestampCase: Sendable, CustomTestStringConvertible {
    let hex: String
    let seconds: Int64
    let nanoseconds: UInt32
    var testDescription: String { "\(seconds)s \(nanoseconds)ns from \(hex)" }
  }

  static let timestamps: [TimestampCase] = [
    TimestampCase(hex: "d6 ff 00 00 00 00", seconds: 0, nanoseconds: 0),
    TimestampCase(hex: "d6 ff 00 00 00 01", seconds: 1, nanoseconds: 0),
    TimestampCase(hex: "d6 ff ff ff ff ff", seconds: 4_294_967_295, nanoseconds: 0),
    // 64-bit: nanoseconds in the top 30 bits, seconds in the low 34.
    TimestampCase(hex: "d7 ff 00 00 00 01 00 00 00 00", seconds: 4_294_967_296, nanoseconds: 0),
    TimestampCase(hex: "d7 ff 00 00 07 d0 00 00 00 01", seconds: 1, nanoseconds: 500),
    TimestampCase(hex: "d7 ff ee 6b 27 fc 00 00 00 00", seconds: 0, nanoseconds: 999_999_999),
    TimestampCase(hex: "d7 ff 00 00 00 03 ff ff ff ff", seconds: (1 << 34) - 1, nanoseconds: 0),
    // 96-bit: uint32 nanoseconds, then int64 seconds.
    TimestampCase(hex: "c7 0c ff 00 00 00 00 00 00 00 04 00 00 00 00", seconds: 1 << 34, nanoseconds: 0),
    TimestampCase(hex: "c7 0c ff 00 00 00 00 ff ff ff ff ff ff ff ff", seconds: -1, nanoseconds: 0),
    TimestampCase(hex: "c7 0c ff 3b 9a c9 ff 80 00 00 00 00 00 00 00", seconds: Int64.min, nanoseconds: 999_999_999),
  ]

  @Test("timestamps decode from each size, and the payload takes the smallest size", arguments: timestamps)
  func timestamp(_ row: TimestampCase) throws {
    let bytes = hexBytes(row.hex)
    let value = try MessagePackReader().read(bytes)
    let timestamp = try #require(value.timestamp)
    #expect(timestamp == MessagePackTimestamp(seconds: row.seconds, nanoseconds: row.nanoseconds))
    #expect(MessagePackWriter().write(.timestamp(timestamp)) == bytes)
    #expect(MessagePackTimestamp(payload: timestamp.payload) == timestamp)
  }

  @Test("a timestamp in a larger size than it needs still decodes, and is written back smallest")
  func nonCanonicalTimestamp() throws {
    // (1 s, 0 ns) as timestamp64 and as timestamp96.
    for hex in ["d7 ff 00 00 00 00 00 00 00 01", "c7 0c ff 00 00 00 00 00 00 00 00 00 00 00 01"] {
      let value = try MessagePackReader().read(hexBytes(hex))
      #expect(value.timestamp == MessagePackTimestamp(seconds: 1, nanoseconds: 0))
      #expect(MessagePackValue.timestamp(value.timestamp!) == .ext(type: -1, data: [0, 0, 0, 1]))
    }
  }

  @Test("invalid timestamp payloads are extension values but no timestamps")
  func invalidTimestamps() throws {
    for hex in [
      "d7 ff ee 6b 28 00 00 00 00 00",  // 10^9 nanoseconds
      "c7 0c ff 3b 9a ca 00 00 00 00 00 00 00 00 00",  // 10^9 nanoseconds
      "c7 05 ff 00 00 00 00 01",  // no timestamp size
      "d4 ff 00",
      "d6 fe 00 00 00 01",  // not type -1
    ] {
      let value = try MessagePackReader().read(hexBytes(hex))
      guard case .ext = value else {
        Issue.record("not an extension value: \(hex)")
        continue
      }
      #expect(value.timestamp == nil, "\(hex)")
    }
  }
}
