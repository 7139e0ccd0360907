import TestSupport
import Testing

@testable import InertiaFormat

@Suite("DocumentEncoding.detect: JSON or MessagePack, by content")
struct DocumentEncodingTests {
  struct DetectCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let expected: DocumentEncoding
    var testDescription: String { name }
  }

  static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

  static let cases: [DetectCase] = {
    var cases: [DetectCase] = [
      .init(name: "empty input", bytes: [], expected: .messagePack),
      .init(name: "whitespace only", bytes: utf8(" \t\r\n"), expected: .messagePack),
      .init(name: "a byte order mark only", bytes: bom, expected: .messagePack),
      .init(name: "a byte order mark and whitespace only", bytes: bom + utf8("\n "), expected: .messagePack),
      .init(name: "a byte order mark before an array", bytes: bom + utf8("[]"), expected: .json),
      .init(name: "a byte order mark and whitespace before an object", bytes: bom + utf8(" \n{}"), expected: .json),
      .init(name: "a byte order mark not at the start", bytes: utf8(" ") + bom + utf8("[]"), expected: .messagePack),
      .init(name: "a byte order mark before a fixarray head", bytes: bom + [0x91, 0x01], expected: .messagePack),
      .init(name: "each whitespace byte before a value", bytes: utf8(" \t\r\n1"), expected: .json),
      .init(name: "whitespace before a fixarray head", bytes: [0x20, 0x91, 0x01], expected: .messagePack),
      .init(name: "empty fixarray", bytes: [0x90], expected: .messagePack),
      .init(name: "fixarray of 15", bytes: [0x9F] + [UInt8](repeating: 0xC0, count: 15), expected: .messagePack),
      .init(name: "array16", bytes: [0xDC, 0x00, 0x10] + [UInt8](repeating: 0xC0, count: 16), expected: .messagePack),
      .init(
        name: "array32", bytes: [0xDD, 0x00, 0x00, 0x00, 0x10] + [UInt8](repeating: 0xC0, count: 16),
        expected: .messagePack),
      .init(name: "fixmap", bytes: [0x81, 0xA1, 0x61, 0x01], expected: .messagePack),
      .init(name: "nil", bytes: [0xC0], expected: .messagePack),
      .init(name: "0xc1, no format at all", bytes: [0xC1], expected: .messagePack),
      .init(name: "a letter no JSON value starts with", bytes: utf8("x"), expected: .messagePack),
      .init(name: "NaN (no JSON value)", bytes: utf8("NaN"), expected: .messagePack),
    ]
    // Every byte a JSON value starts with, alone and after whitespace and a byte order mark.
    for start in "[{\"-0123456789tfn" {
      let byte = UInt8(ascii: start.unicodeScalars.first!)
      cases.append(.init(name: "starts with '\(start)'", bytes: [byte], expected: .json))
      cases.append(
        .init(
          name: "'\(start)' after a byte order mark and whitespace", bytes: bom + utf8("\t ") + [byte], expected: .json)
      )
    }
    return cases
  }()

  @Test("detects the encoding", arguments: cases)
  func detect(_ row: DetectCase) {
    #expect(DocumentEncoding.detect(row.bytes) == row.expected)
    #expect(row.bytes.withUnsafeBytes { DocumentEncoding.detect($0) } == row.expected)
  }

  @Test("a real file in each encoding")
  func realDocument() throws {
    let value: MessagePackValue = [["id": "card0", "keyframes": [["duration": 1]]]]
    #expect(DocumentEncoding.detect(MessagePackWriter().write(value)) == .messagePack)
    #expect(DocumentEncoding.detect(try JSONWriter().write(value)) == .json)
    #expect(DocumentEncoding.detect(try JSONWriter(options: .init(style: .compact)).write(value)) == .json)
  }
}
