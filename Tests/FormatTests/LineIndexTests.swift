import TestSupport
import Testing

@testable import InertiaFormat

/// ``LineIndex`` places byte offsets as editors do, and the JSON reader's errors use it.
@Suite("Line index: lines and columns of byte offsets")
struct LineIndexTests {
  static let texts: [String] = [
    "",
    "[]",
    "[\n  {\"id\": \"card0\"},\n  {\"id\": \"é😀\", \"n\": 1}\n]\n",
    "\n\n\n",
    "a\r\nb\r\n",
    "\u{FEFF}[1, 2]",
    "\u{FEFF}[\n  \"ü\", 3\n]",
    "\u{FEFF}",
    "ab\u{FEFF}cd",
    String(repeating: "0123456789abcdef\n", count: 40) + "ä",
  ]

  @Test("every offset is placed where the independent count places it", arguments: texts)
  func everyOffset(_ text: String) {
    let bytes = utf8(text)
    let index = LineIndex(bytes)
    for offset in 0...bytes.count {
      let (line, column) = index.location(ofOffset: offset, in: bytes)
      let expected = PositionOracle.lineAndColumn(of: offset, in: bytes)
      #expect(line == expected.line && column == expected.column, "offset \(offset) of \(text.debugDescription)")
    }
  }

  @Test("a byte order mark is no column: the first character after it is column 1")
  func byteOrderMark() {
    let bytes = utf8("\u{FEFF}[1, 2]\n[3]")
    let index = LineIndex(bytes)
    #expect(index.location(ofOffset: 3, in: bytes) == (1, 1))
    #expect(index.location(ofOffset: 4, in: bytes) == (1, 2))
    #expect(index.location(ofOffset: 0, in: bytes) == (1, 1))
    // Only the first line starts with it.
    #expect(index.location(ofOffset: 10, in: bytes) == (2, 1))
  }

  @Test("an error in a file that starts with a byte order mark has the column an editor shows")
  func byteOrderMarkInErrors() throws {
    // "]" is the fourth character after the mark.
    let json = utf8("\u{FEFF}[1,]")
    var failure: FormatError?
    do { _ = try JSONReader().read(json) } catch { failure = error }
    #expect(failure?.line == 1)
    #expect(failure?.column == 4)
    #expect(try IndexedDocument.read(utf8("\u{FEFF}[1]")).lineAndColumn(ofOffset: 4) == (1, 2))
  }

  @Test("offsets past the end are placed at the end")
  func pastTheEnd() {
    let bytes = utf8("ab\ncd")
    #expect(LineIndex(bytes).location(ofOffset: 99, in: bytes) == (2, 3))
  }
}
