import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// The corpus files (`Corpus/valid`, `Corpus/broken`) through the typed model.
@Suite("The corpus through the typed model")
struct CorpusTypedModelTests {
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Corpus")

  static func files(_ folder: String, _ fileExtension: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(folder).path)) ?? []
    return names.filter { $0.hasSuffix(".\(fileExtension)") }.sorted()
  }

  static func bytes(_ folder: String, _ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: corpus.appendingPathComponent(folder).appendingPathComponent(name)))
  }

  /// Files whose numbers the model writes in another encoding of the same value: `number-forms` spells
  /// integral values as floats (`1.0`), which the editor never writes and the model writes as integers;
  /// `encoding-boundaries` holds integers in `Double` fields beyond 2^53, which a double cannot hold
  /// exactly.
  static let rewrittenNumbers: Set<String> = ["number-forms.inertia", "encoding-boundaries.inertia"]

  /// Files that hold integers the SwiftUI runtime's decoder refuses where it reads a `CGFloat` (beyond 2^53),
  /// which they are there to show: every tool of ours reads them, the runtime does not.
  static let integersBeyondADouble: Set<String> = ["number-forms.inertia", "encoding-boundaries.inertia"]

  /// Whether `bytes` hold a float32: the typed model keeps numbers as `Double`s, and writes them back as
  /// float64s (or integers), so such a file comes back with the same values in other formats.
  /// Read head by head without indexing them; `false` for bytes that do not read.
  static func holdsFloat32(_ bytes: [UInt8]) -> Bool {
    withBytes(bytes) { view in
      var scanner = MessagePackScanner(view)
      while !scanner.isAtEnd {
        switch try? scanner.readHeader() {
        case .float32?: return true
        case .string(let length)?, .binary(let length)?, .ext(_, let length)?: scanner.offset &+= length
        case nil: return false
        default: break
        }
      }
      return false
    }
  }

  @Test("There is a corpus to test")
  func corpusExists() {
    #expect(Self.files("valid", "inertia").count >= 8)
    #expect(Self.files("valid", "json").count >= 8)
  }

  @Test(
    "Every valid file decodes, follows the schema and re-encodes to its own bytes", arguments: files("valid", "inertia")
  )
  func validFile(_ name: String) throws {
    let bytes = try Self.bytes("valid", name)
    let violations = InertiaSchema.violations(in: try MessagePackReader().read(bytes))
    if Self.integersBeyondADouble.contains(name) {
      #expect(!violations.isEmpty && violations.allSatisfy { $0.kind == .refusedNumber(.inexactInteger) })
    } else {
      #expect(violations.isEmpty)
    }
    let (animations, encoded) = try roundTrip([InertiaAnimation].self, bytes)
    #expect(try MessagePackDecoder().decode([InertiaAnimation].self, from: encoded) == animations)
    if Self.rewrittenNumbers.contains(name) || Self.holdsFloat32(bytes) {
      #expect(encoded != bytes)
    } else {
      #expect(encoded == bytes)
    }
  }

  @Test("Every JSON source decodes to the same typed values as its MessagePack twin", arguments: files("valid", "json"))
  func jsonTwin(_ name: String) throws {
    let fromJSON = try InertiaJSONDecoder().decode([InertiaAnimation].self, from: Self.bytes("valid", name))
    let twin = name.replacingOccurrences(of: ".json", with: ".inertia")
    let fromMessagePack = try MessagePackDecoder().decode([InertiaAnimation].self, from: Self.bytes("valid", twin))
    // The twin's colours are the float32s nearest the JSON's numbers, as the runtime reads both (a `Float`).
    #expect(fromJSON.map(\.withColoursAsFloat32) == fromMessagePack)
  }

  @Test("The spec's examples in the corpus are the typed values the spec shows")
  func specExamples() throws {
    let decoder = MessagePackDecoder()
    #expect(
      try decoder.decode([InertiaAnimation].self, from: Self.bytes("valid", "card0-trigger.inertia"))
        == SpecExamples.animationFileTyped)
    #expect(
      try decoder.decode([InertiaAnimation].self, from: Self.bytes("valid", "circle-behind-card0.inertia"))
        == [SpecExamples.circleAnimationTyped.withColoursAsFloat32])
    #expect(try Self.bytes("valid", "card0-trigger.inertia") == MessagePackWriter().write(SpecExamples.animationFile))
  }

  @Test(
    "Every broken file fails with a DecodingError, never a crash",
    arguments: files("broken", "inertia") + files("broken", "json"))
  func brokenFile(_ name: String) throws {
    let bytes = try Self.bytes("broken", name)
    let decode = {
      name.hasSuffix(".json")
        ? try InertiaJSONDecoder().decode([InertiaAnimation].self, from: bytes)
        : try MessagePackDecoder().decode([InertiaAnimation].self, from: bytes)
    }
    if name == "nan-duration.inertia" {
      // Valid MessagePack that JSON cannot hold; the typed model reads it, and writes the NaN back.
      let animations = try decode()
      #expect(animations[0].keyframes[1].duration.isNaN)
      #expect([UInt8](try MessagePackEncoder().encode(animations)) == bytes)
    } else {
      #expect(throws: DecodingError.self) { try decode() }
    }
  }
}

extension InertiaAnimation {
  /// The animation with each colour component rounded to the nearest float32, as the runtime reads it (a
  /// `Float`) and `to-msgpack` writes it.
  var withColoursAsFloat32: InertiaAnimation {
    var copy = self
    copy.shapes = shapes.map(\.withColoursAsFloat32)
    return copy
  }
}

extension InertiaShape {
  var withColoursAsFloat32: InertiaShape {
    var copy = self
    func rounded(_ colour: InertiaColour?) -> InertiaColour? {
      guard var colour else { return nil }
      for path in [\InertiaColour.red, \.green, \.blue, \.alpha] {
        colour[keyPath: path] = Double(Float(colour[keyPath: path]))
      }
      return colour
    }
    copy.shape?.fill = rounded(shape?.fill)
    copy.shape?.stroke = rounded(shape?.stroke)
    copy.animation = animation?.withColoursAsFloat32
    copy.shapes = shapes.map(\.withColoursAsFloat32)
    return copy
  }
}
