import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// Reads JSON, expecting it to fail, and returns the error.
func jsonError(_ bytes: [UInt8], extended: Bool = false, limits: DecodingLimits = .default) -> FormatError? {
  do {
    let value = try JSONReader(limits: limits, extended: extended).read(bytes)
    Issue.record("read \(text(Array(bytes.prefix(60)))) as \(value.structure.prefix(200)) instead of failing")
    return nil
  } catch {
    return error
  }
}

func jsonError(_ text: String, extended: Bool = false) -> FormatError? { jsonError(utf8(text), extended: extended) }

@Suite("JSON reading: values, kinds, key order, and exact errors")
struct JSONReaderTests {
  static let passFiles = Fixtures.files(in: "json/pass", withSuffix: ".json").map(FixtureFile.init)
  static let failFiles = Fixtures.files(in: "json/fail", withSuffix: ".json").map(FixtureFile.init)

  @Test("the fixture folders are found")
  func fixturesExist() {
    #expect(Self.passFiles.count >= 10)
    #expect(Self.failFiles.count >= 40)
  }

  /// `json/pass/NAME.json` holds a document and `NAME.hex` its canonical MessagePack, written by hand.
  @Test("a valid document gives exactly the canonical MessagePack written beside it", arguments: passFiles)
  func passFixture(_ file: FixtureFile) throws {
    let json = try Fixtures.bytes(file.url)
    let expected = hexBytes(try String(contentsOf: file.sibling("hex"), encoding: .utf8))
    let converted = try Converter.toMessagePack(json: json)
    #expect(converted == expected, "got \(hexString(converted))")
    // The value reader agrees, and both directions hold: the bytes read as the same value.
    let value = try JSONReader().read(json)
    #expect(value == (try MessagePackReader().read(expected)))
    #expect(value.structure == (try MessagePackReader().read(expected)).structure)
    #expect(MessagePackWriter().write(value) == expected)
    // Written back to JSON and read again, nothing changes.
    for style in [JSONWriter.Options.Style.pretty, .compact] {
      let again = try Converter.toMessagePack(
        json: try Converter.toJSON(messagePack: expected, options: .init(style: style)))
      #expect(again == expected)
    }
  }

  /// `json/fail/NAME.json` holds a broken document and `NAME.error` the one-line report for it.
  /// `RECORD_SNAPSHOTS=1` rewrites the `.error` files from what the reader says now.
  @Test("a broken document fails with exactly the report written beside it", arguments: failFiles)
  func failFixture(_ file: FixtureFile) throws {
    let json = try Fixtures.bytes(file.url)
    let error = try #require(jsonError(json))
    #expect(error.format == .json)
    #expect(error.line != nil && error.column != nil)
    // Line and column are those of the byte offset.
    let (line, column) = PositionOracle.lineAndColumn(of: error.offset, in: json)
    #expect(error.line == line && error.column == column)
    try expectSnapshot(error.report(file: file.name) + "\n", file: file.sibling("error"))
    // The converter (the same parser, streaming) and the extended reader report the same.
    #expect(throws: error) { try Converter.toMessagePack(json: json) }
    #expect(throws: error) { try JSONReader(extended: true).read(json) }
    #expect(throws: error) { try IndexedDocument.read(json, as: .json) }
  }

  @Test("a missing comma is reported at the line and column of the next key")
  func missingCommaPosition() throws {
    let error = try #require(jsonError("{\n  \"id\": \"card0\",\n  \"scale\": 1 \"opacity\": 1\n}\n"))
    #expect(error.line == 3)
    #expect(error.column == 14)
    #expect(error.offset == 32)
    #expect(error.message == "expected ',' or '}', found '\"'")
    #expect(error.report(file: "FILE") == "FILE:3:14: expected ',' or '}', found '\"'")
  }

  @Test("columns count characters, not bytes")
  func columnsCountCharacters() throws {
    let error = try #require(jsonError("[\"é😀\", x]"))
    #expect(error.offset == 11)
    #expect(error.line == 1 && error.column == 8)
  }

