/// A string from a fixed set in the typed model, such as `invokeType`: the enums whose raw values are the
/// strings the format allows.
///
/// Conforming gives the enum its `Codable`: it reads and writes the raw value as a string, and reading any
/// other string throws `DecodingError` naming the allowed ones.
protocol StringEnumCodable: RawRepresentable, CaseIterable, Codable where RawValue == String {}

extension StringEnumCodable {
  /// - Throws: `DecodingError` for any other string, naming the allowed ones.
  public init(from decoder: any Decoder) throws {
    let raw = try decoder.singleValueContainer().decode(String.self)
    guard let value = Self(rawValue: raw) else {
      let allowed = InertiaSchema.ValueType.oneOf(Self.allCases.map(\.rawValue))
      throw CodingFailure.dataCorrupted("expected \(allowed), found \"\(raw)\"", at: decoder.codingPath)
    }
    self = value
  }

  /// Writes the raw value as a string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
