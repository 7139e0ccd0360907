import Foundation
import InertiaFormat
import TestSupport
import Testing

/// `null` in an optional field: read as absent, as `decodeIfPresent` reads it, and written back as `null`.
@Suite("null in optional fields")
struct NullFieldTests {
  static let file = Fixtures.corpus.appendingPathComponent("lint/null-optional-field.json")

  @Test("An optional field that is null reads as absent: its default, or none")
  func readsAsAbsent() throws {
    let animations = try InertiaJSONDecoder().decode([InertiaAnimation].self, from: Fixtures.bytes(Self.file))
    let shape = try #require(animations.first?.shapes.first)
    #expect(shape.zIndex == 0)
    #expect(shape.position == .bottom)
    #expect(shape.shape?.stroke == nil)
    #expect(InertiaSchema.violations(in: try JSONReader().read(Fixtures.bytes(Self.file)), fromJSON: true).isEmpty)
  }

  @Test("Written back, the nulls are where they were, byte for byte in MessagePack")
  func writtenBackAsNull() throws {
    let json = try Fixtures.bytes(Self.file)
    let messagePack = try Converter.toMessagePack(json: json)
    let animations = try MessagePackDecoder().decode([InertiaAnimation].self, from: messagePack)
    #expect(try MessagePackEncoder().encodeBytes(animations) == messagePack)
    let fromJSON = try InertiaJSONDecoder().decode([InertiaAnimation].self, from: json)
    #expect(try JSONReader().read(InertiaJSONEncoder().encodeBytes(fromJSON)) == (try JSONReader().read(json)))
    // A value set in code replaces the null.
    var changed = animations
    changed[0].shapes[0].zIndex = 3
    let rewritten = try MessagePackReader().read(MessagePackEncoder().encodeBytes(changed))
    let shape = rewritten.arrayValue?.first?["shapes"]?.arrayValue?.first
    #expect(shape?["zIndex"] == 3)
    #expect(shape?["position"] == .nil)
  }

  @Test("A required field that is null is still an error")
  func requiredNull() throws {
    let text =
      #"[{"id": null, "invokeType": "trigger", "initialValues": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}, "keyframes": []}]"#
    #expect(throws: DecodingError.self) {
      try InertiaJSONDecoder().decode([InertiaAnimation].self, from: Array(text.utf8))
    }
  }
}
