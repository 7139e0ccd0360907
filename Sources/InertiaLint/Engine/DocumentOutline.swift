import InertiaFormat

/// Where the animation objects, keyframes and shapes of a document are, found in one walk and shared by
/// every rule.
///
/// The outline is tolerant: it records whatever has the documented shape and skips whatever does not, so
/// rules about timing or ids still run on a file the `schema` rule rejects.
public struct DocumentOutline: Sendable {
  /// A track: an animation object, either one of the file's own or one written on a shape.
  public struct Track: Sendable {
    /// The animation object.
    /// The shape object.
    public let object: Located
    /// Which of the file's animations it belongs to.
    public let animationIndex: Int
    /// The shape it is written on (an index into ``DocumentOutline/shapes``), or `nil` for the file's
    /// own animation objects.
    public let shapeIndex: Int?
    /// Whether a runtime plays it: every track except one written on a nested shape.
    public let isPlayed: Bool
    /// The `keyframes` array, when it is an array.
    public let keyframesArray: Located?
    /// The elements of `keyframes` that are maps.
    public let keyframes: [Keyframe]
  }

  /// A keyframe, with its fields found once for every rule (the first entry of each key; `nil` when absent).
  public struct Keyframe: Sendable {
    /// The keyframe object.
    public let object: Located
    /// The keyframe's index in its track.
    public let index: Int
    /// The `id`, `duration` and `values` fields.
    public let id: Located?
    public let duration: Located?
    public let values: Located?
  }

  /// A shape's `shape` description, with the fields the drawing rules read.
  public struct Description: Sendable {
    /// The description object.
    public let object: Located
    /// The `width` and `height` fields.
    public let width: Located?
    public let height: Located?
    /// `fill` and `stroke`, `nil` when absent or written as `nil`.
    public let fill: Located?
    public let stroke: Located?
    /// The `strokeWidth` field.
    public let strokeWidth: Located?
  }

  /// A shape object, at any depth.
  public struct Shape: Sendable {
    public let object: Located
    /// Which of the file's animations it is drawn against.
    public let animationIndex: Int
    /// 0 for a shape the animation holds directly, 1 for one inside it, and so on.
    public let depth: Int
    /// The shape this one is drawn inside (an index into ``DocumentOutline/shapes``).
    public let parentIndex: Int?
    /// The `shape` description, when it is a map.
    public let description: Description?

    /// Whether this shape is drawn inside another shape.
    public var isNested: Bool { depth > 0 }
  }

  /// The file's own animation objects (the top-level array's elements that are maps), with their index in
  /// that array.
  public private(set) var animations: [(index: Int, object: Located)] = []
  /// Every track, in document order.
  public private(set) var tracks: [Track] = []
  /// Every shape, in document order (a parent before its children).
  public private(set) var shapes: [Shape] = []

  /// Walks `document` once.
  public init(_ document: LocatedDocument) {
    guard let root = document.root else { return }
    var index = 0
    document.forEachElement(of: root) { element in
      defer { index += 1 }
      guard document.isMap(element) else { return }
      animations.append((index, element))
      addTrack(element, animationIndex: index, shapeIndex: nil, isPlayed: true, document)
      if let list = document.field("shapes", of: element) {
        addShapes(list, animationIndex: index, depth: 0, parentIndex: nil, document)
      }
    }
  }

  private mutating func addTrack(
    _ object: Located, animationIndex: Int, shapeIndex: Int?, isPlayed: Bool, _ document: LocatedDocument
  ) {
    let array = document.field("keyframes", of: object).flatMap { document.isArray($0) ? $0 : nil }
    var keyframes: [Keyframe] = []
    if let array {
      keyframes.reserveCapacity(document.count(of: array) ?? 0)
      var index = 0
      document.forEachElement(of: array) { element in
        defer { index += 1 }
        guard document.isMap(element) else { return }
        var id: Located?
        var duration: Located?
        var values: Located?
        document.forEachKey(of: element) { key, value in
          if id == nil && Self.matches(key, "id") {
            id = value
          } else if duration == nil && Self.matches(key, "duration") {
            duration = value
          } else if values == nil && Self.matches(key, "values") {
            values = value
          }
        }
        keyframes.append(Keyframe(object: element, index: index, id: id, duration: duration, values: values))
      }
    }
    tracks.append(
      Track(
        object: object, animationIndex: animationIndex, shapeIndex: shapeIndex, isPlayed: isPlayed,
        keyframesArray: array, keyframes: keyframes))
  }

  private static func describe(_ object: Located, _ document: LocatedDocument) -> Description {
    var width: Located?
    var height: Located?
    var fill: Located?
    var stroke: Located?
    var strokeWidth: Located?
    var seenFill = false
    var seenStroke = false
    document.forEachKey(of: object) { key, value in
      if width == nil && Self.matches(key, "width") {
        width = value
      } else if height == nil && Self.matches(key, "height") {
        height = value
      } else if !seenFill && Self.matches(key, "fill") {
        seenFill = true
        if !document.isNil(value) { fill = value }
      } else if !seenStroke && Self.matches(key, "stroke") {
        seenStroke = true
        if !document.isNil(value) { stroke = value }
      } else if strokeWidth == nil && Self.matches(key, "strokeWidth") {
        strokeWidth = value
      }
    }
    return Description(
      object: object, width: width, height: height, fill: fill, stroke: stroke, strokeWidth: strokeWidth)
  }

  /// Whether a key's bytes spell `name`.
  @inline(__always)
  static func matches(_ key: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
    key.count == name.utf8CodeUnitCount && !key.isEmpty
      && key.elementsEqual(UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
  }

  private mutating func addShapes(
    _ list: Located, animationIndex: Int, depth: Int, parentIndex: Int?, _ document: LocatedDocument
  ) {
    document.forEachElement(of: list) { element in
      guard document.isMap(element) else { return }
      let index = shapes.count
      let description = document.field("shape", of: element).flatMap {
        document.isMap($0) ? Self.describe($0, document) : nil
      }
      shapes.append(
        Shape(
          object: element, animationIndex: animationIndex, depth: depth, parentIndex: parentIndex,
          description: description))
      if let track = document.field("animation", of: element), document.isMap(track) {
        addTrack(track, animationIndex: animationIndex, shapeIndex: index, isPlayed: depth == 0, document)
      }
      if let children = document.field("shapes", of: element) {
        addShapes(children, animationIndex: animationIndex, depth: depth + 1, parentIndex: index, document)
      }
    }
  }
}
