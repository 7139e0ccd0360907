import Testing

@testable import InertiaFormat

@Suite("A container playing a file: triggering, shapes, the loop")
struct ContainerPlaybackTests {
  static let file: [InertiaAnimation] = {
    var card = sampleTrack(durations: [0, 2])
    card.shapes = [
      InertiaShape(id: "backdrop", zIndex: 0),
      InertiaShape(id: "run", showsBeforeAnimation: false, animation: sampleTrack(durations: [1, 1])),
    ]
    var badge = sampleTrack(durations: [4])
    badge.id = "badge"
    return [card, badge]
  }()

  @Test("Every animation started: each plays from 0, and the loop is stretched by the longest top-level track")
  func everyTrackPlays() {
    let playback = InertiaContainerPlayback(animations: Self.file)
    #expect(playback.loopLength == 4)
    #expect(playback.loopLength == InertiaPlayback.loopLength(animations: Self.file))
    #expect(playback.pose(of: "card0", atLoopTime: 1.2) == Self.file[0].pose(atLoopTime: 1.2))
    #expect(playback.pose(of: "badge", atLoopTime: 2) == Self.file[1].pose(atLoopTime: 2))
    #expect(playback.pose(of: "missing", atLoopTime: 2) == nil)
    #expect(
      playback.trackPose(ofShapeAt: 1, inAnimationAt: 0, atLoopTime: 1.5).map { isClose($0, samplePose(1.5)) } == true)
    #expect(playback.trackPose(ofShapeAt: 0, inAnimationAt: 0, atLoopTime: 1.5) == nil)
    #expect(playback.isShown(shapeAt: 1, inAnimationAt: 0))
  }

  @Test("An untriggered trigger animation waits at its initial values, its shape tracks too, and hides run-only shapes")
  func waiting() {
    let playback = InertiaContainerPlayback(animations: Self.file, triggering: .only(["badge"]))
    #expect(!playback.isPlaying(0))
    #expect(playback.isPlaying(1))
    #expect(playback.pose(of: "card0", atLoopTime: 1.2) == samplePose(0))
    #expect(playback.trackPose(ofShapeAt: 1, inAnimationAt: 0, atLoopTime: 1.5) == samplePose(0))
    #expect(playback.isShown(shapeAt: 0, inAnimationAt: 0))
    #expect(!playback.isShown(shapeAt: 1, inAnimationAt: 0))
    // Waiting tracks still count toward the loop, as the runtime measures every schema it holds.
    #expect(playback.loopLength == 4)
    #expect(!InertiaContainerPlayback(animations: Self.file, triggering: .none).isPlaying(1))
  }

  @Test("A triggered run plays one loop and holds its final frame; an auto animation loops; idle is at rest")
  func runs() {
    var file = Self.file
    file[1].invokeType = .auto
    let playback = InertiaContainerPlayback(animations: file)
    #expect(playback.run(ofAnimationAt: 0) == .playsOnceThenHolds)
    #expect(playback.run(ofAnimationAt: 1) == .looping)
    // card0 (trigger): retired at the wrap, holding the frame at the loop's end (`retireTriggeredAnimations(
    // holdingAt: duration)`, Sources/Inertia/Inertia.swift:685-698, 836-842; `heldTime` read first, 559-568, at
    // e310d13).
    let end = file[0].pose(atLoopTime: 4)
    #expect(playback.pose(of: "card0", atLoopTime: 4) == end)
    #expect(playback.pose(of: "card0", atLoopTime: 5) == end)
    #expect(playback.pose(of: "card0", atLoopTime: 1000.5) == end)
    // badge (auto): never retired, comes round with the loop.
    #expect(playback.pose(of: "badge", atLoopTime: 5) == file[1].pose(atLoopTime: 1))
    // The shape track on card0 runs and holds with its view (`shapeDisplayValues`, 1391-1400).
    #expect(playback.run(ofShapeAt: 1, inAnimationAt: 0) == .playsOnceThenHolds)
    #expect(
      playback.trackPose(ofShapeAt: 1, inAnimationAt: 0, atLoopTime: 9)
        == file[0].shapes[1].animation!.pose(atLoopTime: 4))
    #expect(playback.isShown(shapeAt: 1, inAnimationAt: 0, atLoopTime: 9))
    // Before the clock starts nothing runs, auto animations included (they start as the first view registers,
    // `registerHierarchyIdPrefix` → `startAutoAnimations`, 929-939, 624-656).
    let idle = InertiaContainerPlayback(animations: file, triggering: .idle)
    #expect(idle.run(ofAnimationAt: 1) == .waiting)
    #expect(idle.pose(of: "badge", atLoopTime: 2) == file[1].playbackInitialValues)
    #expect(!idle.isShown(shapeAt: 1, inAnimationAt: 0))
    // Only badge started: card0 waits, but an auto shape track on it reads the running clock (1394-1396) and its
    // run-only shape shows while the clock runs (`isShowing`, 1418-1424).
    var autoShape = file
    autoShape[0].shapes[1].animation!.invokeType = .auto
    let some = InertiaContainerPlayback(animations: autoShape, triggering: .only([]))
    #expect(some.run(ofAnimationAt: 0) == .waiting)
    #expect(some.run(ofShapeAt: 1, inAnimationAt: 0) == .looping)
    #expect(some.isShown(shapeAt: 1, inAnimationAt: 0, atLoopTime: 2))
    // With no auto animation to keep it going, the clock stops after the triggered run's loop, and such a shape
    // track goes back to its initial values.
    var noAuto = autoShape
    noAuto[1].invokeType = .trigger
    let once = InertiaContainerPlayback(animations: noAuto, triggering: .only(["badge"]))
    #expect(once.run(ofShapeAt: 1, inAnimationAt: 0) == .playsOnce)
    #expect(once.isClockRunning(at: 1) && !once.isClockRunning(at: 4.5))
    #expect(
      once.trackPose(ofShapeAt: 1, inAnimationAt: 0, atLoopTime: 5)
        == noAuto[0].shapes[1].animation!.playbackInitialValues)
  }

  @Test("Nested shape tracks are listed as ignored and do not stretch the loop; nor does a top-level shape's")
  func ignoredTracks() {
    var card = sampleTrack(durations: [1])
    let nested = InertiaShape(id: "inner", animation: sampleTrack(durations: [9]))
    card.shapes = [InertiaShape(id: "outer", shapes: [InertiaShape(id: "middle", shapes: [nested])])]
    #expect(card.ignoredTracks.map(\.playbackLength) == [9])
    #expect(card.playedTracks.count == 1)
    #expect(InertiaContainerPlayback(animations: [card]).loopLength == 3)
    card.shapes.append(InertiaShape(id: "top", animation: sampleTrack(durations: [7])))
    #expect(InertiaContainerPlayback(animations: [card]).loopLength == 3)
  }

  @Test("Repaired durations are listed, except the leading 0 that is the normal starting pose")
  func repairedKeyframes() {
    #expect(sampleTrack(durations: [0, 1, 0, -1, .nan, 2]).keyframesWithRepairedDuration == [2, 3, 4])
    #expect(sampleTrack(durations: [-0.0, 1]).keyframesWithRepairedDuration == [])
    #expect(sampleTrack(durations: [-1, 1]).keyframesWithRepairedDuration == [0])
  }
}
