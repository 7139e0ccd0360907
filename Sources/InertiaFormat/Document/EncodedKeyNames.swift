/// A short list of key names to look keys up in by their MessagePack encoding, for the linter's outline,
/// which looks up every key of the objects it records (see ``IndexedDocument/index(ofKey:among:)``): the
/// names (``KeyNames``, with their encodings) and a filter that tells most keys that are none of them at once.
///
/// Almost every key is a fixstr of at most 15 bytes, whose format byte and bytes fit in two words, compared
/// with each name's encoding whole (``KeyNames/index(ofEncoded:from:)``). Any other key (a longer one, one
/// written as a str8, one too near the end of the document to read sixteen bytes from) is looked up by its
/// bytes (``KeyNames/index(of:)``), which gives the same answer for such a key as the encoding would for a
/// fixstr.
@usableFromInline
package final class EncodedKeyNames: @unchecked Sendable {
  /// The names, with their encodings.
  @usableFromInline let names: KeyNames
  /// Bit ``filterBit(_:)`` of each name's encoding is set: a fixstr key whose bit is clear is none of them.
  /// Every bit is set when a name is empty, since the empty key's bit depends on the byte after it.
  @usableFromInline let filter: UInt64
  /// The names' encodings (``KeyNames/encoded``) in memory of this object's own, written once in `init` and
  /// never changed, followed by one that no key starts with (masks of nothing, and words that are not 0):
  /// the expected name, the one after the previous key's, is read by pointer and compared without first
  /// checking that there is one, even after the last name.
  @usableFromInline let encodings: UnsafeMutablePointer<KeyNames.Encoded>

  /// The names, numbered in their order.
  package init(_ names: [String]) {
    self.names = KeyNames(names)
    filter = names.contains("") ? ~0 : self.names.encoded.reduce(0) { $0 | 1 << Self.filterBit($1.words.0) }
    let encoded = self.names.encoded + [KeyNames.Encoded(words: (1, 1), masks: (0, 0))]
    encodings = UnsafeMutablePointer.allocate(capacity: encoded.count)
    encodings.initialize(from: encoded, count: encoded.count)
  }

  deinit {
    encodings.deallocate()
  }

  /// Which of 64 bits stands for a key by the first two bytes of its encoding, a fixstr's format byte (which
  /// holds its length) and its first byte (of a key of 0 bytes, the byte after it: such a key only ever gets
  /// a bit it need not), mixed by a multiplication.
  @inlinable @inline(__always)
  static func filterBit(_ firstWord: UInt64) -> UInt64 {
    ((firstWord & 0xFFFF) &* 0xFF51_AFD7_ED55_8CCD) >> 58
  }
}

extension IndexedDocument {
  /// The number of the name in `names` that a string value spells; `nil` when the value is not a string or
  /// spells none of them: the same answer as ``index(ofKey:in:)`` gives for the same names. The name
  /// numbered `expected` (at most the number of names: none is expected after the last) is tried first: for
  /// an object's keys, which mostly come in the names' order, the one after the previous key's. Inlinable,
  /// so that the outline makes no call per key.
  @inlinable @inline(__always)
  package func index(ofKey node: Node, among names: EncodedKeyNames, expected: Int = 0) -> Int? {
    assert(
      expected >= 0 && expected <= names.names.encoded.count,
      "expected name \(expected) of \(names.names.encoded.count)")
    // A fixstr of 0 to 15 bytes (format bytes 0xA0 to 0xAF): its whole encoding is in the two words, and it
    // spells a name exactly when it starts with the name's encoding, which holds its length. So a key that
    // starts with the expected name's encoding is such a fixstr, and is looked at no further.
    guard let words = leadingWords(of: node) else { return index(ofKey: node, in: names.names) }
    if names.encodings[expected].starts(words) { return expected }
    guard words.0 & 0xF0 == 0xA0 else { return index(ofKey: node, in: names.names) }
    guard names.filter & (1 << EncodedKeyNames.filterBit(words.0)) != 0 else { return nil }
    return KeyNames.index(
      ofEncoded: words, in: UnsafeBufferPointer(start: names.encodings, count: names.names.encoded.count),
      from: expected)
  }
}
