import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// Seeds for the property tests: each seed is one reproducible batch of documents.
private let seeds: [UInt64] = Array(1...8)
private let documentsPerSeed = 150

@Suite("Round trips over seeded random documents and over the corpus")
struct RoundTripPropertyTests {
  @Test("(a) canonical MessagePack → JSON → MessagePack gives the same bytes, pretty and compact", arguments: seeds)
  func messagePackThroughJSON(_ seed: UInt64) throws {
    var documents = RandomDocuments(seed: seed)
    for _ in 0..<documentsPerSeed {
      let value = documents.document()
      let bytes = MessagePackWriter().write(value)
      for style in [JSONWriter.Options.Style.pretty, .compact] {
        let json = try Converter.toJSON(messagePack: bytes, options: .init(style: style))
        let back = try Converter.toMessagePack(json: json)
        #expect(back == bytes, "seed \(seed): \(text(json).prefix(300))")
        // The value-level writer gives the same text as the streaming converter.
        #expect(try JSONWriter(options: .init(style: style)).write(value) == json)
      }
    }
  }

  @Test("(b) random JSON texts → MessagePack → JSON keep values, kinds and key order", arguments: seeds)
  func jsonThroughMessagePack(_ seed: UInt64) throws {
    var documents = RandomDocuments(seed: seed &+ 1000)
    for _ in 0..<documentsPerSeed {
      let (source, expected) = documents.jsonDocument()
      let value = try JSONReader().read(utf8(source))
      #expect(value == expected, "seed \(seed): \(source.prefix(300))")
      #expect(value.structure == expected.structure)
      let bytes = try Converter.toMessagePack(json: utf8(source))
      #expect(try MessagePackReader().read(bytes) == expected)
      for style in [JSONWriter.Options.Style.pretty, .compact] {
        let json = try Converter.toJSON(messagePack: bytes, options: .init(style: style))
        let again = try JSONReader().read(json)
        #expect(again == expected)
        #expect(again.structure == expected.structure)
      }
    }
  }

  @Test("(c) MessagePackReader → MessagePackWriter is the identity on canonical bytes", arguments: seeds)
  func canonicalIdentity(_ seed: UInt64) throws {
    var documents = RandomDocuments(seed: seed &+ 2000, extended: true)
    for _ in 0..<documentsPerSeed {
      let value = documents.document()
      let bytes = MessagePackWriter().write(value)
      let read = try MessagePackReader().read(bytes)
      #expect(read == value)
      #expect(read.isNormalised)
      #expect(MessagePackWriter().write(read) == bytes)
      // `to-msgpack` on MessagePack input (read, then write canonically) agrees too.
      #expect(MessagePackWriter().writeData(read) == Data(bytes))
    }
  }

  @Test(
    "(c') any accepted non-canonical encoding reads as the same value and is written back canonically", arguments: seeds
  )
  func nonCanonicalEncodings(_ seed: UInt64) throws {
    var documents = RandomDocuments(seed: seed &+ 3000, extended: true)
    var writer = NonCanonicalWriter(seed: seed)
    for _ in 0..<documentsPerSeed {
      let value = documents.document()
      let canonical = MessagePackWriter().write(value)
      let widened = writer.write(value)
      let read = try MessagePackReader().read(widened)
      #expect(read == value)
      #expect(read.structure == (try MessagePackReader().read(canonical)).structure)
      #expect(MessagePackWriter().write(read) == canonical)
      // Converting the non-canonical bytes to extended JSON and back keeps each integer's format (its tag
      // names it) and writes everything else canonically.
      let json = try Converter.toJSON(messagePack: widened, options: .init(style: .compact, extended: true))
      let back = try Converter.toMessagePack(json: json, extended: true)
      #expect(try MessagePackReader().read(back) == value)
      #expect(Self.integerFormats(back) == Self.integerFormats(widened))
      #expect(MessagePackWriter().write(try MessagePackReader().read(back)) == canonical)
    }
  }

  /// The format byte of every integer in `bytes`, in order (0 for a fixint, whose format byte is its value).
  static func integerFormats(_ bytes: [UInt8]) -> [UInt8] {
    var formats: [UInt8] = []
    withBytes(bytes) { view in
      var scanner = MessagePackScanner(view)
      while !scanner.isAtEnd {
        let format = view[scanner.offset]
        switch try? scanner.readHeader() {
        case .int?, .uint?: formats.append(format < 0x80 || format >= 0xE0 ? 0 : format)
        case .string(let length)?, .binary(let length)?, .ext(_, let length)?: scanner.offset += length
        case nil: return
        default: break
        }
      }
    }
    return formats
  }

  @Test(
    "(d) extended form: bin, ext, timestamps, float32, NaNs, non-string keys come back byte for byte", arguments: seeds)
  func extendedForm(_ seed: UInt64) throws {
    var documents = RandomDocuments(seed: seed &+ 4000, extended: true)
    for _ in 0..<documentsPerSeed {
      let value = documents.document()
      let bytes = MessagePackWriter().write(value)
      for style in [JSONWriter.Options.Style.pretty, .compact] {
        let json = try Converter.toJSON(messagePack: bytes, options: .init(style: style, extended: true))
        #expect(
          try Converter.toMessagePack(json: json, extended: true) == bytes, "seed \(seed): \(text(json).prefix(400))")
        #expect(try JSONReader(extended: true).read(json) == value)
        #expect(try JSONWriter(options: .init(style: style, extended: true)).write(value) == json)
      }
    }
  }

  // MARK: The corpus

  /// `Corpus/valid/X.json` with its twin `X.inertia`.
  static let corpusPairs: [FixtureFile] = Fixtures.files(in: "valid", withSuffix: ".json", under: Fixtures.corpus)
    .filter {
      FileManager.default.fileExists(atPath: $0.deletingPathExtension().appendingPathExtension("inertia").path)
    }
    .map(FixtureFile.init)

  /// Every file in `Corpus/broken` that is a document (not its README or generator script).
  static let brokenFiles: [FixtureFile] =
    (Fixtures.files(in: "broken", withSuffix: ".json", under: Fixtures.corpus)
    + Fixtures.files(in: "broken", withSuffix: ".inertia", under: Fixtures.corpus)).map(FixtureFile.init)

  @Test("corpus JSON sources written in the writer's layout come back as the same text")
  func corpusLayout() throws {
    let sameText = try Self.corpusPairs.filter { file in
      let inertia = try Fixtures.bytes(file.sibling("inertia"))
      return try Converter.toJSON(messagePack: inertia) == (try Fixtures.bytes(file.url))
    }
    // The corpus keeps some of its sources in exactly the layout `to-json` writes.
    if !Self.corpusPairs.isEmpty { #expect(!sameText.isEmpty) }
  }
}
