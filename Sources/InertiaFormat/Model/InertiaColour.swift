/// A colour: four floats from 0 to 1, in sRGB.
///
/// Spelt as the format's documentation spells it. All four components are required on the wire (see
/// ``InertiaSchema/colour``).
public struct InertiaColour: Codable, Equatable, Sendable {
  /// Red, from 0 to 1.
  public var red: Double
  /// Green, from 0 to 1.
  public var green: Double
  /// Blue, from 0 to 1.
  public var blue: Double
  /// Opacity from 0 to 1.
  public var alpha: Double
  /// Entries of the file's object that these fields do not cover, in file order. They are written back
  /// unless the encoder's ``InertiaUnknownFieldPolicy`` is `.drop`.
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

  /// Reads the object as ``InertiaSchema/colour`` describes it: required fields must be present,
  /// absent ones take their defaults, and unknown fields and the key order are kept.
  /// - Throws: `DecodingError` naming the path and the fault, such as a missing field or a wrong type.
  public init(from decoder: any Decoder) throws {
    let fields = try InertiaObjectDecoding(decoder, InertiaSchema.colour)
    red = try fields.decode("red")
    green = try fields.decode("green")
    blue = try fields.decode("blue")
    alpha = try fields.decode("alpha")
    unknownFields = try fields.unknownFields()
    keyOrder = fields.keyOrder
  }

  /// Writes the object: keys in its file's order (in ``InertiaSchema/colour``'s when made in code),
  /// fields its file lacked left out while they hold their default, and unknown fields written back unless
  /// the encoder's ``InertiaUnknownFieldPolicy`` is `.drop`.
  public func encode(to encoder: any Encoder) throws {
    var fields = InertiaObjectEncoding(InertiaSchema.colour, keyOrder: keyOrder)
    fields.encode(red, "red")
    fields.encode(green, "green")
    fields.encode(blue, "blue")
    fields.encode(alpha, "alpha")
    try fields.write(to: encoder, unknownFields: unknownFields)
  }
}
