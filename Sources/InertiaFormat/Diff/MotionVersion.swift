/// One version of a file as a diff reads it: its animations in the typed model, built straight from the
/// document's index (no `Codable` decoding, which costs several times as much), so that every time and pose
/// comes from the typed model's playback API; and its ids, which the typed model cannot tell missing.
///
/// Reading first walks the document against the schema (``SchemaWalk``, the walk the `schema` rule makes):
/// any value of the wrong type or required field missing, other than an id, is an
/// ``InertiaMotionReadError``. An id that is missing or not a string reads as `nil` here and `""` in the
/// typed model. As decoders do, the first entry of a repeated key counts, `nil` in an optional field is
/// absent, and fields the format does not name are left out.
struct MotionVersion: Sendable {
  /// The ids of one animation object, and of what it holds.
  struct TrackIDs: Sendable {
    var id: String?
    var keyframes: [String?]
    var shapes: [ShapeIDs]
  }

  /// The ids of one shape, of its track's keyframes, and of the shapes inside it.
  struct ShapeIDs: Sendable {
    var id: String?
    var track: TrackIDs?
    var shapes: [ShapeIDs]
  }

  /// The file's animations.
  var animations: [InertiaAnimation]
  /// Their ids, one for each animation.
  var ids: [TrackIDs]

  /// Reads `document`.
  /// - Throws: ``InertiaMotionReadError`` naming the first value of the wrong type or missing field.
  init(_ document: IndexedDocument) throws(InertiaMotionReadError) {
    try Self.check(document)
    let reader = Reader(document: document)
    var animations: [InertiaAnimation] = []
    var ids: [TrackIDs] = []
    if let root = document.root {
      let count = document.count(of: root) ?? 0
      animations.reserveCapacity(count)
      ids.reserveCapacity(count)
      var child = document.firstChild(of: root)
      while let element = child {
        child = document.nextSibling(of: element, in: root)
        let (animation, trackIDs) = reader.track(element)
        animations.append(animation)
        ids.append(trackIDs)
      }
    }
    self.animations = animations
    self.ids = ids
  }

  /// Throws for the first fault the schema walk meets that is not about an id.
  private static func check(_ document: IndexedDocument) throws(InertiaMotionReadError) {
    let events = SchemaWalk.events(in: document) { sort, _ in sort == .schema }
    for event in events.list {
      switch event {
      case .mismatch(let node, let context, _, let message):
        if let kind = context.kind, !context.isElement, InertiaSchema.object(kind).fields[context.field].name == "id" {
          continue
        }
        throw error(at: node, in: document, message: message + " (\(context))")
      case .missingField(let object, _, let field):
        if field == "id" { continue }
        throw error(at: object, in: document, message: "missing required field \"\(field)\"")
      case .nullInOptionalField, .unknownField, .nonStringKey, .duplicateKey:
        continue
      }
    }
  }

  private static func error(
    at node: IndexedDocument.Node, in document: IndexedDocument, message: String
  ) -> InertiaMotionReadError {
    let offset = document.byteRange(of: node).lowerBound
    var error = InertiaMotionReadError(offset: offset, path: document.pointer(of: node), message: message)
    if document.encoding == .json {
      let position = document.lineAndColumn(ofOffset: offset)
      (error.line, error.column) = (position.line, position.column)
    }
    return error
  }
}

/// Builds the typed model from the index, each object's keys read in one pass.
private struct Reader {
  let document: IndexedDocument

  static let trackNames = EncodedKeyNames(["id", "invokeType", "initialValues", "keyframes", "shapes"])
  static let keyframeNames = EncodedKeyNames(["id", "duration", "values"])
  static let valueNames = EncodedKeyNames(["scale", "translate", "rotate", "rotateCenter", "opacity"])
  static let shapeNames = EncodedKeyNames([
    "id", "zIndex", "position", "ownCanvas", "showsBeforeAnimation", "transforms", "shape", "vertices",
    "animation", "shapes",
  ])
  static let descriptionNames = EncodedKeyNames(["id", "type", "width", "height", "fill", "stroke", "strokeWidth"])
  static let colourNames = EncodedKeyNames(["red", "green", "blue", "alpha"])

  /// Calls `body` with the number in `names` and the value of the first entry of each key of `object` that
  /// `names` lists; nothing when `object` is not a map.
  @inline(__always)
  func forEachField(
    of object: IndexedDocument.Node, _ names: EncodedKeyNames, _ body: (Int, IndexedDocument.Node) -> Void
  ) {
    guard document.isMap(object) else { return }
    var seen: UInt64 = 0
    var expected = 0
    var child = document.firstChild(of: object)
    while let key = child, let value = document.nextSibling(of: key, in: object) {
      if let name = document.index(ofKey: key, among: names, expected: expected) {
        if seen & (1 << UInt64(name)) == 0 {
          seen |= 1 << UInt64(name)
          if !document.isNil(value) { body(name, value) }
        }
        expected = name &+ 1
      }
      child = document.nextSibling(of: value, in: object)
    }
  }

  func number(_ node: IndexedDocument.Node?) -> Double { node.flatMap { document.double(of: $0) } ?? 0 }

