/// One animation object: the track of one animated view, and the shapes drawn against it.
///
/// A file is an array of these (`[InertiaAnimation]`). Mirrors the SwiftUI runtime's
/// `InertiaAnimationSchema`. The fields and their defaults are those of ``InertiaSchema/animation``: all are
/// required on the wire but `shapes`, which older files lack, and `loopDuration`.
///
/// Decoding then encoding keeps a file as it was: key order, fields absent from the file, and fields these
/// types do not know (``unknownFields``) all come back as they were.
///
/// ```swift
/// let animations = try MessagePackDecoder().decode([InertiaAnimation].self, from: data)
/// let card = animations.first { $0.id == "card0" }
/// ```
public struct InertiaAnimation: InertiaModelObject, InertiaModelCoding, Identifiable, Equatable, Sendable {
  /// Matches the id the animated view was tagged with: `.inertia("card0")`, `<Inertia id="card0">`.
  public var id: String
  /// The pose the view sits at before the animation runs.
  public var initialValues: InertiaAnimationValues
  /// Whether it plays as soon as its schema arrives, or waits to be triggered.
  public var invokeType: InertiaAnimationInvokeType
  /// The poses to animate through, in order.
  public var keyframes: [InertiaAnimationKeyframe]
  /// Vectors drawn against this view. Absent in files written before shapes existed, which reads as none.
  public var shapes: [InertiaShape]
  /// The length in seconds of the timeline the animation was authored on, as the file stores it; `nil` when
  /// the file has none. The editor writes it on every animation, a shape's own included.
  ///
  /// The runtimes loop every track at the longest of the file's loop durations and its tracks, each loop
  /// duration clamped to 0.1...60 and one that is not finite counted as 3; SwiftUI and Compose count a
  /// missing one as 3, React leaves it out. This is the number as written, before any of that. Written back
  /// as the file stored it (a float32 stays a float32) while it holds the same number.
  public var loopDuration: Double?
  /// Fields the type does not know, kept in file order (see ``InertiaModelObject``).
  public var unknownFields: [MessagePackValue.MapEntry]
  var keyOrder = SourceKeyOrder()
  /// `loopDuration` as the file stored it.
  var loopDurationAsRead = KeptAsRead<MessagePackValue?>(nil)

  /// An animation object. `shapes` defaults to none, which an older file without the key means too, and
  /// `loopDuration` to none.
  public init(
    id: String, initialValues: InertiaAnimationValues, invokeType: InertiaAnimationInvokeType,
    keyframes: [InertiaAnimationKeyframe], shapes: [InertiaShape] = [], loopDuration: Double? = nil,
    unknownFields: [MessagePackValue.MapEntry] = []
  ) {
    self.id = id
    self.initialValues = initialValues
    self.invokeType = invokeType
    self.keyframes = keyframes
    self.shapes = shapes
    self.loopDuration = loopDuration
    self.unknownFields = unknownFields
  }

  static let schema = InertiaSchema.animation
  static let blank = InertiaAnimation(id: "", initialValues: .identity, invokeType: .auto, keyframes: [])
  static let fields: [InertiaModelField<Self>] = [
    .required("id", \.id),
    .required("invokeType", \.invokeType),
    .required("initialValues", \.initialValues),
    .required("keyframes", \.keyframes),
    .defaulted("shapes", \.shapes, []),
    .keptNumber("loopDuration", \.loopDuration, asRead: \.loopDurationAsRead),
  ]
}
