import TestSupport
import Testing

@testable import InertiaFormat

/// A track whose keyframes have these durations.
func track(_ durations: [Double], id: String = "card0") -> InertiaAnimation {
  InertiaAnimation(
    id: id, initialValues: .identity, invokeType: .trigger,
    keyframes: durations.enumerated().map { InertiaAnimationKeyframe(id: "k\($0)", values: .identity, duration: $1) })
}

func isClose(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

func isClose(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy(isClose) }

@Suite("Timing facts, against the spec's worked examples")
struct TimingTests {
  @Test("Durations 0, 1, 2 land at 0 s, 1 s and 3 s")
  func relativeDurations() {
    let animation = track([0, 1, 2])
    #expect(animation.keyframeTimes == [0, 1, 3])
    #expect(animation.length == 3)
  }

  @Test("The runtime plays them 1 ms later, since the leading 0 is repaired")
  func playbackTimes() {
    let animation = track([0, 1, 2])
    #expect(isClose(animation.playbackKeyframeTimes, [0.001, 1.001, 3.001]))
    #expect(isClose(animation.playbackLength, 3.001))
  }

  @Test("A zero duration mid-track plays as 1 ms and delays every later keyframe")
  func zeroMidTrack() {
    let animation = track([1, 0, 2])
    #expect(animation.keyframeTimes == [1, 1, 3])
    #expect(isClose(animation.playbackKeyframeTimes, [1, 1.001, 3.001]))
  }

  @Test(
    "Durations that are not positive and finite play as 1 ms",
    arguments: [0, -1, -0.0, .nan, .infinity, -.infinity, -1e-300])
  func effectiveDurationRepairs(duration: Double) {
    #expect(InertiaPlayback.effectiveDuration(duration) == 0.001)
    #expect(InertiaAnimationKeyframe(id: "k", values: .identity, duration: duration).effectiveDuration == 0.001)
  }

  @Test("Positive finite durations play as written", arguments: [0.0005, 0.5, 3, 600])
  func effectiveDurationKeeps(duration: Double) {
    #expect(InertiaPlayback.effectiveDuration(duration) == duration)
  }

  @Test("The playback constants mirror the SwiftUI runtime's")
  func constants() {
    #expect(InertiaPlayback.defaultLoopDuration == 3)
    #expect(InertiaPlayback.loopDurationRange == 0.1...60)
    #expect(InertiaPlayback.minimumKeyframeDuration == 0.001)
  }

  @Test(
    "Loop durations from the editor are clamped to 0.1...60 s; one that is not finite is the default 3 s",
    // Infinity was 60 here: the runtime's clamp returns the default for any length that is not finite
    // (`guard seconds.isFinite else { return defaultLoopDuration }`, Sources/Inertia/Inertia.swift:47-51 at e310d13).
    arguments: [
      (0, 0.1), (0.05, 0.1), (0.1, 0.1), (5, 5), (60, 60), (61, 60), (-3, 0.1), (.infinity, 3), (-.infinity, 3),
      (.nan, 3),
    ] as [(Double, Double)])
  func clamp(_ input: Double, _ expected: Double) {
    #expect(InertiaPlayback.clampLoopDuration(input) == expected)
  }

  @Test("A 4-second track stretches the loop past the 3-second loopDuration")
  func longTrackStretchesLoop() {
    let long = track([1, 3], id: "long")
    let short = track([1, 1], id: "short")
    #expect(InertiaPlayback.loopLength(animations: [long, short]) == 4)
    #expect(isClose(InertiaPlayback.loopLength(animations: [track([0, 4])]), 4.001))
    #expect(InertiaPlayback.loopLength(loopDuration: 5, animations: [long]) == 5)
    #expect(InertiaPlayback.loopLength(trackLengths: [2, 4, 1]) == 4)
    #expect(InertiaPlayback.loopLength(animations: []) == 3)
  }

  @Test("The loop length is not clamped: the app's loopDuration is taken as given")
  func loopDurationNotClamped() {
    #expect(InertiaPlayback.loopLength(loopDuration: 0.01, trackLengths: []) == 0.01)
    #expect(InertiaPlayback.loopLength(loopDuration: 100, trackLengths: [4]) == 100)
  }

  @Test("Neither a shape's own track nor a nested shape's counts toward the loop: a longer one is cut at it")
  func shapeTracks() {
    var card = track([1])
    var nested = InertiaShape(id: "nested", animation: track([9], id: "ignored"))
    nested.zIndex = 1
    card.shapes = [InertiaShape(id: "s", animation: track([2, 3], id: "shape-track"), shapes: [nested])]
    #expect(card.playedTracks.map(\.id) == ["card0", "shape-track"])
    // Was 5: the runtime measures the loop over its top-level schemas only (`InertiaPlayback.duration(loop:of:)`
    // over `inertiaSchemas.values`, Sources/Inertia/Inertia.swift:452-454, 2764-2770 and 1016-1018 at e310d13).
    #expect(InertiaPlayback.loopLength(animations: [card]) == 3)
    #expect(InertiaLoop(animations: [card]).setBy == nil)
    #expect(card.shapes[0].animation!.isCut(atLoop: 3) && !card.isCut(atLoop: 3))
  }

  /// An animation carrying `loopDuration` as the editor writes it (an unknown field until the typed model
  /// stores it).
  private func timed(_ durations: [Double], loopDuration: MessagePackValue?) -> InertiaAnimation {
    var animation = track(durations)
    // As the typed model reads the key: a number (a float32 or an integer too) or nothing.
    animation.loopDuration = loopDuration.flatMap { $0.doubleValue }
    return animation
  }

  @Test("The loop duration comes from the file: the largest animation's, absent or not finite as 3, held to 0.1...60")
  func fileLoopDuration() {
    // The runtime decodes `loopDuration` with `decodeIfPresent … ?? defaultLoopDuration` then clamps it
    // (Inertia.swift:2878-2880 at e310d13), and seeds its loop with the clamped largest (401-403, 950-954).
    #expect(InertiaPlayback.loopLength(animations: [timed([1], loopDuration: .float32(6))]) == 6)
    #expect(InertiaPlayback.loopLength(animations: [timed([1], loopDuration: .float64(.nan))]) == 3)
    #expect(InertiaPlayback.loopLength(animations: [timed([1], loopDuration: .float64(.infinity))]) == 3)
    #expect(InertiaPlayback.loopLength(animations: [timed([0.01], loopDuration: .float64(0.01))]) == 0.1)
    #expect(InertiaPlayback.loopLength(animations: [timed([1], loopDuration: .int(900))]) == 60)
    #expect(InertiaPlayback.loopLength(animations: [timed([1], loopDuration: .nil)]) == 3)
    // An animation without the key counts as 3 in the largest.
    let mixed = [timed([1], loopDuration: .float32(2)), timed([1], loopDuration: nil)]
    #expect(InertiaPlayback.loopDuration(of: mixed) == 3)
    #expect(InertiaPlayback.loopDuration(of: [timed([1], loopDuration: .float32(2))]) == 2)
    #expect(InertiaPlayback.loopDuration(of: []) == 3)
    // A longer track still stretches it, and an app's loop duration replaces the file's, taken as given.
    #expect(InertiaPlayback.loopLength(animations: [timed([0, 8], loopDuration: .float32(6))]) == 8.001)
    #expect(InertiaPlayback.loopLength(loopDuration: 0.01, animations: [timed([], loopDuration: .float32(6))]) == 0.01)
    let loop = InertiaLoop(animations: [timed([1], loopDuration: .float32(2)), timed([0, 2.5], loopDuration: nil)])
    #expect(loop.loopDuration == 3 && loop.length == 3 && loop.setBy == nil)
  }

  @Test("A keyframe with a value that is not finite is dropped, and the keyframes after it land earlier")
  func droppedKeyframes() {
    // `guard keyframe.values.isFinite else { return nil }` (Sources/Inertia/Inertia.swift:2694 at e310d13).
    var animation = track([1, 2, 1])
    animation.keyframes[1].values.rotate = .nan
    #expect(animation.droppedKeyframes == [1])
    #expect(animation.playableKeyframes.map(\.id) == ["k0", "k2"])
    #expect(animation.playbackKeyframeTimes == [1, 1, 2])
    #expect(animation.playbackLength == 2)
    #expect(animation.position(atLoopTime: 1.5) == .travelling(toKeyframe: 2, progress: 0.5))
    #expect(animation.position(atLoopTime: 2.5) == .holding(keyframe: 2))
    animation.keyframes[1].duration = 0
    #expect(animation.keyframesWithRepairedDuration.isEmpty)
    // Every keyframe dropped: the track stays at its initial values.
    animation.keyframes = [animation.keyframes[1]]
    #expect(animation.position(atLoopTime: 1) == .noKeyframes)
    #expect(animation.playbackLength == 0)
  }

  @Test("Initial values with one value that is not finite are the identity pose, all five")
  func nonFiniteInitialValues() {
    // `initialValues.sanitized` (Sources/Inertia/Inertia.swift:2682-2684, 2733 at e310d13).
    var animation = track([1])
    animation.initialValues = InertiaAnimationValues(scale: 2, translate: .init(width: 0.5, height: 0), opacity: .nan)
    #expect(animation.playbackInitialValues == .identity)
    #expect(animation.pose(atLoopTime: 0) == .identity)
    animation.initialValues.opacity = 0.5
    #expect(animation.playbackInitialValues.opacity == 0.5 && animation.playbackInitialValues.scale == 2)
  }

  @Test("A 2-second track holds its final pose for the rest of a 3-second loop")
  func shortTrackHolds() {
    let animation = track([1, 1])
    let loop = InertiaPlayback.loopLength(animations: [animation])
    #expect(loop == 3)
    #expect(animation.position(atLoopTime: 0) == .travelling(toKeyframe: 0, progress: 0))
    #expect(animation.position(atLoopTime: 0.5) == .travelling(toKeyframe: 0, progress: 0.5))
    #expect(animation.position(atLoopTime: 1) == .travelling(toKeyframe: 1, progress: 0))
    #expect(animation.position(atLoopTime: 1.25) == .travelling(toKeyframe: 1, progress: 0.25))
    #expect(animation.position(atLoopTime: 2) == .holding(keyframe: 1))
    #expect(animation.position(atLoopTime: 2.9) == .holding(keyframe: 1))
    // Once the loop comes round, the track plays again from the start.
    let time = InertiaPlayback.loopTime(atElapsed: 3.5, loopLength: loop)
    #expect(animation.position(atLoopTime: time) == .travelling(toKeyframe: 0, progress: 0.5))
  }

  @Test("A leading zero-duration keyframe is reached 1 ms in")
  func leadingZero() {
    let animation = track([0, 2])
    #expect(animation.position(atLoopTime: 0) == .travelling(toKeyframe: 0, progress: 0))
    guard case .travelling(1, let progress) = animation.position(atLoopTime: 1.001) else {
      Issue.record("expected to be travelling to keyframe 1")
      return
    }
    #expect(isClose(progress, 0.5))
  }

  @Test("A track without keyframes stays at its initial values")
  func noKeyframes() {
    #expect(track([]).position(atLoopTime: 1) == .noKeyframes)
    #expect(track([]).keyframeTimes.isEmpty)
    #expect(track([]).playbackLength == 0)
  }

  @Test("Loop time wraps elapsed time; negative, NaN and degenerate loops are handled")
  func loopTime() {
    #expect(InertiaPlayback.loopTime(atElapsed: 7, loopLength: 3) == 1)
    #expect(InertiaPlayback.loopTime(atElapsed: -1, loopLength: 3) == 0)
    #expect(InertiaPlayback.loopTime(atElapsed: .nan, loopLength: 3) == 0)
    #expect(InertiaPlayback.loopTime(atElapsed: 2, loopLength: 0) == 2)
    #expect(track([1]).position(atLoopTime: -5) == .travelling(toKeyframe: 0, progress: 0))
  }

  @Test(
    "The container id is the file's name",
    arguments: [
      ("animation.inertia", "animation"), ("Resources/animation.inertia", "animation"), ("animation.json", "animation"),
      ("my.card.inertia", "my.card"), ("animation", "animation"), ("notes.txt", "notes.txt"), (".inertia", ".inertia"),
    ])
  func containerID(_ fileName: String, _ id: String) {
    #expect(InertiaFileName.containerID(forFileName: fileName) == id)
  }

  @Test("A container loads the file named after its id")
  func fileName() {
    #expect(InertiaFileName.fileName(forContainerID: "animation") == "animation.inertia")
    #expect(InertiaFileName.fileExtension == "inertia")
  }
}
