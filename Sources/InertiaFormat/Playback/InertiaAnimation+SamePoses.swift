// Whether two tracks play the same poses: the question a diff of two versions of a file asks of every track.

extension InertiaAnimation {
  /// Whether this track passes through the same pose as `other` at every moment from 0 to `end` seconds into
  /// the loop, as the runtime plays both (``pose(atLoopTime:)``).
  ///
  /// Both tracks move linearly between their key poses (``keyPoses(loopLength:)``), so they agree everywhere
  /// when they agree at every key pose time of either and midway between each two such times in a row (where
  /// a repaired duration too short to count in a sum makes a jump, the midpoint tells the two sides of it
  /// apart). Values are compared exactly, a NaN being the same as a NaN: `1` and `1.0`, a float32 and the
  /// float64 of the same value, play the same.
  ///
  /// The work is linear in the two tracks' keyframes: one walk over both key pose lists.
  public func playsSamePoses(as other: InertiaAnimation, until end: Double) -> Bool {
    let mine = keyPoses(loopLength: end)
    let theirs = other.keyPoses(loopLength: end)
    if mine.count == theirs.count
      && zip(mine, theirs).allSatisfy({ $0.time == $1.time && $0.pose.playsSame(as: $1.pose) })
    {
      return true
    }
    var times: [Double] = []
    times.reserveCapacity(mine.count + theirs.count + 1)
    var (i, j) = (0, 0)
    while i < mine.count || j < theirs.count {
      let next: Double
      if j >= theirs.count || (i < mine.count && mine[i].time <= theirs[j].time) {
        next = mine[i].time
        i += 1
      } else {
        next = theirs[j].time
        j += 1
      }
      guard next <= end else { continue }
      if times.last != next { times.append(next) }
    }
    if times.last.map({ $0 < end }) ?? true { times.append(end) }
    var first = KeyPoseCursor(mine)
    var second = KeyPoseCursor(theirs)
    var previous: Double?
    for time in times {
      if let previous {
        let middle = previous + (time - previous) / 2
        if !first.pose(at: middle).playsSame(as: second.pose(at: middle)) { return false }
      }
      if !first.pose(at: time).playsSame(as: second.pose(at: time)) { return false }
      previous = time
    }
    return true
  }
}

/// Reads a track's poses at increasing times from its key poses: the pose at a key pose's time is that key
/// pose's (the track has reached it, as ``InertiaAnimation/position(atLoopTime:)`` says), between two it is
/// their linear interpolation, and after the last it is held.
private struct KeyPoseCursor {
  let poses: [InertiaKeyPose]
  var index = 0

  init(_ poses: [InertiaKeyPose]) { self.poses = poses }

  mutating func pose(at time: Double) -> InertiaAnimationValues {
    guard !poses.isEmpty else { return .identity }
    while index + 1 < poses.count && poses[index + 1].time <= time { index += 1 }
    let from = poses[index]
    guard index + 1 < poses.count, from.time <= time else { return from.pose }
    let to = poses[index + 1]
    // A hold (the same pose again) stays exactly that pose, an infinite value included.
    if from.pose.playsSame(as: to.pose) { return from.pose }
    return from.pose.interpolated(to: to.pose, progress: (time - from.time) / (to.time - from.time))
  }
}

extension InertiaAnimationValues {
  /// Whether two poses put a view in the same place: the five values equal, a NaN the same as a NaN (and
  /// `0` as `-0`); unknown fields do not count.
  public func playsSame(as other: InertiaAnimationValues) -> Bool {
    func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
    return same(scale, other.scale) && same(translate.width, other.translate.width)
      && same(translate.height, other.translate.height) && same(rotate, other.rotate)
      && same(rotateCenter, other.rotateCenter) && same(opacity, other.opacity)
  }
}
