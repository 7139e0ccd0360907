/// One pose a track passes through and when: the start of the loop, each keyframe, and the end of the loop.
/// Between two of them the pose is interpolated linearly.
public struct InertiaKeyPose: Equatable, Sendable {
  /// Seconds into the loop.
  public var time: Double
  /// The pose at that time.
  public var pose: InertiaAnimationValues

  /// A pose at `time` seconds into the loop.
  public init(time: Double, pose: InertiaAnimationValues) {
    self.time = time
    self.pose = pose
  }
}
