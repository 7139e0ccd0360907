import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaPreview

@Suite("The pictures of README.md and docs/previews.md")
struct DocumentationPreviewTests {
  static let directory = Fixtures.packageRoot.appendingPathComponent("docs/previews")

  @Test(
    "docs/previews holds what inertia-convert to-svg draws now (RECORD_SNAPSHOTS=1 redraws it)",
    arguments: ["card0-trigger", "circle-behind-card0", "onboarding-flow", "onboarding-flow.timeline"])
  func upToDate(name: String) throws {
    let timeline = name.hasSuffix(".timeline")
    let file = timeline ? String(name.dropLast(".timeline".count)) : name
    var options = PreviewOptions()
    options.title = "\(file).inertia"
    let animations = try Corpus.animations(file)
    let svg =
      timeline ? SVGTimeline.svg(animations, options: options) : try SVGPreview.animated(animations, options: options)
    let url = Self.directory.appendingPathComponent("\(name).svg")
    if snapshots.isRecording {
      try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
      try svg.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == svg, "docs/previews/\(name).svg is stale")
  }
}
