/// One animation object: the track of one animated view, and the shapes drawn against it.
///
/// A file is an array of these (`[InertiaAnimation]`). Mirrors the SwiftUI runtime's
/// `InertiaAnimationSchema`, with ``shapes`` added. The fields and their defaults are those of
/// ``InertiaSchema/animation``: all are required on the wire but `shapes`, which older files lack.
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
  /// Fields the type does not know, kept in file order (see ``InertiaModelObject``).
  public var unknownFields: [MessagePackValue.MapEntry]
  var keyOrder = SourceKeyOrder()

  /// An animation object. `shapes` defaults to none, which an older file without the key means too.
  public init(
    id: String, initialValues: InertiaAnimationValues, invokeType: InertiaAnimationInvokeType,
    keyframes: [InertiaAnimationKeyframe], shapes: [InertiaShape] = [], unknownFields: [MessagePackValue.MapEntry] = []
  ) {
    self.id = id
    self.initialValues = initialValues
    self.invokeType = invokeType
    self.keyframes = keyframes
    self.shapes = shapes
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
  ]
}
