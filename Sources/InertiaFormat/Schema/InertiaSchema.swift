/// Which fields each object of an animation file has, their types, which are required and their defaults,
/// written down once.
///
/// The typed model (``InertiaAnimation`` and the types it holds) reads and writes exactly these fields, in
/// this order, with these defaults; a test fails if the two disagree. The linter walks documents against
/// the same tables (see ``violations(in:fromJSON:)``), so the `schema` and `unknown-field` rules and the typed model
/// cannot drift apart.
///
/// Each table lists its fields in the order of the spec's examples (the editor itself keeps each object in
/// a Swift `Dictionary`, so its files come in no fixed order). That order is also the order the typed model
/// writes fields that did not come from a file.
///
/// The tables say what the SwiftUI runtime's decoder requires (`hpennington/Inertia` at e310d13, decoding
/// with msgpack-swift 2.0.6), which is stricter than the spec's pages in places: each number field says which
/// Swift type reads it (``ValueType/number`` a `CGFloat` or `Double`, ``ValueType/float32`` a `Float`,
/// ``ValueType/integer`` an `Int`), `translate` is at least two numbers, and a shape's `vertices` are
/// ``vertex`` objects.
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
      Field(
        "loopDuration", .number, .optional,
        "The length in seconds of the timeline the animation was authored on, which the editor writes on every "
          + "animation: the runtimes loop at the longest of the file's loop durations and its tracks, clamped to "
          + "0.1...60 (one that is not finite counts as 3; SwiftUI and Compose count an absent one as 3)."),
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
      Field(
        "translate", .numberPair, .required,
        "Offset [x, y] as a fraction of the container's size; numbers after the first two are ignored."),
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
      Field(
        "vertices", .array(of: .object(.vertex)), .optional,
        "Corners authored one by one, which replace shape when present (even empty)."),
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
  ///
  /// The runtime reads each component as a `Float` (``ValueType/float32``), as it reads a vertex's colour.
  public static let colour = Object(
    kind: .colour, title: "Colour",
    summary: "Four floats from 0 to 1, in sRGB.",
    fields: [
      Field("red", .float32, .required, "Red, 0 to 1.", range: 0...1),
      Field("green", .float32, .required, "Green, 0 to 1.", range: 0...1),
      Field("blue", .float32, .required, "Blue, 0 to 1.", range: 0...1),
      Field("alpha", .float32, .required, "Opacity, 0 to 1.", range: 0...1),
    ])

  /// One corner of a shape's `vertices`: where it is and its colour, the runtime's `Vertex`.
  ///
  /// The spec does not describe the elements; the runtime decodes each as this object and fails on anything
  /// else. The typed model keeps `vertices` as read (``InertiaShape/vertices``).
  public static let vertex = Object(
    kind: .vertex, title: "Vertex",
    summary: "One corner of a shape authored by hand: where it is, and its colour.",
    fields: [
      Field("position", .object(.point), .required, "Where the corner is, in the units the shape is sized in."),
      Field("color", .object(.colour), .required, "The corner's colour, blended across the triangles it is part of."),
    ])

  /// A vertex's position, the runtime's `InertiaPoint`: two numbers, each read as a `Double`.
  public static let point = Object(
    kind: .point, title: "Vertex position",
    summary: "Where a vertex is: x across and y down, in the units the shape is sized in.",
    fields: [
      Field("x", .number, .required, "Across."),
      Field("y", .number, .required, "Down."),
    ])

  /// Every object table, in the order the spec introduces them, then the vertex's two, which it does not.
  public static let objects: [Object] = [animation, keyframe, values, shape, shapeDescription, colour, vertex, point]

  /// The table for one kind of object.
  public static func object(_ kind: ObjectKind) -> Object {
    switch kind {
    case .animation: return animation
    case .keyframe: return keyframe
    case .values: return values
    case .shape: return shape
    case .shapeDescription: return shapeDescription
    case .colour: return colour
    case .vertex: return vertex
    case .point: return point
    }
  }

  /// The identity pose, which an absent `transforms` means: scale 1, no translation or rotation, opaque.
  public static let identityPose: MessagePackValue = [
    "scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1,
  ]
}
