import InertiaFormat

/// Where the animation objects, keyframes and shapes of a document are, found in one walk and shared by
/// every rule.
///
/// The outline is tolerant: it records whatever has the documented shape and skips whatever does not, so
/// rules about timing or ids still run on a file that does not have the documented structure.
///
/// An immutable class, so that every rule that reads it shares it without copying its arrays.
public final class DocumentOutline: Sendable {
  /// A track: an animation object, either one of the file's own or one written on a shape.
  public struct Track: Sendable {
    /// The animation object.
    public let object: IndexedDocument.Node
    /// Its `id` field (the first entry of each key; `nil` when absent).
    public let id: IndexedDocument.Node?
    /// The `initialValues` field.
    public let initialValues: IndexedDocument.Node?
    /// Which of the file's animations it belongs to.
    public let animationIndex: Int
    /// The shape it is written on (an index into ``DocumentOutline/shapes``), or `nil` for the file's
    /// own animation objects.
    public let shapeIndex: Int?
    /// Whether a runtime plays it: every track except one written on a nested shape.
    public let isPlayed: Bool
    /// The `keyframes` array, when it is an array.
    public let keyframesArray: IndexedDocument.Node?
    /// Where the elements of `keyframes` that are maps are in ``DocumentOutline/keyframes``: one range
    /// of the outline's single array rather than an array of the track's own, which would be one more
    /// allocation, and one more free, for every track of every file.
    public let keyframeRange: Range<Int>
    /// The track's timing, from the keyframes' durations.
    let timing: TrackTiming
  }

  /// A keyframe, with its fields found once for every rule (the first entry of each key; `nil` when absent).
  public struct Keyframe: Sendable {
    /// The keyframe object.
    public let object: IndexedDocument.Node
    /// The keyframe's index in its track.
    public let index: Int
    /// The `id` field.
    public let id: IndexedDocument.Node?
    /// The `duration` field.
    public let duration: IndexedDocument.Node?
    /// The `values` field.
    public let values: IndexedDocument.Node?
    /// The duration as a number, when it is one, read while the walk is at the keyframe.
    public let seconds: Double?
    /// Whether its values are all finite as a runtime reads them (`IndexedDocument.poseIsFinite(_:)`): a
    /// runtime drops a keyframe whose values are not (`guard keyframe.values.isFinite else { return nil }`,
    /// Sources/Inertia/Inertia.swift:2694 of the SwiftUI runtime at e310d13), so its duration is not played
    /// and every later keyframe lands that much sooner (`InertiaAnimation.playableKeyframes`).
    public let isPlayed: Bool
  }

  /// A shape's `shape` description, with the fields the drawing rules read.
  public struct Description: Sendable {
    /// The description object.
    public let object: IndexedDocument.Node
    /// The `type` field.
    public let type: IndexedDocument.Node?
    /// The `width` field.
    public let width: IndexedDocument.Node?
    /// The `height` field.
    public let height: IndexedDocument.Node?
    /// The `fill` colour, `nil` when absent or written as `nil`.
    public let fill: IndexedDocument.Node?
    /// The `stroke` colour, `nil` when absent or written as `nil`.
    public let stroke: IndexedDocument.Node?
    /// The `strokeWidth` field.
    public let strokeWidth: IndexedDocument.Node?
    /// `width`, `height` and `strokeWidth` as numbers, when they are numbers: read while the walk is at
    /// the description, whose bytes are then in the cache, rather than by each rule that needs them.
    public let widthValue, heightValue, strokeWidthValue: Double?
  }

  /// A shape object, at any depth.
  public struct Shape: Sendable {
    /// The shape object.
    public let object: IndexedDocument.Node
    /// Its `id` field. Like the other fields, found once for every rule: the first entry of the key, `nil`
    /// when absent, whatever the value, `nil` included.
    public let id: IndexedDocument.Node?
    /// The `shape` field (the vector description).
    public let shape: IndexedDocument.Node?
    /// The `vertices` field.
    public let vertices: IndexedDocument.Node?
    /// The `transforms` field.
    public let transforms: IndexedDocument.Node?
    /// The `animation` field: the shape's own track.
    public let animation: IndexedDocument.Node?
    /// The `shapes` field: the shapes nested inside this one.
    public let shapes: IndexedDocument.Node?
    /// The `showsBeforeAnimation` field.
    public let showsBeforeAnimation: IndexedDocument.Node?
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

