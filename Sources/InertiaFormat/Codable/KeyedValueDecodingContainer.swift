/// The keyed container of ``ValueDecoder``. Every primitive overload forwards to one generic method, and the
/// decoder's `unbox` reads each primitive type the way ``NumberConversion`` describes.
struct KeyedValueDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ValueDecoder
  private let entries: [MessagePackValue.MapEntry]
  /// The position of each key's first entry.
  private let positions: [String: Int]
  let allKeys: [Key]

  init(entries: [MessagePackValue.MapEntry], decoder: ValueDecoder) {
    self.decoder = decoder
    self.entries = entries
    var positions: [String: Int] = [:]
    var keys: [Key] = []
    for (i, entry) in entries.enumerated() {
      guard let name = entry.key.codingKeyName, positions[name] == nil else { continue }
      positions[name] = i
      if let key = Key(stringValue: name) { keys.append(key) }
    }
    self.positions = positions
    allKeys = keys
  }

  var codingPath: [any CodingKey] { decoder.codingPath }

  func contains(_ key: Key) -> Bool { positions[key.stringValue] != nil }

  private func value(for key: Key) throws -> MessagePackValue {
    guard let i = positions[key.stringValue] else { throw CodingFailure.keyNotFound(key, in: codingPath) }
    return entries[i].value
  }

  func decodeNil(forKey key: Key) throws -> Bool { try value(for: key) == .nil }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try unbox(type, key) }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try unbox(type, key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try unbox(type, key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try unbox(type, key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try unbox(type, key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try unbox(type, key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try unbox(type, key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try unbox(type, key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try unbox(type, key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try unbox(type, key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try unbox(type, key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try unbox(type, key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try unbox(type, key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try unbox(type, key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try unbox(type, key) }

  private func unbox<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
    try decoder.unbox(value(for: key), as: type, at: codingPath + [key])
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try decoder.child(value(for: key), at: codingPath + [key]).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder.child(value(for: key), at: codingPath + [key]).unkeyedContainer()
  }

  /// A decoder for the entry `super`, or for nil when there is none, as Foundation's decoders do.
  func superDecoder() throws -> any Decoder {
    let key = AnyCodingKey.super
    return decoder.child(positions[key.stringValue].map { entries[$0].value } ?? .nil, at: codingPath + [key])
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.child(positions[key.stringValue].map { entries[$0].value } ?? .nil, at: codingPath + [key])
  }
}
