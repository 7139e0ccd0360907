/// Tests on eight bytes at once, for the scans of JSON text: each returns a mask with the high bit set
/// in the bytes that match. Only the lowest set bit is exact (a borrow can flag bytes above a match),
/// so callers use the first match and look again from there.
///
/// The word is read in memory order as little-endian (``ByteView/littleEndianWord(at:)``), so the first
/// byte in memory is the lowest: `mask.trailingZeroBitCount / 8` is the index of the first match.
enum WordScan {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  /// The bytes equal to `byte`.
  @inline(__always)
  static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let x = word ^ (ones &* UInt64(byte))
    return (x &- ones) & ~x & highs
  }

  /// The bytes below 0x20 (control characters).
  @inline(__always)
  static func control(_ word: UInt64) -> UInt64 {
    (word &- ones &* 0x20) & ~word & highs
  }

  /// The bytes a JSON string cannot hold as they are: `"`, `\` and control characters.
  @inline(__always)
  static func stringSpecial(_ word: UInt64) -> UInt64 {
    control(word) | equal(word, 0x22) | equal(word, 0x5C)
  }

  /// The bytes that are not a space.
  @inline(__always)
  static func notSpace(_ word: UInt64) -> UInt64 {
    word ^ (ones &* 0x20)
  }

  /// The index of the first flagged byte of sixteen, given the masks of its two words: 16 when neither
  /// flags one. The runs the JSON scans meet (indentation, keys) mostly end within sixteen bytes.
  @inline(__always)
  static func firstFlagged(_ first: UInt64, _ second: UInt64) -> Int {
    // A mask of zero has 64 trailing zero bits: an index of 8.
    first != 0 ? first.trailingZeroBitCount &>> 3 : 8 &+ second.trailingZeroBitCount &>> 3
  }

  /// How many of the word's bytes, from the first, are decimal digits (0 to 8). Exact for every byte:
  /// adding to the low seven bits of a byte never carries into the next.
  @inline(__always)
  static func leadingDigits(_ word: UInt64) -> Int {
    let low = word & (ones &* 0x7F)
    let aboveNine = low &+ ones &* 0x46  // high bit set from 0x3A up
    let fromZero = low &+ ones &* 0x50  // high bit set from 0x30 up
    let notDigit = (aboveNine | ~fromZero | word) & highs
    return notDigit.trailingZeroBitCount &>> 3
  }

  /// The value of the first `count` (1 to 8) bytes of the word, decimal digits, the first the most
  /// significant: the digits are moved to the top of the word, the bytes below read as leading zeros,
  /// then adjacent pairs, quads and halves are combined with one multiplication each.
  @inline(__always)
  static func decimalValue(_ word: UInt64, digits count: Int) -> UInt64 {
    if count <= 4 {
      // Most numbers' parts are this short: one multiplication fewer, on the low half.
      var value = (UInt32(truncatingIfNeeded: word) &- 0x3030_3030) &<< UInt32(32 &- 8 &* count)
      value = (value &* (10 &<< 8 &+ 1)) &>> 8 & 0x00FF_00FF
      return UInt64((value &* (100 &<< 16 &+ 1)) &>> 16)
    }
    // No digit borrows in the subtraction; what the bytes past them borrow is shifted out.
    var value = (word &- ones &* 0x30) &<< UInt64(64 &- 8 &* count)
    value = (value &* (10 &<< 8 &+ 1)) &>> 8 & 0x00FF_00FF_00FF_00FF
    value = (value &* (100 &<< 16 &+ 1)) &>> 16 & 0x0000_FFFF_0000_FFFF
    return (value &* (10_000 &<< 32 &+ 1)) &>> 32
  }
}

extension ByteView {
  /// The eight bytes at `offset` with the first in memory as the lowest (see ``WordScan``).
  @inline(__always)
  func littleEndianWord(at offset: Int) -> UInt64 {
    UInt64(littleEndian: word(UInt64.self, at: offset))
  }
}