  /// One of the file's own animation objects.
  public struct Animation: Sendable {
    /// The object.
    public let object: IndexedDocument.Node
    /// Its index in the top-level array.
    public let index: Int
    /// Its `id` field (the first entry of each key; `nil` when absent).
    public let id: IndexedDocument.Node?
    /// The `invokeType` field.
    public let invokeType: IndexedDocument.Node?
    /// The `loopDuration` as a number, when it is one: the length of the timeline the animation was made on,
    /// which the editor writes on every animation (`nil` when absent, which a container reads as 3 s).
    public let loopDuration: Double?
  }

  /// The file's own animation objects (the top-level array's elements that are maps).
  public let animations: [Animation]
  /// Every track, in document order.
  public let tracks: [Track]
  /// Every shape, in document order (a parent before its children).
  public let shapes: [Shape]
  /// The keyframes of every track, one track after another (see ``Track/keyframeRange``).
  public let keyframes: [Keyframe]

  /// The outline of `document`.
  public init(_ document: IndexedDocument) {
    var builder = Builder()
    builder.walk(document)
    animations = builder.animations
    tracks = builder.tracks
    shapes = builder.shapes
    keyframes = builder.keyframes
  }

  /// The elements of a track's `keyframes` that are maps.
  public func keyframes(of track: Track) -> ArraySlice<Keyframe> {
    keyframes[track.keyframeRange]
  }

  /// The loop a container plays the file at, by the one loop rule the playback model and the previews use
  /// (`InertiaLoop`): `max(loopDuration, longest top-level track)`, each track as played, shape tracks not
  /// counted.
  /// - Parameter loopDuration: the loop duration the app sets, taken as given; `nil` for the one the container
  ///   seeds from the file's animations (`InertiaPlayback.loopDuration(written:)`).
  public func loop(loopDuration: Double?) -> InertiaLoop {
    // Each animation's own track, in the order of the animations.
    let lengths = zip(animations, tracks.filter { $0.shapeIndex == nil }).map { animation, track in
      InertiaLoop.TrackLengths(animation: track.timing.playedLength, loopDuration: animation.loopDuration)
    }
    return InertiaLoop(loopDuration: loopDuration, tracks: lengths)
  }

  private init(animations: [Animation], tracks: [Track], shapes: [Shape], keyframes: [Keyframe]) {
    (self.animations, self.tracks, self.shapes, self.keyframes) = (animations, tracks, shapes, keyframes)
  }

