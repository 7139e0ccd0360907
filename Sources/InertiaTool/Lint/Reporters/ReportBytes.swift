import InertiaFormat

/// A piece of a report as UTF-8 bytes, built with appends that cost a copy each.
///
/// A report of small files is mostly findings' lines, so their pieces are appended to an array of bytes
/// rather than to a `String`, whose every append checks its storage's uniqueness, capacity and encoding.
/// Text appended is a `String`'s UTF-8, so the bytes are always valid UTF-8.
struct ReportBytes: Sendable {
  var bytes: [UInt8] = []

  init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  var isEmpty: Bool { bytes.isEmpty }

  /// Appends a string's UTF-8: from its contiguous storage in one copy when it has some (native strings
  /// do), which costs a fraction of appending its `utf8` view as a sequence.
  mutating func append(_ text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
      bytes.append(contentsOf: text.utf8)
    }
  }

  mutating func append(_ other: ReportBytes) {
    bytes.append(contentsOf: other.bytes)
  }

  mutating func append(byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends a number in decimal, as `String(number)` writes it.
  mutating func append(_ number: Int) {
    guard number >= 0 else { return append(String(number)) }
    var unit = 1
    while unit <= number / 10 { unit *= 10 }
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(number / unit % 10))
      unit /= 10
    } while unit > 0
  }

  /// Appends text from a file or its name made safe for one line of a terminal, as
  /// ``TextEscaping/line(_:)`` makes it. Fast path: text that is all printable ASCII, nearly all of it,
  /// is copied and checked where it landed; only other text is escaped (and replaces the copy).
  mutating func appendEscaped(_ text: String) {
    let start = bytes.count
    append(text)
    guard !isPrintableASCII(from: start) else { return }
    bytes.removeSubrange(start...)
    append(TextEscaping.line(text))
  }

  /// Appends a JSON Pointer's text, escaped like ``appendEscaped(_:)``, without making a `String` of it
  /// first (when it is printable ASCII).
  mutating func appendEscaped(_ pointer: JSONPointer) {
    let start = bytes.count
    for component in pointer.components {
      switch component {
      case .index(let index):
        bytes.append(UInt8(ascii: "/"))
        append(index)
      case .key(let key):
        // A key with `~` or `/`, or one to escape for the terminal, takes the slow path.
        guard !key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
          bytes.removeSubrange(start...)
          return append(TextEscaping.line(pointer.description))
        }
        bytes.append(UInt8(ascii: "/"))
        append(key)
      }
    }
    guard !isPrintableASCII(from: start) else { return }
    bytes.removeSubrange(start...)
    append(TextEscaping.line(pointer.description))
  }

  /// Whether the bytes from `start` on are all printable ASCII (see ``isPrintableASCII(_:)``), read in place
  /// rather than through a slice, which would retain the array.
  func isPrintableASCII(from start: Int) -> Bool {
    bytes.withUnsafeBytes { Self.isPrintableASCII(UnsafeRawBufferPointer(rebasing: $0[start...])) }
  }

  /// Whether every byte is printable ASCII (space to `~`), which ``TextEscaping`` leaves as it is.
  /// Eight bytes are checked at once, each on its own: its high bit flags a byte of 0x80 or above; for
  /// the low seven bits (no sum below can carry into the next byte), adding 1 sets the high bit only for
  /// 0x7F, and adding 0x60 leaves it clear only below 0x20.
  static func isPrintableASCII(_ raw: UnsafeRawBufferPointer) -> Bool {
    let high: UInt64 = 0x8080_8080_8080_8080
    let low = ~high
    var offset = 0
    var flags: UInt64 = 0
    while raw.count &- offset >= 8 {
      let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      let seven = word & low
      flags |= word | ((seven &+ 0x0101_0101_0101_0101) & high) | (~(seven &+ 0x6060_6060_6060_6060) & high)
      offset &+= 8
    }
    guard flags & high == 0 else { return false }
    while offset < raw.count {
      guard raw[offset] &- 0x20 < 0x5F else { return false }
      offset &+= 1
    }
    return true
  }

  /// The bytes as a `String`.
  var string: String { String(decoding: bytes, as: UTF8.self) }
}
