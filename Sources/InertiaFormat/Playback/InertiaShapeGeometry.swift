#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a shape description draws, as the runtimes draw it: a ring of corners in multiples of the shorter side
/// of whatever holds the shape, centred on the origin, y growing downwards, before its `transforms`; the fill
/// floods the ring and the stroke is the band between the ring and the same ring moved inwards.
///
/// From the SwiftUI runtime's `InertiaShapeProperties` (Sources/Inertia/InertiaShapes.swift at e310d13), which
/// says it matches the Kotlin and WebGL runtimes corner for corner:
/// - `rectangle` and `oval` fill `width` by `height`; `square`, `circle` and `triangle` are drawn at
///   `max(width, height)` (`let size = max(width, height)`, 760, 789-803), so one with a side of 0 still draws;
/// - `circle` and `oval` are rings of 48 corners, `(rx cos θ, ry sin θ)` for θ = 2πk/48 (764-775);
/// - `triangle` is isosceles with its apex pointing down: `(0, h/2), (−s/2, −h/2), (s/2, −h/2)` with
///   `h = s·√3/2` (795-803), in a space whose y grows downwards;
/// - the stroke is inset by `min(strokeWidth, min(width, height) / 2)` of the authored box (834), each corner
///   moved along its bisector far enough to put both edges that distance in, a corner whose bisector meets
///   the edge at a projection of 0.1 or less not moved (861-885); it needs a colour and a positive width (826).
public struct InertiaShapeGeometry: Equatable, Sendable {
  /// The corners, in order, in the holder's units, centred on the origin.
  public var outline: [InertiaPoint]
  /// What floods the outline; `nil` for none.
  public var fill: InertiaColour?
  /// The colour of the stroke; `nil` when no stroke is drawn (no colour, or no positive width).
  public var stroke: InertiaColour?
  /// How far the stroke reaches in from the outline: `strokeWidth` held at half the authored box's smaller
  /// side; 0 when no stroke is drawn.
  public var strokeInset: Double
  /// The outline moved ``strokeInset`` inwards, corner by corner: the inner edge of the stroke's band. Empty
  /// when no stroke is drawn.
  public var innerRing: [InertiaPoint]

  /// How many corners a circle's or an oval's ring has.
  public static let ovalSegments = 48

  /// The geometry of `description`.
  public init(_ description: InertiaShapeDescription) {
    outline = Self.outline(description)
    fill = description.fill
    let inset = min(description.strokeWidth, min(description.width, description.height) / 2)
    if let colour = description.stroke, description.strokeWidth > 0, outline.count >= 3 {
      stroke = colour
      strokeInset = inset
      innerRing = Self.inset(outline, by: inset)
    } else {
      stroke = nil
      strokeInset = 0
      innerRing = []
    }
  }

  /// The ring of corners of `description`.
  public static func outline(_ description: InertiaShapeDescription) -> [InertiaPoint] {
    let (width, height) = (description.width, description.height)
    let size = max(width, height)
    func quad(_ width: Double, _ height: Double) -> [InertiaPoint] {
      let (x, y) = (width / 2, height / 2)
      return [.init(x: -x, y: -y), .init(x: x, y: -y), .init(x: x, y: y), .init(x: -x, y: y)]
    }
    func ring(_ width: Double, _ height: Double) -> [InertiaPoint] {
      (0..<ovalSegments).map { segment in
        let angle = 2 * Double.pi * Double(segment) / Double(ovalSegments)
        return InertiaPoint(x: width / 2 * cos(angle), y: height / 2 * sin(angle))
      }
    }
    switch description.type {
    case .rectangle: return quad(width, height)
    case .square: return quad(size, size)
    case .oval: return ring(width, height)
    case .circle: return ring(size, size)
    case .triangle:
      let triangleHeight = size * 3.0.squareRoot() / 2
      return [
        .init(x: 0, y: triangleHeight / 2), .init(x: -size / 2, y: -triangleHeight / 2),
        .init(x: size / 2, y: -triangleHeight / 2),
      ]
    }
  }

