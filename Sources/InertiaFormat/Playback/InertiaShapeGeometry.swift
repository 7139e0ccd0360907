/// What a shape description draws, measured as the format measures it: in multiples of the shorter side of
/// whatever holds the shape, centred on the origin, before its `transforms`.
///
/// The format names five types but not their exact outlines. This library draws `rectangle` and `oval` to fill
/// `width` by `height`; `square` and `circle` as the largest square or circle that fits, the side or diameter
/// being the smaller of the two, centred; `triangle` as the isosceles triangle with its apex at the top centre
/// and its base along the bottom edge.
public struct InertiaShapeGeometry: Equatable, Sendable {
  /// The outline a shape's fill floods and its stroke follows.
  public enum Outline: Equatable, Sendable {
    /// A rectangle centred on the origin.
    case rectangle(width: Double, height: Double)
    /// An ellipse centred on the origin, `width` across and `height` down.
    case ellipse(width: Double, height: Double)
    /// A closed polygon through these corners, in order.
    case polygon([InertiaPoint])
  }

  /// The shape's box: the description's `width`.
  public var width: Double
  /// The shape's box: the description's `height`.
  public var height: Double
  /// The outline, inside the box.
  public var outline: Outline
  /// What floods the outline; `nil` for none.
  public var fill: InertiaColour?
  /// The colour of the stroke; `nil` when no stroke is drawn (no colour, or no positive width).
  public var stroke: InertiaColour?
  /// The stroke's width as drawn, inside the outline: the description's `strokeWidth` held at half the
  /// shape's smaller side, as the runtimes hold it; 0 when no stroke is drawn.
  public var strokeWidth: Double

  /// The geometry of `description`.
  public init(_ description: InertiaShapeDescription) {
    width = description.width
    height = description.height
    let side = min(description.width, description.height)
    switch description.type {
    case .rectangle: outline = .rectangle(width: description.width, height: description.height)
    case .square: outline = .rectangle(width: side, height: side)
    case .oval: outline = .ellipse(width: description.width, height: description.height)
    case .circle: outline = .ellipse(width: side, height: side)
    case .triangle:
      let (halfWidth, halfHeight) = (description.width / 2, description.height / 2)
      outline = .polygon([
        InertiaPoint(x: 0, y: -halfHeight), InertiaPoint(x: halfWidth, y: halfHeight),
        InertiaPoint(x: -halfWidth, y: halfHeight),
      ])
    }
    fill = description.fill
    let width = min(description.strokeWidth, Self.maximumStrokeWidth(description))
    if let colour = description.stroke, width > 0 {
      stroke = colour
      strokeWidth = width
    } else {
      stroke = nil
      strokeWidth = 0
    }
  }

  /// The widest stroke the runtimes draw for `description`: half the shape's smaller side.
  public static func maximumStrokeWidth(_ description: InertiaShapeDescription) -> Double {
    max(0, min(description.width, description.height) / 2)
  }

  /// Whether the shape draws nothing: no fill and no stroke, or no area.
  public var drawsNothing: Bool {
    (fill == nil && stroke == nil) || !(width > 0 && height > 0)
  }
}
