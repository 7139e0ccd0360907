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

  /// `seconds` held to ``loopDurationRange``, as the runtime's `clampLoopDuration` holds a length it reads or is
  /// sent: a length that is not finite (NaN, or either infinity) gives ``defaultLoopDuration``
  /// (`guard seconds.isFinite else { return defaultLoopDuration }`, Sources/Inertia/Inertia.swift:47-51 of the
  /// SwiftUI runtime at e310d13).
  public static func clampLoopDuration(_ seconds: Double) -> Double {
    guard seconds.isFinite else { return defaultLoopDuration }
    return min(max(seconds, loopDurationRange.lowerBound), loopDurationRange.upperBound)
  }

  /// The loop duration a container seeds itself with from a file, before any app sets its own: each
  /// animation's `loopDuration` as the runtime decodes it (absent → ``defaultLoopDuration``, then
  /// ``clampLoopDuration(_:)``), the largest of them, clamped again; ``defaultLoopDuration`` for a file with no
  /// animations.
  ///
  /// The SwiftUI runtime decodes `decodeIfPresent(…) ?? defaultLoopDuration` then `clampLoopDuration`
  /// (Inertia.swift:2878-2880 at e310d13) and its data model takes `clampLoopDuration(max of the schemas')`
  /// (`authoredLoopDuration`, Inertia.swift:401-403, 950-954); Compose does the same. (React's inertia-base, as
  /// far as it could be read, skips animations without the key instead; files the editor writes carry it on
  /// every animation, so they agree.)
  public static func loopDuration(of animations: [InertiaAnimation]) -> Double {
    loopDuration(written: animations.map(\.loopDuration))
  }

  /// The loop duration a container seeds from animations written with these `loopDuration`s (`nil` where
  /// absent), as ``loopDuration(of:)`` describes.
  public static func loopDuration(written: [Double?]) -> Double {
    guard !written.isEmpty else { return defaultLoopDuration }
    let longest = written.map { clampLoopDuration($0 ?? defaultLoopDuration) }.max()!
    return clampLoopDuration(longest)
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

  /// The length of the loop for a whole file: `max(loopDuration, longest top-level track)`, with
  /// `loopDuration` the file's own (``loopDuration(of:)``) unless `loopDuration` is given (an app's
  /// `inertia.loopDuration`, taken as given). Shape tracks do not count (see ``InertiaLoop``).
  public static func loopLength(loopDuration: Double? = nil, animations: [InertiaAnimation]) -> Double {
    InertiaLoop(loopDuration: loopDuration, animations: animations).length
  }

  /// How far along a segment between two keyframes the pose is, `progress` (0...1) of the way through its
  /// time: the ease in and out that the Compose and React runtimes apply to every segment, `4t³` for the first
  /// half and `1 − (−2t + 2)³ / 2` for the second (inertia-compose `Library.kt:2034-2058` at ffa3007, commented
  /// "Approximates the runtime's cubic keyframes"; inertia-base's `easeInOut`). It starts and ends every segment
  /// at rest, is exact at 0, ½ and 1, and never overshoots.
  ///
  /// The SwiftUI runtime plays the same keyframes as `CubicKeyframe`s, which SwiftUI joins into a Catmull-Rom
  /// spline with velocities it does not document. That curve passes through every keyframe at its time, as this
  /// one does, but between keyframes it can differ by roughly 10–20 % of a segment's travel, and it overshoots
  /// a held value by up to about 12 % where this one stops (measured on sample tracks; see
  /// docs/previews.md). So a pose sampled here is exact at keyframe times on every runtime and, between them,
  /// exact for Compose and React and an approximation of SwiftUI.
  public static func eased(_ progress: Double) -> Double {
    guard progress > 0 else { return 0 }
    guard progress < 1 else { return 1 }
    if progress < 0.5 { return 4 * progress * progress * progress }
    let rest = -2 * progress + 2
    return 1 - rest * rest * rest / 2
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
