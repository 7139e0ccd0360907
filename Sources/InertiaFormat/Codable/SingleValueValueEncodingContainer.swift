/// The single-value container of ``ValueEncoder``. Every primitive overload forwards to one generic method, and the
/// encoder's `box` writes each primitive type the way ``NumberConversion`` describes.
struct SingleValueValueEncodingContainer: SingleValueEncodingContainer {
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
