/// Which vector a shape description draws as.
public enum InertiaShapeType: String, Codable, CaseIterable, Sendable {
  /// A rectangle `width` by `height`.
  case rectangle
  /// A square.
  case square
  /// A circle.
  case circle
  /// An oval filling `width` by `height`.
  case oval
  /// A triangle.
  case triangle

  /// - Throws: `DecodingError` for any other string, naming the allowed ones.
  public init(from decoder: any Decoder) throws {
    self = try StringEnumCoding.decode(Self.self, from: decoder)
  }

  /// Writes the raw value as a string.
  public func encode(to encoder: any Encoder) throws {
    try StringEnumCoding.encode(self, to: encoder)
  }
}
