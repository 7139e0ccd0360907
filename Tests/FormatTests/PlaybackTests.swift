import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// A pose whose five values are `base` plus small offsets, so every field differs.
private func pose(_ base: Double) -> InertiaAnimationValues {
  InertiaAnimationValues(
    scale: 1 + base, translate: .init(width: base / 10, height: -base / 20), rotate: base * 15,
    rotateCenter: -base * 5, opacity: 1 - base / 10)
}

/// A track through poses 1, 2, … with these durations, starting from pose 0.
private func track(durations: [Double]) -> InertiaAnimation {
  InertiaAnimation(
    id: "card0", initialValues: pose(0), invokeType: .trigger,
    keyframes: durations.enumerated().map {
      InertiaAnimationKeyframe(id: "k\($0)", values: pose(Double($0 + 1)), duration: $1)
    })
}

private func isClose(_ a: InertiaAnimationValues, _ b: InertiaAnimationValues, tolerance: Double = 1e-9) -> Bool {
  zip(
    [a.scale, a.translate.width, a.translate.height, a.rotate, a.rotateCenter, a.opacity],
    [b.scale, b.translate.width, b.translate.height, b.rotate, b.rotateCenter, b.opacity]
  ).allSatisfy { abs($0 - $1) <= tolerance * max(1, abs($0), abs($1)) }
}

