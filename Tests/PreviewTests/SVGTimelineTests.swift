import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaPreview

@Suite("SVG timeline: the file's timing at a glance")
struct SVGTimelineTests {
  @Test("One row per played track and per nested-shape track; a mark per keyframe at its playback time")
  func rows() throws {
    var animations = try Corpus.animations("onboarding-flow")
    animations[0].shapes = [
      InertiaShape(
        id: "outer", shapes: [InertiaShape(id: "inner", animation: animations[1])])
    ]
    let document = SVGDocument(SVGTimeline.svg(animations))
    let played = animations.flatMap(\.playedTracks)
    let ignored = animations.flatMap(\.ignoredTracks)
    #expect(ignored.count == 1)
    let rows = document.elements.enumerated().filter { $0.element.name == "g" && $0.element.attributes["class"] != nil }
    #expect(rows.filter { $0.element.attributes["class"] == "track" }.count == played.count)
    #expect(rows.filter { $0.element.attributes["class"] == "track ignored" }.count == ignored.count)
    // Marks sit at the playback times, on one scale: the loop's end at the chart's right edge.
    let loop = InertiaPlayback.loopLength(animations: animations)
    let axisEnd = max(loop, (played + ignored).map(\.playbackLength).max()!)
    let (left, right) = (TimelineChart.axisLeft, TimelineChart.axisRight)
    let orderedTracks = animations.flatMap { $0.playedTracks + $0.ignoredTracks }
    for ((index, _), track) in zip(rows, orderedTracks) {
      let marks = document.children(of: index).filter {
        $0.name == "circle" || $0.attributes["class"] == "keyframe dropped"
      }
      #expect(marks.count == track.keyframes.count)
      for (mark, time) in zip(marks, track.playbackKeyframeTimes) {
        let x = Double(mark.attributes["cx"]!)!
        #expect(abs(x - (left + (right - left) * time / axisEnd)) < 1e-3)
      }
    }
    let texts = document.elements.filter { $0.name == "text" }.map(\.text)
    // A row's notes are wrapped to the column left of the axis.
    let column = texts.joined(separator: " ")
    #expect(column.contains("on a nested shape: never plays"))
    #expect(column.contains("stretches the loop to 3.651 s"))
    #expect(texts.contains("loop 3.851 s"))
    #expect(texts.contains("loopDuration 3 s"))
  }

  @Test("Repaired keyframes are marked in the warning colour with the written value; a leading 0 is not")
  func repaired() throws {
    let keyframes = [0, 1, 0, -1, 0.5].enumerated().map {
      InertiaAnimationKeyframe(id: "k\($0)", values: .identity, duration: $1)
    }
    let animation = InertiaAnimation(id: "card0", initialValues: .identity, invokeType: .trigger, keyframes: keyframes)
    let document = SVGDocument(SVGTimeline.svg([animation]))
    let repaired = document.elements.filter { $0.attributes["class"] == "keyframe repaired" }
    #expect(repaired.count == animation.keyframesWithRepairedDuration.count)
    #expect(repaired.count == 2)
    let texts = document.elements.filter { $0.name == "text" }.map(\.text)
    #expect(texts.contains("duration 0 → 1 ms") && texts.contains("duration -1 → 1 ms"))
  }

  @Test("A golden timeline of a multi-track file")
  func golden() throws {
    var options = PreviewOptions()
    options.title = "onboarding-flow.inertia"
    snapshots.assert(
      SVGTimeline.svg(try Corpus.animations("onboarding-flow"), options: options), named: "onboarding-flow-timeline.svg"
    )
  }
}
