/// Which fields each object of an animation file has, their types, which are required and their defaults,
/// written down once.
///
/// The typed model (``InertiaAnimation`` and the types it holds) reads and writes exactly these fields, in
/// this order, with these defaults; a test fails if the two disagree. The linter walks documents against
/// the same tables (see ``violations(in:)``), so the `schema` and `unknown-field` rules and the typed model
/// cannot drift apart.
///
/// Each table lists its fields in the order the editor writes them, which is the order of the spec's
/// examples. That order is also the order the typed model writes fields that did not come from a file.
///
/// ```swift
/// let field = InertiaSchema.shape.field(named: "zIndex")
/// field?.type          // .integer
/// field?.defaultValue  // 0
/// ```
public enum InertiaSchema {
  /// A whole file: an array of animation objects, one per animated view. An empty array is a valid file.
  public static let file: ValueType = .array(of: .object(.animation))

  /// The animation object: one animated view's track. See ``InertiaAnimation``.
  public static let animation = Object(
    kind: .animation, title: "Animation object",
    summary: "One animated view's track: its id, when it plays, its initial pose and its keyframes.",
    fields: [
      Field("id", .string, .required, "Matches the id the animated view was tagged with."),
      Field(
        "invokeType", .oneOf(["auto", "trigger"]), .required,
        "Whether it plays as soon as its schema arrives, or waits to be triggered."),
      Field(
        "initialValues", .object(.values), .required, "The pose the view sits at before the animation runs."),
      Field("keyframes", .array(of: .object(.keyframe)), .required, "The poses to animate through, in order."),
      Field(
        "shapes", .array(of: .object(.shape)), .defaulted([]),
        "Vectors drawn against this view; absent in files written before shapes existed."),
    ])

  /// The keyframe object: one pose of a track. See ``InertiaAnimationKeyframe``.
  public static let keyframe = Object(
    kind: .keyframe, title: "Keyframe object",
    summary: "One pose of a track. Every keyframe carries all five animatable values.",
    fields: [
      Field("id", .string, .required, "Unique within the track. The editor writes UUIDs."),
      Field("duration", .number, .required, "Seconds to reach this keyframe from the previous one."),
      Field("values", .object(.values), .required, "The pose at this keyframe."),
    ])

  /// The five animatable values: a keyframe's pose, an animation's initial values, a shape's transforms.
  /// See ``InertiaAnimationValues``.
  public static let values = Object(
    kind: .values, title: "Animatable values",
    summary: "The five animatable values: a keyframe's pose, an animation's initial values, a shape's transforms.",
    fields: [
      Field("scale", .number, .required, "Scale factor, 1 for the view's own size."),
      Field("translate", .numberPair, .required, "Offset [x, y] as a fraction of the container's size."),
      Field("rotate", .number, .required, "Degrees about the top-left corner, applied first."),
      Field("rotateCenter", .number, .required, "Degrees about the centre."),
      Field("opacity", .number, .required, "Opacity from 0 to 1."),
    ])

  /// The shape object: a vector drawn against a view or inside another shape. See ``InertiaShape``.
  ///
  /// The spec's table lists `shape` and `vertices` right after `id`; its example writes them after
  /// `transforms`, and this table follows the example. Where `vertices`, `showsBeforeAnimation` and
  /// `animation` go is not shown by any example: they sit next to the fields they belong with.
  public static let shape = Object(
    kind: .shape, title: "Shape object",
    summary: "A vector drawn against a view, or inside another shape.",
    fields: [
      Field("id", .string, .required, "Unique within the animation. What the editor's selection points at."),
      Field("zIndex", .integer, .defaulted(0), "Order among its siblings; higher draws in front."),
      Field("position", .oneOf(["bottom", "top"]), .defaulted("bottom"), "Behind the view's content, or over it."),
      Field("ownCanvas", .bool, .defaulted(false), "Whether the shape gets a rendering layer to itself."),
      Field(
        "showsBeforeAnimation", .bool, .defaulted(true),
        "Whether the shape is drawn while the animation waits to play, or only once it is playing."),
      Field(
        "transforms", .object(.values), .defaulted(identityPose),
        "Where the shape sits in whatever holds it; absent is the identity pose."),
      Field("shape", .object(.shapeDescription), .optional, "The vector description."),
      Field("vertices", .anyArray, .optional, "Corners authored one by one, as an alternative to shape."),
      Field("animation", .object(.animation), .optional, "A track of the shape's own."),
      Field("shapes", .array(of: .object(.shape)), .defaulted([]), "Shapes drawn inside this one."),
    ])

  /// The shape description: which vector a shape draws, its size and its colours.
  /// See ``InertiaShapeDescription``.
  public static let shapeDescription = Object(
    kind: .shapeDescription, title: "Shape description",
    summary: "Which vector a shape draws, its size and its colours.",
    fields: [
      Field("id", .string, .required, "Identifies the description."),
      Field(
        "type", .oneOf(["rectangle", "square", "circle", "oval", "triangle"]), .required,
        "Which vector it draws as."),
      Field("width", .number, .required, "In multiples of the view's shorter side."),
      Field("height", .number, .required, "In multiples of the view's shorter side."),
      Field("fill", .object(.colour), .optional, "Floods the outline; absent is a shape that is only its outline."),
      Field("stroke", .object(.colour), .optional, "The outline itself; draws nothing without a strokeWidth."),
      Field("strokeWidth", .number, .defaulted(0), "Outline thickness, drawn inside the outline."),
    ])

  /// A colour: four floats from 0 to 1, in sRGB. See ``InertiaColour``.
  public static let colour = Object(
    kind: .colour, title: "Colour",
    summary: "Four floats from 0 to 1, in sRGB.",
    fields: [
      Field("red", .number, .required, "Red, 0 to 1.", range: 0...1),
      Field("green", .number, .required, "Green, 0 to 1.", range: 0...1),
      Field("blue", .number, .required, "Blue, 0 to 1.", range: 0...1),
      Field("alpha", .number, .required, "Opacity, 0 to 1.", range: 0...1),
    ])

  /// Every object table, in the order the spec introduces them.
  public static let objects: [Object] = [animation, keyframe, values, shape, shapeDescription, colour]

  /// The table for one kind of object.
  public static func object(_ kind: ObjectKind) -> Object {
    switch kind {
    case .animation: return animation
    case .keyframe: return keyframe
    case .values: return values
    case .shape: return shape
    case .shapeDescription: return shapeDescription
    case .colour: return colour
    }
  }

  /// The identity pose, which an absent `transforms` means: scale 1, no translation or rotation, opaque.
  public static let identityPose: MessagePackValue = [
    "scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1,
  ]
}
