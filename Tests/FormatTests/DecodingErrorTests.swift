import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// The file of the spec's first example, with one value replaced.
func animationFile(replacing pointer: JSONPointer, with replacement: MessagePackValue?) -> MessagePackValue {
  func replace(_ value: MessagePackValue, _ components: ArraySlice<JSONPointer.Component>) -> MessagePackValue? {
    guard let first = components.first else { return replacement }
    switch (first, value) {
    case (.index(let i), .array(var elements)):
      if let new = replace(elements[i], components.dropFirst()) { elements[i] = new } else { elements.remove(at: i) }
      return .array(elements)
    case (.key(let k), .map(var entries)):
      if let i = entries.firstIndex(where: { $0.key.stringValue == k }) {
        if let new = replace(entries[i].value, components.dropFirst()) {
          entries[i].value = new
        } else {
          entries.remove(at: i)
        }
      } else if let replacement {
        entries.append(.init(.string(k), replacement))
      }
      return .map(entries)
    default:
      fatalError("no \(first) in \(value)")
    }
  }
  return replace(SpecExamples.animationFile, pointer.components[...])!
}

/// The `DecodingError` decoding `value` as a file throws.
func decodingError(_ value: MessagePackValue) -> DecodingError? {
  return #expect(throws: DecodingError.self) {
    try MessagePackDecoder().decode([InertiaAnimation].self, from: MessagePackWriter().write(value))
  }
}

extension DecodingError {
  var context: Context? {
    switch self {
    case .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): return c
    @unknown default: return nil
    }
  }
}

@Suite("Decoding failures say where and what")
struct DecodingErrorTests {
  /// Each case: where to put what, and the message expected, which begins with the dotted path.
  static let cases: [(String, MessagePackValue?, String)] = [
    (
      "/0/keyframes/1/values/translate", [1], "[0].keyframes[1].values.translate: expected at least 2 numbers, found 1"
    ),
    ("/0/keyframes/1/values/translate", [], "[0].keyframes[1].values.translate: expected at least 2 numbers, found 0"),
    (
      "/0/keyframes/1/values/translate", [1, 2, "3"],
      "[0].keyframes[1].values.translate[2]: expected a number, found a string"
    ),
    (
      "/0/keyframes/1/values/translate", [1, "2"],
      "[0].keyframes[1].values.translate[1]: expected a number, found a string"
    ),
    ("/0/keyframes/1/values/translate", ["x": 1], "[0].keyframes[1].values.translate: expected an array, found a map"),
    ("/0/keyframes/1/duration", nil, "[0].keyframes[1]: missing field \"duration\""),
    ("/0/keyframes/0/duration", "3", "[0].keyframes[0].duration: expected a number, found a string"),
    ("/0/keyframes/0/id", 7, "[0].keyframes[0].id: expected a string, found 7"),
    ("/0/keyframes/0/values/opacity", .nil, "[0].keyframes[0].values.opacity: expected a number, found nil"),
    ("/0/invokeType", "sometimes", "[0].invokeType: expected \"auto\" or \"trigger\", found \"sometimes\""),
    ("/0/invokeType", true, "[0].invokeType: expected a string, found a boolean"),
    ("/0/initialValues", [], "[0].initialValues: expected a map, found an array"),
    ("/0/id", nil, "[0]: missing field \"id\""),
    ("/0/keyframes", .map([]), "[0].keyframes: expected an array, found a map"),
    ("/0/shapes", [["id": "s", "zIndex": 1.5]], "[0].shapes[0].zIndex: expected an integer, found 1.5"),
    (
      "/0/shapes", [["id": "s", "zIndex": .uint(.max)]],
      "[0].shapes[0].zIndex: 18446744073709551615 does not fit in Int"
    ),
    (
      "/0/shapes", [["id": "s", "position": "middle"]],
      "[0].shapes[0].position: expected \"bottom\" or \"top\", found \"middle\""
    ),
    (
      "/0/shapes", [["id": "s", "shape": ["id": "d", "type": "hexagon", "width": 1, "height": 1]]],
      #"[0].shapes[0].shape.type: expected "rectangle", "square", "circle", "oval" or "triangle", found "hexagon""#
    ),
    (
      "/0/shapes", [["id": "s", "shape": ["id": "d", "type": "oval", "width": 1, "height": 1, "fill": ["red": 1]]]],
      "[0].shapes[0].shape.fill: missing field \"green\""
    ),
    ("/0/shapes", [["id": "s", "shapes": [["id": 1]]]], "[0].shapes[0].shapes[0].id: expected a string, found 1"),
    ("/0/shapes", [["id": "s", "ownCanvas": 1]], "[0].shapes[0].ownCanvas: expected a boolean, found 1"),
  ]

