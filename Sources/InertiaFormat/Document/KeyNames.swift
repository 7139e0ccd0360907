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
