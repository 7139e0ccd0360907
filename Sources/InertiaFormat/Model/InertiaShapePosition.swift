/// Which side of its view's content a shape's stack is drawn on.
public enum InertiaShapePosition: String, Codable, CaseIterable, Sendable, StringEnumCodable {
  /// Behind the view's content: a backdrop. What an absent `position` means.
  case bottom
  /// Over the view's content.
  case top
}
