// The facts about time that every runtime derives from a file: when each keyframe lands, how long a track
// and the loop last, and what is playing at a given moment. The linter and any preview use these, so they
// live here, once.

/// Playback constants and loop arithmetic, mirroring the SwiftUI runtime's `InertiaPlayback` (with
/// `Double` for `CGFloat`).
///
/// The loop a runtime plays is `max(loopDuration, longest track)`: ``loopLength(loopDuration:trackLengths:)``.
/// A shorter track holds its final pose until the loop comes round; a longer one stretches the loop for
/// every track, so they all restart together.
public enum InertiaPlayback {
  /// The loop duration a runtime starts with, until the editor sends a timeline length or (on SwiftUI) the
  /// app sets one: 3 seconds.
  public static let defaultLoopDuration: Double = 3.0

  /// The loop durations the editor allows, which ``clampLoopDuration(_:)`` holds a length to.
  public static let loopDurationRange: ClosedRange<Double> = 0.1...60.0

  /// The duration the runtime plays a keyframe whose duration is zero, negative or not finite: 1 ms.
  public static let minimumKeyframeDuration: Double = 0.001

  /// `seconds` held to ``loopDurationRange``, as the runtime treats lengths arriving from the editor.
  ///
  /// NaN, which the runtime's own clamp leaves undefined, gives ``defaultLoopDuration``.
  public static func clampLoopDuration(_ seconds: Double) -> Double {
    if seconds.isNaN { return defaultLoopDuration }
    return min(max(seconds, loopDurationRange.lowerBound), loopDurationRange.upperBound)
  }

  /// The duration the runtime plays for a keyframe written with `duration`: the same when it is positive
  /// and finite, otherwise ``minimumKeyframeDuration``. Interpolation divides by it, so it is never 0.
  public static func effectiveDuration(_ duration: Double) -> Double {
    duration.isFinite && duration > 0 ? duration : minimumKeyframeDuration
  }

  /// The length of the loop: `max(loopDuration, longest track)`.
  ///
  /// `loopDuration` is taken as given: the runtime does not clamp what an app assigns (pass a length
  /// through ``clampLoopDuration(_:)`` yourself if it is not trusted).
  /// - Parameters:
  ///   - loopDuration: The loop duration the runtime holds; ``defaultLoopDuration`` unless set.
  ///   - trackLengths: How long each track plays (``InertiaAnimation/playbackLength``).
  public static func loopLength(
    loopDuration: Double = defaultLoopDuration, trackLengths: some Sequence<Double>
  ) -> Double {
    trackLengths.reduce(loopDuration) { max($0, $1) }
  }

  /// The length of the loop for a whole file: `max(loopDuration, longest track)`, counting each
  /// animation's track and the tracks of the shapes it holds directly (``InertiaAnimation/playedTracks``).
  public static func loopLength(
    loopDuration: Double = defaultLoopDuration, animations: [InertiaAnimation]
  ) -> Double {
    loopLength(loopDuration: loopDuration, trackLengths: animations.lazy.flatMap(\.playedTracks).map(\.playbackLength))
  }

  /// Where in the loop the playhead is after `elapsed` seconds of playback: `elapsed` modulo `loopLength`.
  /// Negative or NaN times are 0.
  public static func loopTime(atElapsed elapsed: Double, loopLength: Double) -> Double {
    guard elapsed > 0 else { return 0 }
    guard loopLength > 0 && loopLength.isFinite else { return elapsed }
    return elapsed.truncatingRemainder(dividingBy: loopLength)
  }
}

extension InertiaAnimationKeyframe {
  /// The duration the runtime plays: ``duration`` when positive and finite, otherwise 1 ms
  /// (``InertiaPlayback/minimumKeyframeDuration``).
  public var effectiveDuration: Double { InertiaPlayback.effectiveDuration(duration) }
}

