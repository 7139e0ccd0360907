import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaPreview

/// Checks a still against the library: each view's pose group carries the composed steps of the view's pose,
/// and each shown top-level shape's group the steps of its transforms and track; hidden shapes are absent.
private func checkStill(
  _ animations: [InertiaAnimation], at time: Double, options: PreviewOptions, _ label: String
) throws {
  let svg = try SVGPreview.still(animations, atLoopTime: time, options: options)
  let document = SVGDocument(svg)
  #expect(document.parseError == nil, "\(label)")
  #expect(!document.elements.contains { $0.name.hasPrefix("animate") }, "\(label): a still has no animation")
  let playback = InertiaContainerPlayback(
    animations: animations, loopDuration: options.loopDuration, triggering: options.triggering)
  let view = options.viewSize
  let container = options.containerSize
  for (index, animation) in animations.enumerated() {
    let pose = playback.pose(ofAnimationAt: index, atLoopTime: time)
    let expected = InertiaPoseComposition.transform(
      InertiaPoseComposition.viewSteps(
        for: pose, viewSize: (view.width, view.height), containerSize: (container.width, container.height)))
    guard let group = document.element(id: "view-\(index)-pose") else {
      Issue.record("\(label): no pose group for view \(index)")
      continue
    }
    let written = transform(ofList: group.attributes["transform", default: ""])
    // A file may place a view past any canvas (number-forms.json holds the largest double): such a pose is
    // written clamped, far off the canvas, and cannot be compared.
    if isDrawable(expected) {
      #expect(isClose(written, expected), "\(label): view \(index) at \(time): \(written) vs \(expected)")
    }
    #expect(abs(Double(group.attributes["opacity", default: "1"])! - pose.opacity) < 1e-3, "\(label): opacity")
    let unit = min(view.width, view.height)
    for (shapeIndex, shape) in animation.shapes.enumerated() {
      let element = document.element(id: "view-\(index)-shape-\(shapeIndex)")
      guard playback.isShown(shapeAt: shapeIndex, inAnimationAt: index) else {
        #expect(element == nil, "\(label): shape \(shapeIndex) of view \(index) is drawn while it waits")
        continue
      }
      guard let element else {
        Issue.record("\(label): shape \(shapeIndex) of view \(index) is not drawn")
        continue
      }
      let trackPose = playback.trackPose(ofShapeAt: shapeIndex, inAnimationAt: index, atLoopTime: time)
      let geometry = shape.geometry
      let steps = InertiaPoseComposition.shapeSteps(
        transforms: shape.transforms, trackPose: trackPose, width: (geometry?.width ?? 0) * unit,
        height: (geometry?.height ?? 0) * unit, unit: unit)
      let shapeWritten = transform(ofList: element.attributes["transform", default: ""])
      if isDrawable(InertiaPoseComposition.transform(steps)) {
        #expect(
          isClose(shapeWritten, InertiaPoseComposition.transform(steps)), "\(label): shape \(shapeIndex) at \(time)")
      }
      let opacity = shape.transforms.opacity * (trackPose?.opacity ?? 1)
      #expect(abs(Double(element.attributes["opacity", default: "1"])! - opacity) < 1e-3, "\(label): shape opacity")
    }
  }
}

/// The moments a still is checked at: 0, every keyframe's playback time, the midpoints, the loop's end and past it.
private func sampleTimes(_ animations: [InertiaAnimation], loopDuration: Double = 3) -> [Double] {
  let loop = InertiaPlayback.loopLength(loopDuration: loopDuration, animations: animations)
  var times: Set<Double> = [0, loop]
  for track in animations.flatMap(\.playedTracks) {
    let keys = track.playbackKeyframeTimes
    times.formUnion(keys)
    times.formUnion(zip([0] + keys, keys).map { ($0 + $1) / 2 })
  }
  return times.sorted()
}

@Suite("SVG preview: the container as the library places it")
struct SVGPreviewTests {
  @Test("Every preview, still, waiting frame and timeline of the corpus is well-formed SVG browsers render")
  func corpusIsRenderable() throws {
    #expect(Corpus.validNames.count >= 8)
    for name in Corpus.validNames {
      let animations = try Corpus.animations(name)
      var options = PreviewOptions()
      SVGDocument(try SVGPreview.animated(animations, options: options)).checkRenderable("\(name) animated")
      SVGDocument(try SVGPreview.still(animations, atLoopTime: 1.2, options: options)).checkRenderable("\(name) still")
      SVGDocument(SVGTimeline.svg(animations, options: options)).checkRenderable("\(name) timeline")
      options.triggering = .none
      SVGDocument(try SVGPreview.still(animations, atLoopTime: 0, options: options)).checkRenderable("\(name) before")
    }
  }

  @Test("A still of each corpus file carries exactly the library's pose of every view and shape, at key times")
  func corpusStills() throws {
    for name in Corpus.validNames {
      let animations = try Corpus.animations(name)
      for time in sampleTimes(animations).prefix(40) {
        try checkStill(animations, at: time, options: PreviewOptions(), "\(name) at \(time)")
      }
    }
  }

