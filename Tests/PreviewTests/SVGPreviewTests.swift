import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaPreview

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

  @Test("Generated files: every preview, still and timeline is renderable")
  func generatedRenderable() throws {
    var random = RandomFiles(seed: 15)
    for round in 0..<40 {
      let animations = random.file()
      var options = PreviewOptions()
      if round % 3 == 1 { options.triggering = .only([animations[0].id]) }
      SVGDocument(try SVGPreview.animated(animations, options: options)).checkRenderable("file \(round) animated")
      SVGDocument(try SVGPreview.still(animations, atLoopTime: 0.4, options: options)).checkRenderable("file \(round)")
      SVGDocument(SVGTimeline.svg(animations, options: options)).checkRenderable("file \(round) timeline")
    }
  }

  @Test("The animation plays each track's key poses eased, over the loop's length; a triggered run holds")
  func animatedKeyPoses() throws {
    let animations = try Corpus.animations("card0-trigger")
    let document = SVGDocument(try SVGPreview.animated(animations))
    let loop = InertiaPlayback.loopLength(animations: animations)
    let motions = document.elements.filter { $0.name == "animateTransform" }
    #expect(motions.count == 1)
    let motion = try #require(motions.first)
    #expect(motion.attributes["type"] == "translate")
    #expect(motion.attributes["dur"] == "3.001s")
    // card0 is a trigger animation, triggered at 0: it plays one loop and holds its last frame
    // (Sources/Inertia/Inertia.swift:685-698, 836-842 at e310d13), where it used to repeat.
    #expect(motion.attributes["repeatCount"] == "1" && motion.attributes["fill"] == "freeze")
    // Each segment eased: a sample at each key pose and at each segment's midpoint, the two halves of the ease
    // as cubic splines (4t³ over the first half is u³; the second half 1 − (1 − u)³).
    let keys = animations[0].keyPoses(loopLength: loop)
    var times: [Double] = [keys[0].time]
    var poses = [keys[0].pose]
    for (from, to) in zip(keys, keys.dropFirst()) {
      if from.pose != to.pose {
        times.append((from.time + to.time) / 2)
        poses.append(from.pose.interpolated(to: to.pose, progress: 0.5))
      }
      times.append(to.time)
      poses.append(to.pose)
    }
    let keyTimes = motion.attributes["keyTimes", default: ""].split(separator: ";").map { Double($0)! }
    #expect(keyTimes.count == times.count)
    #expect(zip(keyTimes, times.map { $0 / loop }).allSatisfy { abs($0 - $1) < 1e-6 })
    let values = motion.attributes["values", default: ""].split(separator: ";").map {
      $0.split(separator: " ").map { Double($0)! }
    }
    let expected = poses.map { [$0.translate.width * 390, $0.translate.height * 844] }
    #expect(values.count == expected.count)
    for (written, value) in zip(values, expected) {
      #expect(abs(written[0] - value[0]) < 1e-3 && abs(written[1] - value[1]) < 1e-3)
    }
    #expect(motion.attributes["calcMode"] == "spline")
    let splines = motion.attributes["keySplines", default: ""].split(separator: ";")
    #expect(splines.count == times.count - 1)
    #expect(splines.first == "0.333333 0 0.666667 0" && splines.dropFirst().first == "0.333333 1 0.666667 1")
    // The playhead runs over the same loop, and stops with the clock: nothing auto keeps it going.
    #expect(
      document.elements.contains {
        $0.name == "animate" && $0.attributes["dur"] == "3.001s" && $0.attributes["fill"] == "freeze"
      })
  }

  @Test("Before anything is triggered: run-only shapes hidden, backdrops drawn, views at their initial pose")
  func beforeTrigger() throws {
    let animations = try Corpus.animations("onboarding-flow")
    var options = PreviewOptions()
    options.triggering = .none
    let document = SVGDocument(try SVGPreview.still(animations, atLoopTime: 0, options: options))
    // heroImage (2): shape 0 is a backdrop, shape 1 waits for the run.
    #expect(document.element(id: "view-2-shape-0") != nil)
    #expect(document.element(id: "view-2-shape-1") == nil)
    let labels = document.elements.filter { $0.name == "text" }.map(\.text)
    #expect(labels.contains("auto, waits"))
    let everything = SVGDocument(try SVGPreview.still(animations, atLoopTime: 0, options: PreviewOptions()))
    #expect(everything.element(id: "view-2-shape-1") != nil)
  }

  @Test("--trigger: the named trigger animation moves, and the auto ones; the other trigger ones wait")
  func onlySomeTriggered() throws {
    let animations = try Corpus.animations("onboarding-flow")
    var options = PreviewOptions()
    options.triggering = .only(["featureCard0"])
    let document = SVGDocument(try SVGPreview.animated(animations, options: options))
    for (index, animation) in animations.enumerated() {
      let group = try #require(document.index(id: "view-\(index)-pose"))
      // The view's own motion: not that of a shape's canvas inside it.
      let canvases = document.elements.indices.filter {
        let id = document.elements[$0].attributes["id", default: ""]
        return id.contains("-behind-") || id.contains("-over-")
      }
      let moves = document.elements.indices.contains { element in
        document.elements[element].name.hasPrefix("animate") && isInside(element, group, document)
          && !canvases.contains { isInside(element, $0, document) }
      }
      #expect(moves == (animation.id == "featureCard0" || animation.invokeType == .auto), "\(animation.id)")
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

  @Test("A NaN colour of a drawn shape is an error naming its pointer; values the runtime repairs are drawn")
  func nonFinite() throws {
    var animations = try Corpus.animations("circle-behind-card0")
    // A keyframe with a NaN value is dropped, not refused (Sources/Inertia/Inertia.swift:2694 at e310d13); the
    // preview used to refuse the file.
    animations[0].keyframes = [
      InertiaAnimationKeyframe(id: "A", values: .identity, duration: 0),
      InertiaAnimationKeyframe(id: "B", values: InertiaAnimationValues(scale: .nan), duration: 1),
    ]
    _ = try SVGPreview.animated(animations)
    // A width that is not finite leaves its canvas without a box: not drawn (InertiaShapes.swift:1135-1156).
    animations[0].shapes[0].shape?.width = -.infinity
    let document = SVGDocument(try SVGPreview.still(animations, atLoopTime: 0))
    #expect(document.index(id: "view-0-shape-0") == nil)
    animations[0].shapes[0].shape?.width = 0.5
    animations[0].shapes[0].shapes[0].shape?.fill?.green = .nan
    do {
      _ = try SVGPreview.still(animations, atLoopTime: 0)
      Issue.record("no error")
    } catch {
      #expect(error.pointer.description == "/0/shapes/0/shapes/0/shape/fill/green")
      #expect(error.message == "fill green is NaN: the colour on screen is not defined; no preview drawn")
    }
  }

  @Test("A shape's fill floods its outline; its stroke is the band inside it, inset as the runtime insets it")
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
    let children = document.children(of: group)
    #expect(children.map(\.name) == ["polygon", "path"])
    // A square at the longer side, 0.8 of the 96-point view (InertiaShapes.swift:760); the stroke inset by
    // min(0.4, min(0.5, 0.8)/2) = 0.25, 24 points (834), so the band's hole is 76.8 − 48 across.
    #expect(children[0].attributes["points"] == "-38.4,-38.4 38.4,-38.4 38.4,38.4 -38.4,38.4")
    #expect(children[0].attributes["fill"] == "#5459DB" && children[0].attributes["fill-opacity"] == "0.5")
    #expect(
      children[1].attributes["d"]
        == "M-38.4,-38.4 38.4,-38.4 38.4,38.4 -38.4,38.4Z M-14.4,-14.4 14.4,-14.4 14.4,14.4 -14.4,14.4Z")
    #expect(children[1].attributes["fill-rule"] == "evenodd")
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
