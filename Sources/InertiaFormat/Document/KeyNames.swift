/// A fixed list of key names to look keys up in without decoding them: an object's fields for the schema
/// walk, the fields the linter's outline records (see ``IndexedDocument/index(ofKey:in:)``).
///
/// Names are grouped by length, and within a length told apart by their first eight bytes; only a key that
/// matches both has its remaining bytes compared. (A class, so that looking a key up copies no arrays.)
@usableFromInline
package final class KeyNames: Sendable {
  @usableFromInline
  struct Name: Sendable {
    @usableFromInline let index: Int
    /// The first eight bytes as a little-endian word, zero-padded.
    @usableFromInline let prefix: UInt64
    /// Where the bytes after the first eight are in `rest`.
    @usableFromInline let restStart: Int
    @usableFromInline let restCount: Int
  }

  /// The names, shortest first; those of length `n` (or, for the last slot, longer than the table) are
  /// `names[starts[n]..<starts[n + 1]]`.
  @usableFromInline let names: [Name]
  @usableFromInline let starts: [Int]
  /// The bytes after the first eight of every name, one after another.
  @usableFromInline let rest: [UInt8]
  /// The longest length with a slot of its own.
  @inlinable static var longest: Int { 32 }

  /// A name as MessagePack encodes it, a fixstr (its format byte, then its bytes), in the first sixteen
  /// bytes of two little-endian words, with masks that keep the bytes it takes up.
  @usableFromInline
  struct Encoded: Sendable, BitwiseCopyable {
    @usableFromInline let words: (UInt64, UInt64)
    @usableFromInline let masks: (UInt64, UInt64)

    /// Whether `words`, the first sixteen bytes of a value, start with this encoding.
    @inlinable @inline(__always)
    func starts(_ words: (UInt64, UInt64)) -> Bool {
      words.0 & masks.0 == self.words.0 && words.1 & masks.1 == self.words.1
    }
  }

  /// The names' encodings, in the order ``index(of:)`` numbers them. A name longer than 15 bytes, whose
  /// encoding does not fit, gets one that nothing starts with (masks of nothing, and words that are not 0).
  @usableFromInline let encoded: [Encoded]

  /// The names, in the order ``IndexedDocument/index(ofKey:in:)`` numbers them.
  package init(_ names: [String]) {
    let byLength = names.enumerated().sorted {
      min($0.element.utf8.count, Self.longest) < min($1.element.utf8.count, Self.longest)
    }
    var sorted: [Name] = []
    var rest: [UInt8] = []
    var starts = [Int](repeating: 0, count: Self.longest + 2)
    for (index, name) in byLength {
      let utf8 = Array(name.utf8)
      let prefix = utf8.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * $1.offset) }
      sorted.append(Name(index: index, prefix: prefix, restStart: rest.count, restCount: max(utf8.count - 8, 0)))
      rest += utf8.dropFirst(8)
      starts[min(utf8.count, Self.longest) + 1] += 1
    }
    for length in 1..<starts.count { starts[length] += starts[length - 1] }
    self.names = sorted
    self.starts = starts
    self.rest = rest
    encoded = names.map { name in
      let utf8 = Array(name.utf8)
      guard utf8.count < 16 else { return Encoded(words: (1, 1), masks: (0, 0)) }
      let bytes = [0xA0 | UInt8(utf8.count)] + utf8
      var words: (UInt64, UInt64) = (0, 0)
      var masks: (UInt64, UInt64) = (0, 0)
      for (offset, byte) in bytes.enumerated() {
        let shift = UInt64(8 * (offset % 8))
        if offset < 8 {
          words.0 |= UInt64(byte) << shift
          masks.0 |= 0xFF << shift
        } else {
          words.1 |= UInt64(byte) << shift
          masks.1 |= 0xFF << shift
        }
      }
      return Encoded(words: words, masks: masks)
    }
  }

  /// The number of the first name, from number `start` on and around to the ones before it, whose encoding
  /// (a fixstr) `words` start with: `words` being the first sixteen bytes of a key
  /// (``IndexedDocument/leadingWords(of:)``), the key is that name. `nil` when none matches, which leaves
  /// ``index(of:)`` to say, as a key can spell a name in another encoding (a str8) or be longer.
  ///
  /// For keys that mostly come in the names' order, as an object's fields do: looked up from the name after
  /// the previous key's, each is found at the first try, or after the few names it skips.
  @inlinable @inline(__always)
  func index(ofEncoded words: (UInt64, UInt64), from start: Int) -> Int? {
    encoded.withUnsafeBufferPointer { Self.index(ofEncoded: words, in: $0, from: start) }
  }

  /// ``index(ofEncoded:from:)`` among names encoded as ``encoded`` encodes them, kept elsewhere.
  @inlinable @inline(__always)
  static func index(
    ofEncoded words: (UInt64, UInt64), in encoded: UnsafeBufferPointer<Encoded>, from start: Int
  ) -> Int? {
    var index = start
    for _ in 0..<encoded.count {
      if index >= encoded.count { index = 0 }
      if encoded[index].starts(words) { return index }
      index &+= 1
    }
    return nil
  }

  /// The number of the name that `key` spells; `nil` when it spells none.
  @inlinable @inline(__always)
  func index(of key: ByteView) -> Int? {
    let slot = min(key.count, Self.longest)
    var candidate = starts[slot]
    let end = starts[slot &+ 1]
    guard candidate < end else { return nil }
    // The first eight bytes as a word, zero-padded. A shorter key is read as two words of half its
    // width or more, at its start and at its end, which overlap on the same bytes.
    let prefix: UInt64
    switch key.count {
    case 8...:
      prefix = UInt64(littleEndian: key.word(UInt64.self, at: 0))
    case 4...7:
      let last = UInt64(UInt32(littleEndian: key.word(UInt32.self, at: key.count &- 4)))
      prefix = UInt64(UInt32(littleEndian: key.word(UInt32.self, at: 0))) | last << (8 &* (key.count &- 4))
    case 2...3:
      let last = UInt64(UInt16(littleEndian: key.word(UInt16.self, at: key.count &- 2)))
      prefix = UInt64(UInt16(littleEndian: key.word(UInt16.self, at: 0))) | last << (8 &* (key.count &- 2))
    case 1:
      prefix = UInt64(key[0])
    default:
      prefix = 0
    }
    while candidate < end {
      let name = names[candidate]
      candidate &+= 1
      guard name.prefix == prefix else { continue }
      guard key.count > 8 else { return name.index }
      guard name.restCount == key.count &- 8 else { continue }
      var offset = 0
      while offset < name.restCount && rest[name.restStart &+ offset] == key[8 &+ offset] { offset &+= 1 }
      if offset == name.restCount { return name.index }
    }
    return nil
  }
}
