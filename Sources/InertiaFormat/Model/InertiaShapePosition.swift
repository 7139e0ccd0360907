/// Which side of its view's content a shape's stack is drawn on.
public enum InertiaShapePosition: String, Codable, CaseIterable, Sendable {
  /// Behind the view's content: a backdrop. What an absent `position` means.
  case bottom
  /// Over the view's content.
  case top

  /// - Throws: `DecodingError` for any other string, naming the allowed ones.
  public init(from decoder: any Decoder) throws {
    self = try StringEnumCoding.decode(Self.self, from: decoder)
  }

  /// Writes the raw value as a string.
  public func encode(to encoder: any Encoder) throws {
    try StringEnumCoding.encode(self, to: encoder)
  }
}