private func isClose(_ a: InertiaPoint, _ b: InertiaPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

/// Random tracks from a seed: durations that are often 0, sometimes negative or not finite, poses anywhere.
private struct RandomTracks {
  var rng: SeededGenerator

  mutating func track() -> InertiaAnimation {
    let durations = (0..<Int.random(in: 0...7, using: &rng)).map { _ -> Double in
      switch Int.random(in: 0..<10, using: &rng) {
      case 0: 0
      case 1: -Double.random(in: 0...2, using: &rng)
      case 2: [Double.nan, .infinity, -.infinity][Int.random(in: 0..<3, using: &rng)]
      default: Double.random(in: 0.001...2, using: &rng)
      }
    }
    return InertiaAnimation(
      id: "t", initialValues: values(), invokeType: .auto,
      keyframes: durations.enumerated().map { InertiaAnimationKeyframe(id: "k\($0)", values: values(), duration: $1) })
  }

  mutating func values() -> InertiaAnimationValues {
    InertiaAnimationValues(
      scale: .random(in: 0...2, using: &rng),
      translate: .init(width: .random(in: -1...1, using: &rng), height: .random(in: -1...1, using: &rng)),
      rotate: .random(in: -360...360, using: &rng), rotateCenter: .random(in: -360...360, using: &rng),
      opacity: .random(in: 0...1, using: &rng))
  }
}

/// Every track of a corpus file that plays.
private func corpusTracks() throws -> [InertiaAnimation] {
  let files = Fixtures.files(in: "valid", withSuffix: ".inertia", under: Fixtures.corpus)
  return try files.flatMap { url in
    try MessagePackDecoder().decode([InertiaAnimation].self, from: Fixtures.bytes(url)).flatMap(\.playedTracks)
  }
}

@Suite("Sampling: the pose of a track at a loop time, from the timing API")
struct PlaybackSamplingTests {
  @Test("At 0 a track is at its initial values; at each keyframe's playback time, at that keyframe's values")
  func keyframeTimes() {
    let animation = track(durations: [0, 1, 2])
    #expect(animation.pose(atLoopTime: 0) == pose(0))
    for (index, time) in animation.playbackKeyframeTimes.enumerated() {
      #expect(animation.pose(atLoopTime: time) == pose(Double(index + 1)))
    }
  }

  @Test("Halfway between two keyframes each of the five values is halfway between theirs")
  func midpoints() {
    let animation = track(durations: [0, 1, 2])
    let times = animation.playbackKeyframeTimes  // 0.001, 1.001, 3.001
    #expect(isClose(animation.pose(atLoopTime: (times[0] + times[1]) / 2), pose(1.5)))
    #expect(isClose(animation.pose(atLoopTime: times[1] + 0.5), pose(2.25)))
    // The first keyframe is travelled to from the initial values.
    #expect(isClose(animation.pose(atLoopTime: 0.0005), pose(0.5)))
  }

  @Test("Past the last keyframe the track holds its final pose, up to the loop's end")
  func hold() {
    let animation = track(durations: [0, 1])
    for time in [1.001, 1.5, 2.999, 3, 1000] {
      #expect(animation.pose(atLoopTime: time) == pose(2))
    }
  }

  @Test("A repaired duration: a keyframe written at -1 s is reached 1 ms after the one before")
  func repairedDuration() {
    let animation = track(durations: [1, -1, 1])
    #expect(animation.pose(atLoopTime: 1) == pose(1))
    #expect(animation.pose(atLoopTime: 1.001) == pose(2))
    #expect(isClose(animation.pose(atLoopTime: 1.0005), pose(1.5)))
    #expect(isClose(animation.pose(atLoopTime: 1.501), pose(2.5)))
  }

  @Test("A track without keyframes stays at its initial values; the result carries no unknown fields")
  func noKeyframes() {
    var initial = pose(3)
    initial.unknownFields = [.init("extra", 1)]
    let animation = InertiaAnimation(id: "v", initialValues: initial, invokeType: .auto, keyframes: [])
    #expect(animation.pose(atLoopTime: 1.2) == pose(3))
    #expect(animation.pose(atLoopTime: 1.2).unknownFields.isEmpty)
    #expect(animation.keyPoses(loopLength: 3).map(\.time) == [0, 3])
  }

  @Test("The key poses are the initial values at 0, each keyframe at its playback time, and the hold at the end")
  func keyPoses() {
    let animation = track(durations: [0, 1])
    let keys = animation.keyPoses(loopLength: 3)
    #expect(keys.map(\.time) == [0] + animation.playbackKeyframeTimes + [3])
    #expect(keys.map(\.pose) == [pose(0), pose(1), pose(2), pose(2)])
    // A track as long as the loop needs no hold.
    #expect(animation.keyPoses(loopLength: animation.playbackLength).count == 3)
  }

  /// The pose equals the interpolation the timing API's position describes, at keyframe times, midpoints, 0,
  /// the loop's end and past a hold, and equals the key poses at their times.
  private func checkAgainstTimingAPI(_ animation: InertiaAnimation, loopLength: Double) {
    let times = animation.playbackKeyframeTimes
    var samples = [0, loopLength, loopLength + 1] + times
    samples += zip([0] + times, times).map { ($0 + $1) / 2 }
    for time in samples {
      let expected: InertiaAnimationValues
      switch animation.position(atLoopTime: time) {
      case .noKeyframes: expected = animation.initialValues
      case .holding(let index): expected = animation.keyframes[index].values
      case .travelling(let index, let progress):
        let from = index == 0 ? animation.initialValues : animation.keyframes[index - 1].values
        let to = animation.keyframes[index].values
        expected = InertiaAnimationValues(
          scale: from.scale + (to.scale - from.scale) * progress,
          translate: .init(
            width: from.translate.width + (to.translate.width - from.translate.width) * progress,
            height: from.translate.height + (to.translate.height - from.translate.height) * progress),
          rotate: from.rotate + (to.rotate - from.rotate) * progress,
          rotateCenter: from.rotateCenter + (to.rotateCenter - from.rotateCenter) * progress,
          opacity: from.opacity + (to.opacity - from.opacity) * progress)
      }
      #expect(isClose(animation.pose(atLoopTime: time), expected), "\(animation.id) at \(time)")
    }
    for key in animation.keyPoses(loopLength: loopLength) {
      #expect(animation.pose(atLoopTime: key.time) == key.pose, "\(animation.id): key pose at \(key.time)")
    }
  }

  @Test("Every played track of the corpus samples as the timing API says")
  func corpus() throws {
    let tracks = try corpusTracks()
    #expect(tracks.count > 20)
    for animation in tracks {
      checkAgainstTimingAPI(animation, loopLength: max(3, animation.playbackLength))
    }
  }

  @Test("Generated tracks, with zero, negative and non-finite durations, sample as the timing API says")
  func generated() {
    var random = RandomTracks(rng: SeededGenerator(seed: 15))
    for _ in 0..<300 {
      let animation = random.track()
      checkAgainstTimingAPI(animation, loopLength: max(3, animation.playbackLength))
    }
  }
}

@Suite("A container playing a file: triggering, shapes, the loop")
struct ContainerPlaybackTests {
  static let file: [InertiaAnimation] = {
    var card = track(durations: [0, 2])
    card.shapes = [
      InertiaShape(id: "backdrop", zIndex: 0),
      InertiaShape(id: "run", showsBeforeAnimation: false, animation: track(durations: [1, 1])),
    ]
    var badge = track(durations: [4])
    badge.id = "badge"
    return [card, badge]
  }()

  @Test("Every animation triggered: each plays from 0, and the loop is stretched by the longest track")
  func everyTrackPlays() {
    let playback = InertiaContainerPlayback(animations: Self.file)
    #expect(playback.loopLength == 4)
    #expect(playback.loopLength == InertiaPlayback.loopLength(animations: Self.file))
    #expect(playback.pose(of: "card0", atLoopTime: 1.2) == Self.file[0].pose(atLoopTime: 1.2))
    #expect(playback.pose(of: "badge", atLoopTime: 2) == Self.file[1].pose(atLoopTime: 2))
    #expect(playback.pose(of: "missing", atLoopTime: 2) == nil)
    #expect(playback.trackPose(ofShapeAt: 1, inAnimationAt: 0, atLoopTime: 1.5).map { isClose($0, pose(1.5)) } == true)
    #expect(playback.trackPose(ofShapeAt: 0, inAnimationAt: 0, atLoopTime: 1.5) == nil)
    #expect(playback.isShown(shapeAt: 1, inAnimationAt: 0))
  }

  @Test("An untriggered animation waits at its initial values, its shape tracks too, and hides its run-only shapes")
  func waiting() {
    let playback = InertiaContainerPlayback(animations: Self.file, triggering: .only(["badge"]))
    #expect(!playback.isPlaying(0))
    #expect(playback.isPlaying(1))
    #expect(playback.pose(of: "card0", atLoopTime: 1.2) == pose(0))
    #expect(playback.trackPose(ofShapeAt: 1, inAnimationAt: 0, atLoopTime: 1.5) == pose(0))
    #expect(playback.isShown(shapeAt: 0, inAnimationAt: 0))
    #expect(!playback.isShown(shapeAt: 1, inAnimationAt: 0))
    // Waiting tracks still count toward the loop, as the runtime measures every track it holds.
    #expect(playback.loopLength == 4)
    #expect(!InertiaContainerPlayback(animations: Self.file, triggering: .none).isPlaying(1))
  }

  @Test("Nested shape tracks are listed as ignored and do not stretch the loop")
  func ignoredTracks() {
    var card = track(durations: [1])
    let nested = InertiaShape(id: "inner", animation: track(durations: [9]))
    card.shapes = [InertiaShape(id: "outer", shapes: [InertiaShape(id: "middle", shapes: [nested])])]
    #expect(card.ignoredTracks.map(\.playbackLength) == [9])
    #expect(card.playedTracks.count == 1)
    #expect(InertiaContainerPlayback(animations: [card]).loopLength == 3)
  }

  @Test("Repaired durations are listed, except the leading 0 that is the normal starting pose")
  func repairedKeyframes() {
    #expect(track(durations: [0, 1, 0, -1, .nan, 2]).keyframesWithRepairedDuration == [2, 3, 4])
    #expect(track(durations: [-0.0, 1]).keyframesWithRepairedDuration == [])
    #expect(track(durations: [-1, 1]).keyframesWithRepairedDuration == [0])
  }
}

@Suite("Composition, geometry and draw order")
struct CompositionTests {
  static let view = (width: 100.0, height: 50.0)
  static let container = (width: 400.0, height: 800.0)

  private func place(_ pose: InertiaAnimationValues, _ point: InertiaPoint) -> InertiaPoint {
    InertiaPoseComposition.transform(
      InertiaPoseComposition.viewSteps(for: pose, viewSize: Self.view, containerSize: Self.container)
    ).apply(to: point)
  }

  static let topLeft = InertiaPoint(x: -50, y: -25)

  @Test("A positive angle turns clockwise on screen (y grows downwards), as in SVG and SwiftUI")
  func rotationDirection() {
    #expect(
      isClose(InertiaAffineTransform.rotation(degrees: 90).apply(to: InertiaPoint(x: 1, y: 0)), .init(x: 0, y: 1)))
    let about = InertiaAffineTransform.rotation(degrees: 180, about: .init(x: 1, y: 1))
    #expect(isClose(about.apply(to: .zero), .init(x: 2, y: 2)))
  }

  @Test("translate is a fraction of the container's size")
  func translate() {
    let moved = place(InertiaAnimationValues(translate: .init(width: 0.5, height: 0.25)), .zero)
    #expect(isClose(moved, .init(x: 200, y: 200)))
  }

  @Test("rotate turns about the top-left corner; rotateCenter and scale about the centre")
  func anchors() {
    #expect(isClose(place(InertiaAnimationValues(rotate: 90), Self.topLeft), Self.topLeft))
    // The centre, 50 across and 25 down from the corner, turns clockwise to 25 back and 50 down from it.
    #expect(isClose(place(InertiaAnimationValues(rotate: 90), .zero), .init(x: -75, y: 25)))
    #expect(isClose(place(InertiaAnimationValues(rotateCenter: 90), .zero), .zero))
    #expect(isClose(place(InertiaAnimationValues(rotateCenter: 90), Self.topLeft), .init(x: 25, y: -50)))
    #expect(isClose(place(InertiaAnimationValues(scale: 2), Self.topLeft), .init(x: -100, y: -50)))
  }

  @Test("rotate is applied first: the scale then grows the turned view about the centre of its frame")
  func rotateFirst() {
    // Turned 90° about the top-left corner, the corner stays; scaling by 2 about the frame's centre (the origin,
    // which a turn does not move) then takes it to (-100, -50), and translate moves everything 40 across.
    let pose = InertiaAnimationValues(scale: 2, translate: .init(width: 0.1, height: 0), rotate: 90)
    #expect(isClose(place(pose, Self.topLeft), .init(x: -100 + 40, y: -50)))
    // Scaling first would have moved the corner before turning it about itself: (-100, -50) turned about
    // (-50, -25) is (-25, -75).
    #expect(!isClose(place(pose, Self.topLeft), .init(x: -25 + 40, y: -75)))
    let steps = InertiaPoseComposition.viewSteps(for: pose, viewSize: Self.view, containerSize: Self.container)
    #expect(
      steps == [
        .translate(x: 40, y: 0), .scale(2), .rotate(degrees: 0, anchor: .zero),
        .rotate(degrees: 90, anchor: Self.topLeft),
      ])
  }

  @Test("A shape's track plays on top of its transforms, about the shape where its transforms put it")
  func shapeTrack() {
    let transforms = InertiaAnimationValues(translate: .init(width: 0.25, height: 0))
    let trackPose = InertiaAnimationValues(scale: 2, translate: .init(width: 0, height: 0.1))
    let steps = InertiaPoseComposition.shapeSteps(
      transforms: transforms, trackPose: trackPose, width: 50, height: 50, unit: 100)
    let transform = InertiaPoseComposition.transform(steps)
    #expect(isClose(transform.apply(to: .zero), .init(x: 25, y: 10)))
    #expect(isClose(transform.apply(to: .init(x: 25, y: 25)), .init(x: 75, y: 60)))
    let still = InertiaPoseComposition.shapeSteps(
      transforms: transforms, trackPose: nil, width: 50, height: 50, unit: 100)
    #expect(isClose(InertiaPoseComposition.transform(still).apply(to: .zero), .init(x: 25, y: 0)))
  }

  @Test("Circle and square take the smaller side; rectangle, oval and triangle fill the box")
  func outlines() {
    func geometry(_ type: InertiaShapeType) -> InertiaShapeGeometry {
      InertiaShapeGeometry(InertiaShapeDescription(id: "d", type: type, width: 0.6, height: 0.4))
    }
    #expect(geometry(.circle).outline == .ellipse(width: 0.4, height: 0.4))
    #expect(geometry(.oval).outline == .ellipse(width: 0.6, height: 0.4))
    #expect(geometry(.square).outline == .rectangle(width: 0.4, height: 0.4))
    #expect(geometry(.rectangle).outline == .rectangle(width: 0.6, height: 0.4))
    #expect(
      geometry(.triangle).outline == .polygon([.init(x: 0, y: -0.2), .init(x: 0.3, y: 0.2), .init(x: -0.3, y: 0.2)]))
    #expect(geometry(.circle).drawsNothing)
  }

  @Test("The stroke is held at half the smaller side, and drawn only with a colour and a positive width")
  func stroke() {
    let white = InertiaColour(red: 1, green: 1, blue: 1, alpha: 1)
    let wide = InertiaShapeGeometry(
      InertiaShapeDescription(id: "d", type: .rectangle, width: 0.6, height: 0.4, stroke: white, strokeWidth: 0.5))
    #expect(wide.strokeWidth == 0.2)
    #expect(wide.stroke == white)
    #expect(!wide.drawsNothing)
    let noColour = InertiaShapeGeometry(
      InertiaShapeDescription(id: "d", type: .rectangle, width: 0.6, height: 0.4, strokeWidth: 0.1))
    #expect(noColour.stroke == nil && noColour.strokeWidth == 0)
    let noWidth = InertiaShapeGeometry(
      InertiaShapeDescription(id: "d", type: .rectangle, width: 0.6, height: 0.4, fill: white, stroke: white))
    #expect(noWidth.stroke == nil && noWidth.fill == white)
  }

  @Test("Siblings draw by zIndex, ties in file order; position splits the view's shapes behind and over it")
  func drawOrder() {
    let shapes = [
      InertiaShape(id: "a", zIndex: 2), InertiaShape(id: "b", zIndex: 0, position: .top),
      InertiaShape(id: "c", zIndex: 2),
      InertiaShape(id: "d", zIndex: -1), InertiaShape(id: "e", zIndex: 0),
    ]
    #expect(InertiaShape.drawOrder(of: shapes) == [3, 1, 4, 0, 2])
    let animation = InertiaAnimation(
      id: "v", initialValues: .identity, invokeType: .auto, keyframes: [], shapes: shapes)
    #expect(animation.shapesBehindView == [3, 4, 0, 2])
    #expect(animation.shapesOverView == [1])
  }
}
