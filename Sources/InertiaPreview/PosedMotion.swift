import InertiaFormat

/// How one posed thing (a view, or a shape's canvas) is placed over the loop: its composed steps and opacity at
/// moments of the loop, and the curve it moves along between each two. A still, or something that does not
/// move, has one sample.
struct PosedMotion {
  /// How the values move from the sample before to this one, as an SVG `keySplines` entry.
  enum Curve: Equatable {
    case linear
    /// The first half of an eased segment: `4t³`, which over the half is `u³` (control points ⅓,0 ⅔,0).
    case easeIn
    /// The second half: `1 − (−2t + 2)³/2`, over the half `1 − (1 − u)³` (control points ⅓,1 ⅔,1).
    case easeOut

    var keySpline: String {
      switch self {
      case .linear: "0 0 1 1"
      case .easeIn: "0.333333 0 0.666667 0"
      case .easeOut: "0.333333 1 0.666667 1"
      }
    }
  }

  struct Sample {
    /// Seconds into the loop.
    var time: Double
    /// The composed pose, outermost step first (``InertiaPoseComposition``).
    var steps: [InertiaPoseComposition.Step]
    var opacity: Double
    /// How the values move into this sample from the one before.
    var curve = Curve.linear
  }

  var samples: [Sample]
  /// What the track does after its first loop: come round again, hold, or go back to where it started.
  var run = InertiaTrackRun.looping

  /// Whether the thing moves or fades at all.
  var isAnimated: Bool {
    guard let first = samples.first else { return false }
    return samples.contains { $0.steps != first.steps || $0.opacity != first.opacity }
  }

  /// One sample: a still, or a pose that never changes.
  static func fixed(_ steps: [InertiaPoseComposition.Step], opacity: Double) -> PosedMotion {
    PosedMotion(samples: [Sample(time: 0, steps: steps, opacity: opacity)])
  }

  /// The motion through a track's key poses, each segment eased as the library samples it: a sample at each key
  /// pose and at each segment's midpoint (where the ease's two cubics meet), with the splines that make an SVG
  /// animation follow ``InertiaPlayback/eased(_:)`` exactly. A segment the loop cuts short (`cut`, the last one)
  /// is sampled at eighths of its time instead, linearly between.
  init(
    keyPoses: [InertiaKeyPose], cut: Bool, track: InertiaAnimation, run: InertiaTrackRun,
    _ compose: (InertiaAnimationValues) -> ([InertiaPoseComposition.Step], Double)
  ) {
    func sample(_ time: Double, _ pose: InertiaAnimationValues, _ curve: Curve) -> Sample {
      let (steps, opacity) = compose(pose)
      return Sample(time: time, steps: steps, opacity: opacity, curve: curve)
    }
    var samples = [sample(keyPoses[0].time, keyPoses[0].pose, .linear)]
    for (index, (from, to)) in zip(keyPoses, keyPoses.dropFirst()).enumerated() {
      if from.pose.playsSame(as: to.pose) || to.time <= from.time {
        samples.append(sample(to.time, to.pose, .linear))
      } else if cut && index == keyPoses.count - 2 {
        for step in 1...8 {
          let time = step == 8 ? to.time : from.time + (to.time - from.time) * Double(step) / 8
          samples.append(sample(time, track.pose(atLoopTime: time), .linear))
        }
      } else {
        let middle = from.time + (to.time - from.time) / 2
        samples.append(sample(middle, from.pose.interpolated(to: to.pose, progress: 0.5), .easeIn))
        samples.append(sample(to.time, to.pose, .easeOut))
      }
    }
    self.samples = samples
    self.run = run
  }

  init(samples: [Sample], run: InertiaTrackRun = .looping) {
    self.samples = samples
    self.run = run
  }
}
