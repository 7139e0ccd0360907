import Foundation
import InertiaFormat
import Testing

@testable import InertiaPreview

/// Whether `colour` is `expected` (RGB) within `tolerance` in every component, and opaque.
private func isColour(_ colour: Browser.Colour?, _ expected: (Double, Double, Double), tolerance: Double = 8) -> Bool {
  guard let colour, colour.count == 4 else { return false }
  return abs(Double(colour[0]) - expected.0) <= tolerance && abs(Double(colour[1]) - expected.1) <= tolerance
    && abs(Double(colour[2]) - expected.2) <= tolerance && colour[3] == 255
}

@Suite(
  "A real browser draws the stills where the library says",
  .enabled(
    if: Browser.isAvailable,
    "headless Chromium is not installed and Tests/Browser/chromium.sh could not install it (it needs apt-get as root)"))
struct BrowserTests {
  @Test("The spec's circle in its true colour behind card0, the nested white circle over it, white outside")
  func circleBehindCard0() throws {
    let svg = try SVGPreview.still(Corpus.animations("circle-behind-card0"), atLoopTime: 0)
    // The view sits at the container's centre (195, 422); the circle, 48 across, is 24 to its right. The
    // placeholder is an outline, so nothing tints a shape behind it: #5459DB reads as #5459DB (it read about
    // #8A8FE0 under the old translucent box).
    let colours = try Browser.colours([
      .init(name: "still", svg: svg, points: [(195 + 24 + 15, 422), (195 + 24, 422), (195, 422 + 100)])
    ])
    let points = try #require(colours["still"] ?? nil)
    #expect(isColour(points[0], (0x54, 0x59, 0xDB), tolerance: 1), "the circle's fill, behind the view: \(points[0])")
    #expect(isColour(points[1], (255, 255, 255), tolerance: 1), "the nested circle, over it: \(points[1])")
    #expect(isColour(points[2], (255, 255, 255)), "nothing outside the view: \(points[2])")
  }

