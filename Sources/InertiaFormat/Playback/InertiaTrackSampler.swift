/// Reads one track's pose at moments of the loop as the runtimes play it: from its
/// ``InertiaAnimation/playbackInitialValues`` through its ``InertiaAnimation/playableKeyframes``, each segment
/// eased (``InertiaPlayback/eased(_:)``), holding the last pose after them.
///
/// The one implementation of sampling: ``InertiaAnimation/pose(atLoopTime:)`` asks one question of a fresh
/// sampler; ``InertiaAnimation/playsSamePoses(as:until:)`` walks two of them forward, which a sampler does in
/// time linear in the keyframes (it remembers the segment it was last in).
struct InertiaTrackSampler {
  private let initial: InertiaAnimationValues
  private let poses: [InertiaAnimationValues]
  /// When each played keyframe is reached: the running sums of the repaired durations.
  let times: [Double]
  private var segment = 0

  init(_ track: InertiaAnimation) {
    initial = track.playbackInitialValues
    var poses: [InertiaAnimationValues] = []
    var times: [Double] = []
    var time = 0.0
    for keyframe in track.keyframes where keyframe.values.isFinite {
      time += keyframe.effectiveDuration
      poses.append(keyframe.values.valuesOnly)
      times.append(time)
    }
    self.poses = poses
    self.times = times
  }

  /// The pose `time` seconds into the track (times before 0 are 0). The runtime's sample goes through
  /// `.sanitized` (Sources/Inertia/Inertia.swift:2752-2754 at e310d13): a pose that comes out NaN or infinite,
  /// which only values near the limits of a double can make, is the identity pose.
  mutating func pose(at time: Double) -> InertiaAnimationValues {
    let time = time > 0 ? time : 0
    guard let last = times.last, time < last else { return poses.last ?? initial }
    if segment >= times.count || (segment > 0 && time < times[segment - 1]) { segment = 0 }
    while time >= times[segment] { segment += 1 }
    let start = segment == 0 ? 0 : times[segment - 1]
    let from = segment == 0 ? initial : poses[segment - 1]
    let progress = InertiaPlayback.eased((time - start) / (times[segment] - start))
    let pose = from.interpolated(to: poses[segment], progress: progress)
    return pose.isFinite ? pose : .identity
  }
}
