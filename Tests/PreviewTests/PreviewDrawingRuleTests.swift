import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaPreview

/// The drawing rules of the SwiftUI runtime's code (hpennington/Inertia at e310d13), written out here on their
/// own, so that the SVG is checked against them rather than against the library that drew it.
private enum Rules {
  /// What a description's outline spans, in its own units: square, circle and triangle at `max(w, h)`
  /// (InertiaShapes.swift:760), rectangle and oval `w × h`; a triangle `max · √3/2` high.
  static func extent(_ description: InertiaShapeDescription) -> (width: Double, height: Double) {
    let size = max(description.width, description.height)
    switch description.type {
    case .rectangle, .oval: return (description.width, description.height)
    case .square, .circle: return (size, size)
    case .triangle: return (size, size * 3.0.squareRoot() / 2)
    }
  }

  /// `transforms`, the identity when not finite (InertiaShapes.swift:256): scale, turn by `rotate +
  /// rotateCenter`, move by `translate` in `unit`s (582-607).
  static func placement(_ transforms: InertiaAnimationValues) -> InertiaAffineTransform {
    let values = transforms.isFinite ? transforms : .identity
    return InertiaAffineTransform.translation(x: values.translate.width, y: values.translate.height)
      .concatenating(.rotation(degrees: values.rotate + values.rotateCenter))
      .concatenating(.scale(values.scale))
  }
}

private func extent(_ points: [InertiaPoint]) -> (width: Double, height: Double) {
  guard let first = points.first else { return (0, 0) }
  var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
  for point in points {
    (minX, maxX, minY, maxY) = (min(minX, point.x), max(maxX, point.x), min(minY, point.y), max(maxY, point.y))
  }
  return (maxX - minX, maxY - minY)
}

private func near(_ a: Double, _ b: Double, scale: Double = 1) -> Bool { abs(a - b) <= 2e-3 * max(1, abs(scale)) }

/// Checks a still of `animations` at `time`: each view's pose group carries the view's pose and holds its shapes;
/// each shape drawn is where and as big as the rules say, its fill, its stroke's inset; hidden shapes are absent;
/// bottom shapes come before the placeholder and top ones after it, siblings in zIndex order.
private func checkStill(
  _ animations: [InertiaAnimation], at time: Double, options: PreviewOptions = PreviewOptions(), _ label: String
) throws {
  let document = SVGDocument(try SVGPreview.still(animations, atLoopTime: time, options: options))
  #expect(document.parseError == nil, "\(label)")
  let playback = InertiaContainerPlayback(
    animations: animations, loopDuration: options.loopDuration, triggering: options.triggering)
  let view = options.viewSize
  let unit = min(view.width, view.height)
  for (index, animation) in animations.enumerated() {
    let pose = playback.pose(ofAnimationAt: index, atLoopTime: time)
    let expected = InertiaPoseComposition.transform(
      InertiaPoseComposition.viewSteps(
        for: pose, viewSize: (view.width, view.height),
        containerSize: (options.containerSize.width, options.containerSize.height)))
    guard let poseGroup = document.index(id: "view-\(index)-pose") else {
      Issue.record("\(label): no pose group for view \(index)")
      continue
    }
    let written = transform(ofList: document.elements[poseGroup].attributes["transform", default: ""])
    if isDrawable(expected) {
      #expect(isClose(written, expected), "\(label): view \(index): \(written) vs \(expected)")
    }
    #expect(
      abs(Double(document.elements[poseGroup].attributes["opacity", default: "1"])! - pose.opacity) < 1e-3,
      "\(label): view \(index) opacity")
    let placeholder = document.elements.indices.first {
      document.elements[$0].attributes["class"] == "placeholder" && document.isInside($0, poseGroup)
    }
    var previous: [InertiaShapePosition: Int] = [:]
    for shapeIndex in InertiaShape.drawOrder(of: animation.shapes) {
      let shape = animation.shapes[shapeIndex]
      let element = document.index(id: "view-\(index)-shape-\(shapeIndex)")
      guard playback.isShown(shapeAt: shapeIndex, inAnimationAt: index, atLoopTime: time) else {
        #expect(element == nil, "\(label): shape \(shapeIndex) of view \(index) is drawn while it waits")
        continue
      }
      guard let element else {
        // Only a canvas whose box has no area is left out (every corpus coordinate is finite).
        let area = shape.geometry.map { extent($0.outline) }.map { $0.width * $0.height } ?? 1
        #expect(area == 0 || shape.shape == nil, "\(label): shape \(shapeIndex) of view \(index) is not drawn")
        continue
      }
      // The view's pose carries the shape: the shape is inside the view's pose group.
      #expect(document.isInside(element, poseGroup), "\(label): shape \(shapeIndex) is outside its view's pose")
      if let placeholder {
        #expect(
          (element < placeholder) == (shape.position == .bottom), "\(label): shape \(shapeIndex) on the wrong side")
      }
      // Siblings on one side by (zIndex, file order) (InertiaShapes.swift:920-924).
      #expect(element > previous[shape.position, default: -1], "\(label): shape \(shapeIndex) out of zIndex order")
      previous[shape.position] = element
      // The canvas a track moves, relative to the view.
      let layer = document.elements[element].parent!
      let canvas = transform(ofList: document.elements[layer].attributes["transform", default: ""])
      if shape.animation != nil {
        let track = playback.trackPose(ofShapeAt: shapeIndex, inAnimationAt: index, atLoopTime: time)!
        // Its translate is a fraction of the container: with the track's other values at rest, the canvas moves
        // by exactly translate × container size (InertiaCanvas.swift:355-358).
        if track.scale == 1 && track.rotate == 0 && track.rotateCenter == 0 {
          #expect(near(canvas.tx, track.translate.width * options.containerSize.width, scale: canvas.tx))
          #expect(near(canvas.ty, track.translate.height * options.containerSize.height, scale: canvas.ty))
        }
      } else {
        #expect(canvas == .identity, "\(label): a canvas without a track does not move")
      }
      try checkShape(
        shape, element: element, placed: .scale(unit).concatenating(Rules.placement(shape.transforms)),
        document: document, "\(label) view \(index) shape \(shapeIndex)")
    }
  }
}

