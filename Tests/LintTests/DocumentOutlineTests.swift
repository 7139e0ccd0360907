import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint

/// The outline reads each object's keys once and records the fields rules use; what it records must be
/// what looking the field up gives (the first entry of the key), so rules may use either.
@Suite("Document outline")
struct DocumentOutlineTests {
  /// Every corpus file that reads, plus a document with repeated and misplaced keys.
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
        #expect(animation.idHash == animation.id.flatMap { document.stringHash(of: $0) }, "\(name)")
        #expect(animation.invokeType == field("invokeType", animation.object), "\(name)")
      }
      for track in outline.tracks {
        #expect(track.id == field("id", track.object), "\(name)")
        #expect(track.initialValues == field("initialValues", track.object), "\(name)")
        #expect(track.keyframesArray == field("keyframes", track.object).flatMap { document.isArray($0) ? $0 : nil })
      }
      for shape in outline.shapes {
        #expect(shape.id == field("id", shape.object), "\(name)")
        #expect(shape.idHash == shape.id.flatMap { document.stringHash(of: $0) }, "\(name)")
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
          // Compared as bits: a corpus file has a NaN duration.
          #expect(
            keyframe.seconds?.bitPattern == keyframe.duration.flatMap { document.double(of: $0) }?.bitPattern,
            "\(name)")
          #expect(keyframe.idHash == keyframe.id.flatMap { document.stringHash(of: $0) }, "\(name)")
        }
      }
    }
  }

  @Test("the odd document's shapes and tracks are all found, nested ones included")
  func oddDocument() throws {
    let (_, document) = try #require(try Self.documents().last)
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
}