  /// The outline of `document`, which is the document outlined here with the values at `replaced` (none
  /// of them, before or after, an array or a map) replaced by others and every value numbered as before
  /// (``IndexedDocument/replacingValues(_:with:limits:)``): what the outline reads of the values replaced
  /// read again, without walking the document. `nil` when a replaced value is a map's key (a field may be
  /// found, or lost, by its name), which only a walk can tell.
  ///
  /// The outline's records hold nodes, which keep their numbers, and decide what they record by whether a
  /// value is an array or a map, which no replacement changes; what they read of a value is a keyframe's
  /// duration in seconds and whether its values are finite (and so its track's timing) and a shape
  /// description's sizes and whether its colours are `nil`, which are read again for the keyframes and
  /// descriptions a replaced value is in.
  package func replacingValues(_ replaced: [IndexedDocument.Node], in document: IndexedDocument) -> DocumentOutline? {
    var animations = self.animations
    var keyframes = self.keyframes
    var tracks = self.tracks
    var shapes = self.shapes
    for node in replaced {
      guard let (containers, isKey) = document.ancestors(of: node) else { continue }
      if isKey { return nil }
      let object = containers[containers.count - 1]
      // A field of one of the file's animations: its `loopDuration` is read as a number.
      if containers.count == 2, let index = Self.position(of: object, among: animations, in: animations.indices) {
        var fields = TrackFields()
        fields.read(object, document, names: TrackFields.names)
        let animation = animations[index]
        animations[index] = Animation(
          object: animation.object, index: animation.index, id: animation.id, invokeType: animation.invokeType,
          loopDuration: fields.loopDuration.flatMap { document.double(of: $0) })
        continue
      }
      guard containers.count >= 3 else { continue }
      // A keyframe: a map in the `keyframes` array of a track, which is one of the tracks of the animation
      // the value is in (the top-level array's element, whose tracks are side by side in `tracks`). The value
      // is one of its fields, or in its `values` (in `translate`, two levels down).
      if let (trackIndex, index) = keyframe(around: containers, keyframes, tracks) {
        let keyframe = keyframes[index]
        var fields = KeyframeFields()
        fields.read(keyframe.object, document, names: KeyframeFields.names)
        keyframes[index] = Keyframe(
          object: keyframe.object, index: keyframe.index, id: fields.id, duration: fields.duration,
          values: fields.values, seconds: fields.duration.flatMap { document.double(of: $0) },
          isPlayed: fields.values.map { document.poseIsFinite($0) } ?? true)
        let track = tracks[trackIndex]
        tracks[trackIndex] = Track(
          object: track.object, id: track.id, initialValues: track.initialValues, animationIndex: track.animationIndex,
          shapeIndex: track.shapeIndex, isPlayed: track.isPlayed, keyframesArray: track.keyframesArray,
          keyframeRange: track.keyframeRange, timing: TrackTiming(keyframes[track.keyframeRange]))
        continue
      }
      // A shape's description: the map of a shape's `shape` field.
      if document.isMap(object),
        let index = Self.position(of: containers[containers.count - 2], among: shapes, in: shapes.indices),
        shapes[index].description?.object == object
      {
        let shape = shapes[index]
        shapes[index] = Shape(
          object: shape.object, id: shape.id, shape: shape.shape, vertices: shape.vertices,
          transforms: shape.transforms, animation: shape.animation, shapes: shape.shapes,
          showsBeforeAnimation: shape.showsBeforeAnimation, animationIndex: shape.animationIndex, depth: shape.depth,
          parentIndex: shape.parentIndex,
          description: Builder.describe(object, document, names: DescriptionFields.names))
      }
    }
    return DocumentOutline(animations: animations, tracks: tracks, shapes: shapes, keyframes: keyframes)
  }

  /// The track and the keyframe (indices into `tracks` and `keyframes`) that a value whose containers, from
  /// the top-level array down, are `containers` is in: as a field of the keyframe, in its `values`, or in
  /// their `translate`; `nil` when it is in none.
  private func keyframe(
    around containers: [IndexedDocument.Node], _ keyframes: [Keyframe], _ tracks: [Track]
  ) -> (track: Int, keyframe: Int)? {
    // The keyframe is the innermost container, or one or two above it; it sits in a `keyframes` array, in a
    // track, at least three levels down (the top-level array, an animation, its `keyframes`).
    for depth in 1...3 where containers.count - depth >= 3 {
      let object = containers[containers.count - depth]
      if let trackIndex = track(in: containers[1], keyframes: containers[containers.count - depth - 1], tracks),
        tracks[trackIndex].object == containers[containers.count - depth - 2],
        let index = Self.position(of: object, among: keyframes, in: tracks[trackIndex].keyframeRange)
      {
        return (trackIndex, index)
      }
    }
    return nil
  }

  /// The track of the file's animation `animation` (an element of the top-level array) whose `keyframes`
  /// array is `array`, if there is one.
  private func track(in animation: IndexedDocument.Node, keyframes array: IndexedDocument.Node, _ tracks: [Track])
    -> Int?
  {
    guard let found = Self.position(of: animation, among: animations, in: animations.indices) else { return nil }
    // The animation's tracks are side by side, its own and then its shapes', in the order of the animations.
    let animationIndex = animations[found].index
    var (low, high) = (0, tracks.count)
    while low < high {
      let middle = (low + high) / 2
      if tracks[middle].animationIndex < animationIndex { low = middle + 1 } else { high = middle }
    }
    while low < tracks.count && tracks[low].animationIndex == animationIndex {
      if tracks[low].keyframesArray == array { return low }
      low += 1
    }
    return nil
  }