/// Checks one shape's polygons against the rules, undoing `placed` (its units and placement, from the view's
/// centre), then its children, each in its parent's shorter side.
private func checkShape(
  _ shape: InertiaShape, element: Int, placed: InertiaAffineTransform, document: SVGDocument, _ label: String
) throws {
  let own = document.elements.indices.filter { document.elements[$0].parent == element }
  let fills = own.filter { document.elements[$0].attributes["class"] == "fill" }
  let strokes = own.filter { document.elements[$0].attributes["class"] == "stroke" }
  if shape.vertices != nil {
    // `vertices`, even `[]`, replace the description (InertiaShapes.swift:270, 502).
    #expect(fills.isEmpty && strokes.isEmpty, "\(label): vertices replace the description")
  } else if let description = shape.shape, let inverse = placed.inverse {
    let expected = Rules.extent(description)
    #expect(fills.count == (description.fill == nil ? 0 : 1), "\(label): fill")
    for fill in fills {
      let local = SVGDocument.points(document.elements[fill].attributes["points", default: ""]).map(inverse.apply)
      let drawn = extent(local)
      #expect(
        near(drawn.width, expected.width) && near(drawn.height, expected.height),
        "\(label): \(description.type) drawn \(drawn), expected \(expected)")
      if description.type == .triangle, let apex = local.max(by: { $0.y < $1.y }) {
        // The apex points down, in a y-down space (InertiaShapes.swift:797-803).
        #expect(near(apex.x, 0) && near(apex.y, expected.height / 2), "\(label): the triangle's apex \(apex)")
      }
    }
    let strokeWidth = description.stroke != nil && description.strokeWidth > 0
    #expect(!strokes.isEmpty == strokeWidth, "\(label): stroke")
    if let stroke = strokes.first, description.type == .rectangle || description.type == .square,
      case let rings = SVGDocument.rings(document.elements[stroke].attributes["d", default: ""]), rings.count == 2
    {
      // Inset by min(strokeWidth, min(w, h)/2) of the authored box (InertiaShapes.swift:834).
      let inset = min(description.strokeWidth, min(description.width, description.height) / 2)
      let inner = extent(rings[1].map(inverse.apply))
      #expect(
        near(inner.width, expected.width - 2 * inset) && near(inner.height, expected.height - 2 * inset),
        "\(label): stroke inset: \(inner) for \(inset)")
    }
  }
  let childUnit = shape.childUnit
  for childIndex in shape.shapes.indices {
    guard let child = document.index(id: "\(document.elements[element].attributes["id"]!)-\(childIndex)") else {
      Issue.record("\(label): nested shape \(childIndex) is not drawn")
      continue
    }
    #expect(document.isInside(child, element), "\(label): nested shape \(childIndex) is inside its parent")
    try checkShape(
      shape.shapes[childIndex], element: child,
      placed: placed.concatenating(.scale(childUnit)).concatenating(
        Rules.placement(shape.shapes[childIndex].transforms)),
      document: document, "\(label) nested \(childIndex)")
  }
}

