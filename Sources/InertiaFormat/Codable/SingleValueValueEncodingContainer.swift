/// The single-value container of ``ValueEncoder``. Its generic `encode` also stands for every numeric overload,
/// and the encoder's `box` writes each numeric type the way ``NumberConversion`` describes.
struct SingleValueValueEncodingContainer: SingleValueEncodingContainer {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws { encoder.storage = .value(.nil) }

  mutating func encode(_ value: Bool) throws { encoder.storage = .value(.bool(value)) }
  mutating func encode(_ value: String) throws { encoder.storage = .value(.string(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    encoder.storage = try encoder.box(value, at: codingPath)
  }
}
