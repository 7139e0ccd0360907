import InertiaFormat

/// The timing facts of one track, as the runtimes compute them, from the durations its outline read.
///
/// The arithmetic is the typed model's (``InertiaPlayback``): the same effective durations and constants.
/// It is applied to the index rather than to a decoded ``InertiaAnimation`` so that it also works on files
/// that do not decode, which are the ones most worth linting.
struct TrackTiming {
  /// The track's length as the runtime plays it, every duration through
  /// ``InertiaPlayback/effectiveDuration(_:)`` (``InertiaAnimation/playbackLength``).
  let playedLength: Double
  /// The track's length as the file writes it, counting only its positive, finite durations: what the
  /// author set on the timeline, before the runtime's 1 ms repairs.
  let writtenLength: Double

  init(_ track: DocumentOutline.Track) {
    var played = 0.0
    var written = 0.0
    for keyframe in track.keyframes {
      guard let duration = keyframe.seconds else { continue }
      played += InertiaPlayback.effectiveDuration(duration)
      if duration.isFinite && duration > 0 { written += duration }
    }
    playedLength = played
    writtenLength = written
  }
}
