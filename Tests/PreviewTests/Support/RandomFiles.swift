import InertiaFormat
import TestSupport

/// Makes random animation files from a seed, with shapes, shape tracks and durations that the runtime repairs.
struct RandomFiles {
  private var rng: SeededGenerator

  init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

  private mutating func next() -> UInt64 { rng.next() }

  private mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  private mutating func double(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
  }

  mutating func file() -> [InertiaAnimation] {
    (0..<int(1...4)).map { index in track(id: "view\(index)", shapes: true) }
  }

  mutating func track(id: String, shapes: Bool) -> InertiaAnimation {
    let keyframes = (0..<int(0...5)).map { index in
      InertiaAnimationKeyframe(id: "k\(index)", values: pose(), duration: duration())
    }
    return InertiaAnimation(
      id: id, initialValues: pose(), invokeType: int(0...1) == 0 ? .auto : .trigger, keyframes: keyframes,
      shapes: shapes ? (0..<int(0...3)).map { _ in shape(nested: false) } : [])
  }

  private mutating func duration() -> Double {
    switch int(0...9) {
    case 0: 0
    case 1: -1
    case 2: .nan
    default: double(0.01...2)
    }
  }

  mutating func pose() -> InertiaAnimationValues {
    InertiaAnimationValues(
      scale: double(0.2...2), translate: .init(width: double(-0.6...0.6), height: double(-0.4...0.4)),
      rotate: double(-180...180), rotateCenter: double(-180...180), opacity: double(0...1))
  }

  private mutating func shape(nested: Bool) -> InertiaShape {
    let types = InertiaShapeType.allCases
    let colour = InertiaColour(red: double(0...1), green: double(0...1), blue: double(0...1), alpha: double(0.2...1))
    return InertiaShape(
      id: "s\(next() % 1000)",
      shape: InertiaShapeDescription(
        id: "d", type: types[int(0...types.count - 1)], width: double(0.1...1), height: double(0.1...1),
        fill: int(0...2) == 0 ? nil : colour, stroke: int(0...1) == 0 ? nil : colour, strokeWidth: double(0...0.3)),
      zIndex: int(-1...2), position: int(0...1) == 0 ? .bottom : .top, showsBeforeAnimation: int(0...2) != 0,
      transforms: pose(), animation: int(0...1) == 0 ? track(id: "shapeTrack", shapes: false) : nil,
      shapes: nested ? [] : (0..<int(0...2)).map { _ in shape(nested: true) })
  }
}
