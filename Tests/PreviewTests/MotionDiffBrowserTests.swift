import Foundation
import InertiaFormat
import Testing

@testable import InertiaPreview

/// Whether `colour` is near `expected` (RGB) in every component, and opaque.
private func isNear(_ colour: Browser.Colour?, _ expected: (Double, Double, Double), tolerance: Double = 40) -> Bool {
  guard let colour, colour.count == 4 else { return false }
  return abs(Double(colour[0]) - expected.0) <= tolerance && abs(Double(colour[1]) - expected.1) <= tolerance
    && abs(Double(colour[2]) - expected.2) <= tolerance && colour[3] == 255
}

@Suite(
  "A real browser draws the motion diff where the diff says",
  .enabled(
    if: Browser.isAvailable,
    "headless Chromium is not installed and Tests/Browser/chromium.sh could not install it (it needs apt-get as root)"))
struct MotionDiffBrowserTests {
  static func track(_ id: String, _ keyframes: [(String, String, String)]) -> String {
    let pose = #"{"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}"#
    let list = keyframes.map { (id, duration, opacity) in
      #"{"id": "\#(id)", "duration": \#(duration), "values": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": \#(opacity)}}"#
    }
    return
      #"{"id": \#(id), "invokeType": "auto", "initialValues": \#(pose), "keyframes": [\#(list.joined(separator: ", "))]}"#
  }

  @Test("Both versions on one axis: the new track, a moved keyframe's arrow, tracks added and removed, the new loop")
  func picture() throws {
    // card0's B goes from 1 s to 2.5 s long: the loop goes from 3 s to 3.501 s, set by card0.
    let old =
      "[\(Self.track(#""card0""#, [("A", "0", "1"), ("B", "1", "0"), ("C", "1", "1")])), \(Self.track(#""gone""#, [("G", "1", "0")]))]"
    let hostile = #""<b>&\"</b>\u0007""#
    let new =
      "[\(Self.track(#""card0""#, [("A", "0", "1"), ("B", "2.5", "0"), ("C", "1", "1")])), \(Self.track(hostile, [("X", "2", "0")]))]"
    let diff = InertiaMotionDiff(
      from: try .init(IndexedDocument.read(Array(old.utf8))), to: try .init(IndexedDocument.read(Array(new.utf8))))
    let svg = SVGMotionDiff.svg(diff, oldTitle: "old.inertia", newTitle: "new.inertia")
    #expect(!svg.contains("<b>"))
    #expect(svg.contains("&lt;b&gt;&amp;&quot;&lt;/b&gt;\u{FFFD}"))
    // The chart spans 250 to 770 for 0 to 3.501 s; rows start at 92, 48 high.
    func x(_ time: Double) -> Double { 250 + 520 * time / 3.501 }
    let points: [(x: Double, y: Double)] = [
      (500, 122),  // card0 after: blue
      (x(2.501) - 3, 117 - 0.3),  // the head of B's arrow, at its new time: orange
      (400, 170),  // the added track: green
      (252, 202),  // the removed track, dashed: red
      (x(3.501), 230),  // the loop after: orange
      (x(2.001) + 20, 106 - 12),  // above card0's rows: white
    ]
    let colours = try Browser.colours([.init(name: "diff", svg: svg, points: points)])
    let seen = try #require(colours["diff"] ?? nil, "the SVG did not load as an image")
    #expect(isNear(seen[0], (0x4F, 0x6B, 0xED)), "card0 after: \(seen[0])")
    #expect(isNear(seen[1], (0xD9, 0x48, 0x0F), tolerance: 70), "the moved keyframe's arrow: \(seen[1])")
    #expect(isNear(seen[2], (0x2B, 0x8A, 0x3E)), "the added track: \(seen[2])")
    #expect(isNear(seen[3], (0xC9, 0x2A, 0x2A)), "the removed track: \(seen[3])")
    #expect(isNear(seen[4], (0xD9, 0x48, 0x0F), tolerance: 70), "the loop after: \(seen[4])")
    #expect(isNear(seen[5], (255, 255, 255), tolerance: 4), "the background: \(seen[5])")
  }
}
