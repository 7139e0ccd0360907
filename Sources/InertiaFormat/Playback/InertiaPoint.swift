/// A point or an offset in a drawing's coordinates: `x` across, `y` down.
public struct InertiaPoint: Hashable, Sendable {
  /// Across, growing to the right.
  public var x: Double
  /// Down, growing downwards (as on screen).
  public var y: Double

  /// The point `x` across and `y` down.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin.
  public static let zero = InertiaPoint(x: 0, y: 0)
}
