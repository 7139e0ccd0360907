extension InertiaShape {
  /// What the shape's description draws, or `nil` when it draws no description: it has none, or it has
  /// `vertices`, which replace the description even when empty (`if let _vertices { return _vertices }`, and a
  /// description is drawn only `if let shape, _vertices == nil`: Sources/Inertia/InertiaShapes.swift:270, 502 at
  /// e310d13).
  public var geometry: InertiaShapeGeometry? {
    vertices == nil ? shape.map(InertiaShapeGeometry.init) : nil
  }

  /// The length the shapes nested in this one are measured in, in this shape's own units: the shorter side of
  /// its description's box (the authored `width` and `height`, even for a square, circle or triangle drawn at the
  /// longer one), or, for hand-authored `vertices`, the shorter side of the box around them; 0 when it has
  /// neither, or no vertex (`childUnit`, InertiaShapes.swift:433-447 at e310d13).
  public var childUnit: Double {
    if let shape, vertices == nil { return min(shape.width, shape.height) }
    let points = vertices.flatMap(InertiaShapeGeometry.vertices)?.map(\.position) ?? []
    guard let first = points.first else { return 0 }
    var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
    for point in points {
      (minX, maxX) = (min(minX, point.x), max(maxX, point.x))
      (minY, maxY) = (min(minY, point.y), max(maxY, point.y))
    }
    return min(maxX - minX, maxY - minY)
  }

  /// The order siblings are drawn in, back to front, as indices into `shapes`: by `zIndex`, higher in front,
  /// ties in file order. It orders only the shapes of one list; `position` then puts a top-level stack behind
  /// or over the view (see ``InertiaAnimation/shapesBehindView`` and ``InertiaAnimation/shapesOverView``).
  public static func drawOrder(of shapes: [InertiaShape]) -> [Int] {
    shapes.indices.sorted { (shapes[$0].zIndex, $0) < (shapes[$1].zIndex, $1) }
  }
}

extension InertiaAnimation {
  /// The shapes drawn behind the view's content (`position: "bottom"`, the default), back to front, as
  /// indices into ``shapes``.
  public var shapesBehindView: [Int] {
    InertiaShape.drawOrder(of: shapes).filter { shapes[$0].position == .bottom }
  }

  /// The shapes drawn over the view's content (`position: "top"`), back to front, as indices into ``shapes``.
  public var shapesOverView: [Int] {
    InertiaShape.drawOrder(of: shapes).filter { shapes[$0].position == .top }
  }
}
