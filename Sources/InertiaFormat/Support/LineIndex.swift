/// Where each line of a text starts, to turn byte offsets into 1-based lines and columns: the one place
/// the package counts lines, for the JSON parser's errors, the linter's findings and the fixer's.
///
/// Positions are byte offsets everywhere; a line and column is worked out only when a message needs one.
/// The index is built in one pass over the text (lines end at `\n`), and a position is then found by a
/// binary search over the line starts and a count of the characters between its line's start and it.
/// Columns count Unicode scalars, as editors do; a UTF-8 byte order mark at the start of the text is not
/// a column. (After Ruff's `ruff_source_file/src/line_index.rs`.)
package struct LineIndex: Sendable {
  /// The offset at which each line starts; the first is 0.
  private let lineStarts: [UInt32]
  /// Whether the text is all ASCII, so that a column is a byte count.
  private let isASCII: Bool
  /// Whether the text starts with a UTF-8 byte order mark.
  private let hasByteOrderMark: Bool

  /// The index of `text`.
  package init(_ text: [UInt8]) {
    self = withBytes(text) { LineIndex($0) }
  }

  init(_ text: ByteView) {
    var starts: [UInt32] = [0]
    starts.reserveCapacity(text.count / 32 + 1)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var highBits: UInt64 = 0
    var offset = 0
    // Eight bytes at a time, looking closer only at words that hold a newline (a zero byte after `^ 0x0A`).
    while offset &+ 8 <= text.count {
      let word = text.word(UInt64.self, at: offset)
      highBits |= word
      let newlines = word ^ (ones &* 0x0A)
      if (newlines &- ones) & ~newlines & highs != 0 {
        for index in offset..<(offset &+ 8) where text[index] == UInt8(ascii: "\n") {
          starts.append(UInt32(truncatingIfNeeded: index &+ 1))
        }
      }
      offset &+= 8
    }
    for index in offset..<text.count {
      highBits |= UInt64(text[index])
      if text[index] == UInt8(ascii: "\n") { starts.append(UInt32(truncatingIfNeeded: index &+ 1)) }
    }
    lineStarts = starts
    isASCII = highBits & highs == 0
    hasByteOrderMark = text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF
  }

  /// The 1-based line and column of `offset` in `text`, the text the index was built from.
  package func location(ofOffset offset: Int, in text: [UInt8]) -> (line: Int, column: Int) {
    withBytes(text) { location(ofOffset: offset, in: $0) }
  }

  func location(ofOffset offset: Int, in text: ByteView) -> (line: Int, column: Int) {
    let offset = min(max(offset, 0), text.count)
    // The last line that starts at or before the offset.
    var low = 0
    var high = lineStarts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if Int(lineStarts[middle]) <= offset { low = middle } else { high = middle }
    }
    let lineStart = Int(lineStarts[low])
    var column = 1
    if isASCII {
      column += offset - lineStart
    } else {
      for index in lineStart..<offset where text[index] & 0xC0 != 0x80 { column += 1 }
      if low == 0 && hasByteOrderMark && offset > 0 { column -= 1 }
    }
    return (low + 1, column)
  }
}
