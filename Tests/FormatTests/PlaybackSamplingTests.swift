import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// A pose whose five values are `base` plus small offsets, so every field differs.
func samplePose(_ base: Double) -> InertiaAnimationValues {
  InertiaAnimationValues(
    scale: 1 + base, translate: .init(width: base / 10, height: -base / 20), rotate: base * 15,
    rotateCenter: -base * 5, opacity: 1 - base / 10)
}

/// A track through poses 1, 2, … with these durations, starting from pose 0.
func sampleTrack(durations: [Double]) -> InertiaAnimation {
  InertiaAnimation(
    id: "card0", initialValues: samplePose(0), invokeType: .trigger,
    keyframes: durations.enumerated().map {
      InertiaAnimationKeyframe(id: "k\($0)", values: samplePose(Double($0 + 1)), duration: $1)
    })
}

func isClose(_ a: InertiaAnimationValues, _ b: InertiaAnimationValues, tolerance: Double = 1e-9) -> Bool {
  zip(
    [a.scale, a.translate.width, a.translate.height, a.rotate, a.rotateCenter, a.opacity],
    [b.scale, b.translate.width, b.translate.height, b.rotate, b.rotateCenter, b.opacity]
  ).allSatisfy { abs($0 - $1) <= tolerance * max(1, abs($0), abs($1)) }
}

func isClose(_ a: InertiaPoint, _ b: InertiaPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

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
    let animation = sampleTrack(durations: [0, 1, 2])
    #expect(animation.pose(atLoopTime: 0) == samplePose(0))
    for (index, time) in animation.playbackKeyframeTimes.enumerated() {
      #expect(animation.pose(atLoopTime: time) == samplePose(Double(index + 1)))
    }
  }

  @Test("Halfway between two keyframes each of the five values is halfway between theirs; elsewhere eased")
  func midpoints() {
    let animation = sampleTrack(durations: [0, 1, 2])
    let times = animation.playbackKeyframeTimes  // 0.001, 1.001, 3.001
    #expect(isClose(animation.pose(atLoopTime: (times[0] + times[1]) / 2), samplePose(1.5)))
    // A quarter of the way through a segment's time is 4·(¼)³ = 1/16 of the way, not ¼: the per-segment ease
    // in and out of Compose (`Library.kt:2034-2058` at ffa3007) and React, approximating SwiftUI's
    // `CubicKeyframe` (Sources/Inertia/Inertia.swift:2729-2739 at e310d13). It was linear (2.25).
    #expect(isClose(animation.pose(atLoopTime: times[1] + 0.5), samplePose(2.0625)))
    #expect(isClose(animation.pose(atLoopTime: times[1] + 1.5), samplePose(2.9375)))
    // The first keyframe is travelled to from the initial values.
    #expect(isClose(animation.pose(atLoopTime: 0.0005), samplePose(0.5)))
  }

  @Test("Past the last keyframe the track holds its final pose, up to the loop's end")
  func hold() {
    let animation = sampleTrack(durations: [0, 1])
    for time in [1.001, 1.5, 2.999, 3, 1000] {
      #expect(animation.pose(atLoopTime: time) == samplePose(2))
    }
  }

  @Test("A repaired duration: a keyframe written at -1 s is reached 1 ms after the one before")
  func repairedDuration() {
    let animation = sampleTrack(durations: [1, -1, 1])
    #expect(animation.pose(atLoopTime: 1) == samplePose(1))
    #expect(animation.pose(atLoopTime: 1.001) == samplePose(2))
    #expect(isClose(animation.pose(atLoopTime: 1.0005), samplePose(1.5)))
    #expect(isClose(animation.pose(atLoopTime: 1.501), samplePose(2.5)))
  }

  @Test("A track without keyframes stays at its initial values; the result carries no unknown fields")
  func noKeyframes() {
    var initial = samplePose(3)
    initial.unknownFields = [.init("extra", 1)]
    let animation = InertiaAnimation(id: "v", initialValues: initial, invokeType: .auto, keyframes: [])
    #expect(animation.pose(atLoopTime: 1.2) == samplePose(3))
    #expect(animation.pose(atLoopTime: 1.2).unknownFields.isEmpty)
    #expect(animation.keyPoses(loopLength: 3).map(\.time) == [0, 3])
  }

  @Test("The key poses are the initial values at 0, each keyframe at its playback time, and the hold at the end")
  func keyPoses() {
    let animation = sampleTrack(durations: [0, 1])
    let keys = animation.keyPoses(loopLength: 3)
    #expect(keys.map(\.time) == [0] + animation.playbackKeyframeTimes + [3])
    #expect(keys.map(\.pose) == [samplePose(0), samplePose(1), samplePose(2), samplePose(2)])
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
      case .travelling(let index, let linear):
        let from = index == 0 ? animation.initialValues : animation.keyframes[index - 1].values
        let to = animation.keyframes[index].values
        // The ease in and out, written out here: 4t³, then 1 − (−2t + 2)³/2.
        let progress = linear < 0.5 ? 4 * linear * linear * linear : 1 - pow(-2 * linear + 2, 3) / 2
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
