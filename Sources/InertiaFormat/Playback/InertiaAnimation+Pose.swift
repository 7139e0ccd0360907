extension InertiaAnimation {
  /// The pose of the track `loopTime` seconds into its run, as the runtimes play it from 0.
  ///
  /// It follows the runtime's timing: the track starts from ``playbackInitialValues`` (the identity pose when
  /// any initial value is not finite); it plays its ``playableKeyframes`` (a keyframe with a value that is not
  /// finite is dropped; durations that are not positive and finite play as 1 ms), keyframe times being the sums
  /// of those durations; past the last keyframe the track holds its pose; a track with no keyframe it plays
  /// stays at its initial values. Between keyframes each of the five values eases in and out
  /// (``InertiaPlayback/eased(_:)``): exact for Compose and React, and for SwiftUI at every keyframe time, an
  /// approximation of its `CubicKeyframe` curve between them. The result carries no unknown fields.
  ///
  /// ```swift
  /// let card = animations.first { $0.id == "card0" }!
  /// card.pose(atLoopTime: 1.2).translate   // where card0 is 1.2 s into the loop
  /// ```
  public func pose(atLoopTime loopTime: Double) -> InertiaAnimationValues {
    var sampler = InertiaTrackSampler(self)
    return sampler.pose(at: loopTime)
  }

  /// The poses the track passes through in one loop of `loopLength` seconds, in time order: its
  /// ``playbackInitialValues`` at 0, each played keyframe's values at its playback time
  /// (``playableKeyframes``), and, when the track ends before the loop does, its last pose again at
  /// `loopLength` (the hold). Between two consecutive key poses the pose eases from one to the other
  /// (``pose(atLoopTime:)``), except into the last key pose of a track the loop cuts short
  /// (``isCut(atLoop:)``): that one is the pose at `loopLength`, part of the way along its segment.
  ///
  /// A track without keyframes gives its initial values at 0 and at `loopLength`.
  public func keyPoses(loopLength: Double) -> [InertiaKeyPose] {
    var sampler = InertiaTrackSampler(self)
    var poses = [InertiaKeyPose(time: 0, pose: playbackInitialValues)]
    for (keyframe, time) in zip(playableKeyframes, sampler.times) {
      guard time <= loopLength else {
        poses.append(InertiaKeyPose(time: loopLength, pose: sampler.pose(at: loopLength)))
        return poses
      }
      poses.append(InertiaKeyPose(time: time, pose: keyframe.values.valuesOnly))
    }
    if let last = poses.last, last.time < loopLength {
      poses.append(InertiaKeyPose(time: loopLength, pose: last.pose))
    }
    return poses
  }
}