  /// `ring` moved `distance` towards its inside, each corner along the bisector of its two edges.
  static func inset(_ ring: [InertiaPoint], by distance: Double) -> [InertiaPoint] {
    let count = ring.count
    var area = 0.0
    for index in ring.indices {
      let (corner, next) = (ring[index], ring[(index + 1) % count])
      area += corner.x * next.y - next.x * corner.y
    }
    let winding: Double = area < 0 ? -1 : 1
    func normalized(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
      let length = (x * x + y * y).squareRoot()
      return length > 0 ? (x / length, y / length) : (0, 0)
    }
    func normal(_ start: InertiaPoint, _ end: InertiaPoint) -> (x: Double, y: Double) {
      normalized(-(end.y - start.y) * winding, (end.x - start.x) * winding)
    }
    return ring.indices.map { index in
      let (previous, corner, next) = (ring[(index - 1 + count) % count], ring[index], ring[(index + 1) % count])
      let incoming = normal(previous, corner)
      let outgoing = normal(corner, next)
      let bisector = normalized(incoming.x + outgoing.x, incoming.y + outgoing.y)
      let projection = bisector.x * outgoing.x + bisector.y * outgoing.y
      guard projection > 0.1 else { return corner }
      let travel = distance / projection
      return InertiaPoint(x: corner.x + bisector.x * travel, y: corner.y + bisector.y * travel)
    }
  }

  /// Whether the shape draws nothing: no fill and no stroke, or a ring that encloses no area.
  public var drawsNothing: Bool {
    (fill == nil && stroke == nil) || outline.count < 3 || !Self.enclosesArea(outline)
  }

  /// Whether the stroke's inner ring has turned inside out (a triangle inset past its inradius, its corners
  /// carried through the middle and out the other side): an inner edge then runs against the outer edge it
  /// belongs to, the band's quads cross, and they are drawn one by one rather than as the ring with a hole.
  public var isStrokeInsideOut: Bool {
    guard stroke != nil, innerRing.count == outline.count else { return false }
    return outline.indices.contains { index in
      let next = (index + 1) % outline.count
      let outer = (x: outline[next].x - outline[index].x, y: outline[next].y - outline[index].y)
      let inner = (x: innerRing[next].x - innerRing[index].x, y: innerRing[next].y - innerRing[index].y)
      return outer.x * inner.x + outer.y * inner.y < 0
    }
  }

  static func signedArea(_ ring: [InertiaPoint]) -> Double {
    var area = 0.0
    for index in ring.indices {
      let (corner, next) = (ring[index], ring[(index + 1) % ring.count])
      area += corner.x * next.y - next.x * corner.y
    }
    return area / 2
  }

  static func enclosesArea(_ ring: [InertiaPoint]) -> Bool {
    let area = signedArea(ring)
    return area != 0 && area.isFinite
  }
}

extension InertiaShapeGeometry {
  /// The corners of hand-authored `vertices`, each `{position: {x, y}, color: {red, green, blue, alpha}}`, in
  /// the holder's units: the ring the runtime fans into triangles, each corner in its own colour (the GPU
  /// blends the colours across each triangle). `nil` when an element is not of that form (the SwiftUI runtime
  /// cannot decode such a file; the `schema` rule reports it).
  public static func vertices(_ values: [MessagePackValue]) -> [(position: InertiaPoint, colour: InertiaColour)]? {
    var corners: [(position: InertiaPoint, colour: InertiaColour)] = []
    for value in values {
      guard let position = value["position"], let colour = value["color"],
        let x = position["x"]?.doubleValue, let y = position["y"]?.doubleValue,
        let red = colour["red"]?.doubleValue, let green = colour["green"]?.doubleValue,
        let blue = colour["blue"]?.doubleValue, let alpha = colour["alpha"]?.doubleValue
      else { return nil }
      corners.append((InertiaPoint(x: x, y: y), InertiaColour(red: red, green: green, blue: blue, alpha: alpha)))
    }
    return corners
  }
}
