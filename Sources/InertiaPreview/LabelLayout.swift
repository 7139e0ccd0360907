/// Places text so that no two labels meet and none leaves the picture: each label is tried at its candidate
/// places in order and put at the first whose box (``TextMetrics``) is inside the bounds and clear of every
/// label placed before it; a label with no such place is left out, which its caller can count and say.
///
/// Deterministic: the same labels in the same order land in the same places.
struct LabelLayout {
  /// A label's box: across from `minX` to `maxX`, down from `minY` to `maxY`.
  struct Box: Equatable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    func intersects(_ other: Box) -> Bool {
      minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
  }

  /// A placed label, centred on `x`.
  struct Placed {
    var text: String
    var x: Double
    var baseline: Double
  }

  /// Where labels may go.
  var bounds: Box
  private(set) var boxes: [Box] = []

  init(bounds: Box) {
    self.bounds = bounds
  }

  /// The box `text` occupies drawn centred on `x` at `baseline`: the estimated width, and from 0.85 of the font
  /// size above the baseline (capitals and accents) to 0.25 below it (descenders).
  static func box(_ text: String, x: Double, baseline: Double, fontSize: Double) -> Box {
    let width = TextMetrics.width(text, fontSize: fontSize)
    let minX = x - width / 2
    return Box(minX: minX, minY: baseline - 0.85 * fontSize, maxX: minX + width, maxY: baseline + 0.25 * fontSize)
  }

  /// Places `text` centred on `x` at the first of `baselines` where it fits, moved sideways as little as it takes
  /// to stay within the bounds; `nil` when it fits at none.
  mutating func place(_ text: String, x: Double, baselines: [Double], fontSize: Double) -> Placed? {
    for baseline in baselines {
      var box = Self.box(text, x: x, baseline: baseline, fontSize: fontSize)
      var centre = x
      if box.minX < bounds.minX { centre += bounds.minX - box.minX }
      if box.maxX > bounds.maxX { centre -= box.maxX - bounds.maxX }
      box = Self.box(text, x: centre, baseline: baseline, fontSize: fontSize)
      // A hair of slack for the rounding of the move sideways.
      guard box.minX >= bounds.minX - 1e-6, box.maxX <= bounds.maxX + 1e-6, box.minY >= bounds.minY,
        box.maxY <= bounds.maxY, !boxes.contains(where: box.intersects)
      else { continue }
      boxes.append(box)
      return Placed(text: text, x: centre, baseline: baseline)
    }
    return nil
  }
}
