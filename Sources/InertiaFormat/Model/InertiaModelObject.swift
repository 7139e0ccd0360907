/// What the six types of the typed model (``InertiaAnimation``, ``InertiaAnimationKeyframe``,
/// ``InertiaAnimationValues``, ``InertiaShape``, ``InertiaShapeDescription`` and ``InertiaColour``) share:
/// they read and write their object exactly as it was.
///
/// - Decoding reads the object as its entry in ``InertiaSchema`` describes it: required fields must be
///   present, absent ones take their defaults, and unknown fields and the key order are kept. It throws
///   `DecodingError` naming the path and the fault, such as a missing field or a wrong type.
/// - Encoding writes the keys in the file's order (in the schema's order for an object made in code),
///   leaves out the fields the file lacked while they hold their default, and writes the unknown fields
///   back unless the encoder's ``InertiaUnknownFieldPolicy`` is `.drop`.
///
/// So decoding then encoding gives back the object as the editor wrote it.
public protocol InertiaModelObject: Codable, Equatable, Sendable {
  /// Entries of the file's object that the type's fields do not cover, such as a newer editor's, in file
  /// order. They are written back unless the encoder's ``InertiaUnknownFieldPolicy`` is `.drop`.
  var unknownFields: [MessagePackValue.MapEntry] { get set }
}
