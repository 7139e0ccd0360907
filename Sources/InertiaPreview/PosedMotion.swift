import InertiaFormat

/// How one posed thing (a view, or a shape) is placed over the loop: its composed steps and opacity at each key
/// time, with linear interpolation between them. A still, or something that does not move, has one sample.
struct PosedMotion {
  struct Sample {
    /// Seconds into the loop.
    var time: Double
    /// The composed pose, outermost step first (``InertiaPoseComposition``).
    var steps: [InertiaPoseComposition.Step]
    var opacity: Double
  }

  var samples: [Sample]

  /// Whether the thing moves or fades at all.
  var isAnimated: Bool {
    guard let first = samples.first else { return false }
    return samples.contains { $0.steps != first.steps || $0.opacity != first.opacity }
  }

  /// One sample: a still, or a pose that never changes.
  static func fixed(_ steps: [InertiaPoseComposition.Step], opacity: Double) -> PosedMotion {
    PosedMotion(samples: [Sample(time: 0, steps: steps, opacity: opacity)])
  }
}
