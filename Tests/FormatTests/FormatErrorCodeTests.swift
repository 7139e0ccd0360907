import TestSupport
import Testing

@testable import InertiaFormat

/// Each ``FormatError/Code`` is what an input with that fault produces, whichever reader meets it.
@Suite("FormatError codes: each fault has its code")
struct FormatErrorCodeTests {
  /// An input, the reader that reads it, and the code its error must carry.
  struct Case: Sendable, CustomTestStringConvertible {
    enum Reader: Sendable {
      case messagePack, json, extendedJSON, indexed, messagePackToJSON, jsonToMessagePack
    }

    let code: FormatError.Code
    let reader: Reader
    let bytes: [UInt8]
    var limits = DecodingLimits.default

    var testDescription: String { "\(code) from \(reader): \(hexString(bytes.prefix(24)))" }

    func read() throws(FormatError) {
      switch reader {
      case .messagePack: _ = try MessagePackReader(limits: limits).read(bytes)
      case .json: _ = try JSONReader(limits: limits).read(bytes)
      case .extendedJSON: _ = try JSONReader(limits: limits, extended: true).read(bytes)
      case .indexed: _ = try IndexedDocument.read(bytes, limits: limits)
      case .messagePackToJSON: _ = try Converter.toJSON(messagePack: bytes, limits: limits)
      case .jsonToMessagePack: _ = try Converter.toMessagePack(json: bytes, limits: limits)
      }
    }
  }

  static func json(_ code: FormatError.Code, _ text: String, _ reader: Case.Reader = .json) -> Case {
    Case(code: code, reader: reader, bytes: utf8(text))
  }

