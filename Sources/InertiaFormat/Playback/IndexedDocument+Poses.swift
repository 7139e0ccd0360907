extension IndexedDocument {
  /// The names of the five animatable values, in the order files write them.
  private static let poseNames = EncodedKeyNames(["scale", "translate", "rotate", "rotateCenter", "opacity"])

  /// Whether the five values of the pose `values` (a keyframe's `values`) are finite as a runtime reads them
  /// (``InertiaAnimationValues/isFinite``): the first entry of each of `scale`, `rotate`, `rotateCenter` and
  /// `opacity`, and the first two numbers of `translate`. A runtime drops a keyframe whose values are not
  /// (``InertiaAnimation/playableKeyframes``), read here straight from the index, so that the linter and the
  /// motion diff time a track as the typed model does, on files that do not decode as well. What is not a
  /// number, absent or `nil` counts as finite: it is not a NaN or an infinity the runtime would drop.
  ///
  /// Without a NaN or an infinity anywhere in the document (``containsNonFiniteNumbers``, which the index
  /// notes), this is `true` at once.
  package func poseIsFinite(_ values: Node) -> Bool {
    guard containsNonFiniteNumbers, isMap(values) else { return true }
    let names = Self.poseNames
    var seen: UInt64 = 0
    var expected = 0
    var child = firstChild(of: values)
    while let key = child, let value = nextSibling(of: key, in: values) {
      child = nextSibling(of: value, in: values)
      guard let name = index(ofKey: key, among: names, expected: expected) else { continue }
      expected = name &+ 1
      guard seen & (1 << UInt64(name)) == 0 else { continue }
      seen |= 1 << UInt64(name)
      if name == 1 {
        guard isArray(value), let x = firstChild(of: value) else { continue }
        if isNonFiniteNumber(x) { return false }
        if let y = nextSibling(of: x, in: value), isNonFiniteNumber(y) { return false }
      } else if isNonFiniteNumber(value) {
        return false
      }
    }
    return true
  }
}
