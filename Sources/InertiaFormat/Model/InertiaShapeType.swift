/// Which vector a shape description draws as.
public enum InertiaShapeType: String, Codable, CaseIterable, Sendable {
  case rectangle
  case square
  case circle
  case oval
  case triangle

  /// - Throws: `DecodingError` for any other string, naming the allowed ones.
  public init(from decoder: any Decoder) throws {
    self = try decodeStringEnum(Self.self, from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeStringEnum(self, to: encoder)
  }
}
