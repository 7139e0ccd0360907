// What a track is doing at a given moment of the loop, and the keyframe times it is worked out from.

/// What a track is doing at one moment of the loop.
public enum InertiaTrackPosition: Equatable, Sendable {
  /// The track has no keyframes it plays: the view stays at its initial values.
  case noKeyframes
  /// Travelling to keyframe `keyframe` (an index into `keyframes`) from the one played before it (from the
  /// initial values, for the first), `progress` of the segment's time gone by, from 0 up to but not including 1.
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

  /// The keyframes the runtime plays, in order: those whose five values are all finite, each with its duration
  /// repaired (``InertiaAnimationKeyframe/effectiveDuration``: one that is zero, negative or not finite plays
  /// as 1 ms).
  ///
  /// The SwiftUI runtime's `playableKeyframes` (Sources/Inertia/Inertia.swift:2692-2701 at e310d13):
  /// `guard keyframe.values.isFinite else { return nil }` drops a keyframe with a NaN or infinite value, and,
  /// since durations are relative, every later keyframe lands earlier by its duration; Compose (`Library.kt:2005`)
  /// and React's inertia-base do the same.
  public var playableKeyframes: [InertiaAnimationKeyframe] {
    keyframes.compactMap { keyframe in
      guard keyframe.values.isFinite else { return nil }
      var played = keyframe
      played.duration = keyframe.effectiveDuration
      return played
    }
  }

  /// The keyframes the runtime does not play because one of their values is NaN or infinite, as indices into
  /// ``keyframes`` (see ``playableKeyframes``).
  public var droppedKeyframes: [Int] {
    keyframes.indices.filter { !keyframes[$0].values.isFinite }
  }

  /// The pose the track starts from as the runtime plays it: ``initialValues``, or the identity pose when any of
  /// the five is NaN or infinite — all five are replaced, not the one (`initialValues.sanitized`,
  /// Inertia.swift:2682-2684 and 2733 at e310d13; Compose `Library.kt:1996-1997`). No unknown fields.
  public var playbackInitialValues: InertiaAnimationValues {
    initialValues.isFinite ? initialValues.valuesOnly : .identity
  }

  /// Each keyframe's absolute time as the runtime plays it, one for each of ``keyframes``: the running sum of
  /// the ``playableKeyframes``' repaired durations. Durations 0, 1, 2 play at 0.001 s, 1.001 s and 3.001 s.
  ///
  /// A keyframe the runtime drops (``droppedKeyframes``) takes no time: it is given the time of the keyframe
  /// played before it (0 when none is), and the keyframes after it land earlier by its written duration.
  public var playbackKeyframeTimes: [Double] {
    var time = 0.0
    return keyframes.map { keyframe in
      if keyframe.values.isFinite { time += keyframe.effectiveDuration }
      return time
    }
  }

  /// How long the track runs as the runtime plays it: the sum of the ``playableKeyframes``' durations, 0 with
  /// none. This is the length that stretches the loop, for an animation object (``InertiaLoop``).
  public var playbackLength: Double {
    InertiaPlayback.playbackLength(durations: keyframes.lazy.filter(\.values.isFinite).map(\.duration))
  }

  /// Whether the loop cuts this track short: it runs past `loop` seconds, which only a shape's track can (an
  /// animation's own stretches the loop instead). The runtime pads a track to the loop only when it is shorter
  /// (`guard remainder > 0.001`, Inertia.swift:2715 at e310d13) and its playhead wraps at the loop (836), so
  /// the part past it is never shown.
  public func isCut(atLoop loop: Double) -> Bool { playbackLength > loop }

  /// The keyframes whose written duration the runtime does not play as written (zero, negative or not finite,
  /// played as 1 ms), as indices into ``keyframes``. A leading keyframe of exactly 0 is left out: it is the
  /// normal starting pose, reached 1 ms in, which no one can see. Dropped keyframes (``droppedKeyframes``) are
  /// not listed: they are not played at all.
  public var keyframesWithRepairedDuration: [Int] {
    keyframes.indices.filter { index in
      let keyframe = keyframes[index]
      let duration = keyframe.duration
      return keyframe.values.isFinite && !(duration.isFinite && duration > 0) && !(index == 0 && duration == 0)
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
  /// (``playbackKeyframeTimes``; keyframes the runtime drops are skipped). Past its last keyframe a track holds
  /// the final pose until the loop comes round; pass ``InertiaPlayback/loopTime(atElapsed:loopLength:)`` to turn
  /// elapsed time into loop time.
  ///
  /// At a keyframe's exact time the track has reached it and is setting out for the next one (progress 0).
  /// `progress` is the fraction of the segment's time gone by; the pose's fraction of the way is
  /// ``InertiaPlayback/eased(_:)`` of it.
  public func position(atLoopTime loopTime: Double) -> InertiaTrackPosition {
    let time = loopTime > 0 ? loopTime : 0
    var start = 0.0
    var last: Int?
    for (index, keyframe) in keyframes.enumerated() where keyframe.values.isFinite {
      let end = start + keyframe.effectiveDuration
      if time < end {
        return .travelling(toKeyframe: index, progress: (time - start) / (end - start))
      }
      start = end
      last = index
    }
    return last.map { .holding(keyframe: $0) } ?? .noKeyframes
  }

  private func runningSums(_ durations: [Double]) -> [Double] {
    var time = 0.0
    return durations.map { duration in
      time += duration
      return time
    }
  }
}
