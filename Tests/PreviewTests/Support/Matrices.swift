import InertiaFormat
import Testing

/// The transform an SVG transform list describes.
func transform(ofList text: String) -> InertiaAffineTransform {
  SVGDocument.transformList(text).reduce(InertiaAffineTransform.identity) { transform, part in
    let a = part.arguments
    switch (part.kind, a.count) {
    case ("translate", 2): return transform.concatenating(.translation(x: a[0], y: a[1]))
    case ("translate", 1): return transform.concatenating(.translation(x: a[0], y: 0))
    case ("scale", 1): return transform.concatenating(.scale(a[0]))
    case ("rotate", 1): return transform.concatenating(.rotation(degrees: a[0]))
    case ("rotate", 3): return transform.concatenating(.rotation(degrees: a[0], about: .init(x: a[1], y: a[2])))
    default:
      Issue.record("unexpected transform \(part)")
      return transform
    }
  }
}

/// Whether two transforms agree to the precision an SVG file writes (3 decimals).
func isClose(_ a: InertiaAffineTransform, _ b: InertiaAffineTransform) -> Bool {
  let linear = [a.a - b.a, a.b - b.b, a.c - b.c, a.d - b.d].allSatisfy { abs($0) < 1e-4 }
  let scale = max(1, abs(b.tx), abs(b.ty))
  return linear && abs(a.tx - b.tx) < 2e-3 * scale && abs(a.ty - b.ty) < 2e-3 * scale
}

/// Whether every entry of `transform` is within the range an SVG file writes exactly.
func isDrawable(_ transform: InertiaAffineTransform) -> Bool {
  [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy { abs($0) < 1e6 }
}