  /// Where the record of `object` is among `records[range]`, which are in the order of their objects.
  private static func position<Record: OutlineRecord>(
    of object: IndexedDocument.Node, among records: [Record], in range: Range<Int>
  ) -> Int? {
    var (low, high) = (range.lowerBound, range.upperBound)
    while low < high {
      let middle = (low + high) / 2
      if records[middle].object < object { low = middle + 1 } else { high = middle }
    }
    return low < range.upperBound && records[low].object == object ? low : nil
  }
}

/// A record of the outline, of one object.
private protocol OutlineRecord {
  var object: IndexedDocument.Node { get }
}

extension DocumentOutline.Animation: OutlineRecord {}
extension DocumentOutline.Keyframe: OutlineRecord {}
extension DocumentOutline.Shape: OutlineRecord {}

extension DocumentOutline {
  /// The outline's arrays as the walk fills them.
  fileprivate struct Builder {
    var animations: [Animation] = []
    var tracks: [Track] = []
    var shapes: [Shape] = []
    var keyframes: [Keyframe] = []
    /// Walks `document` once, reading each object's keys once.
    mutating func walk(_ document: IndexedDocument) {
      guard let root = document.root else { return }
      let animationCount = document.count(of: root) ?? 0
      animations.reserveCapacity(animationCount)
      // Room at once for about as many tracks, keyframes and shapes as a file of this size holds, so that a
      // small file's arrays are allocated once rather than grown a few times each: a keyframe written out
      // takes some twenty values (its map, three fields, a pose of five), a shape some forty, and there is
      // a track per animation and about one for every four shapes. A guess: an array outgrows it as usual,
      // and a large file (which may be mostly vertices) gets no more than a small file's worth at once.
      let nodeCount = min(document.nodeCount, 16_384)
      tracks.reserveCapacity(animationCount + nodeCount / 160)
      keyframes.reserveCapacity(nodeCount / 16)
      shapes.reserveCapacity(nodeCount / 32)
      var index = 0
      // Each kind's names are read once for a list of objects, not once for each: on Linux every read of a
      // static is a call.
      let names = TrackFields.names
      // Loops rather than `forEachElement(of:_:)`: its closure would retain and release the document around
      // each call (see `Fields.read(_:_:names:)`).
      var child = document.isArray(root) ? document.firstChild(of: root) : nil
      while let element = child {
        child = document.nextSibling(of: element, in: root)
        defer { index += 1 }
        guard document.isMap(element) else { continue }
        var fields = TrackFields()
        fields.read(element, document, names: names)
        animations.append(
          Animation(
            object: element, index: index, id: fields.id, invokeType: fields.invokeType,
            loopDuration: fields.loopDuration.flatMap { document.double(of: $0) }))
        addTrack(element, fields, animationIndex: index, shapeIndex: nil, isPlayed: true, document)
        if let list = fields.shapes {
          addShapes(list, animationIndex: index, depth: 0, parentIndex: nil, document)
        }
      }
    }

    private mutating func addTrack(
      _ object: IndexedDocument.Node, _ fields: TrackFields, animationIndex: Int, shapeIndex: Int?, isPlayed: Bool,
      _ document: IndexedDocument
    ) {
      let array = fields.keyframes.flatMap { document.isArray($0) ? $0 : nil }
      let start = keyframes.count
      if let array {
        // Room for the track at once, at least doubling as appending would.
        let needed = start + (document.count(of: array) ?? 0)
        if needed > keyframes.capacity { keyframes.reserveCapacity(max(needed, 2 * keyframes.capacity)) }
        var index = 0
        let names = KeyframeFields.names
        var child = document.firstChild(of: array)
        while let element = child {
          child = document.nextSibling(of: element, in: array)
          defer { index += 1 }
          guard document.isMap(element) else { continue }
          var fields = KeyframeFields()
          fields.read(element, document, names: names)
          keyframes.append(
            Keyframe(
              object: element, index: index, id: fields.id, duration: fields.duration, values: fields.values,
              seconds: fields.duration.flatMap { document.double(of: $0) },
              isPlayed: fields.values.map { document.poseIsFinite($0) } ?? true)
          )
        }
      }
      let range = start..<keyframes.count
      tracks.append(
        Track(
          object: object, id: fields.id, initialValues: fields.initialValues, animationIndex: animationIndex,
          shapeIndex: shapeIndex, isPlayed: isPlayed, keyframesArray: array, keyframeRange: range,
          timing: TrackTiming(keyframes[range])))
    }

    @inline(__always)
    static func describe(
      _ object: IndexedDocument.Node, _ document: IndexedDocument, names: borrowing EncodedKeyNames
    ) -> Description {
      var fields = DescriptionFields()
      fields.read(object, document, names: names)
      // A `fill` or `stroke` written as `nil` is absent.
      @inline(__always) func present(_ field: IndexedDocument.Node?) -> IndexedDocument.Node? {
        field.flatMap { document.isNil($0) ? nil : $0 }
      }
      return Description(
        object: object, type: fields.type, width: fields.width, height: fields.height, fill: present(fields.fill),
        stroke: present(fields.stroke), strokeWidth: fields.strokeWidth,
        widthValue: fields.width.flatMap { document.double(of: $0) },
        heightValue: fields.height.flatMap { document.double(of: $0) },
        strokeWidthValue: fields.strokeWidth.flatMap { document.double(of: $0) })
    }

    private mutating func addShapes(
      _ list: IndexedDocument.Node, animationIndex: Int, depth: Int, parentIndex: Int?, _ document: IndexedDocument
    ) {
      guard document.isArray(list) else { return }
      // Room for the whole list at once, at least doubling as appending would: a shape is large to copy, and
      // a file's shapes come in a few lists.
      let needed = shapes.count + (document.count(of: list) ?? 0)
      if needed > shapes.capacity { shapes.reserveCapacity(max(needed, 2 * shapes.capacity)) }
      let (names, descriptionNames) = (ShapeFields.names, DescriptionFields.names)
      var child = document.firstChild(of: list)
      while let element = child {
        child = document.nextSibling(of: element, in: list)
        guard document.isMap(element) else { continue }
        let index = shapes.count
        var fields = ShapeFields()
        fields.read(element, document, names: names)
        // The description made inside the shape's initializer, with `describe` inlined, rather than in a
        // variable of its own that is then copied into the shape.
        shapes.append(
          Shape(
            object: element, id: fields.id,
            shape: fields.shape, vertices: fields.vertices,
            transforms: fields.transforms, animation: fields.animation, shapes: fields.shapes,
            showsBeforeAnimation: fields.showsBeforeAnimation, animationIndex: animationIndex, depth: depth,
            parentIndex: parentIndex,
            description: fields.shape.flatMap {
              document.isMap($0) ? Self.describe($0, document, names: descriptionNames) : nil
            }))
        if let track = fields.animation, document.isMap(track) {
          var trackFields = TrackFields()
          trackFields.read(track, document, names: TrackFields.names)
          addTrack(
            track, trackFields, animationIndex: animationIndex,
            shapeIndex: index,
            isPlayed: depth == 0,
            document)
        }
        if let children = fields.shapes {
          addShapes(children, animationIndex: animationIndex, depth: depth + 1, parentIndex: index, document)
        }
      }
    }
  }
}

extension DocumentOutline {
  /// The fields of one kind of object that the outline records: the first entry of each key, read in one
  /// pass over the keys. Each kind has its own short list of names, so that a key is compared only with the
  /// names its object may have (a keyframe's `values` with no `shapes`, `height` or `stroke`), and its
  /// fields take no room for the other kinds' keys.
  fileprivate protocol Fields {
    /// The keys recorded, numbered as `note` takes them, in the order files write them (the lookup of a
    /// key tries the name after the previous key's first).
    static var names: EncodedKeyNames { get }
    /// No field found yet.
    init()
    /// Records the value of the key numbered `name` in ``names``, when it is the key's first entry.
    mutating func note(_ name: Int, _ value: IndexedDocument.Node)
  }