  /// Where the centroid of the fill polygon of the shape `id` is drawn, in the picture's coordinates.
  private func centroid(of id: String, in svg: String) throws -> (x: Double, y: Double) {
    let document = SVGDocument(svg)
    let group = try #require(document.index(id: id))
    let fill = try #require(
      document.elements.indices.first {
        document.elements[$0].parent == group && document.elements[$0].attributes["class"] == "fill"
      })
    let points = SVGDocument.points(document.elements[fill].attributes["points", default: ""]).map(
      document.absoluteTransform(of: fill).apply)
    return (points.map(\.x).reduce(0, +) / Double(points.count), points.map(\.y).reduce(0, +) / Double(points.count))
  }

  @Test("A showsBeforeAnimation: false shape is hidden before the run and drawn once it plays")
  func hiddenBeforeTheRun() throws {
    let animations = try Corpus.animations("onboarding-flow")
    // heroImage's shape 1: a yellow triangle over the view, drawn only with the run.
    let shape = animations[2].shapes[1]
    #expect(!shape.showsBeforeAnimation && shape.position == .top)
    var before = PreviewOptions()
    before.triggering = .idle
    let running = try SVGPreview.still(animations, atLoopTime: 1.5)
    let point = try centroid(of: "view-2-shape-1", in: running)
    let colours = try Browser.colours([
      .init(name: "before", svg: try SVGPreview.still(animations, atLoopTime: 0, options: before), points: [point]),
      .init(name: "running", svg: running, points: [point]),
    ])
    let shown = try #require(colours["running"] ?? nil)[0]
    let waiting = try #require(colours["before"] ?? nil)[0]
    #expect(isColour(shown, (252, 199, 61), tolerance: 12), "the triangle while the run plays: \(shown)")
    #expect(!isColour(waiting, (252, 199, 61), tolerance: 60), "no triangle before the run: \(waiting)")
  }

  @Test("The view's pose carries its shapes: doneBadge's circle is not drawn while the view is at scale 0")
  func viewCarriesShapes() throws {
    let animations = try Corpus.animations("onboarding-flow")
    // At its final frame (held), doneBadge is at scale 1: where its badge is then, nothing shows before the run,
    // when the view sits at scale 0 and opacity 0 (the old preview drew the badge there in full).
    let held = try SVGPreview.still(animations, atLoopTime: 10)
    let point = try centroid(of: "view-11-shape-0", in: held)
    var before = PreviewOptions()
    before.triggering = .idle
    let colours = try Browser.colours([
      .init(name: "held", svg: held, points: [point]),
      .init(name: "before", svg: try SVGPreview.still(animations, atLoopTime: 0, options: before), points: [point]),
    ])
    let shown = try #require(colours["held"] ?? nil)[0]
    let hidden = try #require(colours["before"] ?? nil)[0]
    #expect(!isColour(shown, (255, 255, 255), tolerance: 20), "the badge once its view has grown: \(shown)")
    #expect(isColour(hidden, (255, 255, 255), tolerance: 3), "no badge while its view is at scale 0: \(hidden)")
  }

  @Test("A label stays readable over a top shape: its halo and text are drawn over the shape")
  func labelOverTopShape() throws {
    let cover = InertiaShape(
      id: "cover",
      shape: InertiaShapeDescription(
        id: "d", type: .rectangle, width: 1, height: 1, fill: InertiaColour(red: 0, green: 0, blue: 0, alpha: 1)),
      position: .top)
    let animation = InertiaAnimation(
      id: "MMMMM", initialValues: .identity, invokeType: .auto, keyframes: [], shapes: [cover])
    let svg = try SVGPreview.still([animation], atLoopTime: 0)
    let label = try #require(SVGDocument(svg).textBoxes.first { $0.text == "MMMMM" })
    // Sample across the label's box: over a black shape, a readable label leaves pixels of its halo (white)
    // and of its dark text; hidden under the shape, every pixel would be black.
    let row = (label.minY + label.maxY) / 2
    let points = stride(from: label.minX, through: label.maxX, by: 1).map { (x: $0, y: row) }
    let colours = try #require(try Browser.colours([.init(name: "label", svg: svg, points: points)])["label"] ?? nil)
    #expect(colours.contains { isColour($0, (255, 255, 255), tolerance: 30) }, "the label's halo over the shape")
  }

  @Test("Siblings overlap in zIndex order, ties in file order, and a bottom shape stays behind a top one")
  func zIndexOrder() throws {
    func circle(_ id: String, zIndex: Int, position: InertiaShapePosition, x: Double, y: Double, _ rgb: [Double])
      -> InertiaShape
    {
      InertiaShape(
        id: id,
        shape: InertiaShapeDescription(
          id: id, type: .square, width: 0.6, height: 0.6,
          fill: InertiaColour(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: 1)),
        zIndex: zIndex, position: position, transforms: InertiaAnimationValues(translate: .init(width: x, height: y)))
    }
    let shapes = [
      circle("red", zIndex: 2, position: .top, x: -0.15, y: 0, [1, 0, 0]),
      circle("blue", zIndex: 1, position: .top, x: 0.15, y: 0, [0, 0, 1]),
      circle("black", zIndex: 99, position: .bottom, x: 0, y: 0, [0, 0, 0]),
      circle("green", zIndex: 0, position: .top, x: -0.15, y: 1, [0, 1, 0]),
      circle("yellow", zIndex: 0, position: .top, x: 0.15, y: 1, [1, 1, 0]),
    ]
    let animation = InertiaAnimation(
      id: "card0", initialValues: .identity, invokeType: .auto, keyframes: [], shapes: shapes)
    let svg = try SVGPreview.still([animation], atLoopTime: 0)
    // Unit: the 96-point view's side; the view at (195, 422).
    let colours = try Browser.colours([
      .init(name: "zIndex", svg: svg, points: [(195, 422), (195, 422 + 96), (195 - 30, 422 + 96)])
    ])
    let points = try #require(colours["zIndex"] ?? nil)
    #expect(isColour(points[0], (255, 0, 0)), "red (zIndex 2) over blue (1) and the bottom black (99): \(points[0])")
    #expect(isColour(points[1], (255, 255, 0)), "a tie: yellow, later in the file, over green: \(points[1])")
    #expect(isColour(points[2], (0, 255, 0)), "green where yellow is not: \(points[2])")
  }

  @Test("Every animated preview and timeline of the corpus loads as an image")
  func everythingLoads() throws {
    var probes: [Browser.Probe] = []
    for name in Corpus.validNames {
      let animations = try Corpus.animations(name)
      probes.append(.init(name: "\(name) animated", svg: try SVGPreview.animated(animations), points: [(0, 0)]))
      probes.append(.init(name: "\(name) timeline", svg: SVGTimeline.svg(animations), points: [(1, 1)]))
    }
    let colours = try Browser.colours(probes)
    for probe in probes {
      #expect(colours[probe.name] != nil && colours[probe.name]! != nil, "\(probe.name) did not load")
    }
  }
}