  @Test("Each fault is reported at its path with its message", arguments: cases.indices)
  func fault(_ index: Int) throws {
    let (place, replacement, message) = Self.cases[index]
    let pointer = try #require(JSONPointer(parsing: place))
    let error = try #require(decodingError(animationFile(replacing: pointer, with: replacement)))
    let context = try #require(error.context)
    #expect(context.debugDescription == message)
    // The coding path names the same place as the message (for a missing field, the object holding it).
    let dotted = String(message.prefix { $0 != ":" })
    #expect(JSONPointer(codingPath: context.codingPath).dottedDescription == dotted)
  }

  @Test("The brief's example: a translate of one number")
  func translateOfThree() throws {
    let file = animationFile(replacing: JSONPointer(parsing: "/0/keyframes/1/values/translate")!, with: [1])
    guard case .dataCorrupted(let context)? = decodingError(file) else {
      Issue.record("expected dataCorrupted")
      return
    }
    #expect(JSONPointer(codingPath: context.codingPath) == JSONPointer(parsing: "/0/keyframes/1/values/translate"))
    #expect(context.debugDescription == "[0].keyframes[1].values.translate: expected at least 2 numbers, found 1")
  }

  @Test("A missing field is keyNotFound, with the key and the object's path")
  func missingField() throws {
    let file = animationFile(replacing: JSONPointer(parsing: "/0/keyframes/1/duration")!, with: nil)
    guard case .keyNotFound(let key, let context)? = decodingError(file) else {
      Issue.record("expected keyNotFound")
      return
    }
    #expect(key.stringValue == "duration")
    #expect(JSONPointer(codingPath: context.codingPath) == JSONPointer(parsing: "/0/keyframes/1"))
  }

  @Test("A file that is not an array says so at the root")
  func rootNotArray() throws {
    let error = try #require(decodingError(["id": "card0"]))
    #expect(error.context?.debugDescription == "expected an array, found a map")
    #expect(error.context?.codingPath.isEmpty == true)
  }

  @Test("Bytes that are not MessagePack are dataCorrupted with the reader's error underneath")
  func unreadableBytes() throws {
    // An array of one map whose second key's string is cut short.
    let bytes: [UInt8] = [0x91, 0x82, 0xA2, 0x69, 0x64, 0xA1, 0x61, 0xA5, 0x6B]
    let error = #expect(throws: DecodingError.self) {
      try MessagePackDecoder().decode([InertiaAnimation].self, from: bytes)
    }
    guard case .dataCorrupted(let context)? = error else {
      Issue.record("expected dataCorrupted")
      return
    }
    let underlying = try #require(context.underlyingError as? FormatError)
    #expect(underlying.format == .messagePack)
    #expect(context.debugDescription.hasPrefix("The data is not valid MessagePack: offset "))
    #expect(JSONPointer(codingPath: context.codingPath) == underlying.path)
  }

  @Test("Trailing bytes are an error, not ignored")
  func trailingBytes() {
    #expect(throws: DecodingError.self) { try MessagePackDecoder().decode([Int].self, from: [0x90, 0x90]) }
  }

  @Test("An array asked for more elements than it has says so")
  func arrayTooShort() throws {
    struct Pair: Decodable {
      var a: Int
      var b: Int
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        a = try container.decode(Int.self)
        b = try container.decode(Int.self)
      }
    }
    let error = #expect(throws: DecodingError.self) { try MessagePackDecoder().decode([Pair].self, from: [[1]]) }
    guard case .valueNotFound(_, let context)? = error else {
      Issue.record("expected valueNotFound")
      return
    }
    #expect(context.debugDescription == "[0][1]: expected another element, found the end of an array of 1")
  }

  @Test("Paths print keys that are not identifiers quoted, and convert to pointers and back")
  func pathRendering() {
    let pointer = JSONPointer([.index(0), .key("keyframes"), .index(2), .key("my key"), .key("2d")])
    #expect(pointer.dottedDescription == "[0].keyframes[2][\"my key\"][\"2d\"]")
    #expect(JSONPointer(codingPath: pointer.codingPath) == pointer)
    #expect(JSONPointer([.key("id")]).dottedDescription == "id")
    #expect(JSONPointer.root.dottedDescription == "")
  }
}
