import InertiaFormat

/// The timing facts of one track, as the runtimes compute them, from the durations its outline read.
///
/// The arithmetic is the typed model's (``InertiaPlayback``): the same effective durations and constants.
/// It is applied to the index rather than to a decoded ``InertiaAnimation`` so that it also works on files
/// that do not decode, which are the ones most worth linting.
struct TrackTiming {
  /// The track's length as the runtime plays it: the durations of the keyframes it plays (not those whose
  /// values are not finite, which it drops), each through ``InertiaPlayback/effectiveDuration(_:)``
  /// (``InertiaAnimation/playbackLength``).
  let playedLength: Double

  /// The smallest difference in length that can be seen: one frame at 60 Hz. Rules that compare a
  /// track's length with a limit let it pass by less than this, so that the runtime's 1 ms repairs (and
  /// `--fix` writing them out) never make or unmake a finding: the spec's own `card0`, durations 0 and 3,
  /// plays 3.001 s on a 3 s loop and is no longer than it to anyone watching.
  static let frame = 1.0 / 60

  /// Whether the track, as played, is longer than `limit` by at least a frame.
  func isLonger(than limit: Double) -> Bool { playedLength - limit >= Self.frame }

  /// The timing of a track with these keyframes: the ones a runtime plays (``DocumentOutline/Keyframe/isPlayed``),
  /// as ``InertiaPlayback/playbackLength(durations:)`` adds them up.
  init(_ keyframes: ArraySlice<DocumentOutline.Keyframe>) {
    playedLength = InertiaPlayback.playbackLength(
      durations: keyframes.lazy.compactMap { $0.isPlayed ? $0.seconds : nil })
  }
}
