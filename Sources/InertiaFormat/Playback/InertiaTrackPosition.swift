// What a track is doing at a given moment of the loop, and the keyframe times it is worked out from.

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
  public var playbackLength: Double { InertiaPlayback.playbackLength(durations: keyframes.lazy.map(\.duration)) }

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
