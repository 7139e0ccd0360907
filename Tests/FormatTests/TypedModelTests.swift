import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// Decodes `bytes` as `T` and encodes the result again.
func roundTrip<T: Codable>(_ type: T.Type, _ bytes: [UInt8]) throws -> (T, [UInt8]) {
  let decoded = try MessagePackDecoder().decode(type, from: bytes)
  return (decoded, [UInt8](try MessagePackEncoder().encode(decoded)))
}

@Suite("The typed model against the spec's examples")
struct TypedModelTests {
  let writer = MessagePackWriter()

  @Test("animation.inertia decodes to the expected values and re-encodes to identical bytes")
  func animationFileExample() throws {
    let bytes = writer.write(SpecExamples.animationFile)
    let (animations, encoded) = try roundTrip([InertiaAnimation].self, bytes)
    #expect(animations == SpecExamples.animationFileTyped)
    #expect(encoded == bytes)
  }

  @Test("The example's values are read as the spec writes them")
  func animationFileFields() throws {
    let animations = try MessagePackDecoder().decode(
      [InertiaAnimation].self, from: writer.write(SpecExamples.animationFile))
    let card = try #require(animations.first)
    #expect(card.id == "card0")
    #expect(card.invokeType == .trigger)
    #expect(card.shapes.isEmpty)
    #expect(card.keyframes.map(\.duration) == [0, 3])
    #expect(card.keyframes[0].values.translate == .init(width: -0.648, height: -0.003))
    #expect(card.keyframes[1].values.translate.height == -0.012)
    #expect(card.unknownFields.isEmpty)
  }

  @Test("A model built in code writes the editor's bytes for animation.inertia")
  func animationFileFromCode() throws {
    let encoded = try MessagePackEncoder().encode(SpecExamples.animationFileTyped)
    #expect([UInt8](encoded) == writer.write(SpecExamples.animationFile))
  }

  @Test("The circle example decodes to the expected values and re-encodes to identical bytes")
  func circleExample() throws {
    let bytes = writer.write(SpecExamples.circleAnimation)
    let (animation, encoded) = try roundTrip(InertiaAnimation.self, bytes)
    #expect(animation == SpecExamples.circleAnimationTyped)
    #expect(encoded == bytes)
  }

  @Test("The circle example inside a file round-trips too")
  func circleExampleInFile() throws {
    let bytes = writer.write([SpecExamples.circleAnimation])
    let (animations, encoded) = try roundTrip([InertiaAnimation].self, bytes)
    #expect(animations == [SpecExamples.circleAnimationTyped])
    #expect(encoded == bytes)
  }

  @Test("The nested shape reads every field it omits as its default")
  func nestedShapeDefaults() throws {
    let inner = try MessagePackDecoder().decode(InertiaShape.self, from: SpecExamples.innerCircle)
    #expect(inner.position == .bottom)
    #expect(inner.ownCanvas == false)
    #expect(inner.showsBeforeAnimation == true)
    #expect(inner.transforms == .identity)
    #expect(inner.animation == nil)
    #expect(inner.vertices == nil)
    #expect(inner.shapes.isEmpty)
    #expect(inner.shape?.stroke == nil)
    #expect(inner.shape?.strokeWidth == 0)
  }

  @Test("An empty array is a valid file")
  func emptyFile() throws {
    let (animations, encoded) = try roundTrip([InertiaAnimation].self, [0x90])
    #expect(animations.isEmpty)
    #expect(encoded == [0x90])
  }

  @Test("A field absent from the file stays absent even when set to its default")
  func absentStaysAbsent() throws {
    var inner = try MessagePackDecoder().decode(InertiaShape.self, from: SpecExamples.innerCircle)
    inner.position = .bottom
    inner.shapes = []
    #expect(try MessagePackEncoder().encodeValue(inner) == SpecExamples.innerCircle)
  }

  @Test("A default the file wrote stays written")
  func writtenDefaultStaysWritten() throws {
    let outer = try MessagePackDecoder().decode(InertiaShape.self, from: SpecExamples.outerCircle)
    let value = try MessagePackEncoder().encodeValue(outer)
    #expect(value["zIndex"] == 0)
    #expect(value["ownCanvas"] == false)
    #expect(value["shape"]?["strokeWidth"] == 0)
  }

  @Test("A field set in code after decoding is written after the file's keys")
  func newFieldGoesLast() throws {
    var inner = try MessagePackDecoder().decode(InertiaShape.self, from: SpecExamples.innerCircle)
    inner.position = .top
    inner.ownCanvas = true
    let value = try MessagePackEncoder().encodeValue(inner)
    #expect(value.mapEntries?.map(\.key) == ["id", "zIndex", "shape", "position", "ownCanvas"])
  }

  @Test("A field removed in code is not written")
  func removedFieldIsGone() throws {
    var outer = try MessagePackDecoder().decode(InertiaShape.self, from: SpecExamples.outerCircle)
    outer.shape?.fill = nil
    let value = try MessagePackEncoder().encodeValue(outer)
    #expect(value["shape"]?["fill"] == nil)
    #expect(value["shape"]?.mapEntries?.map(\.key) == ["id", "type", "width", "height", "strokeWidth"])
  }

  @Test("A shape made in code writes only what differs from the defaults, in the schema's order")
  func freshShapeWritesNonDefaults() throws {
    let shape = InertiaShape(
      id: "s", shape: InertiaShapeDescription(id: "d", type: .square, width: 1, height: 1), zIndex: 2,
      showsBeforeAnimation: false)
    let expected: MessagePackValue = [
      "id": "s", "zIndex": 2, "showsBeforeAnimation": false,
      "shape": ["id": "d", "type": "square", "width": 1, "height": 1],
    ]
    #expect(try MessagePackEncoder().encodeValue(shape) == expected)
  }

  @Test("Objects that differ only in key order are equal")
  func keyOrderIsNotIdentity() throws {
    let reordered: MessagePackValue = ["red": 1, "alpha": 1, "blue": 1, "green": 1]
    let colour = try MessagePackDecoder().decode(InertiaColour.self, from: reordered)
    #expect(colour == InertiaColour(red: 1, green: 1, blue: 1, alpha: 1))
    #expect(try MessagePackEncoder().encodeValue(colour) == reordered)
  }

  @Test("A float the file wrote with an integral value is read and written back as the editor writes it")
  func integralFloatBecomesInteger() throws {
    let values: MessagePackValue = [
      "scale": .float64(2), "translate": [.float32(0.5), .float64(-0.0)], "rotate": .float64(.nan),
      "rotateCenter": .float64(.infinity), "opacity": .float32(1),
    ]
    let decoded = try MessagePackDecoder().decode(InertiaAnimationValues.self, from: values)
    let expected: MessagePackValue = [
      "scale": 2, "translate": [0.5, .float64(-0.0)], "rotate": .float64(.nan),
      "rotateCenter": .float64(.infinity), "opacity": 1,
    ]
    #expect(try MessagePackEncoder().encodeValue(decoded) == expected)
  }
}
