/// One version of a file as a diff reads it: each animation's view id and track lengths (for matching and for
/// the loop), read from the document's index; and each animation in the typed model, built from the index
/// (never through `Codable`, which costs several times as much) only when it is compared with a version of it
/// that is not the same bytes, so that every time and pose comes from the typed model's playback API.
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

  /// The document, kept to build each animation from when it is needed.
  let document: IndexedDocument
  /// The file's animation objects, in file order.
  let nodes: [IndexedDocument.Node]
  /// Each animation's view id.
  let ids: [String?]
  /// How long each animation's tracks play (what the loop is measured over).
  let lengths: [InertiaLoop.TrackLengths]
  /// How many keyframes each animation's own track has.
  let keyframeCounts: [Int]

  /// Reads `document`.
  /// - Throws: ``InertiaMotionReadError`` naming the first value of the wrong type or missing field.
  init(_ document: IndexedDocument) throws(InertiaMotionReadError) {
    try Self.check(document)
    self.document = document
    let reader = Reader(document: document)
    var nodes: [IndexedDocument.Node] = []
    var ids: [String?] = []
    var lengths: [InertiaLoop.TrackLengths] = []
    var keyframeCounts: [Int] = []
    if let root = document.root {
      let count = document.count(of: root) ?? 0
      nodes.reserveCapacity(count)
      ids.reserveCapacity(count)
      lengths.reserveCapacity(count)
      keyframeCounts.reserveCapacity(count)
      var child = document.firstChild(of: root)
      while let element = child {
        child = document.nextSibling(of: element, in: root)
        let timing = reader.timing(element)
        nodes.append(element)
        ids.append(timing.id)
        lengths.append(timing.lengths)
        keyframeCounts.append(timing.keyframes)
      }
    }
    (self.nodes, self.ids, self.lengths, self.keyframeCounts) = (nodes, ids, lengths, keyframeCounts)
  }

  /// How many animations the file has.
  var count: Int { nodes.count }

  /// The animation at `index` in the typed model, and its ids.
  func animation(at index: Int) -> (InertiaAnimation, TrackIDs) {
    Reader(document: document).track(nodes[index])
  }

  /// Whether the animation at `index` is written with the same bytes as `other`'s at `otherIndex` (both as
  /// MessagePack, which JSON input is read into): then it is the same in every way.
  func isSameBytes(_ index: Int, as other: MotionVersion, _ otherIndex: Int) -> Bool {
    let (node, otherNode) = (nodes[index], other.nodes[otherIndex])
    return document.messagePackBytes(
      document.messagePackRange(of: node), equal: other.document, other.document.messagePackRange(of: otherNode))
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
      case .nullInOptionalField, .unknownField, .nonStringKey, .duplicateKey, .refusedNumber, .integerKey,
        .unreadableKey:
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

  static let trackNames = EncodedKeyNames(["id", "invokeType", "initialValues", "keyframes", "shapes", "loopDuration"])
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

  /// An animation's view id, its keyframe count and its tracks' lengths, read as ``track(_:)`` reads them
  /// but without building anything.
  func timing(_ object: IndexedDocument.Node) -> (id: String?, keyframes: Int, lengths: InertiaLoop.TrackLengths) {
    var id: String?
    var keyframes = 0
    var lengths = InertiaLoop.TrackLengths(animation: 0)
    forEachField(of: object, Self.trackNames) { name, value in
      switch name {
      case 0: id = document.string(of: value)
      case 3: (keyframes, lengths.animation) = trackLength(value)
      case 5: lengths.loopDuration = document.double(of: value)
      case 4:
        guard document.isArray(value) else { return }
        var child = document.firstChild(of: value)
        while let shape = child {
          child = document.nextSibling(of: shape, in: value)
          var length: Double?
          forEachField(of: shape, Self.shapeNames) { name, field in
            guard name == 8, document.isMap(field) else { return }
            forEachField(of: field, Self.trackNames) { name, keyframes in
              if name == 3 { length = trackLength(keyframes).length }
            }
            if length == nil { length = 0 }
          }
          lengths.shapes.append(length)
        }
      default: break
      }
    }
    return (id, keyframes, lengths)
  }

  /// How many keyframes a `keyframes` array holds, and how long they play
  /// (``InertiaPlayback/playbackLength(durations:)`` of those the runtime plays: a keyframe with a value that
  /// is not finite is dropped, as ``InertiaAnimation/playableKeyframes`` says).
  func trackLength(_ array: IndexedDocument.Node) -> (count: Int, length: Double) {
    guard document.isArray(array) else { return (0, 0) }
    var durations: [Double] = []
    var count = 0
    var child = document.firstChild(of: array)
    while let element = child {
      child = document.nextSibling(of: element, in: array)
      count += 1
      var duration = 0.0
      var played = true
      forEachField(of: element, Self.keyframeNames) { name, value in
        if name == 1 { duration = number(value) }
        if name == 2 { played = valuesAreFinite(value) }
      }
      if played { durations.append(duration) }
    }
    return (count, InertiaPlayback.playbackLength(durations: durations))
  }

  /// Whether the five values of a pose are finite (``IndexedDocument/poseIsFinite(_:)``).
  func valuesAreFinite(_ values: IndexedDocument.Node) -> Bool { document.poseIsFinite(values) }

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
