/// One keyframe of a track: a pose, and how long it takes to reach it from the keyframe before.
///
/// Mirrors the SwiftUI runtime's `InertiaAnimationKeyframe`. All three fields are required on the wire
/// (see ``InertiaSchema/keyframe``).
///
/// `duration` is relative: the seconds taken to travel from the previous keyframe (or, for the first, from
/// the initial values) to this one. See ``InertiaAnimation/keyframeTimes`` for absolute times and
/// ``effectiveDuration`` for what the runtime plays.
public struct InertiaAnimationKeyframe: InertiaModelObject, InertiaModelCoding, Identifiable, Equatable, Sendable {
  /// Unique within the track. The editor writes UUIDs.
  public var id: String
  /// The pose at this keyframe.
  public var values: InertiaAnimationValues
  /// Seconds to reach this keyframe from the previous one.
  public var duration: Double
  /// Fields the type does not know, kept in file order (see ``InertiaModelObject``).
  public var unknownFields: [MessagePackValue.MapEntry]
  var keyOrder = SourceKeyOrder()

  /// A keyframe reached `duration` seconds after the one before it.
  public init(
    id: String, values: InertiaAnimationValues, duration: Double, unknownFields: [MessagePackValue.MapEntry] = []
  ) {
    self.id = id
    self.values = values
    self.duration = duration
    self.unknownFields = unknownFields
  }

  static let schema = InertiaSchema.keyframe
  static let blank = InertiaAnimationKeyframe(id: "", values: .identity, duration: 0)
  static let fields: [InertiaModelField<Self>] = [
    .required("id", \.id),
    .required("duration", \.duration),
    .required("values", \.values),
  ]
}
