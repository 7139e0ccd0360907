/// The vector a shape draws: its kind, its size and its colours, under the shape's `shape` key.
///
/// The fields and their defaults are those of ``InertiaSchema/shapeDescription``: `id`, `type`, `width`
/// and `height` are required on the wire; no `fill` or `stroke` is none, no `strokeWidth` is 0. A shape
/// with neither fill nor stroke draws nothing at all.
public struct InertiaShapeDescription: InertiaModelObject, InertiaModelCoding, Identifiable, Equatable, Sendable {
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

  static let schema = InertiaSchema.shapeDescription
  static let blank = InertiaShapeDescription(id: "", type: .rectangle, width: 0, height: 0)
  static let fields: [InertiaModelField<Self>] = [
    .required("id", \.id),
    .required("type", \.type),
    .required("width", \.width),
    .required("height", \.height),
    .optional("fill", \.fill),
    .optional("stroke", \.stroke),
    .defaulted("strokeWidth", \.strokeWidth, 0),
  ]
}
