/// The single-value container of ``ValueEncoder``. Its generic and numeric `encode`
/// overloads come from ``NumericEncodingForwarding``.
struct SingleValueValueEncodingContainer: SingleValueEncodingContainer, NumericEncodingForwarding {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws { encoder.storage = .value(.nil) }

  mutating func encode(_ value: Bool) throws { encoder.storage = .value(.bool(value)) }
  mutating func encode(_ value: String) throws { encoder.storage = .value(.string(value)) }

  mutating func encodeBoxed<T: Encodable>(_ value: T) throws {
    encoder.storage = try encoder.box(value, at: codingPath)
  }
}
