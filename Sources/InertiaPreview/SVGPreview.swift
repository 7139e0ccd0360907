import InertiaFormat

/// Draws a file's container as SVG: an animated preview that loops as the runtime plays it, or one still frame.
///
/// What the file does not say is assumed, and the legend says so: each view is a labelled placeholder of
/// ``PreviewOptions/viewSize``, laid out in a grid in a container of ``PreviewOptions/containerSize``; every
/// animation is triggered at 0 unless ``PreviewOptions/triggering`` says otherwise; between keyframes each value
/// moves linearly. The pose of every view and shape comes from the library (``InertiaContainerPlayback``,
/// ``InertiaPoseComposition``, ``InertiaShapeGeometry``), so a preview never works out timing of its own.
///
/// The animation uses SVG's own animation elements (`animate`, `animateTransform`), no script, so it plays
/// wherever an SVG image is shown, `<img>` included. Nothing is read or written: a document in, SVG text out.
public enum SVGPreview {
  /// An SVG that plays the container's loop, repeating.
  /// - Throws: ``PreviewError`` for the first NaN or infinite pose value, shape size or colour, which no runtime
  ///   draws either.
  public static func animated(
    _ animations: [InertiaAnimation], options: PreviewOptions = PreviewOptions()
  ) throws(PreviewError) -> String {
    try DrawableCheck.check(animations)
    var drawing = PreviewDrawing(scene: PreviewScene(animations, options: options.normalized, moment: .loop))
    return drawing.svg()
  }

  /// An SVG of the single frame `loopTime` seconds into the loop, with no animation elements.
  ///
  /// A time past the end of the loop is taken modulo the loop (as elapsed playback would be); the end itself
  /// shows every track's final pose. Negative or NaN times are 0.
  /// - Throws: ``PreviewError`` as ``animated(_:options:)`` does.
  public static func still(
    _ animations: [InertiaAnimation], atLoopTime loopTime: Double, options: PreviewOptions = PreviewOptions()
  ) throws(PreviewError) -> String {
    try DrawableCheck.check(animations)
    let options = options.normalized
    let loopLength = InertiaContainerPlayback(animations: animations, loopDuration: options.loopDuration).loopLength
    let time = loopTime > loopLength ? InertiaPlayback.loopTime(atElapsed: loopTime, loopLength: loopLength) : loopTime
    var drawing = PreviewDrawing(
      scene: PreviewScene(animations, options: options, moment: .still(loopTime: time > 0 ? time : 0)))
    return drawing.svg()
  }
}
