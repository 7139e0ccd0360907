import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// Encodes `value`, checks the bytes are those of `expected` when given, decodes them back and returns the
/// result.
func messagePackRoundTrip<T: Codable>(
  _ value: T, expected: MessagePackValue? = nil, sourceLocation: SourceLocation = #_sourceLocation
) throws -> T {
  let data = try MessagePackEncoder().encode(value)
  if let expected {
    #expect([UInt8](data) == MessagePackWriter().write(expected), sourceLocation: sourceLocation)
  }
  return try MessagePackDecoder().decode(T.self, from: data)
}

/// Decodes `T` from a value tree.
func decode<T: Decodable>(_ type: T.Type, _ value: MessagePackValue) throws -> T {
  try MessagePackDecoder().decode(type, from: value)
}

struct Team: Codable, Equatable {
  enum Role: String, Codable { case lead, engineer }
  enum Status: Codable, Equatable {
    case active(since: Int)
    case away(reason: String?, days: Double)
    case retired
  }
  struct Member: Codable, Equatable {
    var name: String
    var role: Role
    var nickname: String?
    var scores: [Double]
  }

  var name: String
  var members: [Member]
  var status: Status
  var tags: Set<String>
  var budget: Double?
  var matrix: [[Int8]]
}

struct Boundaries: Codable, Equatable {
  var i8: [Int8] = [.min, -1, 0, .max]
  var i16: [Int16] = [.min, .max]
  var i32: [Int32] = [.min, .max]
  var i64: [Int64] = [.min, .max]
  var int: [Int] = [.min, .max]
  var u8: [UInt8] = [0, .max]
  var u16: [UInt16] = [.max]
  var u32: [UInt32] = [.max]
  var u64: [UInt64] = [UInt64(Int64.max), UInt64(Int64.max) + 1, .max]
  var uint: [UInt] = [.max]
}

class Shape2D: Codable {
  var name: String
  init(name: String) { self.name = name }
}

final class Square: Shape2D {
  var side: Double
  enum CodingKeys: String, CodingKey { case side }

  init(name: String, side: Double) {
    self.side = side
    super.init(name: name)
  }

  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    side = try container.decode(Double.self, forKey: .side)
    try super.init(from: container.superDecoder())
  }

  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(side, forKey: .side)
    try super.encode(to: container.superEncoder())
  }
}

@Suite("The coders work with any Codable type")
struct CodableCoderTests {
  @Test("Nested structs, arrays, optionals, sets and enums round-trip")
  func nestedTypes() throws {
    let team = Team(
      name: "Inertia",
      members: [
        .init(name: "Ada", role: .lead, nickname: nil, scores: [1, 2.5, -0.0]),
        .init(name: "Grace", role: .engineer, nickname: "amazing", scores: []),
      ],
      status: .away(reason: nil, days: 1.5), tags: ["swift"], budget: nil, matrix: [[1, -128], []])
    #expect(try messagePackRoundTrip(team) == team)
    for status in [Team.Status.active(since: 2020), .retired, .away(reason: "holiday", days: 3)] {
      #expect(try messagePackRoundTrip(status) == status)
    }
  }

  @Test("Keys are written in the order the type encodes them; nil optionals are left out")
  func keyOrderAndOptionals() throws {
    let member = Team.Member(name: "Ada", role: .lead, nickname: nil, scores: [3])
    let expected: MessagePackValue = ["name": "Ada", "role": "lead", "scores": [3]]
    #expect(try messagePackRoundTrip(member, expected: expected) == member)
  }

  @Test("Every integer type keeps its boundaries")
  func integerBoundaries() throws {
    #expect(try messagePackRoundTrip(Boundaries()) == Boundaries())
    let value = try MessagePackEncoder().encodeValue(Boundaries())
    #expect(value["u64"] == [.int(.max), .uint(UInt64(Int64.max) + 1), .uint(.max)])
    #expect(value["i64"] == [.int(.min), .int(.max)])
  }

