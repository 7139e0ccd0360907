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
       {"keyframes": {}, "shapes": [{}]}, 3]
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
        #expect(animation.invokeType == field("invokeType", animation.object), "\(name)")
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
      }
    }
  }

  @Test("the odd document's shapes and tracks are all found, nested ones included")
  func oddDocument() throws {
    let (_, document) = try #require(try Self.documents().last)
    let outline = DocumentOutline(document)
    #expect(outline.animations.map(\.index) == [0, 1])
    #expect(outline.shapes.map(\.depth) == [0, 1, 0])
    #expect(outline.shapes.map(\.parentIndex) == [nil, 0, nil])
    // The two animation objects and the first shape's `animation`; the nested shape's is not a map.
    #expect(outline.tracks.count == 3)
    #expect(outline.tracks.map(\.shapeIndex) == [nil, 0, nil])
    #expect(document.string(of: try #require(outline.animations[0].id)) == "a")
  }
}
