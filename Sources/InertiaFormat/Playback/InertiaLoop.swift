// Which tracks a file's loop is measured over, and which of them sets it: the one loop rule that the timeline,
// the previews and the motion diff read (InertiaPlayback.loopLength(loopDuration:animations:) goes through it).

/// Where a track is written, which decides whether a runtime plays it and whether its length can stretch the
/// loop.
public enum InertiaTrackPlacement: Hashable, Sendable {
  /// One of the file's animation objects: a view's track.
  case animation
  /// The track of a shape an animation holds directly.
  case shape
  /// The track of a shape drawn inside another shape, which no runtime plays.
  case nestedShape

  /// Whether a runtime plays a track written here.
  public var isPlayed: Bool { self != .nestedShape }

  /// Whether the played length of a track written here counts in the loop, `max(loopDuration, longest track)`.
  public var setsLoop: Bool { self != .nestedShape }
}

/// The loop a container plays for a whole file, and the track that sets it.
public struct InertiaLoop: Equatable, Sendable {
  /// Names one track of a file: an animation's own, or the track of one of the shapes it holds directly.
  public struct Track: Hashable, Sendable {
    /// The animation's index in the file.
    public var animation: Int
    /// The index of the shape among the animation's `shapes` whose track this is; `nil` for the animation's own.
    public var shape: Int?

    /// The track of animation `animation` (its own, or that of its shape `shape`).
    public init(animation: Int, shape: Int? = nil) {
      self.animation = animation
      self.shape = shape
    }
  }

  /// How long one loop lasts, in seconds: `max(loopDuration, longest track)`.
  public var length: Double
  /// The first of the longest tracks when one is longer than the loop duration, and so stretches the loop;
  /// `nil` when the loop duration sets it.
  public var setBy: Track?

  /// The loop of `animations` on a runtime holding `loopDuration`: every track whose placement
  /// ``InertiaTrackPlacement/setsLoop`` counts, measured as it plays (``InertiaAnimation/playbackLength``).
  public init(loopDuration: Double = InertiaPlayback.defaultLoopDuration, animations: [InertiaAnimation]) {
    var length = loopDuration
    var setBy: Track?
    for (index, animation) in animations.enumerated() {
      if InertiaTrackPlacement.animation.setsLoop, animation.playbackLength > length {
        (length, setBy) = (animation.playbackLength, Track(animation: index))
      }
      guard InertiaTrackPlacement.shape.setsLoop else { continue }
      for (shapeIndex, shape) in animation.shapes.enumerated() {
        if let track = shape.animation, track.playbackLength > length {
          (length, setBy) = (track.playbackLength, Track(animation: index, shape: shapeIndex))
        }
      }
    }
    self.length = length
    self.setBy = setBy
  }
}
