#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A 2-D affine transform, `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`: the matrix SVG's `matrix(a b c d e f)`
/// and Core Graphics' `CGAffineTransform` use, with y growing downwards, so a positive angle turns clockwise on
/// screen.
public struct InertiaAffineTransform: Equatable, Sendable {
  /// How much `x` contributes to `x'`.
  public var a: Double
  /// How much `x` contributes to `y'`.
  public var b: Double
  /// How much `y` contributes to `x'`.
  public var c: Double
  /// How much `y` contributes to `y'`.
  public var d: Double
  /// The move across.
  public var tx: Double
  /// The move down.
  public var ty: Double

  /// The transform with these six entries.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// Leaves every point where it is.
  public static let identity = InertiaAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// Moves every point by `x` across and `y` down.
  public static func translation(x: Double, y: Double) -> InertiaAffineTransform {
    InertiaAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  /// Scales about the origin.
  public static func scale(_ factor: Double) -> InertiaAffineTransform {
    InertiaAffineTransform(a: factor, b: 0, c: 0, d: factor, tx: 0, ty: 0)
  }

  /// Turns by `degrees` (clockwise on screen) about `anchor`.
  public static func rotation(degrees: Double, about anchor: InertiaPoint = .zero) -> InertiaAffineTransform {
    // Reduced first: the remainder is exact, while a huge angle times π/180 would lose the turn.
    let radians = degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
    let cosine = cos(radians)
    let sine = sin(radians)
    return InertiaAffineTransform(
      a: cosine, b: sine, c: -sine, d: cosine,
      tx: anchor.x - cosine * anchor.x + sine * anchor.y,
      ty: anchor.y - sine * anchor.x - cosine * anchor.y)
  }

  /// This transform applied after `inner`: the point goes through `inner` first. Reading a transform list
  /// (`translate(…) rotate(…)`) left to right is concatenating each entry as the inner one.
  public func concatenating(_ inner: InertiaAffineTransform) -> InertiaAffineTransform {
    InertiaAffineTransform(
      a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
      c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
      tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
  }

  /// Where `point` goes.
  public func apply(to point: InertiaPoint) -> InertiaPoint {
    InertiaPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
  }
}