  @Test("Integral doubles are written as integers; fractions, -0.0, NaN and infinities as floats")
  func doubleEncodings() throws {
    let encoder = MessagePackEncoder()
    #expect(try encoder.encodeValue(3.0) == .int(3))
    #expect(try encoder.encodeValue(-2.0) == .int(-2))
    #expect(try encoder.encodeValue(0.0) == .int(0))
    #expect(try encoder.encodeValue(0.5) == .float64(0.5))
    #expect(try encoder.encodeValue(-0.0) == .float64(-0.0))
    #expect(try encoder.encodeValue(Double.nan) == .float64(.nan))
    #expect(try encoder.encodeValue(Double.infinity) == .float64(.infinity))
    #expect(try encoder.encodeValue(-Double.infinity) == .float64(-.infinity))
    #expect(try encoder.encodeValue(1e300) == .float64(1e300))
    #expect(try encoder.encodeValue(9_223_372_036_854_775_808.0) == .uint(9_223_372_036_854_775_808))
    #expect(try encoder.encodeValue(-9_223_372_036_854_775_808.0) == .int(.min))
    #expect(try encoder.encodeValue(Float(2)) == .int(2))
    #expect(try encoder.encodeValue(Float(0.1)) == .float32(0.1))
    #expect(try encoder.encodeValue(-Float(0)) == .float32(-0.0))
    #expect([UInt8](try encoder.encode(-0.0)) == [0xCB, 0x80, 0, 0, 0, 0, 0, 0, 0])
  }

  @Test("Special doubles survive a round trip bit for bit")
  func specialDoubles() throws {
    let values: [Double] = [-0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1]
    let back = try messagePackRoundTrip(values)
    #expect(back.map(\.bitPattern) == values.map(\.bitPattern))
  }

  @Test("Doubles read integers and floats of both widths")
  func doublesReadAnyNumber() throws {
    #expect(try decode(Double.self, 1) == 1)
    #expect(try decode(Double.self, .uint(.max)) == Double(UInt64.max))
    #expect(try decode(Double.self, .float32(0.5)) == 0.5)
    #expect(try decode(Float.self, 3) == 3)
    #expect(try decode(Float.self, .float64(0.25)) == 0.25)
    #expect(try decode(Float.self, .float64(.infinity)) == .infinity)
  }

  @Test("Integers read integral floats in range")
  func integersReadIntegralFloats() throws {
    #expect(try decode(Int.self, .float64(3)) == 3)
    #expect(try decode(Int8.self, .float32(-128)) == -128)
    #expect(try decode(UInt64.self, .float64(1e19)) == 10_000_000_000_000_000_000)
    #expect(try decode(Int.self, .float64(-0.0)) == 0)
    #expect(try decode(UInt8.self, 255) == 255)
  }

  static let badNumbers: [(MessagePackValue, String)] = [
    (1.5, "expected an integer, found 1.5"),
    (.float64(.nan), "expected an integer, found nan"),
    (.float64(.infinity), "expected an integer, found inf"),
    (300, "300 does not fit in UInt8"),
    (-1, "-1 does not fit in UInt8"),
    (.float64(256), "256.0 does not fit in UInt8"),
    ("1", "expected an integer, found a string"),
    (true, "expected an integer, found a boolean"),
  ]

  @Test("Fractions, NaN, out-of-range values and non-numbers into an integer are errors", arguments: badNumbers.indices)
  func badIntegers(_ index: Int) {
    let (value, message) = Self.badNumbers[index]
    let error = #expect(throws: DecodingError.self) { try decode(UInt8.self, value) }
    #expect(error?.context?.debugDescription == message)
  }

  @Test("A double too large for Float is an error, not infinity")
  func floatOverflow() {
    let error = #expect(throws: DecodingError.self) { try decode(Float.self, .float64(1e300)) }
    #expect(error?.context?.debugDescription == "1e+300 does not fit in Float")
    #expect(throws: DecodingError.self) { try decode(Double.self, "1") }
    #expect(throws: DecodingError.self) { try decode(Bool.self, 1) }
    #expect(throws: DecodingError.self) { try decode(String.self, .binary([])) }
  }

  @Test("Int64 and UInt64 extremes are exact")
  func extremes() throws {
    #expect(try decode(Int64.self, .int(.min)) == .min)
    #expect(try decode(UInt64.self, .uint(.max)) == .max)
    #expect(throws: DecodingError.self) { try decode(Int64.self, .uint(.max)) }
    #expect(throws: DecodingError.self) { try decode(Int64.self, .float64(9_223_372_036_854_775_808.0)) }
  }

