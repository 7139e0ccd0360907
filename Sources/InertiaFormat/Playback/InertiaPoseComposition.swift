/// How the five values of a pose move what they are applied to: the one place the order they compose in, and
/// the anchors and units each one uses, are written down.
///
/// A view's pose is applied as the SwiftUI runtime applies it (Sources/Inertia/Inertia.swift:1429-1437 at
/// e310d13), innermost first:
///
/// 1. `scale`, about the centre of the view's frame (`scaleEffect`);
/// 2. `rotate`, about the frame's top-left corner (`rotationEffect(…, anchor: .topLeading)`), which the scale
///    does not move, since a scale changes what is drawn and not the frame;
/// 3. `rotateCenter`, about the centre;
/// 4. `translate`, times the container's width and height (`offset`);
///
/// and `opacity` fades the whole result. The same order moves a shape's canvas by the shape's own track
/// (``canvasSteps(for:box:containerSize:)``). A shape's `transforms` are applied differently, baked into its
/// corners (``placementSteps(for:unit:)``).
///
/// Everything is measured from the centre of the box being posed, with y growing downwards. A step list reads
/// outermost first, like an SVG `transform` list: the last step is the first applied.
public enum InertiaPoseComposition {
  /// One step of a composed pose.
  public enum Step: Equatable, Sendable {
    /// Moves by `x` across and `y` down.
    case translate(x: Double, y: Double)
    /// Scales about the origin (the centre of the box).
    case scale(Double)
    /// Turns clockwise on screen by `degrees` about `anchor`.
    case rotate(degrees: Double, anchor: InertiaPoint)

    /// The step as a transform.
    public var transform: InertiaAffineTransform {
      switch self {
      case .translate(let x, let y): .translation(x: x, y: y)
      case .scale(let factor): .scale(factor)
      case .rotate(let degrees, let anchor): .rotation(degrees: degrees, about: anchor)
      }
    }
  }

  /// The steps that pose a box of `width` by `height` centred on the origin, outermost first:
  /// `translate`, `rotateCenter`, `rotate` about the top-left corner `(-width/2, -height/2)`, `scale`.
  /// - Parameters:
  ///   - pose: The pose.
  ///   - width: The box's width, in the drawing's units.
  ///   - height: The box's height.
  ///   - translateUnit: What a `translate` of 1 moves across and down: the container's size.
  public static func steps(
    for pose: InertiaAnimationValues, width: Double, height: Double, translateUnit: (x: Double, y: Double)
  ) -> [Step] {
    [
      .translate(x: pose.translate.width * translateUnit.x, y: pose.translate.height * translateUnit.y),
      .rotate(degrees: pose.rotateCenter, anchor: .zero),
      .rotate(degrees: pose.rotate, anchor: InertiaPoint(x: -width / 2, y: -height / 2)),
      .scale(pose.scale),
    ]
  }

  /// The steps that pose an animated view of `viewSize`, with `translate` measured in `containerSize`, about the
  /// view's centre. The shapes drawn on the view are inside them: the runtime hangs their canvases on the view's
  /// content, inside the modifiers its pose is applied with (Inertia.swift:1238-1253, 1429-1437 at e310d13).
  public static func viewSteps(
    for pose: InertiaAnimationValues, viewSize: (width: Double, height: Double),
    containerSize: (width: Double, height: Double)
  ) -> [Step] {
    steps(
      for: pose, width: viewSize.width, height: viewSize.height,
      translateUnit: (containerSize.width, containerSize.height))
  }

  /// The steps that place a shape's drawing, and everything nested in it, in whatever holds it, by the shape's
  /// `transforms`: scaled and turned by `rotate + rotateCenter` about the holder's origin, then moved by
  /// `translate` in `unit`s (`placed(_:)`, Sources/Inertia/InertiaShapes.swift:582-607 at e310d13). Transforms
  /// with a value that is not finite are the identity (`placement`, 256). Their opacity multiplies the alpha of
  /// every corner drawn, children's included, rather than fading the drawing as a whole.
  /// - Parameters:
  ///   - transforms: The shape's `transforms`.
  ///   - unit: The length a `translate` of 1 moves, in the drawing's units: the holder's shorter side.
  public static func placementSteps(for transforms: InertiaAnimationValues, unit: Double) -> [Step] {
    let placement = transforms.isFinite ? transforms : .identity
    return [
      .translate(x: placement.translate.width * unit, y: placement.translate.height * unit),
      .rotate(degrees: placement.rotate + placement.rotateCenter, anchor: .zero),
      .scale(placement.scale),
    ]
  }

  /// The steps that move a shape's canvas by the shape's own track, in the coordinates of the view it is drawn
  /// on (origin at the view's centre).
  ///
  /// The canvas is the box around everything the shape draws, placed by its centre (`bounds.mid × unit`); the
  /// track's pose is applied to it as a view's is to the view (``steps(for:width:height:translateUnit:)``):
  /// scale about the canvas's centre, `rotate` about the canvas's top-left corner, `rotateCenter` about its
  /// centre, and `translate` a fraction of the **container's** size, not of the shape's unit
  /// (Sources/Inertia/InertiaCanvas.swift:352-359 at e310d13).
  /// - Parameters:
  ///   - pose: The pose of the shape's track.
  ///   - box: The canvas: the bounding box of the shape's placed corners, in the view's coordinates.
  ///   - containerSize: What a `translate` of 1 moves across and down.
  public static func canvasSteps(
    for pose: InertiaAnimationValues, box: (minX: Double, minY: Double, maxX: Double, maxY: Double),
    containerSize: (width: Double, height: Double)
  ) -> [Step] {
    let centre = InertiaPoint(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)
    var steps = steps(
      for: pose, width: box.maxX - box.minX, height: box.maxY - box.minY,
      translateUnit: (containerSize.width, containerSize.height))
    if case .translate(let x, let y) = steps[0] { steps[0] = .translate(x: x + centre.x, y: y + centre.y) }
    steps.append(.translate(x: -centre.x, y: -centre.y))
    return steps
  }

  /// The transform a step list makes: the steps applied last to first.
  public static func transform(_ steps: [Step]) -> InertiaAffineTransform {
    steps.reduce(.identity) { $0.concatenating($1.transform) }
  }
}
