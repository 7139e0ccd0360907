extension InertiaShape {
  /// What the shape draws, or `nil` for a shape without a description (one made of hand-authored `vertices`,
  /// which the format does not describe).
  public var geometry: InertiaShapeGeometry? { shape.map(InertiaShapeGeometry.init) }

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
