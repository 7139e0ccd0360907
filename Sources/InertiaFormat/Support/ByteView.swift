#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A read-only view of contiguous bytes: the one way the MessagePack scanner, the document index, the JSON
/// parser and the readers and writers around them read raw memory (after swift-foundation's `BufferView`).
///
/// Every read is checked against ``count`` in debug builds. Release builds leave the check to the callers,
/// which test each offset against ``count`` before they read there, never against what an earlier read of
/// the bytes said: so bytes that change underneath a reader (a mapped file rewritten in place) can make it
/// read a garbled document, but never read outside the view.
///
/// A view borrows its memory: whoever makes one keeps the memory alive and unchanged by itself for as long
/// as the view is used (an array inside `withUnsafeBytes`, a ``FileContents``, a ``ByteBuffer`` until its
/// next write).
@usableFromInline
struct ByteView {
  /// The first byte; `nil` only for an empty view.
  @usableFromInline let start: UnsafeRawPointer?
  /// How many bytes the view holds.
  @usableFromInline let count: Int

  /// A view of `buffer`'s bytes.
  @inlinable @inline(__always)
  init(_ buffer: UnsafeRawBufferPointer) {
    start = buffer.baseAddress
    count = buffer.count
  }

  /// An empty view.
  init() {
    start = nil
    count = 0
  }

  @inlinable
  var isEmpty: Bool { count == 0 }

  /// The byte at `offset`.
  @inlinable @inline(__always)
  subscript(offset: Int) -> UInt8 {
    assert(offset >= 0 && offset < count, "byte \(offset) read outside a view of \(count)")
    return start.unsafelyUnwrapped.load(fromByteOffset: offset, as: UInt8.self)
  }

  /// The bytes in `range`, as a view of their own.
  @inlinable @inline(__always)
  subscript(range: Range<Int>) -> ByteView {
    assert(range.lowerBound >= 0 && range.upperBound <= count, "bytes \(range) read outside a view of \(count)")
    return ByteView(UnsafeRawBufferPointer(start: start.map { $0 + range.lowerBound }, count: range.count))
  }

  /// The bytes from `offset` to the end.
  @inline(__always)
  func suffix(from offset: Int) -> ByteView { self[offset..<count] }

  /// The big-endian integer of `T`'s width at `offset`.
  @inlinable @inline(__always)
  func bigEndian<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
    T(bigEndian: word(T.self, at: offset))
  }

  /// The bytes at `offset` as an integer of `T`'s width, in memory order: for reading eight bytes at a
  /// time.
  @inlinable @inline(__always)
  func word<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
    assert(
      offset >= 0 && offset <= count - MemoryLayout<T>.size,
      "\(MemoryLayout<T>.size) bytes at \(offset) read outside a view of \(count)")
    return start.unsafelyUnwrapped.loadUnaligned(fromByteOffset: offset, as: T.self)
  }

  /// Whether the bytes at `offset` spell `word`; `false` when fewer bytes are left.
  @inline(__always)
  func hasPrefix(_ word: StaticString, at offset: Int) -> Bool {
    let length = word.utf8CodeUnitCount
    guard offset >= 0 && length <= count &- offset else { return false }
    return length == 0 || memcmp(start.unsafelyUnwrapped + offset, word.utf8Start, length) == 0
  }

  /// Whether `other` holds the same bytes.
  @inlinable @inline(__always)
  func elementsEqual(_ other: ByteView) -> Bool {
    guard count == other.count else { return false }
    return count == 0 || memcmp(start.unsafelyUnwrapped, other.start.unsafelyUnwrapped, count) == 0
  }

  /// Whether the view holds exactly the UTF-8 of `text`.
  @inline(__always)
  func elementsEqual(_ text: StaticString) -> Bool {
    count == text.utf8CodeUnitCount && hasPrefix(text, at: 0)
  }

  /// Whether the view holds exactly the UTF-8 of `text`.
  func elementsEqual(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { elementsEqual(ByteView(UnsafeRawBufferPointer($0))) }
  }

  /// Whether the view holds exactly `bytes`.
  func elementsEqual(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { elementsEqual(ByteView($0)) }
  }

  /// The bytes decoded as UTF-8, any ill-formed sequence replaced.
  var string: String {
    String(decoding: raw, as: UTF8.self)
  }

  /// A copy of the bytes.
  var array: [UInt8] { Array(raw) }

  /// The bytes as a raw buffer, to hand to what takes one (copying into a ``ByteBuffer``, `memcpy`).
  @inlinable
  var raw: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }
}

extension [UInt8] {
  /// Appends a copy of the view's bytes.
  @inline(__always)
  mutating func append(contentsOf view: ByteView) {
    append(contentsOf: view.raw)
  }
}