  func track(_ object: IndexedDocument.Node) -> (InertiaAnimation, MotionVersion.TrackIDs) {
    var id: String?
    var invokeType = InertiaAnimationInvokeType.auto
    var initialValues = InertiaAnimationValues.identity
    var keyframes: [InertiaAnimationKeyframe] = []
    var keyframeIDs: [String?] = []
    var shapes: [InertiaShape] = []
    var shapeIDs: [MotionVersion.ShapeIDs] = []
    forEachField(of: object, Self.trackNames) { name, value in
      switch name {
      case 0: id = document.string(of: value)
      case 1: invokeType = document.string(of: value).flatMap(InertiaAnimationInvokeType.init(rawValue:)) ?? .auto
      case 2: initialValues = pose(value)
      case 3:
        guard document.isArray(value) else { return }
        let count = document.count(of: value) ?? 0
        keyframes.reserveCapacity(count)
        keyframeIDs.reserveCapacity(count)
        var child = document.firstChild(of: value)
        while let element = child {
          child = document.nextSibling(of: element, in: value)
          let (keyframe, keyframeID) = self.keyframe(element)
          keyframes.append(keyframe)
          keyframeIDs.append(keyframeID)
        }
      default: (shapes, shapeIDs) = self.shapes(value)
      }
    }
    let animation = InertiaAnimation(
      id: id ?? "", initialValues: initialValues, invokeType: invokeType, keyframes: keyframes, shapes: shapes)
    return (animation, MotionVersion.TrackIDs(id: id, keyframes: keyframeIDs, shapes: shapeIDs))
  }

  func keyframe(_ object: IndexedDocument.Node) -> (InertiaAnimationKeyframe, String?) {
    var id: String?
    var duration = 0.0
    var values = InertiaAnimationValues.identity
    forEachField(of: object, Self.keyframeNames) { name, value in
      switch name {
      case 0: id = document.string(of: value)
      case 1: duration = number(value)
      default: values = pose(value)
      }
    }
    return (InertiaAnimationKeyframe(id: id ?? "", values: values, duration: duration), id)
  }

  func pose(_ object: IndexedDocument.Node) -> InertiaAnimationValues {
    var values = InertiaAnimationValues.identity
    forEachField(of: object, Self.valueNames) { name, value in
      switch name {
      case 0: values.scale = number(value)
      case 1:
        // The first two numbers, as the runtime reads them.
        let x = document.firstChild(of: value)
        let y = x.flatMap { document.nextSibling(of: $0, in: value) }
        values.translate = .init(width: number(x), height: number(y))
      case 2: values.rotate = number(value)
      case 3: values.rotateCenter = number(value)
      default: values.opacity = number(value)
      }
    }
    return values
  }

  func shapes(_ list: IndexedDocument.Node) -> ([InertiaShape], [MotionVersion.ShapeIDs]) {
    guard document.isArray(list) else { return ([], []) }
    var shapes: [InertiaShape] = []
    var ids: [MotionVersion.ShapeIDs] = []
    var child = document.firstChild(of: list)
    while let element = child {
      child = document.nextSibling(of: element, in: list)
      let (shape, shapeIDs) = shape(element)
      shapes.append(shape)
      ids.append(shapeIDs)
    }
    return (shapes, ids)
  }

  func shape(_ object: IndexedDocument.Node) -> (InertiaShape, MotionVersion.ShapeIDs) {
    var shape = InertiaShape(id: "")
    var ids = MotionVersion.ShapeIDs(id: nil, track: nil, shapes: [])
    forEachField(of: object, Self.shapeNames) { name, value in
      switch name {
      case 0:
        ids.id = document.string(of: value)
        shape.id = ids.id ?? ""
      case 1:
        let number = number(value)
        shape.zIndex = number.isFinite && number.magnitude < 0x1p62 ? Int(number) : 0
      case 2: shape.position = document.string(of: value).flatMap(InertiaShapePosition.init(rawValue:)) ?? .bottom
      case 3: shape.ownCanvas = document.bool(of: value) ?? false
      case 4: shape.showsBeforeAnimation = document.bool(of: value) ?? true
      case 5: shape.transforms = pose(value)
      case 6: shape.shape = description(value)
      case 7:
        if case .array(let elements) = document.value(of: value) { shape.vertices = elements }
      case 8:
        guard document.isMap(value) else { return }
        let (track, trackIDs) = track(value)
        shape.animation = track
        ids.track = trackIDs
      default: (shape.shapes, ids.shapes) = shapes(value)
      }
    }
    return (shape, ids)
  }

  func description(_ object: IndexedDocument.Node) -> InertiaShapeDescription? {
    guard document.isMap(object) else { return nil }
    var description = InertiaShapeDescription(id: "", type: .rectangle, width: 0, height: 0)
    forEachField(of: object, Self.descriptionNames) { name, value in
      switch name {
      case 0: description.id = document.string(of: value) ?? ""
      case 1: description.type = document.string(of: value).flatMap(InertiaShapeType.init(rawValue:)) ?? .rectangle
      case 2: description.width = number(value)
      case 3: description.height = number(value)
      case 4: description.fill = colour(value)
      case 5: description.stroke = colour(value)
      default: description.strokeWidth = number(value)
      }
    }
    return description
  }

  func colour(_ object: IndexedDocument.Node) -> InertiaColour? {
    guard document.isMap(object) else { return nil }
    var colour = InertiaColour(red: 0, green: 0, blue: 0, alpha: 0)
    forEachField(of: object, Self.colourNames) { name, value in
      switch name {
      case 0: colour.red = number(value)
      case 1: colour.green = number(value)
      case 2: colour.blue = number(value)
      default: colour.alpha = number(value)
      }
    }
    return colour
  }
}
