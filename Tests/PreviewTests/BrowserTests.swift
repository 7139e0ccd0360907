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

/// `colour` seen through the placeholder of a view, whose fill (#C9D3E6) lies over it at 0.45.
private func underPlaceholder(_ colour: (Double, Double, Double)) -> (Double, Double, Double) {
  (colour.0 * 0.55 + 201 * 0.45, colour.1 * 0.55 + 211 * 0.45, colour.2 * 0.55 + 230 * 0.45)
}

@Suite(
  "A real browser draws the stills where the library says",
  .enabled(
    if: Browser.isAvailable,
    "headless Chromium is not installed and Tests/Browser/chromium.sh could not install it (it needs apt-get as root)"))
struct BrowserTests {
  @Test("The spec's circle: blue where the circle is, the nested white circle over it, the container white outside")
  func circleBehindCard0() throws {
    let svg = try SVGPreview.still(Corpus.animations("circle-behind-card0"), atLoopTime: 0)
    // The view sits at the container's centre (195, 422); the circle, 48 across, is 24 to its right.
    let colours = try Browser.colours([
      .init(name: "still", svg: svg, points: [(195 + 24 + 15, 422), (195 + 24, 422), (195, 422 + 100)])
    ])
    let points = try #require(colours["still"] ?? nil)
    #expect(isColour(points[0], underPlaceholder((84, 89, 219))), "the circle's fill, behind the view: \(points[0])")
    #expect(isColour(points[1], underPlaceholder((255, 255, 255))), "the nested circle, over it: \(points[1])")
    #expect(isColour(points[2], (255, 255, 255)), "nothing outside the view: \(points[2])")
  }

  @Test("A showsBeforeAnimation: false shape is hidden before the run and drawn once it plays")
  func hiddenBeforeTheRun() throws {
    let animations = try Corpus.animations("onboarding-flow")
    // heroImage's shape 1: a yellow triangle over the view, drawn only with the run.
    let hero = 2
    let shape = animations[hero].shapes[1]
    #expect(!shape.showsBeforeAnimation && shape.position == .top)
    let options = PreviewOptions()
    let centre = ContainerLayout.viewCentres(count: animations.count, options: options)[hero]
    let unit = min(options.viewSize.width, options.viewSize.height)
    let geometry = try #require(shape.geometry)
    let steps = InertiaPoseComposition.shapeSteps(
      transforms: shape.transforms, trackPose: nil, width: geometry.width * unit, height: geometry.height * unit,
      unit: unit)
    // The triangle's centroid, a sixth of its height below its box's centre.
    let centroid = InertiaPoseComposition.transform(steps).apply(to: .init(x: 0, y: geometry.height * unit / 6))
    let point = (x: centre.x + centroid.x, y: centre.y + centroid.y)
    var before = options
    before.triggering = .none
    let colours = try Browser.colours([
      .init(name: "before", svg: try SVGPreview.still(animations, atLoopTime: 0, options: before), points: [point]),
      .init(name: "running", svg: try SVGPreview.still(animations, atLoopTime: 0.5, options: options), points: [point]),
    ])
    let running = try #require(colours["running"] ?? nil)[0]
    let waiting = try #require(colours["before"] ?? nil)[0]
    #expect(isColour(running, (252, 199, 61), tolerance: 12), "the triangle while the run plays: \(running)")
    #expect(!isColour(waiting, (252, 199, 61), tolerance: 60), "no triangle before the run: \(waiting)")
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