  @Test("Generated files: stills carry the library's poses, and every SVG is renderable")
  func generatedStills() throws {
    var random = RandomFiles(seed: 15)
    for round in 0..<40 {
      let animations = random.file()
      var options = PreviewOptions()
      if round % 3 == 1 { options.triggering = .only([animations[0].id]) }
      if round % 5 == 2 {
        options.viewSize = .init(width: 150, height: 80)
        options.containerSize = .init(width: 600, height: 400)
      }
      for time in sampleTimes(animations) {
        try checkStill(animations, at: time, options: options, "file \(round)")
      }
      SVGDocument(try SVGPreview.animated(animations, options: options)).checkRenderable("file \(round) animated")
      SVGDocument(SVGTimeline.svg(animations, options: options)).checkRenderable("file \(round) timeline")
    }
  }

  @Test("The animation plays each track's key poses, over the loop's length, repeating")
  func animatedKeyPoses() throws {
    let animations = try Corpus.animations("card0-trigger")
    let document = SVGDocument(try SVGPreview.animated(animations))
    let loop = InertiaPlayback.loopLength(animations: animations)
    let motions = document.elements.filter { $0.name == "animateTransform" }
    #expect(motions.count == 1)
    let motion = try #require(motions.first)
    #expect(motion.attributes["type"] == "translate")
    #expect(motion.attributes["dur"] == "3.001s")
    let keys = animations[0].keyPoses(loopLength: loop)
    let keyTimes = motion.attributes["keyTimes", default: ""].split(separator: ";").map { Double($0)! }
    #expect(zip(keyTimes, keys.map { $0.time / loop }).allSatisfy { abs($0 - $1) < 1e-6 })
    let values = motion.attributes["values", default: ""].split(separator: ";").map {
      $0.split(separator: " ").map { Double($0)! }
    }
    let expected = keys.map { [$0.pose.translate.width * 390, $0.pose.translate.height * 844] }
    #expect(values.count == expected.count)
    for (written, value) in zip(values, expected) {
      #expect(abs(written[0] - value[0]) < 1e-3 && abs(written[1] - value[1]) < 1e-3)
    }
    // The playhead runs over the same loop.
    #expect(document.elements.contains { $0.name == "animate" && $0.attributes["dur"] == "3.001s" })
  }

  @Test("Before anything is triggered: run-only shapes hidden, backdrops drawn, views at their initial pose")
  func beforeTrigger() throws {
    let animations = try Corpus.animations("onboarding-flow")
    var options = PreviewOptions()
    options.triggering = .none
    try checkStill(animations, at: 0, options: options, "before")
    let document = SVGDocument(try SVGPreview.still(animations, atLoopTime: 0, options: options))
    // heroImage (2): shape 0 is a backdrop, shape 1 waits for the run.
    #expect(document.element(id: "view-2-shape-0") != nil)
    #expect(document.element(id: "view-2-shape-1") == nil)
    let labels = document.elements.filter { $0.name == "text" }.map(\.text)
    #expect(labels.contains("auto, waiting"))
    let everything = SVGDocument(try SVGPreview.still(animations, atLoopTime: 0, options: PreviewOptions()))
    #expect(everything.element(id: "view-2-shape-1") != nil)
  }

  @Test("--trigger: only the named animation moves; the others are drawn once, at their initial pose")
  func onlySomeTriggered() throws {
    let animations = try Corpus.animations("onboarding-flow")
    var options = PreviewOptions()
    options.triggering = .only(["featureCard0"])
    let document = SVGDocument(try SVGPreview.animated(animations, options: options))
    for (index, animation) in animations.enumerated() {
      let group = try #require(document.index(id: "view-\(index)-pose"))
      let moves = document.elements.indices.contains { element in
        document.elements[element].name.hasPrefix("animate") && isInside(element, group, document)
      }
      #expect(moves == (animation.id == "featureCard0"), "\(animation.id)")
    }
  }

  private func isInside(_ element: Int, _ ancestor: Int, _ document: SVGDocument) -> Bool {
    var current = document.elements[element].parent
    while let index = current {
      if index == ancestor { return true }
      current = document.elements[index].parent
    }
    return false
  }

