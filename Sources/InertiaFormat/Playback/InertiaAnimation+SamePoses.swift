// Whether two tracks play the same poses: the question a diff of two versions of a file asks of every track.

extension InertiaAnimation {
  /// Whether this track passes through the same pose as `other` at every moment from 0 to `end` seconds into
  /// the loop, as the runtime plays both (``pose(atLoopTime:)``).
  ///
  /// Each track is, piece by piece, a cubic in time: every segment eases (``InertiaPlayback/eased(_:)``) along
  /// one cubic up to its midpoint and another after it, and holds are constant. So the two agree everywhere when
  /// they agree at four moments of every interval between consecutive break points of either (keyframe times
  /// and segment midpoints): its two ends and its thirds (where a repaired duration too short to count in a sum
  /// makes a jump, the inner moments tell the two sides of it apart). Values are compared exactly, a NaN being
  /// the same as a NaN: `1` and `1.0`, a float32 and the float64 of the same value, play the same.
  ///
  /// The work is linear in the two tracks' keyframes: one walk over both.
  public func playsSamePoses(as other: InertiaAnimation, until end: Double) -> Bool {
    var first = InertiaTrackSampler(self)
    var second = InertiaTrackSampler(other)
    if playbackInitialValues.playsSame(as: other.playbackInitialValues) && first.times == second.times
      && zip(playableKeyframes, other.playableKeyframes).allSatisfy({ $0.values.playsSame(as: $1.values) })
    {
      return true
    }
    let mine = Self.breakPoints(first.times)
    let theirs = Self.breakPoints(second.times)
    var times: [Double] = [0]
    times.reserveCapacity(mine.count + theirs.count + 2)
    var (i, j) = (0, 0)
    while i < mine.count || j < theirs.count {
      let next: Double
      if j >= theirs.count || (i < mine.count && mine[i] <= theirs[j]) {
        next = mine[i]
        i += 1
      } else {
        next = theirs[j]
        j += 1
      }
      guard next <= end else { break }
      if times.last != next { times.append(next) }
    }
    if times.last.map({ $0 < end }) ?? true { times.append(end) }
    var previous: Double?
    for time in times {
      if let previous {
        let third = (time - previous) / 3
        for moment in [previous + third, previous + 2 * third]
        where !first.pose(at: moment).playsSame(as: second.pose(at: moment)) {
          return false
        }
      }
      if !first.pose(at: time).playsSame(as: second.pose(at: time)) { return false }
      previous = time
    }
    return true
  }

  /// The moments a track's curve changes pieces, in order: each segment's midpoint and end.
  private static func breakPoints(_ times: [Double]) -> [Double] {
    var points: [Double] = []
    points.reserveCapacity(2 * times.count)
    var start = 0.0
    for time in times {
      points.append(start + (time - start) / 2)
      points.append(time)
      start = time
    }
    return points
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
