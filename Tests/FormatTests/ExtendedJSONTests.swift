import TestSupport
import Testing

@testable import InertiaFormat

private let extendedCompact = JSONWriter.Options(style: .compact, extended: true)
private let extendedPretty = JSONWriter.Options(style: .pretty, extended: true)

@Suite("Extended JSON: every tag round-trips byte for byte; malformed tags are errors")
struct ExtendedJSONTests {
  struct TagCase: Sendable, CustomTestStringConvertible {
    let name: String
    let value: MessagePackValue
    let json: String
    var testDescription: String { name }
  }

  static let tags: [TagCase] = [
    .init(name: "bin", value: .binary([1, 2, 3]), json: #"{"$bin":"AQID"}"#),
    .init(name: "empty bin", value: .binary([]), json: #"{"$bin":""}"#),
    .init(name: "ext", value: .ext(type: 5, data: [0xAA, 0xBB, 0xCC]), json: #"{"$ext":[5,"qrvM"]}"#),
    .init(name: "ext of type -128, empty", value: .ext(type: -128, data: []), json: #"{"$ext":[-128,""]}"#),
    .init(
      name: "ext of 16 bytes (fixext16)", value: .ext(type: 127, data: [UInt8](repeating: 0xFF, count: 16)),
      json: #"{"$ext":[127,"/////////////////////w=="]}"#),
    .init(name: "timestamp32", value: .timestamp(.init(seconds: 1, nanoseconds: 0)), json: #"{"$timestamp":[1,0]}"#),
    .init(
      name: "timestamp64", value: .timestamp(.init(seconds: 1, nanoseconds: 500)), json: #"{"$timestamp":[1,500]}"#),
    .init(
      name: "timestamp96", value: .timestamp(.init(seconds: -1, nanoseconds: 999_999_999)),
      json: #"{"$timestamp":[-1,999999999]}"#),
    .init(
      name: "timestamp96 Int64.min", value: .timestamp(.init(seconds: Int64.min, nanoseconds: 0)),
      json: #"{"$timestamp":[-9223372036854775808,0]}"#),
    .init(
      name: "timestamp in a larger size than needed stays an ext",
      value: .ext(type: -1, data: [0, 0, 0, 0, 0, 0, 0, 1]),
      json: #"{"$ext":[-1,"AAAAAAAAAAE="]}"#),
    .init(
      name: "type -1 of no timestamp size stays an ext", value: .ext(type: -1, data: [0, 0, 0, 0, 1]),
      json: #"{"$ext":[-1,"AAAAAAE="]}"#),
    .init(
      name: "timestamp with 10^9 nanoseconds stays an ext",
      value: .ext(type: -1, data: [0xEE, 0x6B, 0x28, 0, 0, 0, 0, 0]),
      json: #"{"$ext":[-1,"7msoAAAAAAA="]}"#),
    .init(name: "float32", value: .float32(1.5), json: #"{"$float32":1.5}"#),
    .init(name: "float32 0.1", value: .float32(0.1), json: #"{"$float32":0.1}"#),
    .init(name: "float32 0.33", value: .float32(0.33), json: #"{"$float32":0.33}"#),
    .init(name: "float32 -0.0", value: .float32(-0.0), json: #"{"$float32":-0.0}"#),
    .init(
      name: "float32 smallest subnormal", value: .float32(.leastNonzeroMagnitude),
      json: #"{"$float32":1e-45}"#),
    .init(name: "float32 NaN", value: .float32(.nan), json: #"{"$float32":"NaN"}"#),
    .init(
      name: "float32 NaN with payload", value: .float32(Float(bitPattern: 0x7FC0_0001)),
      json: #"{"$float32":"0x7fc00001"}"#),
    .init(
      name: "float32 negative NaN", value: .float32(Float(bitPattern: 0xFFC0_0000)), json: #"{"$float32":"0xffc00000"}"#
    ),
    .init(
      name: "float32 signalling NaN", value: .float32(Float(bitPattern: 0x7F80_0001)),
      json: #"{"$float32":"0x7f800001"}"#),
    .init(name: "float32 infinity", value: .float32(.infinity), json: #"{"$float32":"Infinity"}"#),
    .init(name: "float32 -infinity", value: .float32(-.infinity), json: #"{"$float32":"-Infinity"}"#),
    .init(name: "float64 NaN", value: .float64(.nan), json: #"{"$float64":"NaN"}"#),
    .init(
      name: "float64 NaN with payload", value: .float64(Double(bitPattern: 0x7FF8_0000_0000_0001)),
      json: #"{"$float64":"0x7ff8000000000001"}"#),
    .init(
      name: "float64 negative NaN", value: .float64(Double(bitPattern: 0xFFF8_0000_0000_0000)),
      json: #"{"$float64":"0xfff8000000000000"}"#),
    .init(
      name: "float64 signalling NaN", value: .float64(Double(bitPattern: 0x7FF0_0000_0000_0001)),
      json: #"{"$float64":"0x7ff0000000000001"}"#),
    .init(name: "float64 infinity", value: .float64(.infinity), json: #"{"$float64":"Infinity"}"#),
    .init(name: "float64 -infinity", value: .float64(-.infinity), json: #"{"$float64":"-Infinity"}"#),
    .init(name: "finite float64 stays a plain number", value: .float64(1.5), json: "1.5"),
    .init(name: "map with an integer key", value: .map([.init(1, "a")]), json: #"{"$map":[[1,"a"]]}"#),
    .init(
      name: "map with nil, map and array keys", value: .map([.init(nil, 1), .init([:], 2), .init([1], 3)]),
      json: #"{"$map":[[null,1],[{},2],[[1],3]]}"#),
    .init(
      name: "map with a binary key", value: .map([.init(.binary([0]), 1)]), json: #"{"$map":[[{"$bin":"AA=="},1]]}"#),
    .init(name: "map whose first key is $bin", value: ["$bin": 1], json: #"{"$map":[["$bin",1]]}"#),
    .init(name: "map whose first key is $map", value: ["$map": []], json: #"{"$map":[["$map",[]]]}"#),
    .init(
      name: "map whose first key is $timestamp, with a valid-looking value", value: ["$timestamp": [1, 0]],
      json: #"{"$map":[["$timestamp",[1,0]]]}"#),
    .init(name: "map whose second key is $bin stays plain", value: ["a": 1, "$bin": 2], json: #"{"a":1,"$bin":2}"#),
    .init(
      name: "map whose first key is no tag stays plain", value: ["$other": 1, "$": 2], json: #"{"$other":1,"$":2}"#),
    .init(
      name: "map key that is a map whose first key is a tag", value: .map([.init(["$bin": 1], 2)]),
      json: #"{"$map":[[{"$map":[["$bin",1]]},2]]}"#),
    .init(
      name: "nested tags inside an animation",
      value: [
        [
          "id": "card0", "data": .map([.init(1, .map([.init(2, .binary([]))]))]),
          "t": [.float32(.nan), .float64(.infinity)],
        ]
      ],
      json:
        #"[{"id":"card0","data":{"$map":[[1,{"$map":[[2,{"$bin":""}]]}]]},"t":[{"$float32":"NaN"},{"$float64":"Infinity"}]}]"#
    ),
  ]

  @Test("writes the documented tag, reads it back, and the MessagePack survives byte for byte", arguments: tags)
  func tag(_ row: TagCase) throws {
    #expect(try JSONWriter(options: extendedCompact).writeString(row.value) == row.json)
    let back = try JSONReader(extended: true).read(utf8(row.json))
    #expect(back == row.value)
    #expect(back.structure == row.value.structure)
    let bytes = MessagePackWriter().write(row.value)
    for options in [extendedCompact, extendedPretty] {
      let json = try Converter.toJSON(messagePack: bytes, options: options)
      #expect(try Converter.toMessagePack(json: json, extended: true) == bytes)
      #expect(try JSONReader(extended: true).read(json) == row.value)
    }
  }

  @Test("a $map is laid out like any array in pretty output")
  func prettyMap() throws {
    let json = try JSONWriter(options: extendedPretty).writeString(.map([.init(1, "a"), .init(2, [1, 2])]))
    #expect(json == "{\"$map\": [\n  [1, \"a\"],\n  [2, [1, 2]]\n]}\n")
    let nested = try JSONWriter(options: extendedPretty).writeString(["x": .map([.init(1, .binary([1]))])])
    #expect(nested == "{\n  \"x\": {\"$map\": [\n    [1, {\"$bin\": \"AQ==\"}]\n  ]}\n}\n")
    #expect(try JSONReader(extended: true).read(utf8(nested)) == ["x": .map([.init(1, .binary([1]))])])
  }

  @Test("plain (not extended) reading knows no tags")
  func plainReadingHasNoTags() throws {
    #expect(try JSONReader().read(utf8(#"{"$bin": "AA=="}"#)) == ["$bin": "AA=="])
    #expect(try JSONReader().read(utf8(#"{"$map": [[1, 2]]}"#)) == ["$map": [[1, 2]]])
    #expect(try JSONReader().read(utf8(#"{"$float64": "NaN"}"#)) == ["$float64": "NaN"])
    // And plain writing writes such a map as it is.
    #expect(try JSONWriter(options: .init(style: .compact)).writeString(["$bin": "AA=="]) == #"{"$bin":"AA=="}"#)
    // Tags are recognised by the key's characters, however the key is spelled.
    #expect(try JSONReader(extended: true).read(utf8(#"{"\u0024bin": "AA=="}"#)) == .binary([0]))
    #expect(try JSONReader(extended: true).read(utf8(#"{"$Bin": "AA=="}"#)) == ["$Bin": "AA=="])
  }

  struct MalformedCase: Sendable, CustomTestStringConvertible {
    let json: String
    let column: Int
    let path: String
    let message: String
    var testDescription: String { json }
  }

  static let malformed: [MalformedCase] = [
    .init(json: #"{"$bin": 1}"#, column: 10, path: "", message: "$bin holds a base64 string"),
    .init(json: #"{"$bin": "!!"}"#, column: 10, path: "", message: "$bin holds a base64 string"),
    .init(
      json: #"{"$bin": "AA==", "x": 1}"#, column: 16, path: "",
      message: "a $bin object holds exactly one entry: expected '}', found ','"),
    .init(json: #"{"$bin": tru}"#, column: 10, path: "/$bin", message: "expected a value, found 't'"),
    .init(
      json: #"{"$ext": [300, ""]}"#, column: 10, path: "", message: #"$ext holds [type from -128 to 127, "base64"]"#),
    .init(json: #"{"$ext": [1]}"#, column: 10, path: "", message: #"$ext holds [type from -128 to 127, "base64"]"#),
    .init(
      json: #"{"$ext": [1, "", 2]}"#, column: 10, path: "", message: #"$ext holds [type from -128 to 127, "base64"]"#),
    .init(
      json: #"{"$ext": [1.0, ""]}"#, column: 10, path: "", message: #"$ext holds [type from -128 to 127, "base64"]"#),
    .init(
      json: #"{"$timestamp": [1, 1000000000]}"#, column: 16, path: "",
      message: "$timestamp holds [seconds, nanoseconds below 10^9]"),
    .init(
      json: #"{"$timestamp": [1, -1]}"#, column: 16, path: "",
      message: "$timestamp holds [seconds, nanoseconds below 10^9]"),
    .init(
      json: #"{"$timestamp": [1.5, 0]}"#, column: 16, path: "",
      message: "$timestamp holds [seconds, nanoseconds below 10^9]"),
    .init(
      json: #"{"$timestamp": 1}"#, column: 16, path: "", message: "$timestamp holds [seconds, nanoseconds below 10^9]"),
    .init(
      json: #"{"$float32": 1e300}"#, column: 14, path: "", message: "$float32 value 1e+300 is beyond a float32's range"),
    .init(
      json: #"{"$float32": 3.4028236e38}"#, column: 14, path: "",
      message: "$float32 value 3.4028236e+38 is beyond a float32's range"),
    .init(json: #"{"$int8": 200}"#, column: 11, path: "", message: "$int8 holds an integer in -128...127, not 200"),
    .init(json: #"{"$uint8": -1}"#, column: 12, path: "", message: "$uint8 holds an integer in 0...255, not -1"),
    .init(
      json: #"{"$uint32": 4294967296}"#, column: 13, path: "",
      message: "$uint32 holds an integer in 0...4294967295, not 4294967296"),
    .init(
      json: #"{"$int64": 9223372036854775808}"#, column: 12, path: "",
      message: "$int64 holds an integer in -9223372036854775808...9223372036854775807, not 9223372036854775808"),
    .init(json: #"{"$int16": 200.0}"#, column: 12, path: "", message: "$int16 holds an integer"),
    .init(json: #"{"$int16": "200"}"#, column: 12, path: "", message: "$int16 holds an integer"),
    .init(
      json: #"{"$float32": 16777217}"#, column: 14, path: "",
      message: "$float32 value 16777217 is not exactly a float32"),
    .init(
      json: #"{"$float32": 9223372036854775807}"#, column: 14, path: "",
      message: "$float32 value 9223372036854775807 is not exactly a float32"),
    .init(
      json: #"{"$float32": 18446744073709551615}"#, column: 14, path: "",
      message: "$float32 value 18446744073709551615 is not exactly a float32"),
    .init(
      json: #"{"$float32": "nan"}"#, column: 14, path: "",
      message: #"$float32 holds a number, "NaN", "Infinity" or "-Infinity""#),
    .init(
      json: #"{"$float32": "0x3f800000"}"#, column: 14, path: "",
      message: #"$float32 holds a number, "NaN", "Infinity" or "-Infinity""#),
    .init(
      json: #"{"$float64": 1.5}"#, column: 14, path: "",
      message:
        #"$float64 holds "NaN", "Infinity", "-Infinity" or the 0x bit pattern of a NaN (finite floats are plain numbers)"#
    ),
    .init(
      json: #"{"$float64": "0x123"}"#, column: 14, path: "",
      message:
        #"$float64 holds "NaN", "Infinity", "-Infinity" or the 0x bit pattern of a NaN (finite floats are plain numbers)"#
    ),
    .init(
      json: #"{"$float64": "0x3ff0000000000000"}"#, column: 14, path: "",
      message:
        #"$float64 holds "NaN", "Infinity", "-Infinity" or the 0x bit pattern of a NaN (finite floats are plain numbers)"#
    ),
    .init(
      json: #"{"$float64": "0x+7ff800000000001"}"#, column: 14, path: "",
      message:
        #"$float64 holds "NaN", "Infinity", "-Infinity" or the 0x bit pattern of a NaN (finite floats are plain numbers)"#
    ),
    .init(json: #"{"$map": [[1]]}"#, column: 10, path: "", message: "$map holds an array of [key, value] pairs"),
    .init(json: #"{"$map": [[1, 2, 3]]}"#, column: 10, path: "", message: "$map holds an array of [key, value] pairs"),
    .init(json: #"{"$map": {}}"#, column: 10, path: "", message: "$map holds an array of [key, value] pairs"),
    .init(json: #"{"$map": [[1, {"$bin": 2}]]}"#, column: 24, path: "/$map/0/1", message: "$bin holds a base64 string"),
    .init(json: #"[{"a": {"$bin": 5}}]"#, column: 17, path: "/0/a", message: "$bin holds a base64 string"),
  ]

  @Test("malformed tags are errors with their position and path", arguments: malformed)
  func malformedTag(_ row: MalformedCase) throws {
    let error = try #require(jsonError(row.json, extended: true))
    #expect(error.message == row.message)
    #expect(error.line == 1)
    #expect(error.column == row.column)
    #expect(error.path.description == row.path)
    #expect(throws: error) { try Converter.toMessagePack(json: utf8(row.json), extended: true) }
    // Read plainly, each is an ordinary document.
    if !row.json.contains("tru}") { #expect(throws: Never.self) { try JSONReader().read(utf8(row.json)) } }
  }

  /// An integer stored in another format than its smallest, as bytes and as the extended form writes it.
  struct IntegerFormatCase: Sendable, CustomTestStringConvertible {
    let bytes: [UInt8]
    let json: String
    var testDescription: String { json }
  }

  static let integerFormats: [IntegerFormatCase] = [
    // `zIndex` 200 as the editor writes it (msgpack-swift's signed formats), where a canonical writer writes
    // `cc c8`.
    .init(bytes: [0xD1, 0x00, 0xC8], json: #"{"$int16":200}"#),
    .init(bytes: [0xD0, 0x05], json: #"{"$int8":5}"#),
    .init(bytes: [0xD1, 0xFF, 0x9C], json: #"{"$int16":-100}"#),
    .init(bytes: [0xD1, 0xFF, 0xFF], json: #"{"$int16":-1}"#),
    .init(bytes: [0xD2, 0x00, 0x00, 0x00, 0xC8], json: #"{"$int32":200}"#),
    .init(bytes: [0xD3] + Array(repeating: 0, count: 7) + [0x07], json: #"{"$int64":7}"#),
    .init(bytes: [0xCC, 0x05], json: #"{"$uint8":5}"#),
    .init(bytes: [0xCD, 0x00, 0xC8], json: #"{"$uint16":200}"#),
    .init(bytes: [0xCE, 0x00, 0x00, 0x01, 0x00], json: #"{"$uint32":256}"#),
    .init(bytes: [0xCF] + Array(repeating: 0, count: 7) + [0xFF], json: #"{"$uint64":255}"#),
    .init(bytes: [0xD3] + Array(repeating: 0xFF, count: 8), json: #"{"$int64":-1}"#),
    .init(bytes: [0xD3, 0xFF, 0xFF, 0xFF, 0xFF, 0x80, 0x00, 0x00, 0x00], json: #"{"$int64":-2147483648}"#),
  ]

  @Test(
    "an integer in another format than its smallest gets the tag of its format, and comes back in it",
    arguments: integerFormats)
  func integerFormat(_ row: IntegerFormatCase) throws {
    let inArray = [0x91] + row.bytes
    let json = try Converter.toJSON(messagePack: inArray, options: extendedCompact)
    #expect(text(json) == "[\(row.json)]")
    #expect(try Converter.toMessagePack(json: json, extended: true) == inArray)
    // Read as a value, it is the integer (a value has no format).
    let value = try MessagePackReader().read(row.bytes)
    #expect(try JSONReader(extended: true).read(utf8(row.json)) == value)
    // Plain JSON writes the integer, and reads it back in its smallest format.
    let plain = try Converter.toJSON(messagePack: inArray, options: .init(style: .compact))
    #expect(try Converter.toMessagePack(json: plain) == [0x91] + MessagePackWriter().write(value))
    // In a short array of numbers, pretty output puts it on its own line, as a tag.
    let pretty = try Converter.toJSON(messagePack: [0x92, 0x01] + row.bytes, options: extendedPretty)
    #expect(text(pretty) == "[\n  1,\n  \(row.json.replacingOccurrences(of: ":", with: ": "))\n]\n")
  }

  @Test("an integer in its smallest format has no tag, whatever its width")
  func canonicalIntegers() throws {
    for value: MessagePackValue in [0, 127, 128, 255, 256, 65535, 65536, -1, -32, -33, -128, -129, .uint(.max)] {
      let bytes = MessagePackWriter().write([value])
      let json = try Converter.toJSON(messagePack: bytes, options: extendedCompact)
      #expect(!text(json).contains("$"), "\(value)")
      #expect(try Converter.toMessagePack(json: json, extended: true) == bytes)
    }
  }
}
