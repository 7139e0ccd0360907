import InertiaFormat

/// Everything a preview draws, placed in the container: each view's placeholder and the canvases of shapes drawn
/// on it, with their motion over the loop (or at one moment, for a still), built from the library's playback
/// facts and the runtime's drawing rules.
struct PreviewScene {
  /// One shape's own drawing, its corners already placed by its `transforms` (and its parents'), in the view's
  /// coordinates: points, origin at the view's centre, y down. Nested shapes follow in ``children``.
  struct Shape {
    /// `view-0-shape-2`, `view-0-shape-2-1` for a nested one.
    var name: String
    /// The ring the fill floods, and the fill's colour with its alpha times every `transforms` opacity above.
    var fill: (ring: [InertiaPoint], colour: InertiaColour)?
    /// The stroke's band: between `outer` and `inner`, drawn quad by quad when the inner ring is inside out.
    var stroke: (outer: [InertiaPoint], inner: [InertiaPoint], colour: InertiaColour, insideOut: Bool)?
    /// Hand-authored vertices: the fan's triangles, each with its corners' colours.
    var fan: [[(position: InertiaPoint, colour: InertiaColour)]]
    var children: [Shape]
  }

  /// One canvas: a shape drawn alone, or a run of shapes sharing one, in draw order; moved by the track of the
  /// shape drawn alone, if it has one.
  struct Layer {
    var name: String
    var shapes: [Shape]
    /// The canvas's motion: its track's pose applied to the canvas's box; `nil` for a canvas that does not move.
    var motion: PosedMotion?
  }

  /// One animated view: its placeholder, posed by its track, and the canvases drawn behind and over it.
  struct View {
    var name: String
    var id: String
    var invokeType: InertiaAnimationInvokeType
    var run: InertiaTrackRun
    /// The centre of the view's placeholder as laid out in the container, before its pose.
    var centre: InertiaPoint
    var motion: PosedMotion
    var behind: [Layer]
    var over: [Layer]
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

  /// The moment shapes' visibility is judged at: the still's, or the start of the run.
  private var visibilityTime: Double {
    if case .still(let time) = moment { return time }
    return 0
  }

  private var container: (width: Double, height: Double) {
    (options.containerSize.width, options.containerSize.height)
  }

  private func view(at index: Int, centre: InertiaPoint) -> View {
    let animation = playback.animations[index]
    let size = options.viewSize
    let run = playback.run(ofAnimationAt: index)
    let motion = motion(of: animation, run: run) { pose in
      (
        InertiaPoseComposition.viewSteps(for: pose, viewSize: (size.width, size.height), containerSize: container),
        pose.opacity
      )
    }
    let unit = max(0, min(size.width, size.height))
    func layers(_ position: InertiaShapePosition) -> [Layer] {
      let shown = InertiaShape.drawOrder(of: animation.shapes).filter { shapeIndex in
        animation.shapes[shapeIndex].position == position
          && playback.isShown(shapeAt: shapeIndex, inAnimationAt: index, atLoopTime: visibilityTime)
      }
      // A shape with a track, or asking for its own canvas, is a layer alone; the shapes between share one
      // (InertiaCanvas.swift:170-172, 258-275 at e310d13).
      var runs: [[Int]] = []
      var isSharedRunOpen = false
      for shapeIndex in shown {
        let shape = animation.shapes[shapeIndex]
        if shape.animation != nil || shape.ownCanvas {
          runs.append([shapeIndex])
          isSharedRunOpen = false
        } else if isSharedRunOpen {
          runs[runs.count - 1].append(shapeIndex)
        } else {
          runs.append([shapeIndex])
          isSharedRunOpen = true
        }
      }
      return runs.compactMap { layer($0, of: index, unit: unit, position: position) }
    }
    return View(
      name: "view-\(index)", id: animation.id, invokeType: animation.invokeType, run: run, centre: centre,
      motion: motion, behind: layers(.bottom), over: layers(.top))
  }

  /// The canvas of `shapeIndices`, or `nil` when the box around their placed corners has no area or an edge that
  /// is not finite: the runtime then draws none of them (`boundingBox`, InertiaShapes.swift:1135-1156, and
  /// `canvas(for:)`, InertiaCanvas.swift:323, at e310d13).
  private func layer(
    _ shapeIndices: [Int], of index: Int, unit: Double, position: InertiaShapePosition
  ) -> Layer? {
    let animation = playback.animations[index]
    var box = Box()
    for shapeIndex in shapeIndices {
      Self.enclose(animation.shapes[shapeIndex], placedBy: .scale(unit), in: &box)
    }
    guard let bounds = box.bounds else { return nil }
    let shapes = shapeIndices.map { shapeIndex in
      Self.drawing(
        of: animation.shapes[shapeIndex], name: "view-\(index)-shape-\(shapeIndex)", holder: .scale(unit), alpha: 1)
    }
    var motion: PosedMotion?
    if shapeIndices.count == 1, let track = animation.shapes[shapeIndices[0]].animation {
      motion = self.motion(of: track, run: playback.run(ofShapeAt: shapeIndices[0], inAnimationAt: index)) { pose in
        (InertiaPoseComposition.canvasSteps(for: pose, box: bounds, containerSize: container), pose.opacity)
      }
    }
    let side = position == .bottom ? "behind" : "over"
    return Layer(name: "view-\(index)-\(side)-\(shapeIndices[0])", shapes: shapes, motion: motion)
  }