extension ByteView {
  /// The sixteen bytes at `offset` as two little-endian words; `nil` when fewer are left. For comparing a
  /// short string's encoding, format byte included, with a few word compares
  /// (``KeyNames/index(ofEncoded:from:)``).
  @inlinable @inline(__always)
  func leadingWords(at offset: Int) -> (UInt64, UInt64)? {
    guard count &- offset >= 16 else { return nil }
    return leadingWords(within: offset)
  }

  /// ``leadingWords(at:)`` where the caller has checked that sixteen bytes or more are left from `offset`.
  @inlinable @inline(__always)
  func leadingWords(within offset: Int) -> (UInt64, UInt64) {
    assert(count &- offset >= 16, "sixteen bytes at \(offset) of a view of \(count)")
    return (
      UInt64(littleEndian: word(UInt64.self, at: offset)), UInt64(littleEndian: word(UInt64.self, at: offset &+ 8))
    )
  }
}

extension ByteView {
  /// The view's bytes (between one and seven) as a word, the first lowest, the bytes past them set to
  /// `A`, which no scan of ``WordScan`` flags: reads only the view's own bytes, in two overlapping loads.
  @inline(__always)
  func paddedShortWord() -> UInt64 {
    let n = count
    assert(n > 0 && n < 8, "paddedShortWord of \(n) bytes")
    let packed: UInt64
    if n >= 4 {
      let low = UInt64(UInt32(littleEndian: word(UInt32.self, at: 0)))
      let high = UInt64(UInt32(littleEndian: word(UInt32.self, at: n &- 4)))
      packed = low | high &<< UInt64((n &- 4) &* 8)
    } else if n >= 2 {
      let low = UInt64(UInt16(littleEndian: word(UInt16.self, at: 0)))
      let high = UInt64(UInt16(littleEndian: word(UInt16.self, at: n &- 2)))
      packed = low | high &<< UInt64((n &- 2) &* 8)
    } else {
      packed = UInt64(self[0])
    }
    return packed | ((WordScan.ones &* 0x41) & (~0 &<< UInt64(n &* 8)))
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether every byte is below 0x80 (``ByteView/isASCII``, for the tools' own byte checks: file names,
  /// paths).
  package var isASCII: Bool { ByteView(UnsafeRawBufferPointer(self)).isASCII }
}

extension ByteView {
  /// Whether every byte is below 0x80: read eight at a time, and the last few as one word.
  @inline(__always)
  var isASCII: Bool {
    var i = 0
    var bits: UInt64 = 0
    while i &+ 8 <= count {
      bits |= word(UInt64.self, at: i)
      i &+= 8
    }
    if i < count { bits |= count >= 8 ? word(UInt64.self, at: count &- 8) : paddedShortWord() }
    return bits & WordScan.highs == 0
  }
}

extension ByteView {
  /// Whether the `count` bytes (0 to 31) at `offset`, which the caller has checked lie in the view, are all
  /// below 0x80, `remaining` being the bytes from `offset` to the end of the view; `false` may also mean
  /// that they were not looked at (which the document index, the caller, leaves to its general path, which
  /// checks them as UTF-8). Most strings of an animation file are keys, of up to sixteen bytes, with eight
  /// bytes or more after them: read as the word they start (the bytes past the run shifted off), or as two
  /// words that overlap, with fewer registers than ``isASCII(at:count:)`` takes.
  @inline(__always)
  func isShortASCII(at offset: Int, count length: Int, remaining: Int) -> Bool {
    guard remaining >= 16 else { return isASCII(at: offset, count: length) }
    if length <= 8 {
      // `highs` shifted down to the run's bytes; for an empty run, all eight: the bytes after it, whose high
      // bits (which a value after the string may well have) make it `false`, left to the general path.
      return littleEndianWord(at: offset) & WordScan.highs &>> UInt64(64 &- 8 &* length) == 0
    }
    guard length <= 16 else { return isASCII(at: offset, count: length) }
    return (word(UInt64.self, at: offset) | word(UInt64.self, at: offset &+ length &- 8)) & WordScan.highs == 0
  }
}

/// The masks ``ByteView/isShortASCII(farFromEndAt:count:masks:)`` tests a run of 0 to 16 bytes with: for
/// each length, the high bits of the run's bytes in the word it starts and in the word eight bytes on (the
/// first byte in memory the lowest, as ``ByteView/littleEndianWord(at:)`` reads it). Made once, never
/// freed, and never written after: threads share it without a lock.
enum ShortASCIIMasks {
  nonisolated(unsafe) static let table: UnsafePointer<UInt64> = {
    let table = UnsafeMutablePointer<UInt64>.allocate(capacity: 34)
    for length in 0...16 {
      let (first, second) = (min(length, 8), max(length - 8, 0))
      table[2 * length] = first == 0 ? 0 : WordScan.highs >> UInt64(64 - 8 * first)
      table[2 * length + 1] = second == 0 ? 0 : WordScan.highs >> UInt64(64 - 8 * second)
    }
    return UnsafePointer(table)
  }()
}

extension ByteView {
  /// Whether the `count` bytes (0 to 31) at `offset` are all below 0x80, for a run that 32 bytes or more of
  /// the view start (the document index's fast path, far from the end of the bytes): every word read here
  /// lies in them, whatever the run's length. A run of up to sixteen bytes is tested as the two words it
  /// starts, each masked to the run's bytes by `masks` (``ShortASCIIMasks/table``), without a branch on
  /// its length.
  @inline(__always)
  func isShortASCII(farFromEndAt offset: Int, count length: Int, masks: UnsafePointer<UInt64>) -> Bool {
    assert(count &- offset >= 32, "isShortASCII(farFromEndAt: \(offset)) of a view of \(count)")
    guard length <= 16 else { return isASCII(at: offset, count: length) }
    let mask = masks + 2 &* length
    return littleEndianWord(at: offset) & mask[0] | littleEndianWord(at: offset &+ 8) & mask[1] == 0
  }
}

extension ByteView {
  /// Whether the `count` bytes at `offset`, which the caller has checked lie in the view, are all below
  /// 0x80: read eight at a time, the last eight overlapping those before. A run shorter than eight bytes
  /// is read as the word it starts, the bytes past the run masked off, when the view holds that word.
  @inline(__always)
  func isASCII(at offset: Int, count length: Int) -> Bool {
    if length < 8 {
      guard self.count &- offset >= 8 else { return self[offset..<(offset &+ length)].isASCII }
      // The run's bytes are the word's low ones: those above it are masked off (all of them for an empty run).
      let past = UInt64.max &<< UInt64(8 &* length)
      return littleEndianWord(at: offset) & WordScan.highs & ~past == 0
    }
    let end = offset &+ length
    if length <= 16 {  // most keys that are not shorter: two words, overlapping unless sixteen bytes long
      return (word(UInt64.self, at: offset) | word(UInt64.self, at: end &- 8)) & WordScan.highs == 0
    }
    if length <= 40 {
      // Ids (36-character UUIDs, str8s) and long keys: the first sixteen bytes and the last sixteen (for up to
      // 32 bytes) or the last eight (for more), overlapping the first, without a loop.
      let first = word(UInt64.self, at: offset) | word(UInt64.self, at: offset &+ 8)
      let last =
        length <= 32
        ? word(UInt64.self, at: end &- 16) | word(UInt64.self, at: end &- 8)
        : word(UInt64.self, at: offset &+ 16) | word(UInt64.self, at: offset &+ 24) | word(UInt64.self, at: end &- 8)
      return (first | last) & WordScan.highs == 0
    }
    var bits = word(UInt64.self, at: end &- 8)
    var i = offset
    while end &- i > 8 {
      bits |= word(UInt64.self, at: i)
      i &+= 8
    }
    return bits & WordScan.highs == 0
  }
}
