/// A colour: four floats from 0 to 1, in sRGB.
///
/// Spelt as the format's documentation spells it. All four components are required on the wire (see
/// ``InertiaSchema/colour``).
public struct InertiaColour: InertiaModelObject, Equatable, Sendable {
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

  /// Reads the object, keeping what the file says as it says it (see ``InertiaModelObject``).
  public init(from decoder: any Decoder) throws {
    let fields = try InertiaObjectDecoding(decoder, InertiaSchema.colour)
    red = try fields.decode("red")
    green = try fields.decode("green")
    blue = try fields.decode("blue")
    alpha = try fields.decode("alpha")
    unknownFields = try fields.unknownFields()
    keyOrder = fields.keyOrder
  }

  /// Writes the object as it was read (see ``InertiaModelObject``).
  public func encode(to encoder: any Encoder) throws {
    var fields = InertiaObjectEncoding(InertiaSchema.colour, keyOrder: keyOrder)
    fields.encode(red, "red")
    fields.encode(green, "green")
    fields.encode(blue, "blue")
    fields.encode(alpha, "alpha")
    try fields.write(to: encoder, unknownFields: unknownFields)
  }
}
