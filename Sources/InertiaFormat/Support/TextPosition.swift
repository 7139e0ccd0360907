enum TextPosition {
  /// The 1-based line and column of `offset`, counting columns in Unicode scalars (UTF-8 lead bytes).
  static func lineAndColumn(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for i in 0..<min(offset, bytes.count) {
      let byte = bytes[i]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }
}
