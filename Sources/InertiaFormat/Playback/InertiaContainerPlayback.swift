/// A file as a container plays it: its animations, when each starts (``InertiaTriggering``), and the loop, so
/// that anyone can ask where a view or a shape is at a moment of the run without drawing anything.
///
/// Time is counted from the moment the container's clock starts (0, when the first view registers). The loop is
/// ``InertiaLoop``: `max(loopDuration, longest top-level track)`, with the file's own `loopDuration` unless an
/// app sets one. What each track does over time is its ``InertiaTrackRun``: an `auto` animation loops; a
/// triggered `trigger` one plays one loop and holds its final frame; a waiting one stays at its initial values.
///
/// ```swift
/// let playback = InertiaContainerPlayback(animations: animations)
/// playback.pose(of: "card0", atLoopTime: 1.2)?.translate   // where card0 is 1.2 s in
/// ```
public struct InertiaContainerPlayback: Sendable {
  /// The file's animations, in file order.
  public var animations: [InertiaAnimation]
  /// The loop duration an app assigns (`inertia.loopDuration`, taken as given); `nil` for the one the
  /// container seeds from the file (``InertiaPlayback/loopDuration(of:)``).
  public var loopDuration: Double?
  /// When the animations start.
  public var triggering: InertiaTriggering

  /// A container playing `animations`; by default with the file's own loop duration, every animation started
  /// at 0.
  public init(
    animations: [InertiaAnimation], loopDuration: Double? = nil, triggering: InertiaTriggering = .all
  ) {
    self.animations = animations
    self.loopDuration = loopDuration
    self.triggering = triggering
  }

  /// The loop, and the track that sets it.
  public var loop: InertiaLoop { InertiaLoop(loopDuration: loopDuration, animations: animations) }

  /// How long one loop lasts: `max(loopDuration, longest top-level track)`, as played.
  public var loopLength: Double { loop.length }

  /// Whether the animation at `index` starts at 0 (and so is drawn from its track), or waits.
  public func isPlaying(_ index: Int) -> Bool {
    triggering.starts(animations[index])
  }

  /// What the view track of the animation at `index` does over time.
  ///
  /// An `auto` animation is never retired: it loops. A triggered `trigger` animation is retired when the
  /// playhead wraps, holding the frame at the loop's end (`retireTriggeredAnimations(holdingAt: duration)`,
  /// Sources/Inertia/Inertia.swift:685-698 and 836-842 at e310d13; `trackTime` reads `heldTime` first, 559-568):
  /// it plays one loop and holds its final, padded frame until it is triggered again.
  public func run(ofAnimationAt index: Int) -> InertiaTrackRun {
    guard isPlaying(index) else { return .waiting }
    return animations[index].invokeType == .auto ? .looping : .playsOnceThenHolds
  }

  /// What the own track of the shape `shapeIndex` of the animation at `index` does over time;
  /// ``InertiaTrackRun/waiting`` for a shape without a track.
  ///
  /// The SwiftUI runtime reads a shape's track at its view's track time when the view's run is on screen,
  /// playing or held (`shapeDisplayValues`, Inertia.swift:1391-1400 at e310d13), so it runs and holds with its
  /// view; otherwise an `auto` shape track reads the playhead while the clock runs, and a `trigger` one waits.
  public func run(ofShapeAt shapeIndex: Int, inAnimationAt index: Int) -> InertiaTrackRun {
    guard let track = animations[index].shapes[shapeIndex].animation else { return .waiting }
    let viewRun = run(ofAnimationAt: index)
    guard viewRun == .waiting, track.invokeType == .auto, clockRuns else { return viewRun }
    return clockLoops ? .looping : .playsOnce
  }

  /// Whether the clock starts at all: something is started at 0.
  private var clockRuns: Bool { animations.indices.contains(where: isPlaying) }

  /// Whether the clock goes on after the first loop: an `auto` animation is playing (the runtime stops the clock
  /// when the last triggered run retires and nothing else runs, Inertia.swift:693-698).
  private var clockLoops: Bool {
    animations.indices.contains { isPlaying($0) && animations[$0].invokeType == .auto }
  }