  @Test("Data is binary, URL a string, MessagePackValue itself")
  func specialTypes() throws {
    struct Payload: Codable, Equatable {
      var data: Data
      var maybe: Data?
      var link: URL
      var raw: MessagePackValue
    }
    let payload = Payload(
      data: Data([1, 2, 3]), maybe: Data(), link: URL(string: "https://example.com/a.inertia")!,
      raw: ["t": .timestamp(.init(seconds: 1, nanoseconds: 0)), "f": .float32(1.5), "k": [.nil]])
    let expected: MessagePackValue = [
      "data": .binary([1, 2, 3]), "maybe": .binary([]), "link": "https://example.com/a.inertia",
      "raw": ["t": .timestamp(.init(seconds: 1, nanoseconds: 0)), "f": .float32(1.5), "k": [.nil]],
    ]
    #expect(try messagePackRoundTrip(payload, expected: expected) == payload)
    #expect(try decode(Data.self, "AQID") == Data([1, 2, 3]))
    #expect(try decode(Data.self, [1, 2]) == Data([1, 2]))
    #expect(throws: DecodingError.self) { try decode(Data.self, "not base64!") }
  }

  @Test("Dictionaries round-trip, with string and integer keys")
  func dictionaries() throws {
    let byName = ["a": 1, "b": 2]
    #expect(try messagePackRoundTrip(byName) == byName)
    let byNumber = [1: "one", -2: "minus two"]
    #expect(try messagePackRoundTrip(byNumber) == byNumber)
    #expect(try decode([Int: String].self, [1: "one"]) == [1: "one"])
  }

  @Test("Super encoders and decoders nest the superclass's fields")
  func superCoders() throws {
    let square = Square(name: "box", side: 2.5)
    let value = try MessagePackEncoder().encodeValue(square)
    #expect(value == ["side": 2.5, "super": ["name": "box"]])
    let back = try decode(Square.self, value)
    #expect(back.name == "box" && back.side == 2.5)
  }

  @Test("Top-level scalars and optionals")
  func topLevel() throws {
    #expect([UInt8](try MessagePackEncoder().encode(5)) == [0x05])
    #expect([UInt8](try MessagePackEncoder().encode(Int?.none)) == [0xC0])
    #expect(try messagePackRoundTrip("héllo") == "héllo")
    #expect(try messagePackRoundTrip([Int?.none, 1]) == [nil, 1])
    #expect(try decode(Int?.self, .nil) == nil)
  }

  @Test("Duplicate keys read their first entry, as the value model's subscript does")
  func duplicateKeys() throws {
    struct One: Decodable { var a: Int }
    #expect(try decode(One.self, .map([.init("a", 1), .init("a", 2)])).a == 1)
  }

  @Test("userInfo reaches the encoded and decoded types")
  func userInfo() throws {
    let key = CodingUserInfoKey(rawValue: "test.scale")!
    struct Scaled: Codable {
      var value: Double
      init(value: Double) { self.value = value }
      init(from decoder: any Decoder) throws {
        value =
          try decoder.singleValueContainer().decode(Double.self)
          / (decoder.userInfo[CodingUserInfoKey(rawValue: "test.scale")!] as! Double)
      }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value * (encoder.userInfo[CodingUserInfoKey(rawValue: "test.scale")!] as! Double))
      }
    }
    let encoded = try MessagePackEncoder(userInfo: [key: 10.0]).encodeValue(Scaled(value: 0.5))
    #expect(encoded == 5)
    #expect(try MessagePackDecoder(userInfo: [key: 10.0]).decode(Scaled.self, from: encoded).value == 0.5)
  }

  @Test("Encoding a key twice keeps its first place and the last value")
  func reencodedKey() throws {
    struct Twice: Encodable {
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(1, forKey: AnyCodingKey("a"))
        try container.encode(2, forKey: AnyCodingKey("b"))
        try container.encode(3, forKey: AnyCodingKey("a"))
      }
    }
    #expect(try MessagePackEncoder().encodeValue(Twice()) == ["a": 3, "b": 2])
  }
}