  /// The smallest box holding a set of points; no bounds when it has no area or is not finite.
  struct Box {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    var sawNonFinite = false

    mutating func include(_ point: InertiaPoint) {
      guard point.x.isFinite && point.y.isFinite else {
        sawNonFinite = true
        return
      }
      (minX, maxX) = (min(minX, point.x), max(maxX, point.x))
      (minY, maxY) = (min(minY, point.y), max(maxY, point.y))
    }

    var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
      guard !sawNonFinite, maxX - minX > 0, maxY - minY > 0 else { return nil }
      return (minX, minY, maxX, maxY)
    }
  }

  /// The corners a shape's canvas is fitted to: its own ring (the outline, or its vertices) and its children's,
  /// all placed (`enclosingVertices`, InertiaShapes.swift:611-626 at e310d13).
  private static func enclose(_ shape: InertiaShape, placedBy holder: InertiaAffineTransform, in box: inout Box) {
    let placed = holder.concatenating(
      InertiaPoseComposition.transform(InertiaPoseComposition.placementSteps(for: shape.transforms, unit: 1)))
    for point in ring(of: shape) { box.include(placed.apply(to: point)) }
    let childUnit = shape.childUnit
    for child in shape.shapes {
      enclose(child, placedBy: placed.concatenating(.scale(childUnit)), in: &box)
    }
  }

  /// The ring the runtime measures a shape by: its vertices' positions, or its description's outline.
  private static func ring(of shape: InertiaShape) -> [InertiaPoint] {
    if let vertices = shape.vertices {
      return InertiaShapeGeometry.vertices(vertices)?.map(\.position) ?? []
    }
    return shape.shape.map(InertiaShapeGeometry.outline) ?? []
  }

  /// A shape's drawing, its corners placed by its `transforms` into `holder` (which maps its holder's units to
  /// the view's points), its colours' alpha times `alpha` and its own `transforms` opacity.
  private static func drawing(
    of shape: InertiaShape, name: String, holder: InertiaAffineTransform, alpha: Double
  ) -> Shape {
    let placement = shape.transforms.isFinite ? shape.transforms : .identity
    let placed = holder.concatenating(
      InertiaPoseComposition.transform(InertiaPoseComposition.placementSteps(for: placement, unit: 1)))
    let alpha = alpha * placement.opacity
    func faded(_ colour: InertiaColour) -> InertiaColour {
      var colour = colour
      colour.alpha *= alpha
      return colour
    }
    var drawn = Shape(name: name, fill: nil, stroke: nil, fan: [], children: [])
    if let vertices = shape.vertices {
      let corners = InertiaShapeGeometry.vertices(vertices) ?? []
      if corners.count >= 3 {
        drawn.fan = (1..<(corners.count - 1)).map { index in
          [corners[0], corners[index], corners[index + 1]].map { (placed.apply(to: $0.position), faded($0.colour)) }
        }
      }
    } else if let geometry = shape.geometry {
      let outline = geometry.outline.map(placed.apply)
      if let fill = geometry.fill { drawn.fill = (outline, faded(fill)) }
      if let stroke = geometry.stroke {
        drawn.stroke = (outline, geometry.innerRing.map(placed.apply), faded(stroke), geometry.isStrokeInsideOut)
      }
    }
    let childUnit = shape.childUnit
    drawn.children = InertiaShape.drawOrder(of: shape.shapes).map { index in
      drawing(
        of: shape.shapes[index], name: "\(name)-\(index)", holder: placed.concatenating(.scale(childUnit)),
        alpha: alpha)
    }
    return drawn
  }

  /// The motion of a track: its key poses over the loop when it runs, the pose at the still's moment, or its
  /// initial values while it waits.
  private func motion(
    of track: InertiaAnimation, run: InertiaTrackRun,
    _ compose: (InertiaAnimationValues) -> ([InertiaPoseComposition.Step], Double)
  ) -> PosedMotion {
    switch moment {
    case .still(let time):
      let pose = playback.trackTime(run, at: time).map(track.pose(atLoopTime:)) ?? track.playbackInitialValues
      let (steps, opacity) = compose(pose)
      return .fixed(steps, opacity: opacity)
    case .loop:
      guard run != .waiting else {
        let (steps, opacity) = compose(track.playbackInitialValues)
        return .fixed(steps, opacity: opacity)
      }
      let motion = PosedMotion(
        keyPoses: track.keyPoses(loopLength: loopLength), cut: track.isCut(atLoop: loopLength),
        track: track, run: run, compose)
      return motion.isAnimated ? motion : PosedMotion(samples: [motion.samples[0]], run: run)
    }
  }
}
