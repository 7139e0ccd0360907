/// A short list of key names to look keys up in by their MessagePack encoding, for the linter's outline,
/// which looks up every key of the objects it records (see ``IndexedDocument/index(ofKey:among:)``).
///
/// Almost every key is a fixstr of at most 15 bytes: its format byte and its bytes fit in two words, which
/// are compared with each name's encoding whole, with no loop over bytes. Any other key (a longer one, one
/// written as a str8, one too near the end of the document to read sixteen bytes from) is looked up by its
/// bytes in ``names``, which gives the same answer for such a key as the encoding would for a fixstr.
@usableFromInline
package final class EncodedKeyNames: Sendable {
  /// A name's encoding as a fixstr (its format byte, then its bytes) in the first sixteen bytes of two
  /// little-endian words, with masks that keep the bytes it takes up.
  @usableFromInline
  struct Encoding: Sendable {
    @usableFromInline let words: (UInt64, UInt64)
    @usableFromInline let masks: (UInt64, UInt64)

    /// Whether `words`, the sixteen bytes from a value's head, start with this encoding.
    @inlinable @inline(__always)
    func starts(_ words: (UInt64, UInt64)) -> Bool {
      words.0 & masks.0 == self.words.0 && words.1 & masks.1 == self.words.1
    }
  }

  /// The names' encodings, in their order. A name longer than 15 bytes, whose encoding does not fit, gets
  /// one that nothing starts with (masks of nothing, and words that are not 0).
  @usableFromInline let encodings: [Encoding]
  /// Bit ``filterBit(_:)`` of each name's first word is set: a fixstr key whose bit is clear is none of
  /// them, which tells most keys that are none apart at once.
  @usableFromInline let filter: UInt64
  /// The names, for keys not written as a short fixstr.
  @usableFromInline let names: KeyNames

  /// The names, numbered in their order.
  package init(_ names: [String]) {
    var filter: UInt64 = 0
    encodings = names.map { name in
      let utf8 = Array(name.utf8)
      guard utf8.count < 16 else { return Encoding(words: (1, 1), masks: (0, 0)) }
      var words: (UInt64, UInt64) = (0, 0)
      var masks: (UInt64, UInt64) = (0, 0)
      for (offset, byte) in ([0xA0 | UInt8(utf8.count)] + utf8).enumerated() {
        let shift = UInt64(8 * (offset % 8))
        if offset < 8 {
          words.0 |= UInt64(byte) << shift
          masks.0 |= 0xFF << shift
        } else {
          words.1 |= UInt64(byte) << shift
          masks.1 |= 0xFF << shift
        }
      }
      filter |= 1 << Self.filterBit(words.0)
      return Encoding(words: words, masks: masks)
    }
    self.filter = filter
    self.names = KeyNames(names)
  }

  /// Which of 64 bits stands for a key by its first two bytes, a fixstr's format byte (its length) and its
  /// first byte (of a key of 0 bytes, the byte after it: such a key only ever gets a bit it need not).
  @inlinable @inline(__always)
  static func filterBit(_ firstWord: UInt64) -> UInt64 {
    ((firstWord & 0xFFFF) &* 0xFF51_AFD7_ED55_8CCD) >> 58
  }
}

extension IndexedDocument {
  /// The number of the name in `names` that a string value spells; `nil` when the value is not a string or
  /// spells none of them: the same answer as ``index(ofKey:in:)`` gives for the same names. The name
  /// numbered `expected` is tried first: for an object's keys, which mostly come in the names' order, the
  /// one after the previous key's. Inlinable, so that the outline makes no call per key.
  @inlinable @inline(__always)
  package func index(ofKey node: Node, among names: EncodedKeyNames, expected: Int = 0) -> Int? {
    let head = Int(entries[node.index].head)
    guard bytes.count &- head >= 16 else { return index(ofKey: node, in: names.names) }
    let words = (
      UInt64(littleEndian: bytes.word(UInt64.self, at: head)),
      UInt64(littleEndian: bytes.word(UInt64.self, at: head &+ 8))
    )
    // A fixstr of 0 to 15 bytes (format bytes 0xA0 to 0xAF): its whole encoding is in the two words, and it
    // spells a name exactly when it starts with the name's encoding, which holds its length.
    guard words.0 & 0xF0 == 0xA0 else { return index(ofKey: node, in: names.names) }
    return names.encodings.withUnsafeBufferPointer { encodings in
      if expected < encodings.count && encodings[expected].starts(words) { return expected }
      guard names.filter & (1 << EncodedKeyNames.filterBit(words.0)) != 0 else { return nil }
      for index in encodings.indices where encodings[index].starts(words) {
        return index
      }
      return nil
    }
  }
}
