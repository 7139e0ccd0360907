import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// The index reads every input as the tree readers (through ``PositionOracle``) do: the same error, or the
/// same nodes, each with the same kind, bytes and contents. The index reads the common values on a fast
/// path of its own (short ASCII strings, small integers, float64s, small arrays and maps, checked a word at
/// a time); these inputs take it and leave it at every byte: the fuzz targets' corpora, random documents
/// in canonical and non-canonical forms, and those documents cut short and with bytes changed.
@Suite("Indexed document agrees with the tree readers")
struct IndexedDocumentAgreementTests {
  /// Checks one input under `limits`; returns whether it was read.
  @discardableResult
  static func agree(_ bytes: [UInt8], limits: DecodingLimits = .default, _ comment: Comment) -> Bool {
    let expected = Result { () throws(FormatError) in try PositionOracle.parse(bytes, limits: limits) }
    let actual = Result { () throws(FormatError) in try IndexedDocument.read(bytes, limits: limits) }
    switch (expected, actual) {
    case (.failure(let expected), .failure(let actual)):
      #expect(actual == expected, comment)
      return false
    case (.success(let parsed), .success(let indexed)):
      let nodes = IndexedDocumentTests.nodes(parsed)
      guard indexed.nodeCount == nodes.count else {
        Issue.record("\(indexed.nodeCount) nodes, not \(nodes.count): \(comment)")
        return true
      }
      var hashes: [String: UInt64] = [:]
      for (index, (value, range)) in nodes.enumerated() {
        let node = IndexedDocument.Node(index)
        guard indexed.kind(of: node) == value.kind, indexed.byteRange(of: node) == range,
          indexed.double(of: node) == value.doubleValue || value.doubleValue?.isNaN == true,
          indexed.string(of: node) == value.stringValue, indexed.utf8Count(of: node) == value.stringValue?.utf8.count
        else {
          Issue.record("node \(index) (\(value)) reads differently: \(comment)")
          return true
        }
        if let string = value.stringValue {
          let hash = indexed.stringHash(of: node)
          #expect(hash == hashes[string, default: hash!], "equal strings hash differently: \(comment)")
          hashes[string] = hash
        } else {
          #expect(indexed.stringHash(of: node) == nil, comment)
        }
      }
      #expect(indexed.value(of: indexed.root!) == parsed.value, comment)
      let nonFinite = nodes.contains { value, _ in
        (value.kind == .float32 || value.kind == .float64) && value.doubleValue?.isFinite == false
      }
      #expect(indexed.containsNonFiniteNumbers == nonFinite, "NaN or infinity noted wrongly: \(comment)")
      return true
    case (.failure(let error), .success):
      Issue.record("the index reads what the tree reader rejects (\(error)): \(comment)")
    case (.success, .failure(let error)):
      Issue.record("the index rejects what the tree reader reads (\(error)): \(comment)")
    }
    return false
  }

  @Test("Every input of the fuzz targets' corpora, and each with a depth limit of 2")
  func corpora() throws {
    let inputs = FuzzInput.all(
      of: ["fix", "json-reader", "lint", "messagepack-reader", "output-plan", "paths", "round-trip"],
      in: ["Corpus", "Regressions"])
    #expect(inputs.count > 5000)
    var read = 0
    for input in inputs {
      let bytes = try input.bytes()
      if Self.agree(bytes, "\(input.testDescription)") { read += 1 }
      Self.agree(bytes, limits: DecodingLimits(maxDepth: 2), "\(input.testDescription), depth limit 2")
    }
    // Enough of them are documents for the nodes to be compared, not just the errors.
    #expect(read > 1000)
  }