  @Test("a fault deep in a document names its path")
  func deepPath() throws {
    let error = try #require(jsonError("[{\"id\": \"c\", \"keyframes\": [{}, {}, {\"duration\": -}]}]"))
    #expect(error.path.description == "/0/keyframes/2/duration")
    #expect(error.message == "a number needs a digit after '-'")
    let inKey = try #require(jsonError("[{\"a/b\": [0, {\"~\": tru}]}]"))
    #expect(inKey.path.description == "/0/a~1b/1/~0")
  }

  // MARK: Numbers

  @Test("integers keep their kind and their exact value to the ends of the range")
  func integerRange() throws {
    #expect(
      try JSONReader().read(utf8("18446744073709551615")).structure == MessagePackValue.uint(UInt64.max).structure)
    #expect(try JSONReader().read(utf8("-9223372036854775808")).structure == MessagePackValue.int(Int64.min).structure)
    #expect(try JSONReader().read(utf8("9223372036854775807")).structure == MessagePackValue.int(Int64.max).structure)
    #expect(try JSONReader().read(utf8("9223372036854775808")).structure == MessagePackValue.uint(1 << 63).structure)
    #expect(try JSONReader().read(utf8("1")).structure == MessagePackValue.int(1).structure)
    #expect(try JSONReader().read(utf8("1.0")).structure == MessagePackValue.float64(1).structure)
    #expect(try JSONReader().read(utf8("-0")).structure == MessagePackValue.int(0).structure)
    #expect(try JSONReader().read(utf8("-0.0")) == .float64(-0.0))
  }

  @Test(
    "integers just outside the range are errors, never floats",
    arguments: [
      "18446744073709551616", "-9223372036854775809", "99999999999999999999", "-18446744073709551615",
    ])
  func integersOutOfRange(_ text: String) throws {
    let error = try #require(jsonError(text))
    #expect(
      error.message
        == "integer \(text) is outside the range MessagePack holds (-2^63...2^64-1); write it with a fraction or exponent to make it a float"
    )
    #expect(error.offset == 0)
  }

  @Test("an integer of 10,000 digits is an error with a short message")
  func tenThousandDigitInteger() throws {
    let digits = "1" + String(repeating: "0", count: 9_999)
    let error = try #require(jsonError("[" + digits + "]"))
    #expect(error.message.hasPrefix("integer 10000000000000000000…00000000 (10000 characters) is outside the range"))
    #expect(error.column == 2)
    #expect(error.path.description == "/0")
  }

  @Test("a float of 10,000 digits is read, correctly rounded, without hanging")
  func tenThousandDigitFloat() throws {
    let fraction = "0." + String(repeating: "3", count: 10_000)
    #expect(try JSONReader().read(utf8(fraction)) == .float64(1.0 / 3.0))
    let small = "0." + String(repeating: "0", count: 10_000) + "1"
    #expect(try JSONReader().read(utf8(small)) == .float64(0))
    let exponent = "1" + String(repeating: "0", count: 10_000) + "e-10000"
    #expect(try JSONReader().read(utf8(exponent)) == .float64(1))
    let huge = "1" + String(repeating: "0", count: 10_000) + ".0"
    let error = try #require(jsonError(huge))
    #expect(error.message.hasSuffix("is too large for a 64-bit float"))
    #expect(try JSONReader().read(utf8("1e-99999999999999999999")) == .float64(0))
    #expect(
      jsonError("1e99999999999999999999")?.message == "number 1e99999999999999999999 is too large for a 64-bit float")
  }

  /// The exponent is added up only to 100000; past that the number must be read whole, counting the
  /// fraction's digits (issue 10, item 13).
  struct CappedExponentCase: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    /// nil: "too large for a 64-bit float".
    let value: Double?
    var testDescription: String { name }
  }

  static let cappedExponentCases: [CappedExponentCase] = {
    let zeros = String(repeating: "0", count: 100_000)
    let nines = String(repeating: "9", count: 100_000)
    return [
      // 10^-100001 · 10^1000000 = 10^899999: its fast-path scale would be 1000000-capped minus 100001.
      .init(name: "0.<100000 zeros>1e1000000", text: "0.\(zeros)1e1000000", value: nil),
      .init(name: "0.<100000 zeros>1e+1000000", text: "0.\(zeros)1e+1000000", value: nil),
      .init(name: "-0.<100000 zeros>1e1000000", text: "-0.\(zeros)1e1000000", value: nil),
      // 10^-100001 · 10^100002 = 10: the exponent is not capped, the exact path gives 10.
      .init(name: "0.<100000 zeros>1e100002", text: "0.\(zeros)1e100002", value: 10),
      // Capped, and the true value is ordinary: 10^-1000001 · 10^1000000 = 0.1.
      .init(
        name: "0.<1000000 zeros>1e1000000",
        text: "0." + String(repeating: "0", count: 1_000_000) + "1e1000000", value: 0.1),
      // Many fraction digits that are not zeros, with a capped exponent either way.
      .init(name: "0.<100000 nines>e1000000", text: "0.\(nines)e1000000", value: nil),
      .init(name: "0.<100000 nines>e-1000000", text: "0.\(nines)e-1000000", value: 0),
      .init(name: "1.<100000 zeros>e-1000000", text: "1.\(zeros)e-1000000", value: 0),
      // Many integer digits against a capped negative exponent: 10^100000 · 10^-1000000.
      .init(name: "1<100000 zeros>e-1000000", text: "1\(zeros)e-1000000", value: 0),
      .init(name: "1<100000 zeros>e-100001", text: "1\(zeros)e-100001", value: 0.1),
      .init(name: "1e1000000", text: "1e1000000", value: nil),
      .init(name: "1e-1000000", text: "1e-1000000", value: 0),
    ]
  }()

  @Test("a capped exponent never reads as a wrong float: the exact value, or too large", arguments: cappedExponentCases)
  func cappedExponent(_ row: CappedExponentCase) throws {
    if let value = row.value {
      #expect(try JSONReader().read(utf8(row.text)) == .float64(value))
      #expect(try Converter.toMessagePack(json: utf8(row.text)) == MessagePackWriter().write(.float64(value)))
    } else {
      let error = try #require(jsonError(row.text))
      #expect(error.code == .floatOutOfRange)
      #expect(error.message.hasSuffix("is too large for a 64-bit float"))
      #expect(error.offset == 0)
    }
  }

  @Test("leading zeros in the integer part are an error, however many", arguments: [2, 100_000])
  func leadingZeros(_ count: Int) throws {
    for text in [String(repeating: "0", count: count) + "1", String(repeating: "0", count: count) + ".1e1000000"] {
      let error = try #require(jsonError(text))
      #expect(error.message == "a number cannot start with 0 followed by digits")
    }
  }

  @Test("random float spellings read as the standard library reads them")
  func floatSpellings() throws {
    var documents = RandomDocuments(seed: 0xF10A7)
    for _ in 0..<3000 {
      let (spelling, expected) = documents.floatSpelling()
      let value = try JSONReader().read(utf8(spelling))
      #expect(value == .float64(expected), "\(spelling)")
    }
  }

  // MARK: Strings and structure

  @Test("escapes, surrogate pairs and raw UTF-8 read as their characters")
  func strings() throws {
    #expect(try JSONReader().read(utf8(#""\ud83d\ude00\u00E9\/""#)) == .string("😀é/"))
    #expect(try JSONReader().read(utf8("\"\u{10FFFF}\u{FEFF}\u{2028}\"")) == .string("\u{10FFFF}\u{FEFF}\u{2028}"))
    #expect(try JSONReader().read(utf8(#""\u0000""#)) == .string("\u{0}"))
    // An escape at every position relative to the 8-byte blocks the fast paths work in.
    for position in 0..<20 {
      let plain = String(repeating: "a", count: position)
      #expect(try JSONReader().read(utf8("\"\(plain)\\n\(plain)é\"")) == .string(plain + "\n" + plain + "é"))
    }
  }

  @Test("key order and duplicate keys are kept")
  func keyOrder() throws {
    let value = try JSONReader().read(utf8(#"{"z": 1, "a": 2, "z": 3, "m": {"b": 0, "a": 0}}"#))
    #expect(
      value == .map([.init("z", 1), .init("a", 2), .init("z", 3), .init("m", .map([.init("b", 0), .init("a", 0)]))]))
    #expect(value["z"] == 1)
  }

  @Test("a byte order mark is skipped, only at the start")
  func byteOrderMark() throws {
    #expect(try JSONReader().read([0xEF, 0xBB, 0xBF] + utf8("[1]")) == [1])
    #expect(
      jsonError(utf8("[1]") + [0xEF, 0xBB, 0xBF])?.message
        == "unexpected text after the end of the document (a file holds one value)")
    #expect(
      jsonError([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + utf8("[1]"))?.message == "expected a value, found byte 0xef")
  }

  @Test("1,000,000 nested arrays fail on the depth limit on a 512 KiB thread")
  func millionNestedArrays() throws {
    let bytes = utf8(String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000))
    let errors = depthLimitErrors([
      { _ = try JSONReader().read(bytes) },
      { _ = try Converter.toMessagePack(json: bytes) },
      { _ = try Converter.toMessagePack(json: bytes, extended: true) },
    ])
    #expect(errors.count == 3)
    for error in errors {
      #expect(error.line == 1 && error.column == 513)
      #expect(error.path.components.count == 512)
    }
    let maps = utf8(String(repeating: "{\"a\":", count: 100_000))
    let mapError = try #require(onThread(stackSize: smallThreadStackSize) { jsonError(maps) })
    #expect(mapError.message == "nesting is deeper than the limit of 512 levels")
    #expect(mapError.column == 512 * 5 + 1)
  }

  @Test("a document cut off at any byte fails, in the reader and the converter")
  func truncatedAtEveryByte() throws {
    let document = utf8(
      #"[{"id":"card0","v":[-0.648,1e-3,12],"s":"a\"\u00e9\ud83d\ude00b","n":null,"t":true,"f":false}]"#)
    _ = try JSONReader().read(document)
    for length in 0..<document.count {
      let prefix = Array(document.prefix(length))
      guard let error = jsonError(prefix) else { continue }
      #expect(error.offset <= length)
      #expect(throws: error) { try Converter.toMessagePack(json: prefix) }
    }
  }

  @Test("random corruptions of a JSON text never crash the reader")
  func corruptedText() throws {
    var documents = RandomDocuments(seed: 0xBAD)
    var rng = SeededGenerator(seed: 7)
    let alphabet = utf8("[]{}\":,\\-+.eE0123456789 \nutfalsn") + [0x00, 0x1F, 0x80, 0xC3, 0xED, 0xFF]
    for _ in 0..<300 {
      let (text, _) = documents.jsonDocument()
      var bytes = utf8(text)
      guard !bytes.isEmpty else { continue }
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        bytes[Int.random(in: 0..<bytes.count, using: &rng)] = alphabet.randomElement(using: &rng)!
      }
      let read = Result { () throws(FormatError) in try JSONReader().read(bytes) }
      let converted = Result { () throws(FormatError) in try Converter.toMessagePack(json: bytes) }
      switch (read, converted) {
      case (.success(let value), .success(let messagePack)):
        #expect(MessagePackWriter().write(value) == messagePack)
      case (.failure(let a), .failure(let b)):
        #expect(a == b)
      default:
        Issue.record("reader and converter disagree on \(text)")
      }
    }
  }

  @Test("positions: each value's byte range in the text")
  func sourcePositions() throws {
    let json = utf8("[\n  {\"id\": \"card0\", \"keyframes\": [{\"duration\": 2.5}]}\n]\n")
    let document = try IndexedDocument.read(json)
    #expect(document.encoding == .json)
    let duration = try #require(document.node(at: JSONPointer(parsing: "/0/keyframes/0/duration")!))
    #expect(text(Array(json[document.byteRange(of: duration)])) == "2.5")
    let id = try #require(document.node(at: JSONPointer(parsing: "/0/id")!))
    let idRange = document.byteRange(of: id)
    #expect(text(Array(json[idRange])) == "\"card0\"")
    #expect(document.lineAndColumn(ofOffset: idRange.lowerBound) == (2, 10))
    #expect(document.node(at: JSONPointer(parsing: "/0/missing")!) == nil)
  }
}

/// Checks `actual` against the snapshot file, or writes it there when recording
/// (`RECORD_SNAPSHOTS=1 swift test …`, then review the diff).
func expectSnapshot(_ actual: String, file url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
  if Fixtures.recording {
    try Data(actual.utf8).write(to: url)
    return
  }
  guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
    Issue.record(
      "missing snapshot \(url.lastPathComponent); run with RECORD_SNAPSHOTS=1 to create it",
      sourceLocation: sourceLocation)
    return
  }
  #expect(actual == expected, "snapshot \(url.lastPathComponent)", sourceLocation: sourceLocation)
}
