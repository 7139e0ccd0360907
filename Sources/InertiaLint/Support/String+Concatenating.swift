extension String {
  /// `pieces` one after another, made with one allocation and a copy of each piece's bytes.
  ///
  /// For the messages of rules that report in most files: a message is a few long literals between short
  /// values, and an interpolation appends each piece as a `String` append (several hundred instructions
  /// each, with the string grown past its first guess at the length).
  init(concatenating pieces: String...) {
    var count = 0
    for piece in pieces { count += piece.utf8.count }
    self.init(unsafeUninitializedCapacity: count) { buffer in
      guard let start = buffer.baseAddress else { return 0 }
      var offset = 0
      for var piece in pieces {
        piece.withUTF8 { bytes in
          // A plain copy of bytes, where initializing from a collection takes several times as long.
          guard let source = bytes.baseAddress else { return }
          (start + offset).initialize(from: source, count: bytes.count)
          offset += bytes.count
        }
      }
      return offset
    }
  }
}
