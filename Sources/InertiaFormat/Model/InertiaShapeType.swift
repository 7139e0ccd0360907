/// Which vector a shape description draws as.
public enum InertiaShapeType: String, Codable, CaseIterable, Sendable, StringEnumCodable {
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
}
