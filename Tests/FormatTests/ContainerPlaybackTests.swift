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

  @Test("Every animation triggered: each plays from 0, and the loop is stretched by the longest track")
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

  @Test("An untriggered animation waits at its initial values, its shape tracks too, and hides its run-only shapes")
  func waiting() {
    let playback = InertiaContainerPlayback(animations: Self.file, triggering: .only(["badge"]))
    #expect(!playback.isPlaying(0))
    #expect(playback.isPlaying(1))
    #expect(playback.pose(of: "card0", atLoopTime: 1.2) == samplePose(0))
    #expect(playback.trackPose(ofShapeAt: 1, inAnimationAt: 0, atLoopTime: 1.5) == samplePose(0))
    #expect(playback.isShown(shapeAt: 0, inAnimationAt: 0))
    #expect(!playback.isShown(shapeAt: 1, inAnimationAt: 0))
    // Waiting tracks still count toward the loop, as the runtime measures every track it holds.
    #expect(playback.loopLength == 4)
    #expect(!InertiaContainerPlayback(animations: Self.file, triggering: .none).isPlaying(1))
  }

  @Test("Nested shape tracks are listed as ignored and do not stretch the loop")
  func ignoredTracks() {
    var card = sampleTrack(durations: [1])
    let nested = InertiaShape(id: "inner", animation: sampleTrack(durations: [9]))
    card.shapes = [InertiaShape(id: "outer", shapes: [InertiaShape(id: "middle", shapes: [nested])])]
    #expect(card.ignoredTracks.map(\.playbackLength) == [9])
    #expect(card.playedTracks.count == 1)
    #expect(InertiaContainerPlayback(animations: [card]).loopLength == 3)
  }

  @Test("Repaired durations are listed, except the leading 0 that is the normal starting pose")
  func repairedKeyframes() {
    #expect(sampleTrack(durations: [0, 1, 0, -1, .nan, 2]).keyframesWithRepairedDuration == [2, 3, 4])
    #expect(sampleTrack(durations: [-0.0, 1]).keyframesWithRepairedDuration == [])
    #expect(sampleTrack(durations: [-1, 1]).keyframesWithRepairedDuration == [0])
  }
}
