import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

private func compact(_ value: MessagePackValue) throws -> String {
  try JSONWriter(options: .init(style: .compact)).writeString(value)
}

private func pretty(_ value: MessagePackValue) throws -> String {
  try JSONWriter(options: .init(style: .pretty)).writeString(value)
}

/// A reference JSON string escaper, written plainly, to check the writer's fast one against (and to spell
/// the strings the JSON readers' tests read).
func referenceEscaped(_ string: String) -> String {
  var text = "\""
  for scalar in string.unicodeScalars {
    switch scalar {
    case "\"": text += "\\\""
    case "\\": text += "\\\\"
    case "\n": text += "\\n"
    case "\r": text += "\\r"
    case "\t": text += "\\t"
    case "\u{8}": text += "\\b"
    case "\u{C}": text += "\\f"
    case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
    default: text.unicodeScalars.append(scalar)
    }
  }
  return text + "\""
}

@Suite("JSON writing: numbers, strings, layout, and values JSON cannot hold")
struct JSONWriterTests {
  // MARK: Numbers

  struct NumberCase: Sendable, CustomTestStringConvertible {
    let value: MessagePackValue
    let text: String
    var testDescription: String { text }
  }

  static let numbers: [NumberCase] = [
    .init(value: .int(1), text: "1"),
    .init(value: .int(0), text: "0"),
    .init(value: .int(-1), text: "-1"),
    .init(value: .int(Int64.min), text: "-9223372036854775808"),
    .init(value: .int(Int64.max), text: "9223372036854775807"),
    .init(value: .uint(UInt64.max), text: "18446744073709551615"),
    .init(value: .float64(1), text: "1.0"),
    .init(value: .float64(0), text: "0.0"),
    .init(value: .float64(-0.0), text: "-0.0"),
    .init(value: .float64(100), text: "100.0"),
    .init(value: .float64(0.1), text: "0.1"),
    .init(value: .float64(-0.648), text: "-0.648"),
    .init(value: .float64(1e-7), text: "1e-07"),
    .init(value: .float64(.leastNonzeroMagnitude), text: "5e-324"),
    .init(value: .float64(.leastNormalMagnitude), text: "2.2250738585072014e-308"),
    .init(value: .float64(.greatestFiniteMagnitude), text: "1.7976931348623157e+308"),
    .init(value: .float64(0.1 + 0.2), text: "0.30000000000000004"),
    .init(value: .float64(1e16), text: "1e+16"),
    .init(value: .float64(9_007_199_254_740_992), text: "9007199254740992.0"),
    .init(value: .float64(123456.789), text: "123456.789"),
    .init(value: .float32(0.1), text: "0.10000000149011612"),
    .init(value: .float32(1.5), text: "1.5"),
    .init(value: .float32(-0.0), text: "-0.0"),
    .init(value: .float32(.greatestFiniteMagnitude), text: "3.4028234663852886e+38"),
    .init(value: .float32(.leastNonzeroMagnitude), text: "1.401298464324817e-45"),
  ]

  @Test("numbers print as integers or shortest round-tripping floats", arguments: numbers)
  func number(_ row: NumberCase) throws {
    #expect(try compact(row.value) == row.text)
    #expect(try pretty(row.value) == row.text + "\n")
    // Read back: integers stay integers, floats come back as the same float64 (a float32 widened exactly).
    let back = try JSONReader().read(utf8(row.text))
    switch row.value {
    case .float32(let f): #expect(back == .float64(Double(f)))
    default: #expect(back == row.value && back.structure == row.value.structure)
    }
  }

  @Test("every printed float64 reads back to the same bits (random doubles, subnormals included)")
  func floatRoundTrip() throws {
    var rng = SeededGenerator(seed: 0xF1_0A7)
    for batch in 0..<20 {
      let doubles: [Double] = (0..<1000).compactMap { i in
        let bits = i % 4 == 0 ? rng.next() & 0x800F_FFFF_FFFF_FFFF : rng.next()  // a quarter subnormal
        let d = Double(bitPattern: bits)
        return d.isFinite ? d : nil
      }
      let json = try compact(.array(doubles.map { .float64($0) }))
      guard case .array(let back) = try JSONReader().read(utf8(json)) else {
        Issue.record("batch \(batch) did not read back as an array")
        continue
      }
      #expect(back.count == doubles.count)
      for (printed, original) in zip(back, doubles) where printed != .float64(original) {
        Issue.record("\(original) (bits \(String(original.bitPattern, radix: 16))) read back as \(printed)")
      }
      // No float is written in more than 17 significant digits, and each has a '.' or an exponent.
      for token in json.dropFirst().dropLast().split(separator: ",") {
        let digits = token.prefix { $0 != "e" }.filter(\.isNumber).drop { $0 == "0" }
        #expect(digits.count <= 17, "\(token)")
        #expect(token.contains(".") || token.contains("e"), "\(token)")
      }
    }
  }

