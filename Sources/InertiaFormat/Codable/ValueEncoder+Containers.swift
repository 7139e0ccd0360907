// The three containers of ``ValueEncoder``. Every primitive overload forwards to one generic method; the
// encoder's `box` writes each primitive type the way ``NumberConversion`` describes.

struct KeyedValueEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let map: EncodedMap
  let encoder: ValueEncoder
  let codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws { map[key.stringValue] = .value(.nil) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    map[key.stringValue] = try encoder.box(value, at: codingPath + [key])
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws { map[key.stringValue] = .value(.bool(value)) }
  mutating func encode(_ value: String, forKey key: Key) throws { map[key.stringValue] = .value(.string(value)) }
  mutating func encode(_ value: Double, forKey key: Key) throws { try encode(value, to: key) }
  mutating func encode(_ value: Float, forKey key: Key) throws { try encode(value, to: key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { try encode(value, to: key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try encode(value, to: key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try encode(value, to: key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try encode(value, to: key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try encode(value, to: key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try encode(value, to: key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try encode(value, to: key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try encode(value, to: key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try encode(value, to: key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try encode(value, to: key) }

  private mutating func encode<T: Encodable>(_ value: T, to key: Key) throws {
    map[key.stringValue] = try encoder.box(value, at: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested: EncodedMap
    if case .map(let existing)? = map[key.stringValue] {
      nested = existing
    } else {
      nested = EncodedMap()
      map[key.stringValue] = .map(nested)
    }
    return KeyedEncodingContainer(
      KeyedValueEncodingContainer<NestedKey>(map: nested, encoder: encoder, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested: EncodedArray
    if case .array(let existing)? = map[key.stringValue] {
      nested = existing
    } else {
      nested = EncodedArray()
      map[key.stringValue] = .array(nested)
    }
    return UnkeyedValueEncodingContainer(array: nested, encoder: encoder, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder { superEncoder(named: AnyCodingKey.super) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

  private func superEncoder(named key: any CodingKey) -> any Encoder {
    let child = ValueEncoder(codingPath: codingPath + [key], options: encoder.options)
    map[key.stringValue] = .deferred(child)
    return child
  }
}

struct UnkeyedValueEncodingContainer: UnkeyedEncodingContainer {
  let array: EncodedArray
  let encoder: ValueEncoder
  let codingPath: [any CodingKey]

  var count: Int { array.nodes.count }

  private var nextPath: [any CodingKey] { codingPath + [AnyCodingKey(index: count)] }

  mutating func encodeNil() throws { array.nodes.append(.value(.nil)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    array.nodes.append(try encoder.box(value, at: nextPath))
  }

  mutating func encode(_ value: Bool) throws { array.nodes.append(.value(.bool(value))) }
  mutating func encode(_ value: String) throws { array.nodes.append(.value(.string(value))) }
  mutating func encode(_ value: Double) throws { try append(value) }
  mutating func encode(_ value: Float) throws { try append(value) }
  mutating func encode(_ value: Int) throws { try append(value) }
  mutating func encode(_ value: Int8) throws { try append(value) }
  mutating func encode(_ value: Int16) throws { try append(value) }
  mutating func encode(_ value: Int32) throws { try append(value) }
  mutating func encode(_ value: Int64) throws { try append(value) }
  mutating func encode(_ value: UInt) throws { try append(value) }
  mutating func encode(_ value: UInt8) throws { try append(value) }
  mutating func encode(_ value: UInt16) throws { try append(value) }
  mutating func encode(_ value: UInt32) throws { try append(value) }
  mutating func encode(_ value: UInt64) throws { try append(value) }

  private mutating func append<T: Encodable>(_ value: T) throws {
    array.nodes.append(try encoder.box(value, at: nextPath))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let path = nextPath
    let nested = EncodedMap()
    array.nodes.append(.map(nested))
    return KeyedEncodingContainer(
      KeyedValueEncodingContainer<NestedKey>(map: nested, encoder: encoder, codingPath: path))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = nextPath
    let nested = EncodedArray()
    array.nodes.append(.array(nested))
    return UnkeyedValueEncodingContainer(array: nested, encoder: encoder, codingPath: path)
  }

  mutating func superEncoder() -> any Encoder {
    let child = ValueEncoder(codingPath: nextPath, options: encoder.options)
    array.nodes.append(.deferred(child))
    return child
  }
}

struct SingleValueEncodingContainerImpl: SingleValueEncodingContainer {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws { encoder.storage = .value(.nil) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    encoder.storage = try encoder.box(value, at: codingPath)
  }

  mutating func encode(_ value: Bool) throws { encoder.storage = .value(.bool(value)) }
  mutating func encode(_ value: String) throws { encoder.storage = .value(.string(value)) }
  mutating func encode(_ value: Double) throws { try set(value) }
  mutating func encode(_ value: Float) throws { try set(value) }
  mutating func encode(_ value: Int) throws { try set(value) }
  mutating func encode(_ value: Int8) throws { try set(value) }
  mutating func encode(_ value: Int16) throws { try set(value) }
  mutating func encode(_ value: Int32) throws { try set(value) }
  mutating func encode(_ value: Int64) throws { try set(value) }
  mutating func encode(_ value: UInt) throws { try set(value) }
  mutating func encode(_ value: UInt8) throws { try set(value) }
  mutating func encode(_ value: UInt16) throws { try set(value) }
  mutating func encode(_ value: UInt32) throws { try set(value) }
  mutating func encode(_ value: UInt64) throws { try set(value) }

  private mutating func set<T: Encodable>(_ value: T) throws {
    encoder.storage = try encoder.box(value, at: codingPath)
  }
}