  /// An animation object (the file's own, which is also a track) or a shape's track.
  fileprivate struct TrackFields: Fields {
    var id, invokeType, initialValues, keyframes, shapes, loopDuration: IndexedDocument.Node?
    static let names = EncodedKeyNames(["id", "invokeType", "initialValues", "keyframes", "shapes", "loopDuration"])
    mutating func note(_ name: Int, _ value: IndexedDocument.Node) {
      switch name {
      case 0: take(&id, value)
      case 1: take(&invokeType, value)
      case 2: take(&initialValues, value)
      case 3: take(&keyframes, value)
      case 4: take(&shapes, value)
      default: take(&loopDuration, value)
      }
    }
  }

  fileprivate struct ShapeFields: Fields {
    var id, shape, vertices, transforms, animation, shapes, showsBeforeAnimation: IndexedDocument.Node?
    static let names = EncodedKeyNames([
      "id", "showsBeforeAnimation", "transforms", "shape", "vertices", "shapes", "animation",
    ])
    mutating func note(_ name: Int, _ value: IndexedDocument.Node) {
      switch name {
      case 0: take(&id, value)
      case 1: take(&showsBeforeAnimation, value)
      case 2: take(&transforms, value)
      case 3: take(&shape, value)
      case 4: take(&vertices, value)
      case 5: take(&shapes, value)
      default: take(&animation, value)
      }
    }
  }

