extension InertiaAnimation {
  /// The pose of the track `loopTime` seconds into the loop, as the runtime plays it from 0.
  ///
  /// Built on ``position(atLoopTime:)``, so it follows the runtime's timing: keyframe times are the sums of
  /// the repaired durations (``InertiaAnimationKeyframe/effectiveDuration``); the first keyframe is travelled
  /// to from ``initialValues``; past the last keyframe the track holds its pose until the loop comes round; a
  /// track without keyframes stays at its initial values. Between keyframes each of the five values moves
  /// linearly (see ``InertiaAnimationValues/interpolated(to:progress:)``). The result carries no unknown
  /// fields.
  ///
  /// ```swift
  /// let card = animations.first { $0.id == "card0" }!
  /// card.pose(atLoopTime: 1.2).translate   // where card0 is 1.2 s into the loop
  /// ```
  public func pose(atLoopTime loopTime: Double) -> InertiaAnimationValues {
    switch position(atLoopTime: loopTime) {
    case .noKeyframes:
      return initialValues.valuesOnly
    case .travelling(let index, let progress):
      let from = index == 0 ? initialValues : keyframes[index - 1].values
      return from.interpolated(to: keyframes[index].values, progress: progress)
    case .holding(let index):
      return keyframes[index].values.valuesOnly
    }
  }

  /// The poses the track passes through in one loop of `loopLength` seconds, in time order: its initial values
  /// at 0, each keyframe's values at its playback time (``playbackKeyframeTimes``), and, when the track ends
  /// before the loop does, its last pose again at `loopLength` (the hold). ``pose(atLoopTime:)`` is the linear
  /// interpolation between consecutive key poses.
  ///
  /// A track without keyframes gives its initial values at 0 and at `loopLength`.
  public func keyPoses(loopLength: Double) -> [InertiaKeyPose] {
    var poses = [InertiaKeyPose(time: 0, pose: initialValues.valuesOnly)]
    for (keyframe, time) in zip(keyframes, playbackKeyframeTimes) {
      poses.append(InertiaKeyPose(time: time, pose: keyframe.values.valuesOnly))
    }
    if let last = poses.last, last.time < loopLength {
      poses.append(InertiaKeyPose(time: loopLength, pose: last.pose))
    }
    return poses
  }
}
