#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A ``MessagePackValue`` encodes and decodes as itself through the Inertia coders, untouched. Other coders,
/// such as Foundation's `JSONDecoder`, get the closest value they can carry: this is what lets the Inertia
/// model keep unknown fields whichever coder it is used with.
extension MessagePackValue: Codable {
  /// The value as the decoder holds it: exactly, from an Inertia decoder; otherwise the first of nil, a
  /// boolean, an integer, a float, a string, a map or an array that the decoder can read.
  /// - Throws: `DecodingError.dataCorrupted` when the decoder can read none of those.
  public init(from decoder: any Decoder) throws {
    if let decoder = decoder as? ValueDecoder {
      self = decoder.value
      return
    }
    if let container = try? decoder.singleValueContainer() {
      if container.decodeNil() {
        self = .nil
        return
      }
      if let b = try? container.decode(Bool.self) {
        self = .bool(b)
      } else if let i = try? container.decode(Int64.self) {
        self = .int(i)
      } else if let u = try? container.decode(UInt64.self) {
        self = MessagePackValue(u)
      } else if let d = try? container.decode(Double.self) {
        self = .float64(d)
      } else if let s = try? container.decode(String.self) {
        self = .string(s)
      } else {
        self = try Self.decodeContainer(from: decoder)
      }
      return
    }
    self = try Self.decodeContainer(from: decoder)
  }

  private static func decodeContainer(from decoder: any Decoder) throws -> MessagePackValue {
    if let map = try? decoder.container(keyedBy: AnyCodingKey.self) {
      return .map(try map.allKeys.map { .init(.string($0.stringValue), try map.decode(Self.self, forKey: $0)) })
    }
    if var array = try? decoder.unkeyedContainer() {
      var elements: [MessagePackValue] = []
      while !array.isAtEnd { elements.append(try array.decode(Self.self)) }
      return .array(elements)
    }
    throw DecodingError.dataCorrupted(
      .init(codingPath: decoder.codingPath, debugDescription: "the decoder holds no value a MessagePackValue can be"))
  }

  /// Writes the value as itself to an Inertia encoder; to other encoders as the nearest value they carry,
  /// binary as `Data`.
  /// - Throws: `EncodingError.invalidValue` for an extension value, or a map key that is not a string or an
  ///   integer, which other encoders cannot carry.
  public func encode(to encoder: any Encoder) throws {
    if let encoder = encoder as? ValueEncoder {
      encoder.storage = .value(self)
      return
    }
    switch self {
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case .map(let entries):
      var container = encoder.container(keyedBy: AnyCodingKey.self)
      for entry in entries {
        guard let name = entry.key.codingKeyName else {
          throw EncodingError.invalidValue(
            self, .init(codingPath: encoder.codingPath, debugDescription: "a map key must be a string or an integer"))
        }
        try container.encode(entry.value, forKey: AnyCodingKey(name))
      }
    default:
      var container = encoder.singleValueContainer()
      switch self {
      case .nil: try container.encodeNil()
      case .bool(let b): try container.encode(b)
      case .int(let i): try container.encode(i)
      case .uint(let u): try container.encode(u)
      case .float32(let f): try container.encode(f)
      case .float64(let d): try container.encode(d)
      case .string(let s): try container.encode(s)
      case .binary(let bytes): try container.encode(Data(bytes))
      default:
        throw EncodingError.invalidValue(
          self, .init(codingPath: encoder.codingPath, debugDescription: "an extension value has no Codable form"))
      }
    }
  }
}
