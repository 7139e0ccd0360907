import InertiaFormat
import InertiaLint

/// Text as UTF-8 bytes, built with appends that cost a copy each: the text report's lines.
///
/// A report of small files is mostly findings' lines, so their pieces are appended to bytes rather than to
/// a `String`, whose every append checks its storage's uniqueness, capacity and encoding (a line made of
/// strings cost five times as much, a fifth of a lint of small files). The bytes are
/// kept in an array with room after them that is already part of the array (its elements past ``count``
/// are not the report's), so that an append is a capacity check and a copy into place: appending to the
/// array itself cost about a hundred instructions a piece, and a finding's line has ten pieces or more.
/// Text appended is a `String`'s UTF-8, so the bytes are always valid UTF-8.
struct ReportBytes: Sendable {
  /// The bytes, followed by room for more: the report's are the first ``count``.
  private var storage: [UInt8] = []
  /// How many bytes the report has.
  private(set) var count = 0

  init(capacity: Int = 0) {
    if capacity > 0 { grow(toHold: capacity) }
  }

  /// A piece holding `bytes`.
  init(_ bytes: [UInt8]) {
    storage = bytes
    count = bytes.count
  }

  var isEmpty: Bool { count == 0 }

  /// The bytes, as an array of their own.
  var bytes: [UInt8] { Array(storage[..<count]) }

  /// Calls `body` with the bytes, in place.
  func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
  }

  /// Forgets the bytes, keeping the room they took for the next.
  mutating func removeAll() {
    count = 0
  }

  /// Makes the storage hold at least `needed` bytes, at least doubling it. The new room is the array's
  /// own elements from the start (declared initialized, so never read as anything but bytes written over
  /// it: a byte has no invalid values, and only the first ``count`` are ever read).
  private mutating func grow(toHold needed: Int) {
    let size = Swift.max(needed, 2 &* storage.count, 64)
    let kept = count
    storage = storage.withUnsafeBufferPointer { old in
      [UInt8](unsafeUninitializedCapacity: size) { new, initialized in
        if kept > 0 {
          new.baseAddress.unsafelyUnwrapped.initialize(from: old.baseAddress.unsafelyUnwrapped, count: kept)
        }
        initialized = size
      }
    }
  }

  /// Appends raw bytes: room made if there is not enough, and one copy.
  @inline(__always)
  private mutating func append(raw source: UnsafeRawBufferPointer) {
    let length = source.count
    guard length > 0 else { return }
    if storage.count &- count < length { grow(toHold: count &+ length) }
    let at = count
    storage.withUnsafeMutableBytes {
      $0.baseAddress.unsafelyUnwrapped.advanced(by: at).copyMemory(
        from: source.baseAddress.unsafelyUnwrapped, byteCount: length)
    }
    count &+= length
  }

  /// Appends a string's UTF-8: from its contiguous storage in one copy when it has some (native strings
  /// do), which costs a fraction of appending its `utf8` view as a sequence.
  mutating func append(_ text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ append(raw: UnsafeRawBufferPointer($0)) }) == nil {
      var text = text
      text.withUTF8 { append(raw: UnsafeRawBufferPointer($0)) }
    }
  }

  mutating func append(_ other: ReportBytes) {
    other.withUnsafeBytes { append(raw: $0) }
  }

  mutating func append(byte: UInt8) {
    if storage.count == count { grow(toHold: count &+ 1) }
    storage[count] = byte
    count &+= 1
  }

  /// Appends a number in decimal, as `String(number)` writes it.
  mutating func append(_ number: Int) {
    guard number >= 0 else { return append(String(number)) }
    guard number >= 100_000_000 else {
      // Up to eight digits (every offset, line and index of a file under 100 MB) are made in one word and
      // appended in one copy: each digit is shifted in below the ones after it, so that the word's bytes,
      // lowest first, are the digits in order.
      var word: UInt64 = 0
      var rest = number
      var digits = 0
      repeat {
        word = word << 8 | UInt64(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10))
        rest /= 10
        digits &+= 1
      } while rest > 0
      var ordered = word.littleEndian
      return Swift.withUnsafeBytes(of: &ordered) { append(raw: UnsafeRawBufferPointer(rebasing: $0[..<digits])) }
    }
    var unit = 1
    while unit <= number / 10 { unit *= 10 }
    repeat {
      append(byte: UInt8(ascii: "0") + UInt8(number / unit % 10))
      unit /= 10
    } while unit > 0
  }

  /// Appends text from a file or its name made safe for one line of a terminal, as
  /// ``TextEscaping/line(_:)`` makes it. Fast path: text that is all printable ASCII, nearly all of it,
  /// is copied and checked where it landed; only other text is escaped (and replaces the copy).
  mutating func appendEscaped(_ text: String) {
    let start = count
    append(text)
    guard !isPrintableASCII(from: start) else { return }
    count = start
    append(TextEscaping.line(text))
  }

  /// Appends a JSON Pointer's text, escaped like ``appendEscaped(_:)``, without making a `String` of it
  /// first (when it is printable ASCII).
  mutating func appendEscaped(_ pointer: JSONPointer) {
    let start = count
    for component in pointer.components {
      append(byte: UInt8(ascii: "/"))
      switch component {
      case .index(let index):
        append(index)
      case .key(let key):
        // A key is copied as it is, and looked for `~` and `/` where it landed: a key with either (which
        // the pointer's text escapes) takes the slow path, as does one to escape for the terminal.
        let keyStart = count
        append(key)
        guard !holdsPointerEscape(from: keyStart) else {
          count = start
          return append(TextEscaping.line(pointer.description))
        }
      }
    }
    guard !isPrintableASCII(from: start) else { return }
    count = start
    append(TextEscaping.line(pointer.description))
  }

  /// Whether the bytes from `start` on hold a `~` or a `/`, which a pointer's text escapes.
  private func holdsPointerEscape(from start: Int) -> Bool {
    withUnsafeBytes { bytes in
      var index = start
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "~") || bytes[index] == UInt8(ascii: "/") { return true }
        index &+= 1
      }
      return false
    }
  }

  /// Whether the bytes from `start` on are all printable ASCII (see ``isPrintableASCII(_:)``), read in place
  /// rather than through a slice, which would retain the array.
  func isPrintableASCII(from start: Int) -> Bool {
    withUnsafeBytes { Self.isPrintableASCII(UnsafeRawBufferPointer(rebasing: $0[start...])) }
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
    @inline(__always) func check(_ word: UInt64) {
      let seven = word & low
      flags |= word | ((seven &+ 0x0101_0101_0101_0101) & high) | (~(seven &+ 0x6060_6060_6060_6060) & high)
    }
    while raw.count &- offset >= 8 {
      check(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      offset &+= 8
    }
    // The last few bytes of text of a word or more are checked as the word that ends it (some of its bytes
    // are checked twice, which changes nothing), rather than one by one.
    if offset < raw.count && raw.count >= 8 {
      check(raw.loadUnaligned(fromByteOffset: raw.count &- 8, as: UInt64.self))
      offset = raw.count
    }
    guard flags & high == 0 else { return false }
    while offset < raw.count {
      guard raw[offset] &- 0x20 < 0x5F else { return false }
      offset &+= 1
    }
    return true
  }

  /// The bytes as a `String`.
  var string: String { withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }
}
