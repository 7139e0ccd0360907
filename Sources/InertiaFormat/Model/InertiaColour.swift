/// A colour: four floats from 0 to 1, in sRGB.
///
/// Spelt as the format's documentation spells it. All four components are required on the wire (see
/// ``InertiaSchema/colour``).
public struct InertiaColour: InertiaModelObject, InertiaModelCoding, Equatable, Sendable {
  /// Red, from 0 to 1.
  public var red: Double
  /// Green, from 0 to 1.
  public var green: Double
  /// Blue, from 0 to 1.
  public var blue: Double
  /// Opacity from 0 to 1.
  public var alpha: Double
  /// Fields the type does not know, kept in file order (see ``InertiaModelObject``).
  public var unknownFields: [MessagePackValue.MapEntry]
  var keyOrder = SourceKeyOrder()

  /// A colour from its four components, each from 0 to 1.
  public init(
    red: Double, green: Double, blue: Double, alpha: Double, unknownFields: [MessagePackValue.MapEntry] = []
  ) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
    self.unknownFields = unknownFields
  }

  static let schema = InertiaSchema.colour
  static let blank = InertiaColour(red: 0, green: 0, blue: 0, alpha: 0)
  static let fields: [InertiaModelField<Self>] = [
    .required("red", \.red),
    .required("green", \.green),
    .required("blue", \.blue),
    .required("alpha", \.alpha),
  ]
}
