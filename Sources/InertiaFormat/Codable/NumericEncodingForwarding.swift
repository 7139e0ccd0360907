/// The single-value and unkeyed containers of ``ValueEncoder``, whose generic and numeric `encode` overloads all
/// go through one method: the encoder's `box` writes each numeric type the way ``NumberConversion`` describes.
protocol NumericEncodingForwarding {
  /// Encodes `value` through the encoder's `box`.
  mutating func encodeBoxed<T: Encodable>(_ value: T) throws
}

extension NumericEncodingForwarding {
  mutating func encode<T: Encodable>(_ value: T) throws { try encodeBoxed(value) }
  mutating func encode(_ value: Double) throws { try encodeBoxed(value) }
  mutating func encode(_ value: Float) throws { try encodeBoxed(value) }
  mutating func encode(_ value: Int) throws { try encodeBoxed(value) }
  mutating func encode(_ value: Int8) throws { try encodeBoxed(value) }
  mutating func encode(_ value: Int16) throws { try encodeBoxed(value) }
  mutating func encode(_ value: Int32) throws { try encodeBoxed(value) }
  mutating func encode(_ value: Int64) throws { try encodeBoxed(value) }
  mutating func encode(_ value: UInt) throws { try encodeBoxed(value) }
  mutating func encode(_ value: UInt8) throws { try encodeBoxed(value) }
  mutating func encode(_ value: UInt16) throws { try encodeBoxed(value) }
  mutating func encode(_ value: UInt32) throws { try encodeBoxed(value) }
  mutating func encode(_ value: UInt64) throws { try encodeBoxed(value) }
}
