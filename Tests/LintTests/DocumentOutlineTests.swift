import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaLint

/// The outline reads each object's keys once and records the fields rules use; what it records must be
/// what looking the field up gives (the first entry of the key), so rules may use either.
@Suite("Document outline")
struct DocumentOutlineTests {
  /// Every corpus file that reads, a document with repeated and misplaced keys, and random documents shaped
  /// like animation files.
  static func documents() throws -> [(name: String, document: IndexedDocument)] {
    var documents: [(String, IndexedDocument)] = []
    let corpus = CorpusTests.directory
    for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() where name.contains(".") {
      let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(name)))
      guard let indexed = try? IndexedDocument.read(bytes) else { continue }
      documents.append((name, indexed))
    }
    let odd = #"""
      [{"id": "a", "id": "b", "invokeType": 1, "keyframes": [], "initialValues": null,
        "shapes": [{"id": 7, "shape": null, "vertices": [], "transforms": {}, "animation": {"id": "c", "keyframes": []},
                    "shapes": [{"showsBeforeAnimation": true, "animation": [], "shapes": "x"}]}]},
       {"keyframes": {}, "shapes": [{}]}, 3,
       {"id": "d", "duration": 1, "keyframes": [{"id": "k", "values": {}, "duration": 0.5, "duration": 2, "id": "j"},
                                                 {"shapes": [], "width": 1}, 4],
        "shapes": [{"shape": {"width": 2, "width": 3, "fill": null, "stroke": [1], "strokeWidth": "w", "id": "s"},
                    "duration": 1, "values": {}},
                   {"shape": {"height": 1, "keyframes": []}}]}]
      """#
    documents.append(("odd.json", try IndexedDocument.read(Array(odd.utf8), as: .json)))
    var rng = SeededGenerator(seed: 0x6F75_746C_696E_65)
    for number in 0..<400 {
      let value = MessagePackValue.array(
        (0..<Int.random(in: 0...5, using: &rng)).map { _ in outlineShaped(&rng, depth: 1, map: true) })
      documents.append(("random \(number)", try IndexedDocument.read(MessagePackWriter().write(value))))
    }
    return documents
  }

  @Test("recorded fields are the fields a lookup finds")
  func recordedFieldsMatchLookups() throws {
    for (name, document) in try Self.documents() {
      let outline = DocumentOutline(document)
      func field(_ key: StaticString, _ object: IndexedDocument.Node) -> IndexedDocument.Node? {
        document.value(forKey: key, in: object)
      }
      for animation in outline.animations {
        #expect(animation.id == field("id", animation.object), "\(name)")
        #expect(animation.invokeType == field("invokeType", animation.object), "\(name)")
        #expect(
          animation.loopDuration?.bitPattern
            == field("loopDuration", animation.object).flatMap { document.double(of: $0) }?.bitPattern, "\(name)")
      }
      for track in outline.tracks {
        #expect(track.id == field("id", track.object), "\(name)")
        #expect(track.initialValues == field("initialValues", track.object), "\(name)")
        #expect(track.keyframesArray == field("keyframes", track.object).flatMap { document.isArray($0) ? $0 : nil })
      }
      for shape in outline.shapes {
        #expect(shape.id == field("id", shape.object), "\(name)")
        #expect(shape.shape == field("shape", shape.object), "\(name)")
        #expect(shape.vertices == field("vertices", shape.object), "\(name)")
        #expect(shape.transforms == field("transforms", shape.object), "\(name)")
        #expect(shape.animation == field("animation", shape.object), "\(name)")
        #expect(shape.shapes == field("shapes", shape.object), "\(name)")
        #expect(shape.showsBeforeAnimation == field("showsBeforeAnimation", shape.object), "\(name)")
        let description = field("shape", shape.object).flatMap { document.isMap($0) ? $0 : nil }
        #expect(shape.description?.object == description, "\(name)")
        if let description, let recorded = shape.description {
          func present(_ key: StaticString) -> IndexedDocument.Node? {
            field(key, description).flatMap { document.isNil($0) ? nil : $0 }
          }
          #expect(recorded.type == field("type", description), "\(name)")
          #expect(recorded.width == field("width", description), "\(name)")
          #expect(recorded.height == field("height", description), "\(name)")
          #expect(recorded.fill == present("fill"), "\(name)")
          #expect(recorded.stroke == present("stroke"), "\(name)")
          #expect(recorded.strokeWidth == field("strokeWidth", description), "\(name)")
          #expect(
            recorded.widthValue?.bitPattern == recorded.width.flatMap { document.double(of: $0) }?.bitPattern,
            "\(name)")
        }
      }
      for track in outline.tracks {
        let elements = track.keyframesArray.map { document.elements(of: $0) } ?? []
        #expect(outline.keyframes(of: track).map(\.object) == elements.filter { document.isMap($0) }, "\(name)")
        for keyframe in outline.keyframes(of: track) {
          #expect(keyframe.object == elements[keyframe.index], "\(name)")
          #expect(keyframe.id == field("id", keyframe.object), "\(name)")
          #expect(keyframe.duration == field("duration", keyframe.object), "\(name)")
          #expect(keyframe.values == field("values", keyframe.object), "\(name)")
          #expect(keyframe.isPlayed == (keyframe.values.map { document.poseIsFinite($0) } ?? true), "\(name)")
          // Compared as bits: a corpus file has a NaN duration.
          #expect(
            keyframe.seconds?.bitPattern == keyframe.duration.flatMap { document.double(of: $0) }?.bitPattern,
            "\(name)")
        }
      }
    }
  }

  @Test("the odd document's shapes and tracks are all found, nested ones included")
  func oddDocument() throws {
    let (_, document) = try #require(try Self.documents().first { $0.name == "odd.json" })
    let outline = DocumentOutline(document)
    #expect(outline.animations.map(\.index) == [0, 1, 3])
    #expect(outline.shapes.map(\.depth) == [0, 1, 0, 0, 0])
    #expect(outline.shapes.map(\.parentIndex) == [nil, 0, nil, nil, nil])
    // The three animation objects and the first shape's `animation`; the nested shape's is not a map.
    #expect(outline.tracks.count == 4)
    #expect(outline.tracks.map(\.shapeIndex) == [nil, 0, nil, nil])
    #expect(document.string(of: try #require(outline.animations[0].id)) == "a")
    // A keyframe's repeated keys count once, the first entry; a key of another kind of object is not read
    // as one of its own.
    let keyframes = Array(outline.keyframes(of: outline.tracks[3]))
    #expect(keyframes.map(\.index) == [0, 1])
    #expect(keyframes[0].seconds == 0.5)
    #expect(document.string(of: try #require(keyframes[0].id)) == "k")
    #expect(keyframes[1].id == nil && keyframes[1].duration == nil && keyframes[1].values == nil)
    let description = try #require(outline.shapes[3].description)
    #expect(description.widthValue == 2)
    #expect(description.fill == nil && description.stroke != nil && description.strokeWidthValue == nil)
    #expect(outline.shapes[3].id == nil)
    #expect(outline.shapes[4].description?.heightValue == 1)
  }

  /// The outline's structure as a plain recursive walk finds it, each field by a lookup: which animations,
  /// shapes (with their depth, parent and animation) and tracks (with their shape and keyframes) there are.
  private struct ReferenceOutline: Equatable {
    var animations: [[Int]] = []
    var shapes: [[Int?]] = []
    var tracks: [[Int?]] = []
    var keyframes: [[Int]] = []

    init() {}

    init(_ document: IndexedDocument) {
      guard let root = document.root, document.isArray(root) else { return }
      for (index, element) in document.elements(of: root).enumerated() where document.isMap(element) {
        animations.append([element.index, index])
        addTrack(element, animationIndex: index, shapeIndex: nil, isPlayed: true, document)
        if let list = document.value(forKey: "shapes", in: element) {
          addShapes(list, animationIndex: index, depth: 0, parentIndex: nil, document)
        }
      }
    }

    private mutating func addTrack(
      _ object: IndexedDocument.Node, animationIndex: Int, shapeIndex: Int?, isPlayed: Bool,
      _ document: IndexedDocument
    ) {
      let array = document.value(forKey: "keyframes", in: object).flatMap { document.isArray($0) ? $0 : nil }
      let elements = array.map { document.elements(of: $0) } ?? []
      let maps = elements.indices.filter { document.isMap(elements[$0]) }
      tracks.append([object.index, animationIndex, shapeIndex, isPlayed ? 1 : 0, maps.count])
      keyframes += maps.map { [elements[$0].index, $0] }
    }

    private mutating func addShapes(
      _ list: IndexedDocument.Node, animationIndex: Int, depth: Int, parentIndex: Int?, _ document: IndexedDocument
    ) {
      guard document.isArray(list) else { return }
      for element in document.elements(of: list) where document.isMap(element) {
        let index = shapes.count
        shapes.append([element.index, animationIndex, depth, parentIndex])
        if let track = document.value(forKey: "animation", in: element), document.isMap(track) {
          addTrack(track, animationIndex: animationIndex, shapeIndex: index, isPlayed: depth == 0, document)
        }
        if let children = document.value(forKey: "shapes", in: element) {
          addShapes(children, animationIndex: animationIndex, depth: depth + 1, parentIndex: index, document)
        }
      }
    }
  }

  /// The same structure read from an outline.
  private static func structure(of outline: DocumentOutline) -> ReferenceOutline {
    var structure = ReferenceOutline()
    structure.animations = outline.animations.map { [$0.object.index, $0.index] }
    structure.shapes = outline.shapes.map { [$0.object.index, $0.animationIndex, $0.depth, $0.parentIndex] }
    structure.tracks = outline.tracks.map {
      [$0.object.index, $0.animationIndex, $0.shapeIndex, $0.isPlayed ? 1 : 0, $0.keyframeRange.count]
    }
    structure.keyframes = outline.keyframes.map { [$0.object.index, $0.index] }
    return structure
  }

  /// A random document shaped like an animation file: the outline's keys (and others) at every level,
  /// repeated keys, values of the wrong kind, `null`s, nesting several shapes deep.
  private static func outlineShaped(
    _ rng: inout SeededGenerator, depth: Int = 0, map: Bool = false
  ) -> MessagePackValue {
    let keys = [
      "id", "invokeType", "initialValues", "keyframes", "shapes", "showsBeforeAnimation", "transforms", "shape",
      "vertices", "animation", "duration", "values", "width", "height", "fill", "stroke", "strokeWidth", "type",
      "i", "identifier", "shapes", "shapes", "animation", "keyframes",
    ]
    func scalar() -> MessagePackValue {
      switch Int.random(in: 0..<5, using: &rng) {
      case 0: return .nil
      case 1: return .string(["", "a", "b", " a", "longer than fifteen bytes"].randomElement(using: &rng)!)
      case 2: return .float64(Double(Int.random(in: -2...3, using: &rng)) / 2)
      case 3: return .int(Int64.random(in: -1...2, using: &rng))
      default: return .bool(true)
      }
    }
    let width = Int.random(in: 0...(depth < 3 ? 7 : 3), using: &rng)
    // Mostly what the outline follows (a map where it looks for one), sometimes anything.
    let roll = Int.random(in: 0..<8, using: &rng)
    if depth >= 6 || (!map && roll < 2) || roll == 7 { return scalar() }
    if !map && roll < 4 { return .array((0..<width).map { _ in outlineShaped(&rng, depth: depth + 1) }) }
    return .map(
      (0..<width).map { _ in
        let key = keys.randomElement(using: &rng)!
        let value: MessagePackValue
        switch key {
        case "shapes",
          "keyframes" where Int.random(in: 0..<4, using: &rng) > 0:
          value = .array(
            (0..<Int.random(in: 0...4, using: &rng)).map { _ in outlineShaped(&rng, depth: depth + 1, map: true) })
        case "animation", "shape": value = outlineShaped(&rng, depth: depth + 1, map: Bool.random(using: &rng))
        default: value = outlineShaped(&rng, depth: depth + 1)
        }
        return MessagePackValue.MapEntry(.string(key), value)
      })
  }

  /// Every field of every record of an outline, its numbers by their bits, as lines to compare.
  static func record(of outline: DocumentOutline) -> [String] {
    func node(_ node: IndexedDocument.Node?) -> String { node.map { String($0.index) } ?? "-" }
    func number(_ value: Double?) -> String { value.map { String($0.bitPattern) } ?? "-" }
    var lines = outline.animations.map {
      "animation \($0.object.index) \($0.index) \(node($0.id)) \(node($0.invokeType)) \(number($0.loopDuration))"
    }
    lines += outline.tracks.map {
      "track \($0.object.index) \(node($0.id)) \(node($0.initialValues)) \($0.animationIndex) \($0.shapeIndex ?? -1) "
        + "\($0.isPlayed) \(node($0.keyframesArray)) \($0.keyframeRange) \(number($0.timing.playedLength))"
    }
    lines += outline.keyframes.map {
      "keyframe \($0.object.index) \($0.index) \(node($0.id)) \(node($0.duration)) \(node($0.values)) \(number($0.seconds)) \($0.isPlayed)"
    }
    lines += outline.shapes.map { shape in
      let fields = [shape.id, shape.shape, shape.vertices, shape.transforms, shape.animation, shape.shapes]
      var line = "shape \(shape.object.index) \(fields.map(node)) \(node(shape.showsBeforeAnimation)) "
      line += "\(shape.animationIndex) \(shape.depth) \(shape.parentIndex ?? -1)"
      if let d = shape.description {
        line +=
          " description \(d.object.index) \([d.type, d.width, d.height, d.fill, d.stroke, d.strokeWidth].map(node)) "
        line += [d.widthValue, d.heightValue, d.strokeWidthValue].map(number).joined(separator: " ")
      }
      return line
    }
    return lines
  }

  @Test("An outline carried over a fix of values is the outline of the fixed document; a key replaced is refused")
  func carriedOverReplacedValues() throws {
    var rng = SeededGenerator(seed: 0x6361_7272_6965_64)
    var (carried, refused, retimed, described) = (0, 0, 0, 0)
    for (name, document) in try Self.documents() where document.encoding == .messagePack {
      let scalars = (0..<document.nodeCount).map(IndexedDocument.Node.init).filter {
        !document.isMap($0) && !document.isArray($0)
      }
      let keys = scalars.filter { document.ancestors(of: $0)?.isKey == true }
      let values = scalars.filter { document.ancestors(of: $0)?.isKey == false }
      let outline = DocumentOutline(document)
      // The values the outline reads: durations, sizes and colours (`nil` ones too).
      var read = outline.keyframes.compactMap(\.duration)
      for description in outline.shapes.compactMap(\.description) {
        read += [description.width, description.height, description.strokeWidth].compactMap { $0 }
        read += ["fill", "stroke"].compactMap { document.value(forKey: $0, in: description.object) }
      }
      read = read.filter { !document.isMap($0) && !document.isArray($0) }
      guard !values.isEmpty else { continue }
      for _ in 0..<12 {
        // One to three values, mostly ones the outline reads, sometimes a key, each replaced by any kind.
        let replaced = Set(
          (0..<Int.random(in: 1...3, using: &rng)).map { _ in
            switch Int.random(in: 0..<10, using: &rng) {
            case 0 where !keys.isEmpty: keys.randomElement(using: &rng)!
            case 1...7 where !read.isEmpty: read.randomElement(using: &rng)!
            default: values.randomElement(using: &rng)!
            }
          }
        ).sorted()
        let replacements: [MessagePackValue] = replaced.map { _ in
          [.nil, .bool(false), .int(0), .int(-3), .float64(0.001), .float64(-2.5), .string("w"), .float64(.nan)]
            .randomElement(using: &rng)!
        }
        var bytes: [UInt8] = []
        var copied = 0
        let old = Array(document.messagePack)
        for (node, value) in zip(replaced, replacements) {
          let range = document.messagePackRange(of: node)
          bytes += old[copied..<range.lowerBound]
          bytes += MessagePackWriter().write(value)
          copied = range.upperBound
        }
        bytes += old[copied...]
        let fixed = try #require(document.replacingValues(replaced, with: bytes), "\(name)")
        let anyKey = replaced.contains { document.ancestors(of: $0)?.isKey == true }
        guard let outlineOfFixed = outline.replacingValues(replaced, in: fixed) else {
          #expect(anyKey, "\(name): refused without a key replaced")
          refused += 1
          continue
        }
        #expect(!anyKey, "\(name): carried over a key replaced")
        #expect(Self.record(of: outlineOfFixed) == Self.record(of: DocumentOutline(fixed)), "\(name) \(replaced)")
        carried += 1
        retimed += outline.keyframes.count { replaced.contains($0.duration ?? IndexedDocument.Node(-1)) }
        described += outline.shapes.count { shape in
          guard let description = shape.description else { return false }
          return replaced.contains { document.ancestors(of: $0)?.containers.last == description.object }
        }
      }
    }
    // Both ways are taken, and durations and descriptions' fields are among the values replaced.
    #expect(
      carried > 1_000 && refused > 100 && retimed > 100 && described > 50,
      "\(carried), \(refused), \(retimed), \(described)")
  }

  @Test("A value's containers and whether it is a key are those a walk down from the top finds")
  func ancestors() throws {
    for (name, document) in try Self.documents() {
      // Every node's children, walked down from the top: each child's containers are its parent's and the parent.
      var expected: [Int: (containers: [Int], isKey: Bool)] = [:]
      var stack: [(IndexedDocument.Node, [Int])] = document.root.map { [($0, [])] } ?? []
      while let (node, containers) = stack.popLast() {
        var (child, position) = (document.firstChild(of: node), 0)
        while let current = child {
          expected[current.index] = (containers + [node.index], document.isMap(node) && position % 2 == 0)
          stack.append((current, containers + [node.index]))
          (child, position) = (document.nextSibling(of: current, in: node), position + 1)
        }
      }
      for index in 0..<document.nodeCount {
        let found = document.ancestors(of: IndexedDocument.Node(index))
        #expect(found?.containers.map(\.index) == expected[index]?.containers, "\(name) \(index)")
        #expect(found?.isKey == expected[index]?.isKey, "\(name) \(index)")
      }
    }
  }

  @Test("the outline's animations, shapes, tracks and keyframes are those a plain recursive walk finds")
  func structureMatchesReferenceWalk() throws {
    var (nestedShapes, shapeTracks, keyframes) = (0, 0, 0)
    for (name, document) in try Self.documents() {
      let outline = DocumentOutline(document)
      #expect(Self.structure(of: outline) == ReferenceOutline(document), "\(name)")
      nestedShapes += outline.shapes.count { $0.isNested }
      shapeTracks += outline.tracks.count { $0.shapeIndex != nil }
      keyframes += outline.keyframes.count
    }
    // The documents exercise every part of the walk.
    #expect(
      nestedShapes > 100 && shapeTracks > 100 && keyframes > 100, "\(nestedShapes), \(shapeTracks), \(keyframes)")
  }
}
