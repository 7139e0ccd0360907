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

  /// How long one file's animation plays, and each of its top-level shapes' tracks: what the loop is measured
  /// over, read from the typed model or straight from a document's index.
  public struct TrackLengths: Equatable, Sendable {
    /// The animation's own track, as played (``InertiaAnimation/playbackLength``).
    public var animation: Double
    /// The track of each shape the animation holds directly, in order; `nil` for a shape without one.
    public var shapes: [Double?]

    /// The lengths of one animation's tracks.
    public init(animation: Double, shapes: [Double?] = []) {
      self.animation = animation
      self.shapes = shapes
    }

    /// The lengths of `animation`'s tracks.
    public init(_ animation: InertiaAnimation) {
      self.init(animation: animation.playbackLength, shapes: animation.shapes.map { $0.animation?.playbackLength })
    }
  }

  /// The loop of `animations` on a runtime holding `loopDuration`: every track whose placement
  /// ``InertiaTrackPlacement/setsLoop`` counts, measured as it plays (``InertiaAnimation/playbackLength``).
  public init(loopDuration: Double = InertiaPlayback.defaultLoopDuration, animations: [InertiaAnimation]) {
    self.init(loopDuration: loopDuration, tracks: animations.map(TrackLengths.init))
  }

  /// The loop of a file whose animations' tracks play for `tracks`, on a runtime holding `loopDuration`: the
  /// one loop rule, which every other way of finding the loop goes through.
  public init(loopDuration: Double = InertiaPlayback.defaultLoopDuration, tracks: [TrackLengths]) {
    var length = loopDuration
    var setBy: Track?
    for (index, lengths) in tracks.enumerated() {
      if InertiaTrackPlacement.animation.setsLoop, lengths.animation > length {
        (length, setBy) = (lengths.animation, Track(animation: index))
      }
      guard InertiaTrackPlacement.shape.setsLoop else { continue }
      for (shapeIndex, shape) in lengths.shapes.enumerated() {
        if let shape, shape > length { (length, setBy) = (shape, Track(animation: index, shape: shapeIndex)) }
      }
    }
    self.length = length
    self.setBy = setBy
  }
}

extension InertiaPlayback {
  /// How long a track whose keyframes are written with `durations` plays: the sum of their
  /// ``effectiveDuration(_:)``s, 0 with none (``InertiaAnimation/playbackLength`` is this of its keyframes).
  public static func playbackLength(durations: some Sequence<Double>) -> Double {
    durations.reduce(0) { $0 + effectiveDuration($1) }
  }
}