/// What a track is doing at one moment of the loop.
public enum InertiaTrackPosition: Equatable, Sendable {
  /// The track has no keyframes: the view stays at its initial values.
  case noKeyframes
  /// Travelling to keyframe `keyframe` from the one before it (from the initial values, for the first), and
  /// `progress` of the way there, from 0 up to but not including 1.
  case travelling(toKeyframe: Int, progress: Double)
  /// Past the last keyframe, holding its pose until the loop comes round.
  case holding(keyframe: Int)
}

extension InertiaAnimation {
  /// Each keyframe's absolute time as the file writes it: the running sum of the durations, since each is
  /// the travel time from the keyframe before. Durations 0, 1, 2 land at 0 s, 1 s and 3 s.
  ///
  /// The runtime repairs durations that are not positive and finite before it plays; what it plays is
  /// ``playbackKeyframeTimes``.
  public var keyframeTimes: [Double] {
    runningSums(keyframes.map(\.duration))
  }

  /// How long the track runs as the file writes it: the last keyframe's time, 0 with no keyframes.
  public var length: Double { keyframes.reduce(0) { $0 + $1.duration } }

  /// Each keyframe's absolute time as the runtime plays it, from ``InertiaAnimationKeyframe/effectiveDuration``:
  /// every duration that is not positive and finite becomes 1 ms, and every keyframe after it lands 1 ms
  /// later. Durations 0, 1, 2 play at 0.001 s, 1.001 s and 3.001 s.
  public var playbackKeyframeTimes: [Double] {
    runningSums(keyframes.map(\.effectiveDuration))
  }

  /// How long the track runs as the runtime plays it: the last keyframe's playback time, 0 with no
  /// keyframes. This is the length that stretches the loop.
  public var playbackLength: Double { keyframes.reduce(0) { $0 + $1.effectiveDuration } }

  /// The keyframes whose written duration the runtime does not play as written (zero, negative or not finite,
  /// played as 1 ms), as indices into ``keyframes``. A leading keyframe of exactly 0 is left out: it is the
  /// normal starting pose, reached 1 ms in, which no one can see.
  public var keyframesWithRepairedDuration: [Int] {
    keyframes.indices.filter { index in
      let duration = keyframes[index].duration
      return !(duration.isFinite && duration > 0) && !(index == 0 && duration == 0)
    }
  }

  /// The tracks that play for this animation: its own and those of the shapes it holds directly. Nested
  /// shapes ignore a track of their own.
  public var playedTracks: [InertiaAnimation] {
    [self] + shapes.compactMap(\.animation)
  }

  /// The tracks written on nested shapes, at any depth, in file order. No runtime plays them: a nested shape
  /// is drawn into its parent and moves only by its `transforms`.
  public var ignoredTracks: [InertiaAnimation] {
    func nested(in shapes: [InertiaShape]) -> [InertiaAnimation] {
      shapes.flatMap { shape in (shape.animation.map { [$0] } ?? []) + nested(in: shape.shapes) }
    }
    return shapes.flatMap { nested(in: $0.shapes) }
  }

  /// What the track is doing `loopTime` seconds into the loop, with playback times
  /// (``playbackKeyframeTimes``). Past its last keyframe a track holds the final pose until the loop comes
  /// round; pass ``InertiaPlayback/loopTime(atElapsed:loopLength:)`` to turn elapsed time into loop time.
  ///
  /// At a keyframe's exact time the track has reached it and is setting out for the next one (progress 0).
  public func position(atLoopTime loopTime: Double) -> InertiaTrackPosition {
    guard !keyframes.isEmpty else { return .noKeyframes }
    let time = loopTime > 0 ? loopTime : 0
    var start = 0.0
    for (index, keyframe) in keyframes.enumerated() {
      let end = start + keyframe.effectiveDuration
      if time < end {
        return .travelling(toKeyframe: index, progress: (time - start) / (end - start))
      }
      start = end
    }
    return .holding(keyframe: keyframes.count - 1)
  }

  private func runningSums(_ durations: [Double]) -> [Double] {
    var time = 0.0
    return durations.map { duration in
      time += duration
      return time
    }
  }
}
