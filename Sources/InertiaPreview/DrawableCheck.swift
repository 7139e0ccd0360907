import InertiaFormat

/// Finds the first number in a file that a runtime cannot draw with: a NaN or infinite pose value, shape size or
/// colour component. Durations are not among them: the runtime repairs those (to 1 ms), and so does a preview.
enum DrawableCheck {
  static let viewConsequence = "a runtime builds the view's transform from it, and the view vanishes"
  static let shapeConsequence = "the shape's geometry becomes NaN and it does not draw"

  /// Throws for the first value, in file order, that is not finite.
  static func check(_ animations: [InertiaAnimation]) throws(PreviewError) {
    for (index, animation) in animations.enumerated() {
      try check(animation, at: JSONPointer.root.appending(index), consequence: viewConsequence)
      for (shapeIndex, shape) in animation.shapes.enumerated() {
        try check(shape, at: JSONPointer.root.appending(index).appending("shapes").appending(shapeIndex), nested: false)
      }
    }
  }

  private static func check(
    _ animation: InertiaAnimation, at pointer: JSONPointer, consequence: String
  ) throws(PreviewError) {
    try check(animation.initialValues, at: pointer.appending("initialValues"), consequence: consequence)
    for (index, keyframe) in animation.keyframes.enumerated() {
      try check(
        keyframe.values, at: pointer.appending("keyframes").appending(index).appending("values"),
        consequence: consequence)
    }
  }

  private static func check(_ shape: InertiaShape, at pointer: JSONPointer, nested: Bool) throws(PreviewError) {
    try check(shape.transforms, at: pointer.appending("transforms"), consequence: shapeConsequence)
    if let description = shape.shape {
      let at = pointer.appending("shape")
      for (name, value) in [
        ("width", description.width), ("height", description.height), ("strokeWidth", description.strokeWidth),
      ] {
        try finite(value, name, at: at.appending(name), consequence: shapeConsequence)
      }
      for (name, colour) in [("fill", description.fill), ("stroke", description.stroke)] {
        guard let colour else { continue }
        for (component, value) in [
          ("red", colour.red), ("green", colour.green), ("blue", colour.blue), ("alpha", colour.alpha),
        ] {
          try finite(
            value, "\(name) \(component)", at: at.appending(name).appending(component),
            consequence: "the colour cannot be drawn")
        }
      }
    }
    // A nested shape's own track never plays, so its values are never used.
    if !nested, let track = shape.animation {
      try check(track, at: pointer.appending("animation"), consequence: shapeConsequence)
    }
    for (index, child) in shape.shapes.enumerated() {
      try check(child, at: pointer.appending("shapes").appending(index), nested: true)
    }
  }

  private static func check(
    _ pose: InertiaAnimationValues, at pointer: JSONPointer, consequence: String
  ) throws(PreviewError) {
    try finite(pose.scale, "scale", at: pointer.appending("scale"), consequence: consequence)
    try finite(
      pose.translate.width, "translate", at: pointer.appending("translate").appending(0), consequence: consequence)
    try finite(
      pose.translate.height, "translate", at: pointer.appending("translate").appending(1), consequence: consequence)
    try finite(pose.rotate, "rotate", at: pointer.appending("rotate"), consequence: consequence)
    try finite(pose.rotateCenter, "rotateCenter", at: pointer.appending("rotateCenter"), consequence: consequence)
    try finite(pose.opacity, "opacity", at: pointer.appending("opacity"), consequence: consequence)
  }

  private static func finite(
    _ value: Double, _ name: String, at pointer: JSONPointer, consequence: String
  ) throws(PreviewError) {
    guard !value.isFinite else { return }
    let written = value.isNaN ? "NaN" : value > 0 ? "infinity" : "-infinity"
    throw PreviewError(pointer: pointer, message: "\(name) is \(written): \(consequence); no preview drawn")
  }
}
