import InertiaFormat

/// Draws a file's container as SVG: an animated preview that loops as the runtime plays it, or one still frame.
///
/// What the file does not say is assumed, and the legend says so: each view is a labelled placeholder of
/// ``PreviewOptions/viewSize``, laid out in a grid in a container of ``PreviewOptions/containerSize``; every
/// animation starts at 0 unless ``PreviewOptions/triggering`` says otherwise (`auto` ones loop, triggered ones
/// play one loop and hold their last frame); between keyframes each value eases in and out as the Compose and
/// React runtimes play it (SwiftUI's curve differs between keyframes). The pose of every view and shape comes
/// from the library (``InertiaContainerPlayback``, ``InertiaPoseComposition``, ``InertiaShapeGeometry``), so a
/// preview never works out timing of its own; shapes are drawn as the runtime draws them, inside their view's
/// pose.
///
/// The animation uses SVG's own animation elements (`animate`, `animateTransform`), no script, so it plays
/// wherever an SVG image is shown, `<img>` included. Nothing is read or written: a document in, SVG text out.
public enum SVGPreview {
  /// An SVG that plays the container's loop, repeating.
  /// - Throws: ``PreviewError`` for the first NaN or infinite colour component of a shape that is drawn, whose
  ///   colour on screen no runtime's code defines. Values the runtimes repair are drawn as repaired: a keyframe
  ///   with a value that is not finite is dropped, initial values that are not all finite are the identity, as
  ///   are such `transforms`, and a canvas with a coordinate that is not finite is not drawn.
  public static func animated(
    _ animations: [InertiaAnimation], options: PreviewOptions = PreviewOptions()
  ) throws(PreviewError) -> String {
    try DrawableCheck.check(animations)
    var drawing = PreviewDrawing(scene: PreviewScene(animations, options: options.normalized, moment: .loop))
    return drawing.svg()
  }

  /// An SVG of the single frame `loopTime` seconds after the container's clock starts, with no animation
  /// elements.
  ///
  /// Past the end of the first loop, `auto` tracks have come round (the time is taken modulo the loop) and
  /// triggered ones hold their final frame; the end itself shows every track's final pose. Negative or NaN times
  /// are 0.
  /// - Throws: ``PreviewError`` as ``animated(_:options:)`` does.
  public static func still(
    _ animations: [InertiaAnimation], atLoopTime loopTime: Double, options: PreviewOptions = PreviewOptions()
  ) throws(PreviewError) -> String {
    try DrawableCheck.check(animations)
    var drawing = PreviewDrawing(
      scene: PreviewScene(
        animations, options: options.normalized, moment: .still(loopTime: loopTime > 0 ? loopTime : 0)))
    return drawing.svg()
  }
}
