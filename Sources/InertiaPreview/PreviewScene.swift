import InertiaFormat

/// Everything a preview draws, placed in the container: each view's placeholder and shapes, with their motion
/// over the loop (or at one moment, for a still), built from the library's playback facts.
struct PreviewScene {
  /// A shape and the shapes drawn inside it.
  struct Shape {
    /// `view-0-shape-2`, `view-0-shape-2-1` for a nested one.
    var name: String
    var motion: PosedMotion
    /// What it draws, in the holder's units; `nil` for a shape without a description.
    var geometry: InertiaShapeGeometry?
    /// Points per unit of ``geometry``: the shorter side of the view or of the parent shape.
    var unit: Double
    var children: [Shape]
  }

  /// One animated view: its placeholder, posed by its track, and its shapes.
  struct View {
    var name: String
    var id: String
    var invokeType: InertiaAnimationInvokeType
    var isPlaying: Bool
    /// The centre of the view's placeholder as laid out in the container, before its pose.
    var centre: InertiaPoint
    var motion: PosedMotion
    var behind: [Shape]
    var over: [Shape]
  }

  /// When the scene is drawn: over the whole loop, or at one moment of it.
  enum Moment: Equatable {
    case loop
    case still(loopTime: Double)
  }

  let playback: InertiaContainerPlayback
  let options: PreviewOptions
  let moment: Moment
  let loopLength: Double
  private(set) var views: [View] = []

  init(_ animations: [InertiaAnimation], options: PreviewOptions, moment: Moment) {
    playback = InertiaContainerPlayback(
      animations: animations, loopDuration: options.loopDuration, triggering: options.triggering)
    self.options = options
    self.moment = moment
    loopLength = playback.loopLength
    let centres = ContainerLayout.viewCentres(count: animations.count, options: options)
    views = animations.indices.map { view(at: $0, centre: centres[$0]) }
  }

  private func view(at index: Int, centre: InertiaPoint) -> View {
    let animation = playback.animations[index]
    let size = options.viewSize
    let motion = motion(of: animation, playing: playback.isPlaying(index)) { pose in
      (
        InertiaPoseComposition.viewSteps(
          for: pose, viewSize: (size.width, size.height),
          containerSize: (options.containerSize.width, options.containerSize.height)),
        pose.opacity
      )
    }
    let unit = max(0, min(size.width, size.height))
    func shapes(_ order: [Int]) -> [Shape] {
      order.filter { playback.isShown(shapeAt: $0, inAnimationAt: index) }.map { shapeIndex in
        topLevelShape(animation.shapes[shapeIndex], name: "view-\(index)-shape-\(shapeIndex)", index, unit: unit)
      }
    }
    return View(
      name: "view-\(index)", id: animation.id, invokeType: animation.invokeType, isPlaying: playback.isPlaying(index),
      centre: centre, motion: motion, behind: shapes(animation.shapesBehindView), over: shapes(animation.shapesOverView)
    )
  }

  private func topLevelShape(_ shape: InertiaShape, name: String, _ animationIndex: Int, unit: Double) -> Shape {
    let geometry = shape.geometry
    let (width, height) = ((geometry?.width ?? 0) * unit, (geometry?.height ?? 0) * unit)
    let motion: PosedMotion
    if let track = shape.animation {
      motion = self.motion(of: track, playing: playback.isPlaying(animationIndex)) { pose in
        (
          InertiaPoseComposition.shapeSteps(
            transforms: shape.transforms, trackPose: pose, width: width, height: height, unit: unit),
          shape.transforms.opacity * pose.opacity
        )
      }
    } else {
      motion = .fixed(
        InertiaPoseComposition.shapeSteps(
          transforms: shape.transforms, trackPose: nil, width: width, height: height, unit: unit),
        opacity: shape.transforms.opacity)
    }
    return Shape(
      name: name, motion: motion, geometry: geometry, unit: unit, children: children(of: shape, name: name, unit: unit))
  }

  /// The shapes drawn inside `shape`, in draw order, measured in its shorter side. Their own tracks never play.
  private func children(of shape: InertiaShape, name: String, unit: Double) -> [Shape] {
    guard let geometry = shape.geometry else { return [] }
    let childUnit = max(0, min(geometry.width, geometry.height)) * unit
    return InertiaShape.drawOrder(of: shape.shapes).map { index in
      let child = shape.shapes[index]
      let childGeometry = child.geometry
      let steps = InertiaPoseComposition.shapeSteps(
        transforms: child.transforms, trackPose: nil, width: (childGeometry?.width ?? 0) * childUnit,
        height: (childGeometry?.height ?? 0) * childUnit, unit: childUnit)
      let childName = "\(name)-\(index)"
      return Shape(
        name: childName, motion: .fixed(steps, opacity: child.transforms.opacity), geometry: childGeometry,
        unit: childUnit, children: children(of: child, name: childName, unit: childUnit))
    }
  }

  /// The motion of a track: its key poses over the loop when it plays, the pose at the still's moment, or its
  /// initial values while it waits.
  private func motion(
    of track: InertiaAnimation, playing: Bool,
    _ compose: (InertiaAnimationValues) -> ([InertiaPoseComposition.Step], Double)
  ) -> PosedMotion {
    guard playing else {
      let (steps, opacity) = compose(track.initialValues.valuesOnly)
      return .fixed(steps, opacity: opacity)
    }
    switch moment {
    case .still(let loopTime):
      let (steps, opacity) = compose(track.pose(atLoopTime: loopTime))
      return .fixed(steps, opacity: opacity)
    case .loop:
      let samples = track.keyPoses(loopLength: loopLength).map { key in
        let (steps, opacity) = compose(key.pose)
        return PosedMotion.Sample(time: key.time, steps: steps, opacity: opacity)
      }
      let motion = PosedMotion(samples: samples)
      return motion.isAnimated ? motion : PosedMotion(samples: [samples[0]])
    }
  }
}
