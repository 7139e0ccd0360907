// The facts about time that every runtime derives from a file (when each keyframe lands, how long a track
// and the loop last) live here once, for the linter and the previews; what is playing at a given moment is
// in InertiaTrackPosition.swift.

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
  /// animation's track and the tracks of the shapes it holds directly (``InertiaLoop``, which also says which
  /// track sets it).
  public static func loopLength(
    loopDuration: Double = defaultLoopDuration, animations: [InertiaAnimation]
  ) -> Double {
    InertiaLoop(loopDuration: loopDuration, animations: animations).length
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
