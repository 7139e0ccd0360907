/// A vector drawn against an animated view, or inside another shape.
///
/// The fields and their defaults are those of ``InertiaSchema/shape``: only `id` is required on the wire,
/// and each absent field means what shapes did before it existed. A field absent from a file stays absent
/// when the shape is written back; a shape made in code writes the fields that differ from their defaults.
///
/// Everything about a shape is measured in multiples of the shorter side of what holds it: the view, or
/// for a nested shape its parent shape.
public struct InertiaShape: InertiaModelObject, InertiaModelCoding, Identifiable, Equatable, Sendable {
  /// Unique within the animation. What the editor's selection points at.
  public var id: String
  /// The vector description; `nil` when the shape has none (see ``vertices``).
  public var shape: InertiaShapeDescription?
  /// Corners authored one by one, as an alternative to ``shape``. The editor does not write these, and the
  /// format does not describe their elements, so they are kept as they were read.
  public var vertices: [MessagePackValue]?
  /// Order among its siblings: higher draws in front; ties keep file order. Absent is 0.
  public var zIndex: Int
  /// Behind the view's content, or over it. Absent is `.bottom`.
  public var position: InertiaShapePosition
  /// Whether the shape gets a rendering layer to itself. Absent is `false`.
  public var ownCanvas: Bool
  /// Whether the shape is drawn while the animation waits to play (`true`, a backdrop), or only once it
  /// plays. Read on the shapes an animation holds directly; nested shapes follow their parent. Absent is
  /// `true`.
  public var showsBeforeAnimation: Bool
  /// Where the shape sits in whatever holds it, baked in before anything plays. Absent is the identity pose.
  public var transforms: InertiaAnimationValues
  /// A track of the shape's own, played on the container's clock. Nested shapes ignore theirs.
  public var animation: InertiaAnimation?
  /// Shapes drawn inside this one, sized in multiples of its shorter side. Absent is none.
  public var shapes: [InertiaShape]
  /// Fields the type does not know, kept in file order (see ``InertiaModelObject``).
  public var unknownFields: [MessagePackValue.MapEntry]
  var keyOrder = SourceKeyOrder()

  /// A shape; every field but `id` defaults to what its absence in a file means.
  public init(
    id: String, shape: InertiaShapeDescription? = nil, vertices: [MessagePackValue]? = nil, zIndex: Int = 0,
    position: InertiaShapePosition = .bottom, ownCanvas: Bool = false, showsBeforeAnimation: Bool = true,
    transforms: InertiaAnimationValues = .identity, animation: InertiaAnimation? = nil, shapes: [InertiaShape] = [],
    unknownFields: [MessagePackValue.MapEntry] = []
  ) {
    self.id = id
    self.shape = shape
    self.vertices = vertices
    self.zIndex = zIndex
    self.position = position
    self.ownCanvas = ownCanvas
    self.showsBeforeAnimation = showsBeforeAnimation
    self.transforms = transforms
    self.animation = animation
    self.shapes = shapes
    self.unknownFields = unknownFields
  }

  static let schema = InertiaSchema.shape
  static let blank = InertiaShape(id: "")
  static let fields: [InertiaModelField<Self>] = [
    .required("id", \.id),
    .defaulted("zIndex", \.zIndex, 0),
    .defaulted("position", \.position, .bottom),
    .defaulted("ownCanvas", \.ownCanvas, false),
    .defaulted("showsBeforeAnimation", \.showsBeforeAnimation, true),
    .defaulted("transforms", \.transforms, .identity),
    .optional("shape", \.shape),
    .optional("vertices", \.vertices),
    .optional("animation", \.animation),
    .defaulted("shapes", \.shapes, []),
  ]
}
