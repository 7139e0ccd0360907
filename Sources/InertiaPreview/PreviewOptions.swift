import InertiaFormat

/// What a preview assumes that a file does not say: how big the views and the container are, the loop duration,
/// and which animations have been triggered.
public struct PreviewOptions: Equatable, Sendable {
  /// A width and a height, in points.
  public struct Size: Equatable, Sendable, CustomStringConvertible {
    /// Across, in points.
    public var width: Double
    /// Down, in points.
    public var height: Double

    /// `width` by `height` points.
    public init(width: Double, height: Double) {
      self.width = width
      self.height = height
    }

    /// `96x96`.
    public var description: String { "\(SVGNumber.text(width))x\(SVGNumber.text(height))" }
  }

  /// The size of each view's placeholder: a file does not say what a view looks like. A square by default.
  /// Sizes and the loop duration must be positive and finite; any other is taken as its default.
  public var viewSize = Size(width: 96, height: 96)
  /// The size of the container, which `translate` is a fraction of: a phone-sized portrait by default.
  public var containerSize = Size(width: 390, height: 844)
  /// The loop duration the app sets (`inertia.loopDuration`, taken as given); `nil`, the default, for the one the
  /// container seeds from the file (``InertiaPlayback/loopDuration(of:)``: the largest of the animations'
  /// `loopDuration`, 3 s where absent, held to 0.1...60 s).
  public var loopDuration: Double?
  /// When the animations start. By default every one at 0 (``InertiaTriggering/all``).
  public var triggering = InertiaTriggering.all
  /// The name the preview gives the file, such as `animation.inertia`, shown in its title.
  public var title = "animation"

  /// The defaults: 96×96 views in a 390×844 container, the file's own loop duration, everything started at 0.
  public init() {}

  /// These options with any size or loop duration that is not positive and finite replaced by its default, as
  /// every preview takes them.
  var normalized: PreviewOptions {
    let defaults = PreviewOptions()
    var options = self
    func isUsable(_ size: Size) -> Bool {
      size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
    }
    if !isUsable(viewSize) { options.viewSize = defaults.viewSize }
    if !isUsable(containerSize) { options.containerSize = defaults.containerSize }
    if let seconds = loopDuration, !(seconds.isFinite && seconds > 0) { options.loopDuration = defaults.loopDuration }
    return options
  }
}
