import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// The scan that finds an Inertia document's numbers for the conversions' rule without indexing it
/// (``SchemaScan``) against the schema walk it stands in for: where the scan decides, the walk decides the
/// same (the same numbers, at the same heads, of the same node numbers and field types, or not an Inertia
/// document), over documents as the editor writes them, documents with numbers in any format, random
/// documents, every corpus file, and those documents with a byte changed or cut short. The scan must also
/// decide the common case, or it would buy nothing.
@Suite("The number rule's scan agrees with the schema walk")
struct SchemaScanTests {
  static let seeds: [UInt64] = Array(1...4)
  static let documentsPerSeed = 50
  static let plain = JSONWriter.Options(style: .pretty, numbers: .inertia)

  /// The tables of both conversions: `to-json` reads a stored document, `to-msgpack` the canonical
  /// MessagePack of a JSON text (its numbers read as the JSON form's).
  static let schemas: [CompiledSchema] = [.toJSONFile, .toMessagePackFile]

  /// The scan's verdict on `bytes` with `schema`, checked against the walk's.
  @discardableResult
  static func checked(
    _ bytes: [UInt8], _ schema: CompiledSchema, limits: DecodingLimits = .default,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> SchemaScan.Verdict {
    withBytes(bytes) { view in
      let verdict = SchemaScan.verdict(on: view, schema: schema, limits: limits)
      let walked = Converter.walkedNumberSites(in: view, schema: schema, limits: limits)
      switch verdict {
      case .inertia(let sites):
        #expect(walked == sites, "\(hexString(bytes))", sourceLocation: sourceLocation)
      case .notInertia:
        #expect(walked == nil, "\(hexString(bytes))", sourceLocation: sourceLocation)
      case .undecided:
        break
      }
      return verdict
    }
  }

  /// `bytes` as `to-msgpack` hands them to the rule: the canonical MessagePack of their plain JSON.
  static func canonicalOfJSON(_ bytes: [UInt8]) throws -> [UInt8] {
    try Converter.toMessagePack(json: Converter.toJSON(messagePack: bytes, options: plain))
  }

  static func isDecided(_ verdict: SchemaScan.Verdict) -> Bool {
    if case .undecided = verdict { return false }
    return true
  }

  @Test("Documents as the editor writes them: the scan decides most, as the walk does", arguments: seeds)
  func editorDocuments(_ seed: UInt64) throws {
    var documents = InertiaDocuments(seed: seed, asTheEditorWrites: true)
    var decided = 0
    var noted = 0
    for _ in 0..<Self.documentsPerSeed {
      let bytes = InertiaDocuments.bytes(documents.document())
      let stored = Self.checked(bytes, .toJSONFile)
      let converted = Self.checked(try Self.canonicalOfJSON(bytes), .toMessagePackFile)
      if case .inertia(let sites) = stored, case .inertia = converted {
        decided += 1
        noted += sites.count
      }
    }
    // The generator adds an unknown field to some animations and shapes, which the scan leaves to the walk.
    #expect(decided > Self.documentsPerSeed / 4)
    #expect(noted > 0)
  }

  @Test("Documents with numbers in any format, and random documents", arguments: seeds)
  func otherDocuments(_ seed: UInt64) throws {
    var documents = InertiaDocuments(seed: seed &+ 100)
    var random = RandomDocuments(seed: seed &+ 300)
    for _ in 0..<Self.documentsPerSeed {
      let bytes = InertiaDocuments.bytes(documents.document())
      for schema in Self.schemas { Self.checked(bytes, schema) }
      Self.checked(try Self.canonicalOfJSON(bytes), .toMessagePackFile)
      let (text, _) = random.jsonDocument()
      let canonical = try Converter.toMessagePack(json: Array(text.utf8))
      for schema in Self.schemas { Self.checked(canonical, schema) }
    }
  }

  @Test("Documents with a byte changed or cut short", arguments: seeds)
  func damagedDocuments(_ seed: UInt64) throws {
    var documents = InertiaDocuments(seed: seed &+ 500, asTheEditorWrites: true)
    var rng = SeededGenerator(seed: seed &+ 600)
    var notInertia = 0
    for _ in 0..<Self.documentsPerSeed {
      let bytes = InertiaDocuments.bytes(documents.document())
      let converted = try Self.canonicalOfJSON(bytes)
      for original in [bytes, converted] where !original.isEmpty {
        for _ in 0..<10 {
          var damaged = original
          let at = Int.random(in: 0..<damaged.count, using: &rng)
          if Bool.random(using: &rng) {
            damaged[at] = UInt8.random(in: 0...255, using: &rng)
          } else {
            damaged.removeSubrange(at...)
          }
          for schema in Self.schemas where Self.checked(damaged, schema) == .notInertia { notInertia += 1 }
        }
      }
    }
    #expect(notInertia > 0)
  }

  @Test("Every corpus file, stored and converted")
  func corpusFiles() throws {
    let root = Fixtures.corpus
    let paths = try #require(FileManager.default.subpaths(atPath: root.path)).sorted()
    var files = 0
    var editorDecided = 0
    for path in paths where path.hasSuffix(".inertia") || path.hasSuffix(".json") {
      let bytes = try Fixtures.bytes(root.appendingPathComponent(path))
      let messagePack: [UInt8]
      if path.hasSuffix(".json") {
        guard let canonical = try? Converter.toMessagePack(json: bytes) else { continue }
        messagePack = canonical
      } else {
        messagePack = bytes
      }
      files += 1
      for schema in Self.schemas { Self.checked(messagePack, schema) }
      if path.hasPrefix("editor/") && path.hasSuffix(".inertia"),
        Self.isDecided(Self.checked(bytes, .toJSONFile)),
        Self.isDecided(Self.checked(try Self.canonicalOfJSON(bytes), .toMessagePackFile))
      {
        editorDecided += 1
      }
    }
    #expect(files > 20)
    // The files the editor wrote are the case the scan is for.
    #expect(editorDecided == paths.filter { $0.hasPrefix("editor/") && $0.hasSuffix(".inertia") }.count)
  }

  @Test("What the scan settles at once, and what it leaves to the walk: a wrong type below the top, a size limit")
  func smallDocuments() throws {
    let nested = [UInt8](repeating: 0x91, count: SchemaScan.depthLimit + 1) + [0x90]
    for schema in Self.schemas {
      #expect(Self.checked(nested, schema) == .undecided)
      #expect(Self.checked([0x90], schema, limits: DecodingLimits(maxInputSize: 0)) == .undecided)
      #expect(Self.checked([0x90], schema) == .inertia([]))
      #expect(Self.checked([0x80], schema) == .notInertia)
    }
  }
}
