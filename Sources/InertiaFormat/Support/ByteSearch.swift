/// Looking for a short ASCII word in bytes, eight positions at a time: how the app source finders tell a
/// source that cannot mention the Inertia runtime (no `nertia` in it) without lexing it.
package enum ByteSearch {
  /// Whether `word` (three bytes or more) occurs in `bytes`.
  package static func contains(_ word: StaticString, in bytes: [UInt8]) -> Bool {
    withBytes(bytes) { contains(word, in: $0) }
  }

  static func contains(_ word: StaticString, in bytes: ByteView) -> Bool {
    let length = word.utf8CodeUnitCount
    precondition(length >= 3, "ByteSearch looks for words of three bytes or more")
    return word.withUTF8Buffer { pattern in
      // Where the word's last three bytes are, eight positions at a time: three overlapping words, each
      // tested for one of the three bytes. `WordScan.equal` flags every byte that matches (and may flag one
      // above a match), so each position flagged in all three is compared in full.
      let (first, second, third) = (pattern[length - 3], pattern[length - 2], pattern[length - 1])
      var offset = length - 3
      while offset &+ 10 <= bytes.count {
        var candidates =
          WordScan.equal(UInt64(littleEndian: bytes.word(UInt64.self, at: offset)), first)
          & WordScan.equal(UInt64(littleEndian: bytes.word(UInt64.self, at: offset &+ 1)), second)
          & WordScan.equal(UInt64(littleEndian: bytes.word(UInt64.self, at: offset &+ 2)), third)
        while candidates != 0 {
          let start = offset &+ candidates.trailingZeroBitCount &>> 3 &- (length &- 3)
          if matches(pattern, bytes, at: start) { return true }
          candidates &= candidates &- 1
        }
        offset &+= 8
      }
      // The last few positions one by one.
      var start = offset &- (length &- 3)
      while start &+ length <= bytes.count {
        if matches(pattern, bytes, at: start) { return true }
        start &+= 1
      }
      return false
    }
  }

  @inline(__always)
  private static func matches(_ pattern: UnsafeBufferPointer<UInt8>, _ bytes: ByteView, at start: Int) -> Bool {
    guard start &+ pattern.count <= bytes.count else { return false }
    for index in 0..<pattern.count where bytes[start &+ index] != pattern[index] { return false }
    return true
  }
}