  fileprivate struct KeyframeFields: Fields {
    var id, duration, values: IndexedDocument.Node?
    static let names = EncodedKeyNames(["id", "duration", "values"])
    mutating func note(_ name: Int, _ value: IndexedDocument.Node) {
      switch name {
      case 0: take(&id, value)
      case 1: take(&duration, value)
      default: take(&values, value)
      }
    }
  }

  /// A shape's `shape` description.
  fileprivate struct DescriptionFields: Fields {
    var type, width, height, fill, stroke, strokeWidth: IndexedDocument.Node?
    static let names = EncodedKeyNames(["type", "width", "height", "fill", "stroke", "strokeWidth"])
    mutating func note(_ name: Int, _ value: IndexedDocument.Node) {
      switch name {
      case 0: take(&type, value)
      case 1: take(&width, value)
      case 2: take(&height, value)
      case 3: take(&fill, value)
      case 4: take(&stroke, value)
      default: take(&strokeWidth, value)
      }
    }
  }
}

extension DocumentOutline.Fields {
  /// Records the fields of `object`, which is a map (every caller has checked), its keys looked up in `names`,
  /// which is ``names``, read by the caller once for a list of objects. A mutating method on fields the
  /// caller made empty rather than an initializer: the initializer, which returned the fields, took some
  /// thirty more instructions an object (1.3 M of the outline's 22.5 M on the benchmark's subset).
  @inline(__always)
  fileprivate mutating func read(
    _ object: IndexedDocument.Node, _ document: borrowing IndexedDocument, names: borrowing EncodedKeyNames
  ) {
    assert(document.isMap(object), "the fields of a value that is not a map")
    // A loop rather than `forEachEntry(of:_:)`, whose closure retains and releases the document for each
    // object, and the document borrowed for the same reason: the reference count shares its cache line with
    // the fields that the threads walking the document beside this one read at every value, and each write
    // takes the line from them.
    // The name after the last one found is tried first: the names are listed in the order files write them.
    var expected = 0
    var child = document.firstChild(of: object)
    while let key = child, let value = document.nextSibling(of: key, in: object) {
      if let name = document.index(ofKey: key, among: names, expected: expected) {
        note(name, value)
        expected = name &+ 1
      }
      child = document.nextSibling(of: value, in: object)
    }
  }
}

/// Records `value` in `slot` unless an earlier entry of the same key did.
@inline(__always)
private func take(_ slot: inout IndexedDocument.Node?, _ value: IndexedDocument.Node) {
  if slot == nil { slot = value }
}
