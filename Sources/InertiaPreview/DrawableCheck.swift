import InertiaFormat

/// Finds the first colour component of a drawn shape that is NaN or infinite: the SwiftUI runtime decodes one
/// written as a float32, and hands it to the GPU, whose colour for it no runtime's code defines, so the preview
/// does not guess. Every other value that is not finite is drawn as the runtimes repair it (see
/// ``SVGPreview``).
enum DrawableCheck {
  /// Throws for the first such component, in file order, of a shape an animation holds or a shape nested in it.
  static func check(_ animations: [InertiaAnimation]) throws(PreviewError) {
    for (index, animation) in animations.enumerated() {
      for (shapeIndex, shape) in animation.shapes.enumerated() {
        try check(shape, at: JSONPointer.root.appending(index).appending("shapes").appending(shapeIndex))
      }
    }
  }

  private static func check(_ shape: InertiaShape, at pointer: JSONPointer) throws(PreviewError) {
    if let description = shape.shape, shape.vertices == nil {
      let at = pointer.appending("shape")
      for (name, colour) in [("fill", description.fill), ("stroke", description.stroke)] {
        guard let colour else { continue }
        for (component, value) in [
          ("red", colour.red), ("green", colour.green), ("blue", colour.blue), ("alpha", colour.alpha),
        ] where !value.isFinite {
          let written = value.isNaN ? "NaN" : value > 0 ? "infinity" : "-infinity"
          throw PreviewError(
            pointer: at.appending(name).appending(component),
            message: "\(name) \(component) is \(written): the colour on screen is not defined; no preview drawn")
        }
      }
    }
    for (index, child) in shape.shapes.enumerated() {
      try check(child, at: pointer.appending("shapes").appending(index))
    }
  }
}
