/// How the five values of a pose move what they are applied to: the one place the order they compose in, and
/// the anchors and units each one uses, are written down.
///
/// The SwiftUI API page says `rotate` is degrees about the view's top-left corner and is applied first,
/// `rotateCenter` degrees about its centre, and `translate` a fraction of the container's size; it does not
/// give the order of the others. This library composes a pose, innermost first:
///
/// 1. `rotate`, about the top-left corner of the box being posed;
/// 2. `rotateCenter`, about its centre;
/// 3. `scale`, about its centre (a uniform scale and a turn about the same point give the same result in
///    either order, so only the place of `rotate` is a choice);
/// 4. `translate`, times the translate unit: the container's width and height for a view, the length a shape
///    is measured in for a shape;
///
/// and `opacity` multiplies whatever it is drawn over with. (A public copy of the SwiftUI runtime's source
/// applies `scaleEffect` before the top-left `rotationEffect`; the two orders differ only for a pose that both
/// scales and turns about the top-left corner.)
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
  /// `translate`, `scale`, `rotateCenter`, `rotate` about the top-left corner `(-width/2, -height/2)`.
  /// - Parameters:
  ///   - pose: The pose.
  ///   - width: The box's width, in the drawing's units.
  ///   - height: The box's height.
  ///   - translateUnit: What a `translate` of 1 moves across and down: the container's size for a view.
  public static func steps(
    for pose: InertiaAnimationValues, width: Double, height: Double, translateUnit: (x: Double, y: Double)
  ) -> [Step] {
    [
      .translate(x: pose.translate.width * translateUnit.x, y: pose.translate.height * translateUnit.y),
      .scale(pose.scale),
      .rotate(degrees: pose.rotateCenter, anchor: .zero),
      .rotate(degrees: pose.rotate, anchor: InertiaPoint(x: -width / 2, y: -height / 2)),
    ]
  }

  /// The steps that pose an animated view of `viewSize`, with `translate` measured in `containerSize`, about the
  /// view's centre.
  public static func viewSteps(
    for pose: InertiaAnimationValues, viewSize: (width: Double, height: Double),
    containerSize: (width: Double, height: Double)
  ) -> [Step] {
    steps(
      for: pose, width: viewSize.width, height: viewSize.height,
      translateUnit: (containerSize.width, containerSize.height))
  }

  /// The steps that place a shape in whatever holds it, about the holder's centre, outermost first.
  ///
  /// A shape is a box of its description's `width` by `height`, and its `transforms` pose that box as a
  /// keyframe poses a view, with `translate` in `unit`, the length the shape is measured in (the shorter side
  /// of the view, or of the parent shape). A top-level shape's own track plays on top of its transforms: its
  /// pose moves the box where the transforms put it, turning and scaling it about that placed box's centre and
  /// top-left corner, with `translate` in the same `unit` (the format does not give the unit; this library
  /// chooses the shape's own). So the list is the transforms' `translate`, then the track's four steps, then
  /// the transforms' `scale`, `rotateCenter` and `rotate`.
  /// - Parameters:
  ///   - transforms: The shape's `transforms`.
  ///   - trackPose: The pose of the shape's own track at this moment; `nil` for a shape without one, or a
  ///     nested shape, whose track no runtime plays.
  ///   - width: The box's width, already in the drawing's units (the description's width times `unit`).
  ///   - height: The box's height, likewise.
  ///   - unit: The length a shape `translate` of 1 moves.
  public static func shapeSteps(
    transforms: InertiaAnimationValues, trackPose: InertiaAnimationValues?, width: Double, height: Double,
    unit: Double
  ) -> [Step] {
    let placed = steps(for: transforms, width: width, height: height, translateUnit: (unit, unit))
    guard let trackPose else { return placed }
    return [placed[0]] + steps(for: trackPose, width: width, height: height, translateUnit: (unit, unit))
      + placed.dropFirst()
  }

  /// The transform a step list makes: the steps applied last to first.
  public static func transform(_ steps: [Step]) -> InertiaAffineTransform {
    steps.reduce(.identity) { $0.concatenating($1.transform) }
  }
}
