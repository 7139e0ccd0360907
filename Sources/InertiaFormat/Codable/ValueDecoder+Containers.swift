// The three containers of ``ValueDecoder``. Every primitive overload forwards to one generic method, and
// the decoder's `unbox` reads each primitive type the way ``NumberConversion`` describes.

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

struct UnkeyedValueDecodingContainer: UnkeyedDecodingContainer {
  let decoder: ValueDecoder
  let elements: [MessagePackValue]
  private(set) var currentIndex = 0

  init(elements: [MessagePackValue], decoder: ValueDecoder) {
    self.elements = elements
    self.decoder = decoder
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private var currentPath: [any CodingKey] { codingPath + [AnyCodingKey(index: currentIndex)] }

  /// The next element, without moving past it.
  private func next(_ type: Any.Type) throws -> MessagePackValue {
    guard !isAtEnd else {
      let count = elements.count
      throw CodingFailure.valueNotFound(
        type, "expected another element, found the end of an array of \(count)", at: currentPath)
    }
    return elements[currentIndex]
  }

  mutating func decodeNil() throws -> Bool {
    guard try next(Never.self) == .nil else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try unbox(type) }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try unbox(type) }
  mutating func decode(_ type: String.Type) throws -> String { try unbox(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try unbox(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try unbox(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try unbox(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try unbox(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try unbox(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try unbox(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try unbox(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try unbox(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try unbox(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try unbox(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try unbox(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try unbox(type) }

  private mutating func unbox<T: Decodable>(_ type: T.Type) throws -> T {
    let value = try decoder.unbox(next(type), as: type, at: currentPath)
    currentIndex += 1
    return value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let container = try decoder.child(next(type), at: currentPath).container(keyedBy: type)
    currentIndex += 1
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let container = try decoder.child(next([Any].self), at: currentPath).unkeyedContainer()
    currentIndex += 1
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let child = try decoder.child(next(Any.self), at: currentPath)
    currentIndex += 1
    return child
  }
}

struct SingleValueDecodingContainerImpl: SingleValueDecodingContainer {
  let decoder: ValueDecoder
  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool { decoder.value == .nil }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try unbox(type) }

  func decode(_ type: Bool.Type) throws -> Bool { try unbox(type) }
  func decode(_ type: String.Type) throws -> String { try unbox(type) }
  func decode(_ type: Double.Type) throws -> Double { try unbox(type) }
  func decode(_ type: Float.Type) throws -> Float { try unbox(type) }
  func decode(_ type: Int.Type) throws -> Int { try unbox(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try unbox(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try unbox(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try unbox(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try unbox(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try unbox(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try unbox(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try unbox(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try unbox(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try unbox(type) }

  private func unbox<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.unbox(decoder.value, as: type, at: codingPath)
  }
}
