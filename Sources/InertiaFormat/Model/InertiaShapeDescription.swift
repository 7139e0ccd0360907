/// The vector a shape draws: its kind, its size and its colours, under the shape's `shape` key.
///
/// The fields and their defaults are those of ``InertiaSchema/shapeDescription``: `id`, `type`, `width`
/// and `height` are required on the wire; no `fill` or `stroke` is none, no `strokeWidth` is 0. A shape
/// with neither fill nor stroke draws nothing at all.
public struct InertiaShapeDescription: Codable, Identifiable, Equatable, Sendable {
  /// Identifies the description.
  public var id: String
  /// Which vector it draws as.
  public var type: InertiaShapeType
  /// In multiples of the view's shorter side, so a circle of 1 is round on a view of any proportion.
  public var width: Double
  /// In multiples of the view's shorter side.
  public var height: Double
  /// Floods the outline; `nil` is a shape that is only its outline.
  public var fill: InertiaColour?
  /// The outline itself; draws nothing without a ``strokeWidth``.
  public var stroke: InertiaColour?
  /// Outline thickness, in the same units as the size, drawn inside the outline. Absent is 0.
  public var strokeWidth: Double
  /// Entries of the file's object that these fields do not cover, in file order. They are written back
  /// unless the encoder's ``InertiaUnknownFieldPolicy`` is `.drop`.
  public var unknownFields: [MessagePackValue.MapEntry]
  var keyOrder = SourceKeyOrder()

  /// A shape description. No fill or stroke is none; no `strokeWidth` is 0.
  public init(
    id: String, type: InertiaShapeType, width: Double, height: Double, fill: InertiaColour? = nil,
    stroke: InertiaColour? = nil, strokeWidth: Double = 0, unknownFields: [MessagePackValue.MapEntry] = []
  ) {
    self.id = id
    self.type = type
    self.width = width
    self.height = height
    self.fill = fill
    self.stroke = stroke
    self.strokeWidth = strokeWidth
    self.unknownFields = unknownFields
  }

  /// Reads the object as ``InertiaSchema/shapeDescription`` describes it: required fields must be present,
  /// absent ones take their defaults, and unknown fields and the key order are kept.
  /// - Throws: `DecodingError` naming the path and the fault, such as a missing field or a wrong type.
  public init(from decoder: any Decoder) throws {
    let fields = try InertiaObjectDecoding(decoder, InertiaSchema.shapeDescription)
    id = try fields.decode("id")
    type = try fields.decode("type")
    width = try fields.decode("width")
    height = try fields.decode("height")
    fill = try fields.decodeIfPresent("fill")
    stroke = try fields.decodeIfPresent("stroke")
    strokeWidth = try fields.decode("strokeWidth", default: 0)
    unknownFields = try fields.unknownFields()
    keyOrder = fields.keyOrder
  }

  /// Writes the object: keys in its file's order (in ``InertiaSchema/shapeDescription``'s when made in code),
  /// fields its file lacked left out while they hold their default, and unknown fields written back unless
  /// the encoder's ``InertiaUnknownFieldPolicy`` is `.drop`.
  public func encode(to encoder: any Encoder) throws {
    var fields = InertiaObjectEncoding(InertiaSchema.shapeDescription, keyOrder: keyOrder)
    fields.encode(id, "id")
    fields.encode(type, "type")
    fields.encode(width, "width")
    fields.encode(height, "height")
    fields.encodeIfPresent(fill, "fill")
    fields.encodeIfPresent(stroke, "stroke")
    fields.encode(strokeWidth, "strokeWidth", default: 0)
    try fields.write(to: encoder, unknownFields: unknownFields)
  }
}
