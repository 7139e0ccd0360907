/// The unkeyed container of ``ValueEncoder``. Its generic `encode` also stands for every numeric overload, and the
/// encoder's `box` writes each numeric type the way ``NumberConversion`` describes.
struct UnkeyedValueEncodingContainer: UnkeyedEncodingContainer {
  let array: EncodedArray
  let encoder: ValueEncoder
  let codingPath: [any CodingKey]

  var count: Int { array.nodes.count }

  private var nextPath: [any CodingKey] { codingPath + [AnyCodingKey(index: count)] }

  mutating func encodeNil() throws { array.nodes.append(.value(.nil)) }

  mutating func encode(_ value: Bool) throws { array.nodes.append(.value(.bool(value))) }
  mutating func encode(_ value: String) throws { array.nodes.append(.value(.string(value))) }

  mutating func encode<T: Encodable>(_ value: T) throws {
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
