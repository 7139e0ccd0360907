/// Strings from a fixed set, such as `invokeType`, in the typed model's coders.
enum StringEnumCoding {
  /// Reads a string from a fixed set, such as `invokeType`, failing with a message that lists the set.
  static func decode<E: RawRepresentable & CaseIterable>(
    _ type: E.Type, from decoder: any Decoder
  ) throws -> E where E.RawValue == String {
    let raw = try decoder.singleValueContainer().decode(String.self)
    guard let value = E(rawValue: raw) else {
      let allowed = InertiaSchema.ValueType.oneOf(E.allCases.map(\.rawValue))
      throw CodingFailure.dataCorrupted("expected \(allowed), found \"\(raw)\"", at: decoder.codingPath)
    }
    return value
  }

  /// Writes a string from a fixed set, such as `invokeType`.
  static func encode<E: RawRepresentable>(_ value: E, to encoder: any Encoder) throws where E.RawValue == String {
    var container = encoder.singleValueContainer()
    try container.encode(value.rawValue)
  }
}
