/// A colour: four floats from 0 to 1, in sRGB.
///
/// Spelt as the format's documentation spells it. All four components are required on the wire (see
/// ``InertiaSchema/colour``).
public struct InertiaColour: Codable, Equatable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double
  /// Opacity from 0 to 1.
  public var alpha: Double
  /// Entries of the file's object that these fields do not cover, in file order. They are written back
  /// unless the encoder's ``InertiaUnknownFieldPolicy`` is `.drop`.
  public var unknownFields: [MessagePackValue.MapEntry]
  var keyOrder = SourceKeyOrder()

  public init(
    red: Double, green: Double, blue: Double, alpha: Double, unknownFields: [MessagePackValue.MapEntry] = []
  ) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
    self.unknownFields = unknownFields
  }

  public init(from decoder: any Decoder) throws {
    let fields = try InertiaObjectDecoding(decoder, InertiaSchema.colour)
    red = try fields.decode("red")
    green = try fields.decode("green")
    blue = try fields.decode("blue")
    alpha = try fields.decode("alpha")
    unknownFields = try fields.unknownFields()
    keyOrder = fields.keyOrder
  }

  public func encode(to encoder: any Encoder) throws {
    var fields = InertiaObjectEncoding(InertiaSchema.colour, keyOrder: keyOrder)
    fields.encode(red, "red")
    fields.encode(green, "green")
    fields.encode(blue, "blue")
    fields.encode(alpha, "alpha")
    try fields.write(to: encoder, unknownFields: unknownFields)
  }
}
