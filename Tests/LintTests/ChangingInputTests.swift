import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaLint

/// A mapped input can change underneath a document while it is read (an editor saving in place): every
/// read of the index stays inside the bytes, so the document reads as garbled at worst, never crashes,
/// never reads outside the input and never loops. (The tool notices the change and reports it.)
@Suite("Input that changes while it is read")
struct ChangingInputTests {
  /// MessagePack documents with something for every rule: the corpus, and the lint corpus's JSON files
  /// converted.
  static let documents: [(name: String, bytes: [UInt8])] = {
    var documents: [(String, [UInt8])] = []
    for folder in ["Corpus/valid", "Corpus/lint"] {
      let directory = RegistryTests.repository.appendingPathComponent(folder)
      for name in ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted() {
        guard let bytes = try? [UInt8](Data(contentsOf: directory.appendingPathComponent(name))) else { continue }
        if name.hasSuffix(".inertia") { documents.append((name, bytes)) }
        if name.hasSuffix(".json"), let converted = try? Converter.toMessagePack(json: bytes) {
          documents.append((name, converted))
        }
      }
    }
    // Each document once: the corpus holds most in both encodings.
    var seen: Set<[UInt8]> = []
    return documents.filter { $0.1.count > 1 && seen.insert($0.1).inserted }
  }()

  /// Ways to spoil the bytes: heads that claim lengths and counts far past the end, floats and strings
  /// where other values were, and noise.
  enum Spoiling: CaseIterable, Sendable {
    case str32, array32, map32, bin32, float64, str8, zeros, ones, noise, shiftedByOne
    /// Every byte that could head a map made an array's head of the same count, and the other way round.
    case mapsAndArraysSwapped
    /// One byte in sixteen made random, as a save in place caught halfway.
    case sparseNoise

    func apply(to memory: UnsafeMutableRawBufferPointer, original: [UInt8]) {
      var rng = SeededGenerator(seed: 7)
      for index in memory.indices {
        switch self {
        case .str32: memory[index] = 0xDB
        case .array32: memory[index] = 0xDD
        case .map32: memory[index] = 0xDF
        case .bin32: memory[index] = 0xC6
        case .float64: memory[index] = 0xCB
        case .str8: memory[index] = 0xD9
        case .zeros: memory[index] = 0
        case .ones: memory[index] = 0xFF
        case .noise: memory[index] = UInt8.random(in: 0...255, using: &rng)
        case .shiftedByOne: memory[index] = original[(index + 1) % original.count]
        case .mapsAndArraysSwapped:
          switch original[index] {
          case 0x80...0x8F, 0x90...0x9F: memory[index] = original[index] ^ 0x10
          case 0xDC, 0xDD: memory[index] = original[index] + 2
          case 0xDE, 0xDF: memory[index] = original[index] - 2
          default: break
          }
        case .sparseNoise:
          if UInt8.random(in: 0...15, using: &rng) == 0 { memory[index] = UInt8.random(in: 0...255, using: &rng) }
        }
      }
    }
  }

  /// Contents in memory of the test's own, which it can change after the document is read.
  static func contents(_ bytes: [UInt8]) -> (FileContents, UnsafeMutableRawBufferPointer) {
    let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
    memory.copyBytes(from: bytes)
    let contents = FileContents(unsafeOwning: UnsafeRawBufferPointer(memory)) { $0.deallocate() }
    return (contents, memory)
  }

  /// Reads every node every way the index offers, and lints the document.
  static func readEverything(_ document: IndexedDocument) {
    for index in 0..<document.nodeCount {
      let node = IndexedDocument.Node(index)
      _ = document.kind(of: node)
      if let count = document.count(of: node) { #expect(count <= document.nodeCount) }
      _ = document.double(of: node)
      _ = document.bool(of: node)
      _ = document.string(of: node)
      _ = document.utf8Count(of: node)
      _ = document.utf8Ends(of: node)
      _ = document.stringHash(of: node)
      // Decoding whole values is quadratic over a document: small ones only.
      if document.subtreeEnd(of: node) - index < 64 { _ = document.value(of: node) }
      _ = document.byteRange(of: node)
      _ = document.isMap(node)
      _ = document.value(forKey: "id", in: node)
    }
    _ = Linter().lint(document, file: "animation.inertia", fileName: "animation.inertia")
    // What `diff` makes of a side, read from a document like the linter's.
    _ = try? InertiaMotionDiff.Version(document)
  }

  @Test("every value read after the bytes change stays inside them", arguments: Spoiling.allCases)
  func afterIndexing(_ spoiling: Spoiling) throws {
    for (name, bytes) in Self.documents {
      let (contents, memory) = Self.contents(bytes)
      let document = try IndexedDocument.read(contents)
      spoiling.apply(to: memory, original: bytes)
      Self.readEverything(document)
      _ = name
    }
  }

  /// The rules read the document twice over: through what the linter worked out for them (the outline and
  /// the schema walk's events) and through the index. Bytes that change between the two (a mapped input
  /// saved in place while it is linted) make the two disagree: a map the walk met reads as an array, a
  /// string as a number. No rule may trust one reading with the other's places.
  @Test("bytes that change after the outline and the schema walk, before the rules", arguments: Spoiling.allCases)
  func betweenWalkAndRules(_ spoiling: Spoiling) throws {
    let linter = Linter()
    for (_, bytes) in Self.documents {
      let (contents, memory) = Self.contents(bytes)
      let document = try IndexedDocument.read(contents)
      var part = linter.beginLint(document, file: "animation.inertia", fileName: "animation.inertia")
      part.inputs.workOut([.outline, .schemaWalk], document, for: linter)
      spoiling.apply(to: memory, original: bytes)
      linter.lint(&part) { _ in true }
      _ = linter.finished(part)
      withExtendedLifetime(contents) {}
    }
  }

  @Test("JSON input changing after it is read: positions and lines stay inside the text")
  func json() throws {
    let text = utf8("[{\"id\": \"card0\", \"keyframes\": [{\"id\": \"A\", \"duration\": -1}]}]\n")
    for spoiling in Spoiling.allCases {
      let (contents, memory) = Self.contents(text)
      let document = try IndexedDocument.read(contents)
      spoiling.apply(to: memory, original: text)
      Self.readEverything(document)
      for index in 0..<document.nodeCount {
        let range = document.byteRange(of: IndexedDocument.Node(index))
        #expect(document.lineAndColumn(ofOffset: range.lowerBound).line >= 1)
      }
    }
  }

  @Test("bytes that change while the document is indexed and linted")
  func whileReading() throws {
    let (name, bytes) = try #require(Self.documents.max { $0.bytes.count < $1.bytes.count })
    let (contents, memory) = Self.contents(bytes)
    nonisolated(unsafe) let target = memory
    let stop = Lock()
    nonisolated(unsafe) var stopped = false
    let finished = DispatchSemaphore(value: 0)
    let writer = Thread {
      var rng = SeededGenerator(seed: 11)
      while !stop.withLock({ stopped }) {
        for _ in 0..<64 {
          target[Int.random(in: 0..<target.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
        }
      }
      finished.signal()
    }
    writer.start()
    for _ in 0..<50 {
      guard let document = try? IndexedDocument.read(contents) else { continue }
      Self.readEverything(document)
    }
    stop.withLock { stopped = true }
    // The memory goes with `contents`: the writer must be done with it first.
    finished.wait()
    withExtendedLifetime(contents) {}
    _ = name
  }
}
