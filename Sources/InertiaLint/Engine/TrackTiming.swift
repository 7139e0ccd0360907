import InertiaFormat

// TODO(typed model): switch to the shared timing helpers of the typed model (absolute keyframe times,
// effective duration, loop length, editor range) once `typed` lands on main, and delete this file.

/// The timing facts of one track, as the runtimes compute them.
struct TrackTiming {
  /// The shortest duration the runtime plays: it rewrites any duration that is zero, negative or not
  /// finite to this before playing the track.
  static let minimumDuration = 0.001
  /// The loop length the runtimes start with, before the editor or the app sets one.
  static let defaultLoopDuration = 3.0
  /// The loop lengths the editor's timeline can hold.
  static let editorLoopRange = 0.1...60.0

  /// The track's length as the runtime plays it, repairs included.
  let playedLength: Double
  /// The track's length as the file writes it: the sum of its positive, finite durations.
  let writtenLength: Double

  /// The duration the runtime plays for a keyframe.
  static func effectiveDuration(_ duration: Double) -> Double {
    duration.isFinite && duration > 0 ? duration : minimumDuration
  }

  init(_ track: DocumentOutline.Track, in document: LocatedDocument) {
    var played = 0.0
    var written = 0.0
    for keyframe in track.keyframes {
      guard let duration = document.field("duration", of: keyframe).flatMap(document.double(of:)) else { continue }
      played += Self.effectiveDuration(duration)
      if duration.isFinite && duration > 0 { written += duration }
    }
    playedLength = played
    writtenLength = written
  }
}