/// The moments a still is checked at: 0, every keyframe's playback time, the midpoints, the loop's end and past it.
private func sampleTimes(_ animations: [InertiaAnimation]) -> [Double] {
  let loop = InertiaPlayback.loopLength(animations: animations)
  var times: Set<Double> = [0, loop, loop * 1.5]
  for track in animations.flatMap(\.playedTracks) {
    let keys = track.playbackKeyframeTimes
    times.formUnion(keys)
    times.formUnion(zip([0] + keys, keys).map { ($0 + $1) / 2 })
  }
  return times.sorted()
}

@Suite("The preview draws as the runtime's code draws, checked on the SVG's geometry")
struct PreviewDrawingRuleTests {
  @Test("Every corpus file: views carry their shapes; shapes at their sizes, places, insets and order")
  func corpus() throws {
    for name in Corpus.validNames {
      let animations = try Corpus.animations(name)
      for time in sampleTimes(animations).prefix(30) {
        try checkStill(animations, at: time, "\(name) at \(time)")
      }
      var idle = PreviewOptions()
      idle.triggering = .idle
      try checkStill(animations, at: 0, options: idle, "\(name) before")
    }
  }

  @Test("Random files: the same rules, with tracks, nested shapes and other view sizes")
  func random() throws {
    var random = RandomFiles(seed: 31)
    for round in 0..<40 {
      let animations = random.file()
      var options = PreviewOptions()
      if round % 3 == 1 { options.triggering = .only([animations[0].id]) }
      if round % 5 == 2 {
        options.viewSize = .init(width: 150, height: 80)
        options.containerSize = .init(width: 600, height: 400)
      }
      for time in sampleTimes(animations).prefix(12) {
        try checkStill(animations, at: time, options: options, "file \(round) at \(time)")
      }
    }
  }

  private func card(_ shapes: [InertiaShape], initial: InertiaAnimationValues = .identity) -> InertiaAnimation {
    InertiaAnimation(id: "card0", initialValues: initial, invokeType: .auto, keyframes: [], shapes: shapes)
  }

  private static let red = InertiaColour(red: 1, green: 0, blue: 0, alpha: 1)

  @Test("A filled square, circle or triangle with a side of 0 is drawn at the other side; a rectangle is not")
  func zeroSide() throws {
    for type in InertiaShapeType.allCases {
      let shape = InertiaShape(
        id: "s", shape: InertiaShapeDescription(id: "d", type: type, width: 0.5, height: 0, fill: Self.red))
      let document = SVGDocument(try SVGPreview.still([card([shape])], atLoopTime: 0))
      let drawn = document.index(id: "view-0-shape-0") != nil
      #expect(drawn == (type == .square || type == .circle || type == .triangle), "\(type)")
    }
  }