  @Test("every float32 widens exactly and reads back as the same float32 value")
  func float32Widening() throws {
    var rng = SeededGenerator(seed: 32)
    for _ in 0..<2000 {
      let f = Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &rng))
      guard f.isFinite else { continue }
      let back = try JSONReader().read(utf8(try compact(.float32(f))))
      guard case .float64(let d) = back else {
        Issue.record("\(f) read back as \(back)")
        continue
      }
      #expect(d == Double(f) && Float(d).bitPattern == f.bitPattern)
    }
  }

  // MARK: Strings

  struct StringCase: Sendable, CustomTestStringConvertible {
    let string: String
    let json: String
    var testDescription: String { json }
  }

  static let strings: [StringCase] = [
    .init(string: "", json: #""""#),
    .init(string: "card0", json: #""card0""#),
    .init(string: "\"", json: #""\"""#),
    .init(string: "\\", json: #""\\""#),
    .init(string: "/", json: #""/""#),
    .init(string: "\n\r\t\u{8}\u{C}", json: #""\n\r\t\b\f""#),
    .init(string: "\u{0}", json: #""\u0000""#),
    .init(string: "\u{1}\u{1F}\u{B}", json: #""\u0001\u001f\u000b""#),
    .init(string: "\u{7F}", json: "\"\u{7F}\""),
    .init(string: "é€😀", json: "\"é€😀\""),
    .init(string: "\u{2028}\u{2029}\u{FEFF}\u{10FFFF}", json: "\"\u{2028}\u{2029}\u{FEFF}\u{10FFFF}\""),
    .init(string: "a\"b\\c", json: #""a\"b\\c""#),
  ]

  @Test("strings are escaped where JSON requires it and copied as UTF-8 otherwise", arguments: strings)
  func string(_ row: StringCase) throws {
    #expect(try compact(.string(row.string)) == row.json)
    #expect(try compact(.string(row.string)) == referenceEscaped(row.string))
    #expect(try JSONReader().read(utf8(row.json)) == .string(row.string))
    // Also as a key.
    #expect(try compact(.map([.init(.string(row.string), 1)])) == "{\(row.json):1}")
  }

  @Test("long strings with a character to escape at every position around the 8-byte blocks")
  func escapesAtEveryPosition() throws {
    let specials: [String] = ["\"", "\\", "\n", "\u{0}", "\u{1F}", "é", "😀", "\u{7F}", " "]
    // Every length up to 18 (the writer takes strings under 8 bytes and up to 16 in whole words), then
    // longer ones; each string read alone, and inside a document with text after it.
    for length in Array(1...18) + [24, 40] {
      for position in 0..<length {
        for special in specials {
          var scalars = Array(String(repeating: "x", count: length).unicodeScalars)
          scalars[position] = special.unicodeScalars.first!
          let string = String(String.UnicodeScalarView(scalars))
          let json = try compact(.string(string))
          #expect(json == referenceEscaped(string), "\(length) \(position) \(special.debugDescription)")
          #expect(try JSONReader().read(utf8(json)) == .string(string))
          let document = MessagePackValue.array([.map([.init(.string(string), .string(string))]), "after the string"])
          #expect(try JSONReader().read(utf8(try compact(document))) == document)
        }
      }
    }
    #expect(try compact(.string("")) == "\"\"")
    // Two escapes in one block, and escapes in every block.
    let dense = String(repeating: "\"a\\\n", count: 50)
    #expect(try compact(.string(dense)) == referenceEscaped(dense))
  }

  @Test("a string that is not UTF-8 is refused both ways, whatever its length and wherever the bad byte")
  func invalidUTF8AtEveryPosition() {
    func code(_ body: () throws -> [UInt8]) -> FormatError.Code? {
      do {
        _ = try body()
        return nil
      } catch {
        return (error as? FormatError)?.code
      }
    }
    // A byte never in UTF-8, a lead byte without its continuation, and an encoded surrogate.
    let faults: [[UInt8]] = [[0xFF], [0xC3], [0xED, 0xA0, 0x80]]
    for length in Array(1...18) + [24, 40] {
      for position in 0..<length {
        for fault in faults where position + fault.count <= length {
          var content = [UInt8](repeating: UInt8(ascii: "x"), count: length)
          content.replaceSubrange(position..<position + fault.count, with: fault)
          let messagePack = [0x92, 0xD9, UInt8(length)] + content + [0x01]
          #expect(code { try Converter.toJSON(messagePack: messagePack) } == .invalidUTF8, "\(length) \(position)")
          let json = Array("[\"".utf8) + content + Array("\", 1]".utf8)
          #expect(code { try Converter.toMessagePack(json: json) } == .invalidUTF8, "\(length) \(position)")
          #expect(code { try Converter.toMessagePack(json: json.dropLast(4) + [0x5D]) } == .invalidUTF8)
        }
      }
    }
  }

  // MARK: Layout

  @Test("the spec's example is written exactly as the spec prints it")
  func specExample() throws {
    let url = Fixtures.directory.appendingPathComponent("json/layout/spec-example.json")
    let json = try Fixtures.bytes(url)
    #expect(json.count > 500)
    let messagePack = try Converter.toMessagePack(json: json)
    let written = try Converter.toJSON(messagePack: messagePack, options: .init(style: .pretty))
    #expect(text(written) == text(json))
    // And the value writer agrees with the streaming converter.
    #expect(try JSONWriter().write(try MessagePackReader().read(messagePack)) == written)
  }

  @Test("pretty and compact layouts match their fixture files byte for byte", arguments: ["layout"])
  func layoutFixtures(_ name: String) throws {
    let directory = Fixtures.directory.appendingPathComponent("json/layout")
    let prettyJSON = try Fixtures.bytes(directory.appendingPathComponent("\(name).json"))
    let compactJSON = try Fixtures.bytes(directory.appendingPathComponent("\(name).compact.json"))
    let fromPretty = try Converter.toMessagePack(json: prettyJSON)
    let fromCompact = try Converter.toMessagePack(json: compactJSON)
    #expect(fromPretty == fromCompact)
    #expect(text(try Converter.toJSON(messagePack: fromPretty, options: .init(style: .pretty))) == text(prettyJSON))
    #expect(text(try Converter.toJSON(messagePack: fromPretty, options: .init(style: .compact))) == text(compactJSON))
  }

  @Test("small layouts")
  func smallLayouts() throws {
    #expect(try pretty([]) == "[]\n")
    #expect(try pretty([:]) == "{}\n")
    #expect(try pretty([[], [:]]) == "[\n  [],\n  {}\n]\n")
    #expect(try pretty(["a": [1, 2]]) == "{\n  \"a\": [1, 2]\n}\n")
    #expect(try pretty([1, 2, 3, 4, 5, 6, 7, 8]) == "[1, 2, 3, 4, 5, 6, 7, 8]\n")
    #expect(try pretty([1, 2, 3, 4, 5, 6, 7, 8, 9]) == "[\n  1,\n  2,\n  3,\n  4,\n  5,\n  6,\n  7,\n  8,\n  9\n]\n")
    #expect(try pretty([1, nil]) == "[\n  1,\n  null\n]\n")
    #expect(try pretty([.float32(0.5), 1]) == "[0.5, 1]\n")
    #expect(try pretty("x") == "\"x\"\n")
    #expect(try compact(["a": [1, 2.5, "x"], "b": nil]) == #"{"a":[1,2.5,"x"],"b":null}"#)
    #expect(try compact([[], [:], [[]]]) == "[[],{},[[]]]")
  }

  @Test("indentation keeps going past 64 levels")
  func deepIndentation() throws {
    var value: MessagePackValue = ["leaf"]
    for _ in 0..<70 { value = [value] }
    let json = try pretty(value)
    let lines = json.split(separator: "\n")
    #expect(lines.count == 143)
    #expect(lines[71] == Substring(String(repeating: " ", count: 142) + "\"leaf\""))
    #expect(try JSONReader().read(utf8(json)) == value)
  }

  @Test("key order and duplicate keys are written as they are")
  func keyOrder() throws {
    let value: MessagePackValue = .map([.init("b", 1), .init("a", 2), .init("b", 3)])
    #expect(try compact(value) == #"{"b":1,"a":2,"b":3}"#)
    #expect(try pretty(value) == "{\n  \"b\": 1,\n  \"a\": 2,\n  \"b\": 3\n}\n")
    #expect(try JSONReader().read(utf8(try pretty(value))) == value)
  }

  // MARK: Values JSON cannot hold

  struct UnrepresentableCase: Sendable, CustomTestStringConvertible {
    let name: String
    let value: MessagePackValue
    let path: String
    let message: String
    var testDescription: String { name }
  }

  static let unrepresentable: [UnrepresentableCase] = [
    .init(
      name: "binary", value: [["data": .binary([1, 2])]], path: "/0/data",
      message: "binary data (2 bytes) cannot be written as plain JSON (the extended form, --extended, keeps it)"),
    .init(
      name: "extension", value: ["a", .ext(type: 5, data: [1])], path: "/1",
      message:
        "extension value of type 5 (1 byte) cannot be written as plain JSON (the extended form, --extended, keeps it)"),
    .init(
      name: "timestamp", value: [.timestamp(MessagePackTimestamp(seconds: 1, nanoseconds: 0))], path: "/0",
      message:
        "extension value of type -1 (4 bytes) cannot be written as plain JSON (the extended form, --extended, keeps it)"
    ),
    .init(
      name: "integer key", value: [["id": "x", "v": [.map([.init(1, "a")])]]], path: "/0/v/0",
      message: "a map key that is an integer cannot be written as plain JSON (the extended form, --extended, keeps it)"),
    .init(
      name: "binary key", value: .map([.init(.binary([]), 1)]), path: "",
      message: "a map key that is binary data cannot be written as plain JSON (the extended form, --extended, keeps it)"
    ),
    .init(
      name: "NaN", value: [["keyframes": [[:], ["duration": .float64(.nan)]]]], path: "/0/keyframes/1/duration",
      message: "float64 NaN cannot be written as plain JSON (the extended form, --extended, keeps it)"),
    .init(
      name: "infinity", value: ["x": .float64(.infinity)], path: "/x",
      message: "float64 Infinity cannot be written as plain JSON (the extended form, --extended, keeps it)"),
    .init(
      name: "-infinity in a number array", value: [1, .float64(-.infinity)], path: "/1",
      message: "float64 -Infinity cannot be written as plain JSON (the extended form, --extended, keeps it)"),
    .init(
      name: "float32 NaN", value: [.float32(.nan)], path: "/0",
      message: "float32 NaN cannot be written as plain JSON (the extended form, --extended, keeps it)"),
    .init(
      name: "float32 infinity", value: [.float32(.infinity)], path: "/0",
      message: "float32 Infinity cannot be written as plain JSON (the extended form, --extended, keeps it)"),
  ]

  @Test("values plain JSON cannot hold are errors naming their path", arguments: unrepresentable)
  func unrepresentableValue(_ row: UnrepresentableCase) throws {
    for style in [JSONWriter.Options.Style.pretty, .compact] {
      do {
        let json = try JSONWriter(options: .init(style: style)).writeString(row.value)
        Issue.record("wrote \(json)")
      } catch {
        #expect(error.path.description == row.path)
        #expect(error.message == row.message)
        // A value has no byte offsets: the error names its path and no position.
        #expect(!error.hasPosition && error.offset == 0 && error.line == nil && error.column == nil)
        let messageWithPath = row.path.isEmpty ? row.message : "\(row.message) at \(row.path)"
        #expect(error.description == messageWithPath)
        #expect(error.report(file: "card.json") == "card.json: \(messageWithPath)")
      }
      // The converter says the same about the MessagePack bytes, with their offset.
      let bytes = MessagePackWriter().write(row.value)
      do {
        _ = try Converter.toJSON(messagePack: bytes, options: .init(style: style))
        Issue.record("converted")
      } catch {
        #expect(error.path.description == row.path)
        #expect(error.message == row.message)
        #expect(error.format == .messagePack)
        #expect(error.hasPosition)
        #expect(error.description.hasPrefix("offset \(error.offset): "))
      }
      // The extended form writes it, and reads it back exactly.
      let extended = try JSONWriter(options: .init(style: style, extended: true)).write(row.value)
      #expect(try JSONReader(extended: true).read(extended) == row.value)
    }
  }
}
