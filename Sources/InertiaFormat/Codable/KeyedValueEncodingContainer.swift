/// The keyed container of ``ValueEncoder``. Its generic `encode` also stands for every numeric overload, and the
/// encoder's `box` writes each numeric type the way ``NumberConversion`` describes.
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

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = map[key.stringValue]?.asMap ?? EncodedMap()
    map[key.stringValue] = .map(nested)
    return KeyedEncodingContainer(
      KeyedValueEncodingContainer<NestedKey>(map: nested, encoder: encoder, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = map[key.stringValue]?.asArray ?? EncodedArray()
    map[key.stringValue] = .array(nested)
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