  /// Whether the clock is running `time` seconds after it started.
  public func isClockRunning(at time: Double) -> Bool {
    clockLoops || (clockRuns && time < loopLength)
  }

  /// The time a track with `run` is read at, `time` seconds after the clock started; `nil` when it is not drawn
  /// from its track (it sits at its initial values).
  ///
  /// A looping track reads `time` modulo the loop (the loop's end itself shows the final frame); one that plays
  /// once reads `time` up to the loop's end, and a held one stays there.
  public func trackTime(_ run: InertiaTrackRun, at time: Double) -> Double? {
    let loop = loopLength
    let time = time > 0 ? time : 0
    switch run {
    case .waiting: return nil
    case .looping: return time > loop ? InertiaPlayback.loopTime(atElapsed: time, loopLength: loop) : time
    case .playsOnceThenHolds: return min(time, loop)
    case .playsOnce: return time < loop ? time : nil
    }
  }

  /// The pose of the view of the animation at `index`, `time` seconds after the clock started: its track's pose
  /// (``InertiaAnimation/pose(atLoopTime:)``) when its run is on screen, its initial values (the identity pose
  /// when one is not finite) otherwise.
  public func pose(ofAnimationAt index: Int, atLoopTime time: Double) -> InertiaAnimationValues {
    let animation = animations[index]
    guard let trackTime = trackTime(run(ofAnimationAt: index), at: time) else {
      return animation.playbackInitialValues
    }
    return animation.pose(atLoopTime: trackTime)
  }

  /// The pose of the first animation with `id`, `time` seconds after the clock started; `nil` when none has it.
  public func pose(of id: String, atLoopTime time: Double) -> InertiaAnimationValues? {
    animations.firstIndex { $0.id == id }.map { pose(ofAnimationAt: $0, atLoopTime: time) }
  }

  /// The pose of the own track of the shape `shapeIndex` of the animation at `index`, `time` seconds after the
  /// clock started (see ``run(ofShapeAt:inAnimationAt:)``); `nil` for a shape without a track.
  ///
  /// The track is read within the loop: a shape track longer than the loop is cut at it
  /// (``InertiaAnimation/isCut(atLoop:)``).
  public func trackPose(
    ofShapeAt shapeIndex: Int, inAnimationAt index: Int, atLoopTime time: Double
  ) -> InertiaAnimationValues? {
    guard let track = animations[index].shapes[shapeIndex].animation else { return nil }
    guard let trackTime = trackTime(run(ofShapeAt: shapeIndex, inAnimationAt: index), at: time) else {
      return track.playbackInitialValues
    }
    return track.pose(atLoopTime: trackTime)
  }

  /// Whether the shape `shapeIndex` of the animation at `index` is drawn `time` seconds after the clock started.
  ///
  /// A backdrop (`showsBeforeAnimation`, the default) always is; any other while its view's run is on screen
  /// (playing or held), or, for a shape whose own track is `auto`, while the clock runs (`isShowing`,
  /// Inertia.swift:1418-1424 at e310d13). Nested shapes appear and disappear with the top-level shape they are
  /// drawn inside.
  public func isShown(shapeAt shapeIndex: Int, inAnimationAt index: Int, atLoopTime time: Double = 0) -> Bool {
    let shape = animations[index].shapes[shapeIndex]
    if shape.showsBeforeAnimation { return true }
    if trackTime(run(ofAnimationAt: index), at: time) != nil { return true }
    return shape.animation?.invokeType == .auto && isClockRunning(at: time)
  }
}

/// What a track does over time once the container's clock starts.
public enum InertiaTrackRun: Hashable, Sendable {
  /// Not drawn from its track: it sits at its initial values.
  case waiting
  /// Plays from 0 and comes round with every loop.
  case looping
  /// Plays one loop from 0, then holds its final frame (a triggered `trigger` animation, and the shape tracks
  /// on its view).
  case playsOnceThenHolds
  /// Plays one loop from 0, then is back at its initial values: an `auto` shape track on a view that waits,
  /// while a triggered run keeps the clock going and no `auto` animation does.
  case playsOnce
}