  static let cases: [Case] = [
    // Truncated input, in both encodings and every way it shows.
    Case(code: .truncated, reader: .messagePack, bytes: []),
    Case(code: .truncated, reader: .messagePack, bytes: hexBytes("92 01")),
    Case(code: .truncated, reader: .messagePack, bytes: hexBytes("cd 01")),
    Case(code: .truncated, reader: .messagePack, bytes: hexBytes("a3 61 62")),
    Case(code: .truncated, reader: .messagePack, bytes: hexBytes("de 00 02 a1 61 01")),
    Case(code: .truncated, reader: .indexed, bytes: hexBytes("c4 05 01 02")),
    Case(code: .truncated, reader: .messagePackToJSON, bytes: hexBytes("dd 00 00 00 09")),
    json(.truncated, "[1, 2"),
    json(.truncated, #"{"a""#),
    json(.truncated, #"{"a": "bc"#),
    json(.truncated, #"["\"#),
    json(.truncated, #"{"$bin": "AA==""#, .extendedJSON),
    // Everything else.
    Case(code: .trailingData, reader: .messagePack, bytes: hexBytes("01 02")),
    json(.trailingData, "[] x"),
    Case(code: .depthLimitExceeded, reader: .messagePack, bytes: hexBytes("91 91 91 01"), limits: .init(maxDepth: 2)),
    Case(code: .depthLimitExceeded, reader: .indexed, bytes: hexBytes("81 a1 61 91 90"), limits: .init(maxDepth: 2)),
    Case(code: .depthLimitExceeded, reader: .json, bytes: utf8("[[[1]]]"), limits: .init(maxDepth: 2)),
    Case(code: .inputTooLarge, reader: .messagePack, bytes: hexBytes("92 01 02"), limits: .init(maxInputSize: 2)),
    Case(code: .inputTooLarge, reader: .jsonToMessagePack, bytes: utf8("[1]"), limits: .init(maxInputSize: 2)),
    Case(code: .invalidUTF8, reader: .messagePack, bytes: hexBytes("a1 ff")),
    Case(code: .invalidUTF8, reader: .indexed, bytes: hexBytes("81 a2 c3 28 01")),
    Case(code: .invalidUTF8, reader: .json, bytes: [0x22, 0xFF, 0x22]),
    Case(code: .reservedFormatByte, reader: .messagePack, bytes: hexBytes("91 c1")),
    json(.unexpectedCharacter, "[1 2]"),
    json(.unexpectedCharacter, "{a: 1}"),
    json(.unexpectedCharacter, #"{"a" 1}"#),
    json(.unexpectedCharacter, "[tru]"),
    json(.unescapedControlCharacter, "\"a\tb\""),
    json(.invalidEscape, #""\q""#),
    json(.invalidEscape, #""\ud800""#),
    json(.invalidEscape, #""\u12x4""#),
    json(.invalidNumber, "-"),
    json(.invalidNumber, "01"),
    json(.invalidNumber, "1."),
    json(.invalidNumber, "[1e]"),
    json(.integerOutOfRange, "18446744073709551616"),
    json(.integerOutOfRange, "-9223372036854775809"),
    json(.floatOutOfRange, "1e400"),
    json(.nonFiniteNumber, "NaN"),
    json(.nonFiniteNumber, "[-Infinity]"),
    json(.invalidExtendedValue, #"{"$bin": 1}"#, .extendedJSON),
    json(.invalidExtendedValue, #"{"$map": [1]}"#, .extendedJSON),
    json(.invalidExtendedValue, #"{"$float32": 1e300}"#, .extendedJSON),
    json(.invalidExtendedValue, #"{"$int8": 200}"#, .extendedJSON),
    json(.invalidExtendedValue, #"{"$bin": "AA==", "x": 1}"#, .extendedJSON),
    Case(code: .needsExtendedForm, reader: .messagePackToJSON, bytes: hexBytes("c4 01 00")),
    Case(code: .needsExtendedForm, reader: .messagePackToJSON, bytes: hexBytes("81 01 02")),
    Case(code: .needsExtendedForm, reader: .messagePackToJSON, bytes: hexBytes("cb 7f f8 00 00 00 00 00 00")),
  ]

  @Test("an input with a fault gives that fault's code", arguments: cases)
  func code(_ row: Case) {
    #expect(throws: FormatError.self) { try row.read() }
    do {
      try row.read()
    } catch {
      #expect(error.code == row.code, "\(error)")
    }
  }

  @Test("writing a value plain JSON cannot hold keeps the code, without a position")
  func writerCode() {
    do {
      _ = try JSONWriter().write([.binary([1])])
      Issue.record("written")
    } catch {
      #expect(error.code == .needsExtendedForm)
      #expect(!error.hasPosition)
    }
  }

  @Test("a container of more than 2^32 - 1 entries is too large for MessagePack")
  func containerTooLarge() throws {
    // No test can write 8 GiB of JSON; the check itself is called with such a count.
    let out = ByteBuffer()
    out.append(0x90)
    let error = [UInt8]("[]".utf8).withUnsafeBytes { bytes in
      let parser = JSONToMessagePack(
        ByteView(bytes), out: out, limits: .default, extended: false, positions: NoTextRanges())
      return Result { () throws(FormatError) in
        try parser.finishContainer(head: 0, count: Int(UInt32.max) + 1, isMap: false, at: 0)
      }
    }
    guard case .failure(let failure) = error else {
      Issue.record("accepted")
      return
    }
    #expect(failure.code == .containerTooLarge)
  }

  @Test("codes match in a switch, and their descriptions are distinct identifiers")
  func descriptions() {
    let codes: [FormatError.Code] = [
      .truncated, .trailingData, .depthLimitExceeded, .inputTooLarge, .invalidUTF8, .reservedFormatByte,
      .containerTooLarge, .unexpectedCharacter, .unescapedControlCharacter, .invalidEscape, .invalidNumber,
      .integerOutOfRange, .floatOutOfRange, .nonFiniteNumber, .invalidExtendedValue, .needsExtendedForm,
    ]
    #expect(Set(codes.map(\.description)).count == codes.count)
    #expect(Set(Self.cases.map(\.code)).union([.containerTooLarge]) == Set(codes))
    let matched: String
    switch FormatError.Code.depthLimitExceeded {
    case .truncated: matched = "truncated"
    case .depthLimitExceeded: matched = "depth"
    default: matched = "other"
    }
    #expect(matched == "depth")
    #expect(FormatError.Code.depthLimitExceeded.description == "depth-limit-exceeded")
  }
}
