import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

@Suite("Fields the typed model does not know survive a pass through it")
struct UnknownFieldTests {
  /// The circle example as a newer editor might write it: unknown keys at every level, between known ones.
  static let newerFile: MessagePackValue = [
    [
      "id": "card0",
      "easing": ["curve": "spring", "bounce": 0.25],
      "invokeType": "auto",
      "initialValues": [
        "scale": 1, "skew": [1, 2], "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1,
      ],
      "keyframes": [
        ["id": "k", "duration": 1.5, "hold": true, "values": SpecExamples.card0Keyframe1["values"]!]
      ],
      "shapes": [
        [
          "id": "s",
          "blendMode": "multiply",
          "shape": [
            "id": "d", "type": "oval", "cornerRadius": 0.1, "width": 1, "height": 2,
            "stroke": ["red": 0, "green": 0, "blue": 0, "alpha": 1, "colourSpace": "p3"],
            "strokeWidth": 0.05,
          ],
          "animation": [
            "id": "s-track", "invokeType": "trigger", "initialValues": SpecExamples.card0Keyframe2["values"]!,
            "keyframes": [], "loop": .nil,
          ],
          "vertices": [
            ["position": ["x": 0, "y": 0], "color": ["red": 1, "green": 0, "blue": 0, "alpha": 1]],
            ["position": ["x": 1, "y": 0.5], "color": ["red": 0, "green": 1, "blue": 0, "alpha": 1]],
          ],
        ]
      ],
      "comment": .binary([1, 2, 3]),
      "version": .ext(type: 7, data: [9]),
    ]
  ]

  @Test("Decoding then encoding keeps every unknown field, its value and its place")
  func preservedInPlace() throws {
    let bytes = MessagePackWriter().write(Self.newerFile)
    let (_, encoded) = try roundTrip([InertiaAnimation].self, bytes)
    #expect(encoded == bytes)
  }

  @Test("Unknown fields are exposed in file order")
  func exposed() throws {
    let animations = try MessagePackDecoder().decode([InertiaAnimation].self, from: Self.newerFile)
    let card = try #require(animations.first)
    #expect(card.unknownFields.map(\.key) == ["easing", "comment", "version"])
    #expect(card.unknownFields.first?.value == ["curve": "spring", "bounce": 0.25])
    #expect(card.initialValues.unknownFields == [.init("skew", [1, 2])])
    #expect(card.keyframes[0].unknownFields == [.init("hold", true)])
    let shape = try #require(card.shapes.first)
    #expect(shape.unknownFields == [.init("blendMode", "multiply")])
    #expect(shape.shape?.unknownFields == [.init("cornerRadius", 0.1)])
    #expect(shape.shape?.stroke?.unknownFields == [.init("colourSpace", "p3")])
    #expect(shape.animation?.unknownFields == [.init("loop", .nil)])
    #expect(shape.vertices?.count == 2)
    #expect(
      shape.vertices?[1] == ["position": ["x": 1, "y": 0.5], "color": ["red": 0, "green": 1, "blue": 0, "alpha": 1]])
  }

  @Test("Unknown fields make objects unequal; key order does not")
  func equality() throws {
    let plain = try MessagePackDecoder().decode(
      InertiaColour.self, from: ["red": 1, "green": 1, "blue": 1, "alpha": 1])
    let extra = try MessagePackDecoder().decode(
      InertiaColour.self, from: ["red": 1, "green": 1, "blue": 1, "alpha": 1, "name": "white"])
    #expect(plain != extra)
  }

  @Test("The decoder drops unknown fields when asked")
  func droppedByDecoder() throws {
    let decoder = MessagePackDecoder(unknownFieldPolicy: .drop)
    let animations = try decoder.decode([InertiaAnimation].self, from: MessagePackWriter().write(Self.newerFile))
    #expect(animations[0].unknownFields.isEmpty)
    #expect(animations[0].shapes[0].shape?.stroke?.unknownFields.isEmpty == true)
    let value = try MessagePackEncoder().encodeValue(animations)
    #expect(InertiaSchema.violations(in: value).isEmpty)
    #expect(
      value.arrayValue?[0].mapEntries?.map(\.key) == ["id", "invokeType", "initialValues", "keyframes", "shapes"])
  }

  @Test("The encoder drops unknown fields when asked")
  func droppedByEncoder() throws {
    let animations = try MessagePackDecoder().decode([InertiaAnimation].self, from: Self.newerFile)
    #expect(!animations[0].unknownFields.isEmpty)
    let value = try MessagePackEncoder(unknownFieldPolicy: .drop).encodeValue(animations)
    #expect(InertiaSchema.violations(in: value).isEmpty)
  }

  @Test("Unknown fields added in code are written after the known ones")
  func addedInCode() throws {
    var colour = InertiaColour(red: 0.5, green: 0, blue: 0, alpha: 1)
    colour.unknownFields.append(.init("name", "maroon"))
    let expected: MessagePackValue = ["red": 0.5, "green": 0, "blue": 0, "alpha": 1, "name": "maroon"]
    #expect(try MessagePackEncoder().encodeValue(colour) == expected)
  }

  @Test("An unknown field that names a known one is not written twice")
  func collidingUnknownIgnored() throws {
    var colour = InertiaColour(red: 0.5, green: 0, blue: 0, alpha: 1)
    colour.unknownFields.append(.init("red", 1))
    let expected: MessagePackValue = ["red": 0.5, "green": 0, "blue": 0, "alpha": 1]
    #expect(try MessagePackEncoder().encodeValue(colour) == expected)
  }

  @Test("Foundation's JSON coders keep unknown fields too (not their order), through MessagePackValue's Codable form")
  func foundationCoders() throws {
    let json = Data(#"{"id":"d","type":"square","width":1,"height":1,"glow":{"tags":["a",true,null,1.5,-3]}}"#.utf8)
    let description = try JSONDecoder().decode(InertiaShapeDescription.self, from: json)
    #expect(description.unknownFields == [.init("glow", ["tags": ["a", true, .nil, 1.5, -3]])])
    let again = try JSONDecoder().decode(InertiaShapeDescription.self, from: JSONEncoder().encode(description))
    #expect(again == description)
  }

  @Test("Through Foundation's decoder, fields the file had stay written, in the table's order")
  func foundationPresence() throws {
    let json = Data(#"{"zIndex":0,"id":"s","extra":1,"ownCanvas":false}"#.utf8)
    let shape = try JSONDecoder().decode(InertiaShape.self, from: json)
    let expected: MessagePackValue = ["id": "s", "zIndex": 0, "ownCanvas": false, "extra": 1]
    #expect(try MessagePackEncoder().encodeValue(shape) == expected)
  }

  @Test("Foundation's coders honour the policy through userInfo")
  func foundationPolicy() throws {
    let json = Data(#"{"red":1,"green":1,"blue":1,"alpha":1,"name":"white"}"#.utf8)
    let decoder = JSONDecoder()
    decoder.userInfo[.inertiaUnknownFieldPolicy] = InertiaUnknownFieldPolicy.drop
    #expect(try decoder.decode(InertiaColour.self, from: json).unknownFields.isEmpty)
  }
}