  @Test("A NaN or infinite value is an error naming its pointer; a nested shape's track, never played, is not")
  func nonFinite() throws {
    var animations = try Corpus.animations("circle-behind-card0")
    animations[0].keyframes = [
      InertiaAnimationKeyframe(id: "A", values: .identity, duration: 0),
      InertiaAnimationKeyframe(id: "B", values: InertiaAnimationValues(scale: .nan), duration: 1),
    ]
    #expect(throws: PreviewError.self) { try SVGPreview.animated(animations) }
    do {
      _ = try SVGPreview.still(animations, atLoopTime: 0)
      Issue.record("no error")
    } catch {
      #expect(error.pointer.description == "/0/keyframes/1/values/scale")
      #expect(error.message.hasPrefix("scale is NaN: a runtime builds the view's transform from it"))
    }
    animations[0].keyframes = []
    animations[0].shapes[0].shapes[0].animation = InertiaAnimation(
      id: "ignored", initialValues: InertiaAnimationValues(opacity: .infinity), invokeType: .auto, keyframes: [])
    _ = try SVGPreview.animated(animations)
    animations[0].shapes[0].shape?.width = -.infinity
    #expect(
      throws: PreviewError(
        pointer: JSONPointer(parsing: "/0/shapes/0/shape/width")!,
        message: "width is -infinity: the shape's geometry becomes NaN and it does not draw; no preview drawn")
    ) { try SVGPreview.animated(animations) }
  }

  @Test("A shape's fill floods its outline; its stroke lies inside it: twice as wide, clipped to the outline")
  func fillAndStroke() throws {
    let colour = InertiaColour(red: 0.33, green: 0.35, blue: 0.86, alpha: 0.5)
    let shape = InertiaShape(
      id: "S",
      shape: InertiaShapeDescription(
        id: "D", type: .square, width: 0.5, height: 0.8, fill: colour, stroke: colour, strokeWidth: 0.4))
    let animation = InertiaAnimation(
      id: "card0", initialValues: .identity, invokeType: .auto, keyframes: [], shapes: [shape])
    let document = SVGDocument(try SVGPreview.still([animation], atLoopTime: 0))
    let group = try #require(document.index(id: "view-0-shape-0"))
    let rects = document.children(of: group).filter { $0.name == "rect" }
    #expect(rects.count == 2)
    // A square of the smaller side, 0.5 of the 96-point view; the stroke held at 0.25, drawn 48 wide.
    #expect(rects[0].attributes["width"] == "48" && rects[0].attributes["height"] == "48")
    #expect(rects[0].attributes["fill"] == "#5459DB" && rects[0].attributes["fill-opacity"] == "0.5")
    #expect(rects[1].attributes["fill"] == "none" && rects[1].attributes["stroke-width"] == "48")
    #expect(rects[1].attributes["clip-path"] == "url(#inertia-clip-1)")
    #expect(document.element(id: "inertia-clip-1")?.name == "clipPath")
  }

  @Test("Views are laid out without overlap, as many to a row as the container holds", arguments: [1, 2, 3, 7, 12, 30])
  func layout(count: Int) {
    let options = PreviewOptions()
    let centres = ContainerLayout.viewCentres(count: count, options: options)
    #expect(centres.count == count)
    for (i, a) in centres.enumerated() {
      for b in centres[(i + 1)...] {
        #expect(abs(a.x - b.x) >= options.viewSize.width || abs(a.y - b.y) >= options.viewSize.height)
      }
      #expect(a.x - options.viewSize.width / 2 >= 0 && a.x + options.viewSize.width / 2 <= options.containerSize.width)
    }
    if count == 1 { #expect(centres[0] == InertiaPoint(x: 195, y: 422)) }
  }

  @Test("Sizes and loop durations that are not positive and finite are taken as their defaults")
  func unusableOptions() throws {
    let animations = try Corpus.animations("card0-trigger")
    var options = PreviewOptions()
    options.title = "x"
    let expected = try SVGPreview.animated(animations, options: options)
    for bad in [0, -1, Double.nan, .infinity] {
      var odd = options
      odd.loopDuration = bad
      odd.viewSize = .init(width: bad, height: 10)
      odd.containerSize = .init(width: 10, height: bad)
      #expect(try SVGPreview.animated(animations, options: odd) == expected)
      SVGDocument(SVGTimeline.svg(animations, options: odd)).checkRenderable("timeline with \(bad)")
    }
  }

  @Test("Numbers are short and the same on every platform")
  func numbers() {
    #expect(SVGNumber.text(0.1 + 0.2) == "0.3")
    #expect(SVGNumber.text(-252.72) == "-252.72")
    #expect(SVGNumber.text(-0.0001) == "0")
    #expect(SVGNumber.text(1 / 3, digits: 6) == "0.333333")
    #expect(SVGNumber.text(.infinity) == "10000000")
    #expect(SVGNumber.text(.nan) == "0")
    #expect(SVGWriter.escape("a<b & \"c\"\u{1}") == "a&lt;b &amp; &quot;c&quot;\u{FFFD}")
  }

  @Test("Golden previews of the spec's two examples")
  func goldenPreviews() throws {
    for name in ["card0-trigger", "circle-behind-card0"] {
      var options = PreviewOptions()
      options.title = "\(name).inertia"
      snapshots.assert(try SVGPreview.animated(Corpus.animations(name), options: options), named: "\(name).svg")
    }
    var options = PreviewOptions()
    options.title = "card0-trigger.inertia"
    snapshots.assert(
      try SVGPreview.still(Corpus.animations("card0-trigger"), atLoopTime: 1.5, options: options),
      named: "card0-trigger-at-1.5.svg")
  }
}
