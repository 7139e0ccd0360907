#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The extended JSON form: how `to-json --extended` writes the values plain JSON cannot hold, so that
/// `to-msgpack --extended` gives back exactly the same MessagePack.
///
/// Each such value becomes an object with one key, its tag:
///
/// | MessagePack value | extended JSON |
/// |---|---|
/// | bin | `{"$bin": "<base64>"}` |
/// | ext (any type) | `{"$ext": [type, "<base64>"]}` |
/// | timestamp (ext -1, in its canonical size) | `{"$timestamp": [seconds, nanoseconds]}` |
/// | float32 | `{"$float32": 0.33}` (the shortest text that reads back to it), or `"NaN"`, `"Infinity"`, `"-Infinity"` |
/// | float64 NaN or infinity | `{"$float64": "NaN"}`, `"Infinity"`, `"-Infinity"` |
/// | an integer in another format than its smallest (`d1 00 c8`, `cc 05`) | `{"$int16": 200}`, `{"$uint8": 5}`: the tag names the format (`$int8` to `$int64`, `$uint8` to `$uint64`) |
/// | NaN with a payload | `{"$float64": "0x7ff8000000000001"}` (its bits; `$float32` alike) |
/// | map with a non-string key, or whose first key is a tag | `{"$map": [[key, value], …]}` |
///
/// A map whose first key is a tag is always written as `$map`, so no ordinary map is ever mistaken for
/// a tagged value. Plain (non-extended) JSON has no tags: `{"$bin": "AA=="}` is then just a map.
///
/// Every other number is plain: a float is a float64, an integer is in its smallest format. So the extended
/// form keeps every number's format, whatever document holds it, and reads every extended JSON written
/// before the integer tags existed as it did then. (A `$float32` holding a decimal reads as the float32
/// nearest it; the tags written before held the exact double of the float32, which reads the same. One
/// holding an integer must hold a float32's exactly.)
package enum ExtendedJSON {
  package enum Tag: String, CaseIterable, BitwiseCopyable {
    case bin = "$bin"
    case ext = "$ext"
    case timestamp = "$timestamp"
    case float32 = "$float32"
    case float64 = "$float64"
    case map = "$map"
    case int8 = "$int8"
    case int16 = "$int16"
    case int32 = "$int32"
    case int64 = "$int64"
    case uint8 = "$uint8"
    case uint16 = "$uint16"
    case uint32 = "$uint32"
    case uint64 = "$uint64"

    /// The tag of an integer stored with format byte `format`, for the formats that are not a fixint.
    init?(integerFormat format: UInt8) {
      switch format {
      case 0xCC: self = .uint8
      case 0xCD: self = .uint16
      case 0xCE: self = .uint32
      case 0xCF: self = .uint64
      case 0xD0: self = .int8
      case 0xD1: self = .int16
      case 0xD2: self = .int32
      case 0xD3: self = .int64
      default: return nil
      }
    }

    /// The format byte of an integer tag, and how many bytes follow it.
    var integerFormat: (byte: UInt8, width: Int, signed: Bool)? {
      switch self {
      case .uint8: (0xCC, 1, false)
      case .uint16: (0xCD, 2, false)
      case .uint32: (0xCE, 4, false)
      case .uint64: (0xCF, 8, false)
      case .int8: (0xD0, 1, true)
      case .int16: (0xD1, 2, true)
      case .int32: (0xD2, 4, true)
      case .int64: (0xD3, 8, true)
      default: nil
      }
    }

    /// The tag a MessagePack string at `head` of `buffer` spells, if any.
    init?(messagePackKey buffer: ByteBuffer, at head: Int) {
      let length = buffer.count - head - 1
      guard length >= 4 && length <= 10, buffer[head] == 0xA0 | UInt8(length), buffer[head + 1] == UInt8(ascii: "$")
      else { return nil }
      self.init(rawValue: buffer.view[(head + 1)..<buffer.count].string)
    }

    init?(key: ByteView) {
      guard key.count >= 4 && key.count <= 10 && key[0] == UInt8(ascii: "$") else { return nil }
      self.init(rawValue: key.string)
    }
  }

  /// The MessagePack bytes of an integer tag (``Tag/integerFormat``) holding `content`: its format byte and
  /// its value in as many bytes, big-endian.
  static func integerBytes(_ tag: Tag, _ content: MessagePackValue) throws(FormatError) -> [UInt8] {
    guard let (format, width, signed) = tag.integerFormat else { return [] }
    let bits = width * 8
    let fits: Bool
    let pattern: UInt64
    switch content {
    case .int(let i):
      fits = signed ? i >> (bits - 1) == 0 || i >> (bits - 1) == -1 : i >= 0 && (bits == 64 || i >> bits == 0)
      pattern = UInt64(bitPattern: i)
    case .uint(let u):
      fits = signed ? u >> (bits - 1) == 0 : bits == 64 || u >> bits == 0
      pattern = u
    default:
      throw FormatError(
        code: .invalidExtendedValue, format: .json, offset: 0, message: "\(tag.rawValue) holds an integer")
    }
    guard fits else {
      let range =
        signed ? "\(Int64.min >> (64 - bits))...\(Int64.max >> (64 - bits))" : "0...\(UInt64.max >> (64 - bits))"
      throw FormatError(
        code: .invalidExtendedValue, format: .json, offset: 0,
        message: "\(tag.rawValue) holds an integer in \(range), not \(numberText(content))")
    }
    return [format] + (0..<width).reversed().map { UInt8(truncatingIfNeeded: pattern >> (8 * UInt64($0))) }
  }

  /// The value a tagged object stands for; `text` is the content's JSON text, from which a `$float32` holding
  /// a number is rounded when its double cannot settle which float32 is nearest.
  static func decode(_ tag: Tag, _ content: MessagePackValue, text: ByteView? = nil) throws(FormatError)
    -> MessagePackValue
  {
    func fail(_ message: String) -> FormatError {
      FormatError(code: .invalidExtendedValue, format: .json, offset: 0, message: "\(tag.rawValue) \(message)")
    }
    switch tag {
    case .bin:
      guard case .string(let text) = content, let data = Data(base64Encoded: text) else {
        throw fail("holds a base64 string")
      }
      return .binary([UInt8](data))
    case .ext:
      guard case .array(let pair) = content, pair.count == 2, case .int(let type) = pair[0],
        let type8 = Int8(exactly: type), case .string(let text) = pair[1], let data = Data(base64Encoded: text)
      else { throw fail("holds [type from -128 to 127, \"base64\"]") }
      return .ext(type: type8, data: [UInt8](data))
    case .timestamp:
      guard case .array(let pair) = content, pair.count == 2, case .int(let seconds) = pair[0],
        case .int(let nanoseconds) = pair[1], (0..<1_000_000_000).contains(nanoseconds)
      else { throw fail("holds [seconds, nanoseconds below 10^9]") }
      return .timestamp(MessagePackTimestamp(seconds: seconds, nanoseconds: UInt32(nanoseconds)))
    case .float32:
      if case .string(let text) = content, let special = special(text, bits: UInt32.self) {
        return .float32(Float(bitPattern: special))
      }
      // A decimal reads as the float32 nearest it, as the writer prints a float32 as the shortest decimal that
      // reads back to it (and the exact double of a float32, as tags written before held, reads as that
      // float32); an integer must be one exactly.
      let single: Float?
      switch content {
      case .int(let i): single = Float(exactly: i)
      case .uint(let u): single = Float(exactly: u)
      case .float64(let d):
        guard let nearest = JSONNumber.nearestFloat32(toDecimalRoundedTo: d) ?? text.flatMap(JSONNumber.float32),
          nearest.isFinite
        else { throw fail("value \(Self.numberText(content)) is beyond a float32's range") }
        single = nearest
      default: throw fail("holds a number, \"NaN\", \"Infinity\" or \"-Infinity\"")
      }
      guard let single else { throw fail("value \(Self.numberText(content)) is not exactly a float32") }
      return .float32(single)
    case .float64:
      guard case .string(let text) = content, let bits = special(text, bits: UInt64.self) else {
        throw fail(
          "holds \"NaN\", \"Infinity\", \"-Infinity\" or the 0x bit pattern of a NaN (finite floats are plain numbers)")
      }
      return .float64(Double(bitPattern: bits))
    case .int8, .int16, .int32, .int64, .uint8, .uint16, .uint32, .uint64:
      // Written by the caller from ``integerBytes(_:_:)``; as a value, the integer.
      _ = try integerBytes(tag, content)
      return content
    case .map:
      guard case .array(let pairs) = content else { throw fail("holds an array of [key, value] pairs") }
      var entries: [MessagePackValue.MapEntry] = []
      for pair in pairs {
        guard case .array(let kv) = pair, kv.count == 2 else { throw fail("holds an array of [key, value] pairs") }
        entries.append(.init(kv[0], kv[1]))
      }
      return .map(entries)
    }
  }

  /// The bits of `"NaN"`, `"Infinity"`, `"-Infinity"` or a `0x…` bit pattern.
  private static func special<Bits: FixedWidthInteger & UnsignedInteger>(_ text: String, bits: Bits.Type) -> Bits? {
    let isDouble = Bits.bitWidth == 64
    switch text {
    case "NaN": return Bits(isDouble ? Double.nan.bitPattern : UInt64(Float.nan.bitPattern))
    case "Infinity": return Bits(isDouble ? Double.infinity.bitPattern : UInt64(Float.infinity.bitPattern))
    case "-Infinity": return Bits(isDouble ? (-Double.infinity).bitPattern : UInt64((-Float.infinity).bitPattern))
    default:
      // Exactly the bits of a NaN, in as many hex digits as the type has (no sign, no shorter form).
      let digits = text.utf8.dropFirst(2)
      guard text.hasPrefix("0x"), digits.count == Bits.bitWidth / 4,
        digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 || $0 &- UInt8(ascii: "a") < 6 || $0 &- UInt8(ascii: "A") < 6 }
        ),
        let bits = Bits(text.dropFirst(2), radix: 16)
      else { return nil }
      let isNaN = isDouble ? Double(bitPattern: UInt64(bits)).isNaN : Float(bitPattern: UInt32(bits)).isNaN
      return isNaN ? bits : nil
    }
  }

  /// A number as the message names it: integers as integers, floats as Swift prints them.
  private static func numberText(_ value: MessagePackValue) -> String {
    switch value {
    case .int(let i): return String(i)
    case .uint(let u): return String(u)
    case .float64(let d): return d.description
    default: return "?"
    }
  }

  /// How a non-finite float is named in the extended form.
  static func specialName(_ value: Double, bitsHex: String, canonicalNaN: Bool) -> String {
    if value == .infinity { return "Infinity" }
    if value == -.infinity { return "-Infinity" }
    return canonicalNaN ? "NaN" : "0x" + bitsHex
  }
}
