import InertiaFormat

/// Draws a file's timing as a static SVG chart, to read at a glance in a pull request.
///
/// One row per played track (each animation, and under it the track of each top-level shape that has one), on
/// a seconds axis: a mark at each keyframe's playback time with its index, a line for the travel between them,
/// the held time up to the loop's end shaded, the loop length and the loop duration marked. Keyframes whose
/// duration the runtime repairs are drawn in a warning colour with the written value; tracks that stretch the
/// loop and tracks on nested shapes (which never play) are called out. Every time comes from the library's
/// timing API.
public enum SVGTimeline {
  /// The timeline of `animations`, with the loop duration and title of `options` (its other options do not
  /// apply).
  public static func svg(_ animations: [InertiaAnimation], options: PreviewOptions = PreviewOptions()) -> String {
    var chart = TimelineChart(animations: animations, options: options.normalized)
    return chart.svg()
  }
}
