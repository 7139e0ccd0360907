/// The vector a shape draws: its kind, its size and its colours, under the shape's `shape` key.
///
/// The fields and their defaults are those of ``InertiaSchema/shapeDescription``: `id`, `type`, `width`
/// and `height` are required on the wire; no `fill` or `stroke` is none, no `strokeWidth` is 0. A shape
/// with neither fill nor stroke draws nothing at all.
public struct InertiaShapeDescription: InertiaModelObject, Identifiable, Equatable, Sendable {
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
  /// Fields the type does not know, kept in file order (see ``InertiaModelObject``).
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

  /// Reads the object, keeping what the file says as it says it (see ``InertiaModelObject``).
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

  /// Writes the object as it was read (see ``InertiaModelObject``).
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