  /// Bytes that make a string not ASCII, or not UTF-8: a two-byte letter, a lone continuation byte, a
  /// surrogate, an overlong form, a byte never in UTF-8, a four-byte letter and one cut short.
  static let oddText: [[UInt8]] = [
    [0xC3, 0xA9], [0x80], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xFF], [0xF0, 0x9F, 0x98, 0x80], [0xE2, 0x82],
  ]

  @Test("Random documents, cut short and with bytes changed", arguments: 0..<8)
  func randomDocuments(seed: UInt64) {
    var documents = RandomDocuments(seed: seed, extended: true)
    documents.maxWidth = 20
    var writer = NonCanonicalWriter(seed: seed)
    var rng = SeededGenerator(seed: seed &+ 1000)
    for round in 0..<60 {
      let value = documents.document()
      let canonical = MessagePackWriter().write(value)
      for bytes in [canonical, writer.write(value)] {
        #expect(Self.agree(bytes, "seed \(seed), round \(round)"))
        guard !bytes.isEmpty else { continue }
        // Cut short anywhere.
        for _ in 0..<4 {
          let cut = Int.random(in: 0..<bytes.count, using: &rng)
          Self.agree(Array(bytes[..<cut]), "seed \(seed), round \(round), cut at \(cut)")
        }
        // One byte changed anywhere, or a string's bytes made not ASCII.
        for _ in 0..<8 {
          var changed = bytes
          let at = Int.random(in: 0..<bytes.count, using: &rng)
          if Bool.random(using: &rng) {
            changed[at] = UInt8.random(in: 0...255, using: &rng)
          } else {
            let odd = Self.oddText.randomElement(using: &rng)!
            for (k, byte) in odd.enumerated() where at + k < changed.count { changed[at + k] = byte }
          }
          Self.agree(changed, "seed \(seed), round \(round), changed at \(at)")
          Self.agree(changed, limits: DecodingLimits(maxDepth: 3), "seed \(seed), round \(round), changed at \(at)")
        }
      }
    }
  }

  @Test("Enough values to grow the index, and containers nested deep enough to grow its stack")
  func growth() {
    // One byte a value: four times what the index makes room for at first (the oracle's walk takes time
    // quadratic in an array's length: these are long enough).
    for count in [100, 1500] {
      let elements = [UInt8](repeating: 0x01, count: count)
      for head: [UInt8] in [
        [0xDC, UInt8(count >> 8), UInt8(count & 0xFF)], [0xDD, 0, 0, UInt8(count >> 8), UInt8(count & 0xFF)],
      ] {
        #expect(Self.agree(head + elements, "\(count) one-byte values"))
        Self.agree(head + elements.dropLast(), "\(count) one-byte values, the last missing")
      }
    }
    // Nested past the stack's first capacity, and past a depth limit, in arrays and in maps.
    for depth in [15, 16, 17, 40, 600] {
      let arrays = [UInt8](repeating: 0x91, count: depth) + [0x01]
      let maps = Array([[UInt8]](repeating: [0x81, 0xA1, 0x6B], count: depth).joined()) + [0xC0]
      for (bytes, form) in [(arrays, "arrays"), (maps, "maps")] {
        Self.agree(bytes, "\(depth) \(form)")
        Self.agree(bytes, limits: DecodingLimits(maxDepth: 30), "\(depth) \(form), depth limit 30")
        Self.agree(bytes.dropLast() + [0xC1], "\(depth) \(form), a reserved byte innermost")
      }
    }
  }

  @Test("Strings of every short length, ASCII or not, where the input ends and away from it")
  func strings() {
    for length in 0...40 {
      for odd in [nil] + Self.oddText.map(Optional.some) {
        for position in [0, length / 2, max(0, length - 1)] {
          var text = [UInt8](repeating: 0x61, count: length)
          if let odd {
            for (k, byte) in odd.enumerated() where position + k < length { text[position + k] = byte }
          }
          let string: [UInt8] = length < 32 ? [0xA0 | UInt8(length)] + text : [0xD9, UInt8(length)] + text
          let comment: Comment = "length \(length), \(odd ?? []) at \(position)"
          // Last in the input, then with bytes after it, then as a key.
          Self.agree([0x91] + string, comment)
          Self.agree([0x92] + string + [0x01], comment)
          Self.agree([0x92] + string + [0xCB] + [UInt8](repeating: 0, count: 8), comment)
          // Sixteen bytes or more after it, with their high bits set (two NaNs), which the fast path masks off.
          Self.agree(
            [0x93] + string + [0xCB] + [UInt8](repeating: 0xFF, count: 8) + [0xCB] + [UInt8](repeating: 0xFF, count: 8),
            comment)
          Self.agree([0x81] + string + [0xC0], comment)
          Self.agree([0x81] + string, comment)
        }
      }
    }
  }

  /// The heads of values of every kind the index's fast path reads (and a few it leaves to the general
  /// path), whole: strings of the lengths its ASCII test tells apart, ASCII or not, floats that are NaN or
  /// infinite or not, the largest fixarray and fixmap, empty ones, a str8.
  static let quickValues: [[UInt8]] = {
    var values: [[UInt8]] = []
    for length in [0, 1, 7, 8, 9, 15, 16, 17, 24, 31] {
      let text = [UInt8](repeating: 0x61, count: length)
      values.append([0xA0 | UInt8(length)] + text)
      if length >= 2 { values.append([0xA0 | UInt8(length)] + text.dropLast(2) + [0xC3, 0xA9]) }
      if length >= 1 { values.append([0xA0 | UInt8(length)] + [0x80] + text.dropFirst()) }
    }
    values += [[0x05], [0x7F], [0xE0], [0xFF], [0xC0], [0xC2], [0xC3], [0xD0, 0x80], [0x90], [0x80]]
    for number in [1.5, -0.0, .nan, .infinity, -.infinity] {
      values.append([0xCB] + withUnsafeBytes(of: number.bitPattern.bigEndian, Array.init))
    }
    values.append([0x9F] + [UInt8](repeating: 0x01, count: 15))
    values.append([0x8F] + Array([[UInt8]](repeating: [0xA1, 0x6B, 0x01], count: 15).joined()))
    values.append([0x92, 0x91, 0x01, 0x81, 0xA1, 0x6B, 0x90])
    values.append([0xD9, 36] + [UInt8](repeating: 0x41, count: 36))
    values.append([0xD9, 0])
    return values
  }()

  @Test("Values of every kind the fast path reads, at every distance from the end of the input, whole and cut")
  func nearTheEnd() {
    for value in Self.quickValues {
      for tail in 0...40 {
        let filler = [UInt8](repeating: 0x07, count: tail)
        // In an array (array16, so that the head does not depend on the count), then as a map's value.
        let count = UInt8(1 + tail)
        let forms: [(head: [UInt8], after: [UInt8])] = [
          ([0xDC, 0, count], filler), ([0xDC, 0, count, 0x81, 0xA1, 0x6B], filler),
        ]
        for (head, after) in forms {
          let bytes = head + value + after
          let comment: Comment = "\(value) with \(tail) bytes after it, after \(head)"
          // Every one is read, but a string that starts with a lone continuation byte.
          let isUTF8 = !(value.count > 1 && value[0] & 0xE0 == 0xA0 && value[1] == 0x80)
          #expect(Self.agree(bytes, comment) == isUTF8, comment)
          Self.agree(bytes, limits: DecodingLimits(maxDepth: 2), comment)
          // Cut short inside the value, and with one byte too few or too many in all.
          for cut in head.count..<(head.count + value.count) {
            Self.agree(Array(bytes[..<cut]), "\(comment), cut at \(cut)")
          }
          Self.agree(bytes.dropLast(), "\(comment), a byte short")
          Self.agree(bytes + [0x01], "\(comment), a byte more")
        }
      }
    }
  }

  @Test("The ASCII test of a run of any length: exact, whichever byte in it or next to it is not ASCII")
  func runASCII() {
    // A run of `length` bytes at offset 9 of a view with nine bytes after it, one byte of which (or none) is
    // 0x80: before the run, in it, or after it.
    for length in 0...72 {
      for high in [nil] + Array(0..<(length + 18)) {
        var bytes = [UInt8](repeating: 0x61, count: length + 18)
        if let high { bytes[high] = 0x80 }
        let isASCII = high.map { $0 < 9 || $0 >= 9 + length } ?? true
        let result = bytes.withUnsafeBytes { ByteView($0).isASCII(at: 9, count: length) }
        #expect(result == isASCII, "\(length) bytes, 0x80 at \(high.map(String.init) ?? "none")")
      }
    }
  }

  @Test("The index's short-string ASCII tests: exact, but for an empty run with sixteen bytes after it near the end")
  func shortASCII() {
    // A run of `length` bytes at offset 1 of a view of `1 + remaining` bytes, one byte of which (or none) is
    // 0x80: before the run, in it, or after it.
    for length in 0...31 {
      for remaining in length...(length + 40) {
        for high in [nil] + Array(0...remaining) {
          var bytes = [UInt8](repeating: 0x61, count: 1 + remaining)
          if let high { bytes[high] = 0x80 }
          let isASCII = high.map { $0 < 1 || $0 > length } ?? true
          let result = bytes.withUnsafeBytes {
            ByteView($0).isShortASCII(at: 1, count: length, remaining: remaining)
          }
          let comment: Comment = "\(length) bytes, \(remaining) left, 0x80 at \(high.map(String.init) ?? "none")"
          // An empty run with sixteen bytes after it may be left to the general path (`false`).
          #expect(result == isASCII || length == 0 && remaining >= 16 && !result, comment)
          // The test far from the end, for views that have 32 bytes or more from the run on: exact.
          if remaining >= 32 {
            let far = bytes.withUnsafeBytes {
              ByteView($0).isShortASCII(farFromEndAt: 1, count: length, masks: ShortASCIIMasks.table)
            }
            #expect(far == isASCII, "far from the end: \(comment)")
          }
        }
      }
    }
  }
}