  @Test("vertices replace the description, even empty; their fan is drawn in its corners' colours")
  func vertices() throws {
    func vertex(_ x: Double, _ y: Double) -> MessagePackValue {
      .map([
        .init("position", .map([.init("x", .float64(x)), .init("y", .float64(y))])),
        .init(
          "color",
          .map([
            .init("red", .float32(1)), .init("green", .float32(0)), .init("blue", .float32(0)),
            .init("alpha", .float32(1)),
          ])),
      ])
    }
    let description = InertiaShapeDescription(id: "d", type: .square, width: 0.5, height: 0.5, fill: Self.red)
    let empty = InertiaShape(id: "s", shape: description, vertices: [])
    let square = InertiaShape(id: "t", shape: description)
    let emptyDocument = SVGDocument(try SVGPreview.still([card([empty, square])], atLoopTime: 0))
    let group = try #require(emptyDocument.index(id: "view-0-shape-0"))
    #expect(emptyDocument.children(of: group).isEmpty)
    let fan = InertiaShape(id: "s", vertices: [vertex(0, 0), vertex(0.5, 0), vertex(0.5, 0.5), vertex(0, 0.5)])
    let fanDocument = SVGDocument(try SVGPreview.still([card([fan])], atLoopTime: 0))
    let triangles = fanDocument.elements.filter { $0.attributes["class"] == "vertices" }
    #expect(triangles.count == 2)
    #expect(triangles.allSatisfy { $0.attributes["fill"] == "#FF0000" })
    // A vertex at NaN leaves the canvas without a box: the layer is not drawn, nor the shapes sharing it
    // (`boundingBox`, InertiaShapes.swift:1135-1156; `canvas(for:)`, InertiaCanvas.swift:323).
    let broken = InertiaShape(id: "b", vertices: [vertex(0, 0), vertex(.nan, 0), vertex(0.5, 0.5)])
    let brokenDocument = SVGDocument(try SVGPreview.still([card([square, broken])], atLoopTime: 0))
    #expect(brokenDocument.index(id: "view-0-shape-0") == nil && brokenDocument.index(id: "view-0-shape-1") == nil)
    var alone = square
    alone.ownCanvas = true
    let separate = SVGDocument(try SVGPreview.still([card([alone, broken])], atLoopTime: 0))
    #expect(separate.index(id: "view-0-shape-0") != nil && separate.index(id: "view-0-shape-1") == nil)
  }

  @Test("Values the runtime repairs are drawn repaired, not refused: dropped keyframes, identity poses")
  func repairedValues() throws {
    var animation = card([
      InertiaShape(
        id: "s", shape: InertiaShapeDescription(id: "d", type: .square, width: 0.5, height: 0.5, fill: Self.red),
        transforms: InertiaAnimationValues(scale: .infinity))
    ])
    animation.initialValues = InertiaAnimationValues(scale: 2, opacity: .nan)
    animation.keyframes = [
      InertiaAnimationKeyframe(id: "a", values: InertiaAnimationValues(rotate: .nan), duration: 1),
      InertiaAnimationKeyframe(id: "b", values: InertiaAnimationValues(scale: 3), duration: 2),
    ]
    let document = SVGDocument(try SVGPreview.still([animation], atLoopTime: 2))
    let pose = try #require(document.element(id: "view-0-pose"))
    // Initial values → identity; keyframe a dropped, so b is reached at 2 s, not 3 s.
    #expect(transform(ofList: pose.attributes["transform", default: ""]) == .scale(3))
    let fill = try #require(document.elements.first { $0.attributes["class"] == "fill" })
    // transforms → identity: the square is 48 points wide.
    #expect(extent(SVGDocument.points(fill.attributes["points", default: ""])).width == 48)
  }

  @Test("The view's track carries its shapes: doneBadge's badge is not seen while its view is at scale 0")
  func viewCarriesShapes() throws {
    let animations = try Corpus.animations("onboarding-flow")
    var options = PreviewOptions()
    options.triggering = .idle
    let document = SVGDocument(try SVGPreview.still(animations, atLoopTime: 0, options: options))
    let badge = try #require(document.index(id: "view-11-shape-0"))
    let placed = document.absoluteTransform(of: badge)
    #expect(placed.a == 0 && placed.b == 0 && placed.c == 0 && placed.d == 0, "scale 0 reaches the badge: \(placed)")
  }

  @Test("A shape's track: translate in container fractions, transforms in the view's shorter side")
  func trackUnits() throws {
    let track = InertiaAnimation(
      id: "t", initialValues: InertiaAnimationValues(translate: .init(width: 0.1, height: 0)), invokeType: .auto,
      keyframes: [])
    let shape = InertiaShape(
      id: "s", shape: InertiaShapeDescription(id: "d", type: .square, width: 0.5, height: 0.5, fill: Self.red),
      transforms: InertiaAnimationValues(translate: .init(width: 0.5, height: 0)), animation: track)
    let document = SVGDocument(try SVGPreview.still([card([shape])], atLoopTime: 0))
    let fill = try #require(document.elements.indices.first { document.elements[$0].attributes["class"] == "fill" })
    let placed = document.absoluteTransform(of: fill)
    let points = SVGDocument.points(document.elements[fill].attributes["points", default: ""]).map(placed.apply)
    let centreX = points.map(\.x).reduce(0, +) / Double(points.count)
    // The view's centre is at 195; transforms move 0.5 × 96; the track 0.1 × 390.
    #expect(abs(centreX - (195 + 48 + 39)) < 1e-3)
  }
}
