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
  ///
  /// Only the file's animation objects do. The SwiftUI runtime measures the loop over `inertiaSchemas`
  /// (`InertiaPlayback.duration(loop:of:)`, Sources/Inertia/Inertia.swift:2764-2770, and `playbackDuration`,
  /// 452-454, at e310d13), which holds the top-level animations only (keyed by id, 1016-1018): a shape's own
  /// track neither sets nor stretches the loop. It is padded to the loop like any other, and the part of it
  /// past the loop is never shown, since the playhead wraps there (836) — see ``InertiaAnimation/isCut(atLoop:)``.
  public var setsLoop: Bool { self == .animation }
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

  /// The loop duration the loop was measured from: the app's, when one was given, otherwise the file's own
  /// (``InertiaPlayback/loopDuration(of:)``).
  public var loopDuration: Double
  /// How long one loop lasts, in seconds: `max(loopDuration, longest top-level track)`.
  public var length: Double
  /// The first of the longest animations' tracks when one is longer than the loop duration, and so stretches
  /// the loop; `nil` when the loop duration sets it. Never a shape's track (``InertiaTrackPlacement/setsLoop``).
  public var setBy: Track?

  /// How long one animation's tracks play, and the loop duration it was written with: what the loop is
  /// measured over, read from the typed model or straight from a document's index.
  public struct TrackLengths: Equatable, Sendable {
    /// The animation's own track, as played (``InertiaAnimation/playbackLength``).
    public var animation: Double
    /// The track of each shape the animation holds directly, in order; `nil` for a shape without one. These
    /// do not set the loop (``InertiaTrackPlacement/setsLoop``); they are cut at it.
    public var shapes: [Double?]
    /// The `loopDuration` the animation object carries, as written (``InertiaAnimation/loopDuration``);
    /// `nil` when absent.
    public var loopDuration: Double?

    /// The lengths of one animation's tracks.
    public init(animation: Double, shapes: [Double?] = [], loopDuration: Double? = nil) {
      self.animation = animation
      self.shapes = shapes
      self.loopDuration = loopDuration
    }

    /// The lengths of `animation`'s tracks.
    public init(_ animation: InertiaAnimation) {
      self.init(
        animation: animation.playbackLength, shapes: animation.shapes.map { $0.animation?.playbackLength },
        loopDuration: animation.loopDuration)
    }
  }

  /// The loop of `animations`: `max(loopDuration, longest top-level track)`, each track measured as it plays
  /// (``InertiaAnimation/playbackLength``: keyframes with values that are not all finite dropped, durations
  /// repaired).
  /// - Parameters:
  ///   - loopDuration: The loop duration an app assigns (`inertia.loopDuration`, taken as given, as the runtime
  ///     takes it); `nil`, the default, for the one the container seeds from the file
  ///     (``InertiaPlayback/loopDuration(of:)``).
  ///   - animations: The file's animations.
  public init(loopDuration: Double? = nil, animations: [InertiaAnimation]) {
    self.init(loopDuration: loopDuration, tracks: animations.map(TrackLengths.init))
  }

  /// The loop of a file whose animations' tracks play for `tracks`: the one loop rule, which every other way of
  /// finding the loop goes through.
  /// - Parameters:
  ///   - loopDuration: The loop duration an app assigns, or `nil` for the file's own
  ///     (``InertiaPlayback/loopDuration(written:)`` of the tracks' written loop durations).
  ///   - tracks: Each animation's track lengths, in file order.
  public init(loopDuration: Double? = nil, tracks: [TrackLengths]) {
    var length = loopDuration ?? InertiaPlayback.loopDuration(written: tracks.map(\.loopDuration))
    self.loopDuration = length
    var setBy: Track?
    for (index, lengths) in tracks.enumerated() where InertiaTrackPlacement.animation.setsLoop {
      if lengths.animation > length { (length, setBy) = (lengths.animation, Track(animation: index)) }
    }
    self.length = length
    self.setBy = setBy
  }
}

extension InertiaPlayback {
  /// How long a track whose played keyframes are written with `durations` plays: the sum of their
  /// ``effectiveDuration(_:)``s, 0 with none. Keyframes the runtime drops (a value that is not finite) are left
  /// out by the caller (``InertiaAnimation/playbackLength`` is this of its ``InertiaAnimation/playableKeyframes``).
  ///
  /// Inlinable, so that a caller's lazy sequence is specialized where it is made: unspecialized across the
  /// module boundary, the linter's outline of a 27 MB file spent a fifth of its time looking up generic
  /// metadata for each element.
  @inlinable
  public static func playbackLength(durations: some Sequence<Double>) -> Double {
    durations.reduce(0) { $0 + effectiveDuration($1) }
  }
}
