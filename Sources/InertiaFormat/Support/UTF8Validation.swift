/// Checking UTF-8 the way the readers must: every string and key is checked, nothing is replaced.
package enum UTF8Validation {
  /// The offset of the first byte of the first ill-formed sequence in `bytes`, or `nil` when they are all
  /// UTF-8: the same check as the readers', for callers outside this module (the app source lexers).
  package static func firstInvalid(in bytes: [UInt8]) -> Int? {
    withBytes(bytes) { firstInvalid($0) }
  }

  /// Checks UTF-8 well-formedness (Unicode 15, table 3-7): no overlong forms, no surrogates, nothing above
  /// U+10FFFF, no truncated sequences.
  ///
  /// - Returns: the index of the first byte of the first ill-formed sequence, or `nil` when all is well.
  @inline(__always)
  static func firstInvalid(_ bytes: ByteView) -> Int? {
    let count = bytes.count
    var i = 0
    // Fast path: eight ASCII bytes at a time.
    while i &+ 8 <= count {
      if bytes.word(UInt64.self, at: i) & WordScan.highs != 0 { break }
      i &+= 8
    }
    // The last few bytes at once too: the eight that end the view, or the whole of a shorter one.
    if count &- i < 8 {
      if count >= 8 {
        if bytes.word(UInt64.self, at: count &- 8) & WordScan.highs == 0 { return nil }
      } else if count > 0 {
        if bytes.paddedShortWord() & WordScan.highs == 0 { return nil }
      } else {
        return nil
      }
    }
    while i < count {
      let b0 = bytes[i]
      if b0 < 0x80 {
        i &+= 1
        continue
      }
      return validateMultibyteTail(bytes, from: i)
    }
    return nil
  }

  @inline(never)
  private static func validateMultibyteTail(_ bytes: ByteView, from start: Int) -> Int? {
    let count = bytes.count
    var i = start
    while i < count {
      let b0 = bytes[i]
      if b0 < 0x80 {
        i += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch b0 {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return i
      }
      guard i + length <= count else { return i }
      let b1 = bytes[i + 1]
      guard b1 >= low && b1 <= high else { return i }
      for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return i }
      i += length
    }
    return nil
  }
}
