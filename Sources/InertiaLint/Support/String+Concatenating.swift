extension String {
  /// The pieces `write` adds, one after another, made with one allocation and a copy of each piece's bytes.
  ///
  /// For the messages of rules that report in most files: a message is a few long literals between short
  /// values, and an interpolation appends each piece as a `String` append (several hundred instructions
  /// each, with the string grown past its first guess at the length). `write` is called twice, first to
  /// count the bytes and then to copy them, so it must add the same pieces both times. The pieces are
  /// passed one by one rather than as a variadic list: the list's array cost more to make and free (its
  /// every element released through the runtime's generic destroy) than the copies themselves.
  @inline(__always)
  init(concatenating write: (inout StringPieces) -> Void) {
    var counted = StringPieces(start: nil, capacity: 0)
    write(&counted)
    self.init(unsafeUninitializedCapacity: counted.count) { buffer in
      guard let start = buffer.baseAddress else { return 0 }
      var copied = StringPieces(start: start, capacity: buffer.count)
      write(&copied)
      return copied.count
    }
  }
}

/// The pieces of a ``Swift/String/init(concatenating:)``: counted the first time, copied the second.
struct StringPieces {
  /// Where the bytes go, the second time; `nil` while counting.
  fileprivate let start: UnsafeMutablePointer<UInt8>?
  /// How many bytes there is room for at `start`.
  fileprivate let capacity: Int
  /// How many bytes the pieces added so far hold.
  fileprivate(set) var count = 0

  fileprivate init(start: UnsafeMutablePointer<UInt8>?, capacity: Int) {
    self.start = start
    self.capacity = capacity
  }

  /// Adds a piece.
  @inline(__always)
  mutating func add(_ piece: String) {
    guard let start else {
      count &+= piece.utf8.count
      return
    }
    // The room is checked, though the counting pass made it (a `write` adding other pieces the second
    // time would otherwise write past the string's storage).
    count &+= piece.copyUTF8(
      to: start + count, room: capacity &- count, "String(concatenating:) was given longer pieces the second time")
  }
}

extension String {
  /// Copies the string's UTF-8 to `destination`, which has room for `room` bytes, and returns how many it
  /// copied; a string longer than the room stops the program with `overflow` instead of writing past it.
  ///
  /// A plain copy from the string's own storage (every native and small string has one), where
  /// initializing from the `utf8` view takes several times as long. For writers that made their room
  /// beforehand: messages and report lines (inlinable, so that the tool's report writer inlines it too).
  @inlinable @inline(__always)
  package func copyUTF8(
    to destination: UnsafeMutablePointer<UInt8>, room: Int, _ overflow: @autoclosure () -> String
  ) -> Int {
    let copied = utf8.withContiguousStorageIfAvailable { bytes -> Int in
      precondition(bytes.count <= room, overflow())
      if let source = bytes.baseAddress { destination.initialize(from: source, count: bytes.count) }
      return bytes.count
    }
    if let copied { return copied }
    // A bridged string without contiguous UTF-8 (none on Linux), byte by byte.
    var count = 0
    for byte in utf8 {
      precondition(count < room, overflow())
      destination[count] = byte
      count &+= 1
    }
    return count
  }
}
