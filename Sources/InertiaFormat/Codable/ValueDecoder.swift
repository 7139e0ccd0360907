#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes any `Decodable` type from a ``MessagePackValue`` tree through Swift's `Decoder` protocol.
///
/// Numbers follow ``NumberConversion``; every failure is a `DecodingError` whose coding path and message
/// say where and what (see ``CodingFailure``). Map keys are looked up by their first entry, and `allKeys`
/// lists them in file order, which is how the Inertia types keep a file's key order.
struct ValueDecoder: Decoder {
  let value: MessagePackValue
  let codingPath: [any CodingKey]
  let options: ValueCodingOptions
  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .map(let entries) = value else {
      throw CodingFailure.typeMismatch([String: Any].self, expected: "a map", found: value, at: codingPath)
    }
    return KeyedDecodingContainer(KeyedValueDecodingContainer<Key>(entries: entries, decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else {
      throw CodingFailure.typeMismatch([Any].self, expected: "an array", found: value, at: codingPath)
    }
    return UnkeyedValueDecodingContainer(elements: elements, decoder: self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueValueDecodingContainer(decoder: self)
  }

  /// A decoder for a value inside this one.
  func child(_ value: MessagePackValue, at path: [any CodingKey]) -> ValueDecoder {
    ValueDecoder(value: value, codingPath: path, options: options)
  }

  /// Decodes `type` from `value`, found at `path`: primitives directly, anything else through its own
  /// `init(from:)` on a child decoder.
  func unbox<T: Decodable>(_ value: MessagePackValue, as type: T.Type, at path: [any CodingKey]) throws -> T {
    if type == MessagePackValue.self { return value as! T }
    if type == String.self {
      guard case .string(let s) = value else {
        throw CodingFailure.typeMismatch(type, expected: "a string", found: value, at: path)
      }
      return s as! T
    }
    if type == Bool.self {
      guard case .bool(let b) = value else {
        throw CodingFailure.typeMismatch(type, expected: "a boolean", found: value, at: path)
      }
      return b as! T
    }
    if type == Double.self { return try NumberConversion.double(value, at: path) as! T }
    if type == Float.self { return try NumberConversion.float(value, at: path) as! T }
    if let integerType = type as? any FixedWidthInteger.Type {
      return try NumberConversion.integer(value, as: integerType, at: path) as! T
    }
    if type == Data.self, let data = try data(value, at: path) { return data as! T }
    if type == URL.self { return try url(value, at: path) as! T }
    return try T(from: child(value, at: path))
  }

  /// `Data` from binary, or from a base64 string as JSON carries it; `nil` for anything else, which
  /// `Data`'s own `init(from:)` then reads (an array of bytes).
  private func data(_ value: MessagePackValue, at path: [any CodingKey]) throws -> Data? {
    switch value {
    case .binary(let bytes):
      return Data(bytes)
    case .string(let s):
      guard let data = Data(base64Encoded: s) else {
        throw CodingFailure.dataCorrupted("expected base64 data, found a string that is not base64", at: path)
      }
      return data
    default:
      return nil
    }
  }

  private func url(_ value: MessagePackValue, at path: [any CodingKey]) throws -> URL {
    guard case .string(let s) = value else {
      throw CodingFailure.typeMismatch(URL.self, expected: "a URL string", found: value, at: path)
    }
    guard let url = URL(string: s) else {
      throw CodingFailure.dataCorrupted("expected a URL, found \"\(s)\"", at: path)
    }
    return url
  }
}
