import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

@Suite("The JSON coders")
struct JSONCoderTests {
  let compact = InertiaJSONEncoder(writerOptions: .init(style: .compact))

  /// The canonical compact JSON text of a value tree.
  func json(_ value: MessagePackValue) throws -> [UInt8] {
    try JSONWriter(options: .init(style: .compact)).write(value)
  }

  @Test("animation.inertia's JSON form decodes to the expected values and re-encodes to identical text")
  func animationFileExample() throws {
    let text = try json(SpecExamples.animationFile)
    let animations = try InertiaJSONDecoder().decode([InertiaAnimation].self, from: text)
    #expect(animations == SpecExamples.animationFileTyped)
    #expect([UInt8](try compact.encode(animations)) == text)
  }

  @Test("The circle example's JSON form round-trips to identical text")
  func circleExample() throws {
    let text = try json([SpecExamples.circleAnimation])
    let animations = try InertiaJSONDecoder().decode([InertiaAnimation].self, from: text)
    #expect(animations == [SpecExamples.circleAnimationTyped])
    #expect([UInt8](try compact.encode(animations)) == text)
  }

  @Test("The spec's JSON text, as the spec prints it, comes back laid out by the writer's pretty style")
  func prettyText() throws {
    let spec = CorpusTypedModelTests.corpus.appendingPathComponent("valid/card0-trigger.json")
    let text = [UInt8](try Data(contentsOf: spec))
    let animations = try InertiaJSONDecoder().decode([InertiaAnimation].self, from: text)
    #expect([UInt8](try InertiaJSONEncoder().encode(animations)) == text)
  }

  @Test("JSON in, MessagePack out: the editor's bytes")
  func jsonToMessagePack() throws {
    let animations = try InertiaJSONDecoder().decode([InertiaAnimation].self, from: json(SpecExamples.animationFile))
    #expect(
      [UInt8](try MessagePackEncoder().encode(animations)) == MessagePackWriter().write(SpecExamples.animationFile))
  }

  @Test("Unknown fields survive the JSON form, in order")
  func unknownFields() throws {
    var value = UnknownFieldTests.newerFile
    // JSON has no binary or extension values; keep the rest.
    value = .array([.map(value.arrayValue![0].mapEntries!.filter { !["comment", "version"].contains($0.key) })])
    let text = try json(value)
    let animations = try InertiaJSONDecoder().decode([InertiaAnimation].self, from: text)
    #expect([UInt8](try compact.encode(animations)) == text)
    #expect(
      try InertiaJSONDecoder(unknownFieldPolicy: .drop).decode([InertiaAnimation].self, from: text)[0]
        .unknownFields.isEmpty)
  }

  @Test("Errors carry the same paths and messages as from MessagePack")
  func errorPaths() throws {
    let file = animationFile(replacing: JSONPointer(parsing: "/0/keyframes/1/values/translate")!, with: [1])
    let error = #expect(throws: DecodingError.self) {
      try InertiaJSONDecoder().decode([InertiaAnimation].self, from: json(file))
    }
    #expect(
      error?.context?.debugDescription == "[0].keyframes[1].values.translate: expected at least 2 numbers, found 1")
  }

  @Test("Text that is not JSON is dataCorrupted with the reader's error, line and column included")
  func malformedText() throws {
    let error = #expect(throws: DecodingError.self) {
      try InertiaJSONDecoder().decode([InertiaAnimation].self, from: Array("[\n  {\"id\": }\n]".utf8))
    }
    let underlying = try #require(error?.context?.underlyingError as? FormatError)
    #expect(underlying.format == .json)
    #expect(underlying.line == 2)
    #expect(error?.context?.debugDescription.hasPrefix("The data is not valid JSON: 2:") == true)
  }

  @Test("NaN cannot be written as plain JSON, and can in the extended form")
  func nonFiniteNumbers() throws {
    let values = [1.5, .nan, .infinity]
    let error = #expect(throws: EncodingError.self) { try compact.encode(values) }
    guard case .invalidValue(_, let context)? = error else {
      Issue.record("expected invalidValue")
      return
    }
    #expect(context.underlyingError is FormatError)
    #expect(JSONPointer(codingPath: context.codingPath) == JSONPointer([.index(1)]))
    // The writer has no bytes to point into: the description names the path and no offset.
    #expect(
      context.debugDescription
        == "The value cannot be written as JSON: float64 NaN cannot be written as plain JSON (the extended form, --extended, keeps it) at /1"
    )
    let extended = InertiaJSONEncoder(writerOptions: .init(style: .compact, extended: true))
    let text = try extended.encode(values)
    let back = try InertiaJSONDecoder(extended: true).decode([Double].self, from: text)
    #expect(back[0] == 1.5 && back[1].isNaN && back[2] == .infinity)
  }

  @Test("Generic Codable types round-trip through JSON; Data is base64")
  func genericTypes() throws {
    let team = Team(
      name: "Inertia", members: [.init(name: "Ada", role: .lead, nickname: "A", scores: [1, 0.25])],
      status: .active(since: 1), tags: [], budget: 12.5, matrix: [[.min, .max]])
    let text = try compact.encode(team)
    #expect(try InertiaJSONDecoder().decode(Team.self, from: text) == team)
    #expect(String(decoding: try compact.encode(Data([1, 2, 3])), as: UTF8.self) == "\"AQID\"")
    #expect(try InertiaJSONDecoder().decode(Data.self, from: Data("\"AQID\"".utf8)) == Data([1, 2, 3]))
  }

  @Test("Integral doubles are written as JSON integers, -0.0 as a float")
  func numberForms() throws {
    struct Numbers: Codable {
      var duration = 3.0
      var scale = 1.0
      var zero = -0.0
      var half = 0.5
    }
    let text = String(decoding: try compact.encode(Numbers()), as: UTF8.self)
    #expect(text == #"{"duration":3,"scale":1,"zero":-0.0,"half":0.5}"#)
  }
}
