import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaPreview

/// The files of the corpus the typed model reads, JSON and MessagePack alike, valid and lint fixtures.
private func corpusFiles() -> [(name: String, animations: [InertiaAnimation])] {
  var files: [(String, [InertiaAnimation])] = []
  for folder in ["valid", "lint"] {
    let directory = Corpus.root.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in names.sorted() {
      guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)) else { continue }
      let animations =
        name.hasSuffix(".json")
        ? try? InertiaJSONDecoder().decode([InertiaAnimation].self, from: data)
        : try? MessagePackDecoder().decode([InertiaAnimation].self, from: data)
      if let animations { files.append(("\(folder)/\(name)", animations)) }
    }
  }
  return files
}

/// Random files whose tracks crowd: many keyframes, often 0 s or repaired apart, some with a value not finite.
private func crowdedFile(_ random: inout RandomFiles, _ rng: inout SeededGenerator) -> [InertiaAnimation] {
  var animations = random.file()
  for index in animations.indices {
    let count = Int.random(in: 0...14, using: &rng)
    animations[index].keyframes = (0..<count).map { keyframe in
      let duration: Double =
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: 0
        case 1: -Double.random(in: 0...3, using: &rng)
        case 2: 0.001
        default: Double.random(in: 0.001...2, using: &rng)
        }
      var values = random.pose()
      if Int.random(in: 0..<12, using: &rng) == 0 { values.rotate = .nan }
      return InertiaAnimationKeyframe(id: "k\(keyframe)", values: values, duration: duration)
    }
    animations[index].id = String(repeating: "longViewName", count: Int.random(in: 1...4, using: &rng))
  }
  return animations
}

@Suite("Pictures a designer can read: no label over another or off the picture, text legible at 600 px")
struct LegibilityTests {
  @Test("Timelines of the corpus")
  func corpusTimelines() {
    let files = corpusFiles()
    #expect(files.count > 20)
    for (name, animations) in files {
      var options = PreviewOptions()
      options.title = name
      SVGDocument(SVGTimeline.svg(animations, options: options)).checkLegible("\(name) timeline")
    }
  }

  @Test("Timelines of 100 random files, crowded with keyframes, repairs and dropped keyframes")
  func randomTimelines() {
    var random = RandomFiles(seed: 7)
    var rng = SeededGenerator(seed: 8)
    for round in 0..<100 {
      let animations = crowdedFile(&random, &rng)
      SVGDocument(SVGTimeline.svg(animations)).checkLegible("random \(round) timeline")
    }
  }

  @Test("Previews and stills of the corpus and of random files")
  func previews() throws {
    for (name, animations) in corpusFiles() {
      var options = PreviewOptions()
      options.title = name
      guard let animated = try? SVGPreview.animated(animations, options: options) else { continue }
      SVGDocument(animated).checkLegible("\(name) preview")
      options.triggering = .idle
      SVGDocument(try SVGPreview.still(animations, atLoopTime: 0, options: options)).checkLegible("\(name) before")
    }
    var random = RandomFiles(seed: 9)
    var rng = SeededGenerator(seed: 10)
    for round in 0..<40 {
      let animations = crowdedFile(&random, &rng)
      var options = PreviewOptions()
      if round % 4 == 1 { options.viewSize = .init(width: 40, height: 200) }
      if round % 4 == 2 { options.containerSize = .init(width: 1200, height: 300) }
      SVGDocument(try SVGPreview.still(animations, atLoopTime: 0.7, options: options)).checkLegible("random \(round)")
    }
  }

  @Test("non-positive-duration.json: both repairs said, apart; every index kept clear of the others")
  func nonPositiveDuration() throws {
    let data = try Data(contentsOf: Corpus.root.appendingPathComponent("lint/non-positive-duration.json"))
    let animations = try InertiaJSONDecoder().decode([InertiaAnimation].self, from: data)
    let document = SVGDocument(SVGTimeline.svg(animations))
    let texts = document.textBoxes
    let zero = try #require(texts.first { $0.text == "duration 0 → 1 ms" })
    let negative = try #require(texts.first { $0.text == "duration -1 → 1 ms" })
    #expect(!zero.intersects(negative))
    document.checkLegible("non-positive-duration")
  }

  @Test("The last keyframe's index sits clear of the loop marker's label and over its line (featureCard2's 5)")
  func lastIndexAtTheLoop() throws {
    let document = SVGDocument(SVGTimeline.svg(try Corpus.animations("onboarding-flow")))
    let marker = try #require(document.elements.indices.last { document.elements[$0].attributes["class"] == "marker" })
    let indices = document.elements.indices.filter {
      document.elements[$0].attributes["class"] == "index" && document.elements[$0].text == "5"
    }
    #expect(indices.count == 3)
    // Drawn after the marker's line, with a halo, so the line does not cross it.
    for index in indices {
      #expect(index > marker)
      #expect(document.inherited("paint-order", of: index) == "stroke")
    }
    document.checkLegible("onboarding-flow timeline")
  }

  @Test("View labels are drawn over every shape, with a halo, and each keeps to its view's width")
  func viewLabels() throws {
    let document = SVGDocument(try SVGPreview.animated(try Corpus.animations("onboarding-flow")))
    let labels = try #require(document.index(id: "labels"))
    let views = try #require(document.index(id: "views"))
    #expect(labels > views && !document.isInside(labels, views))
    #expect(document.elements[labels].attributes["paint-order"] == "stroke")
    for box in document.textBoxes where box.fontSize <= 13 && box.text.contains("…") {
      #expect(box.maxX - box.minX <= 96)
    }
  }
}
