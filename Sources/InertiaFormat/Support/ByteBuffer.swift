#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A growable output buffer on `malloc`/`realloc`.
///
/// Writers append through it without bounds checks beyond one capacity check per write. Large buffers
/// grow with `realloc`, which the C library does by remapping pages rather than copying, so converting a
/// file costs about its input plus its output in memory.
package final class ByteBuffer {
  @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) package private(set) var count = 0
  @exclusivity(unchecked) private var capacity: Int
  /// When set, a full buffer is handed to this sink and emptied instead of growing.
  private let stream: ((UnsafeRawBufferPointer) throws(FileIOError) -> Void)?
  /// The first failure writing to the stream; later writes are dropped.
  private(set) var streamError: FileIOError?

  package init(capacity: Int = 4096) {
    self.stream = nil
    self.capacity = max(capacity, 64)
    guard let memory = malloc(self.capacity) else { fatalError("out of memory allocating \(capacity) bytes") }
    base = memory.assumingMemoryBound(to: UInt8.self)
    Self.adviseHugePagesIfLarge(memory, self.capacity)
  }

  /// A buffer of many megabytes (a whole converted file) is written from start to end once: backed by
  /// huge pages where Linux gives them (see ``adviseHugePages(_:_:)``), filling it takes one page fault
  /// per 2 MiB instead of one per 4 KiB. At most one partly written huge page is more than it needs.
  private static func adviseHugePagesIfLarge(_ memory: UnsafeMutableRawPointer, _ byteCount: Int) {
    if byteCount >= 8 << 20 { adviseHugePages(memory, byteCount) }
  }

  /// A buffer that streams: whenever it fills, its bytes go to `sink` and it starts again, so writing a
  /// large document costs one chunk of memory. Only for writers that never look back at what they wrote.
  package init(
    streamingTo sink: @escaping (UnsafeRawBufferPointer) throws(FileIOError) -> Void, chunkSize: Int = 1 << 20
  ) {
    self.stream = sink
    self.capacity = max(chunkSize, 64)
    guard let memory = malloc(self.capacity) else { fatalError("out of memory allocating \(chunkSize) bytes") }
    base = memory.assumingMemoryBound(to: UInt8.self)
  }

  deinit { free(base) }

  /// Writes out what the buffer holds, when it streams.
  /// - Throws: the first write failure of the stream.
  package func flush() throws(FileIOError) {
    if let stream, streamError == nil, count > 0 {
      do {
        try stream(bytes)
      } catch {
        streamError = error
      }
    }
    if stream != nil { count = 0 }
    if let streamError { throw streamError }
  }

  @inline(__always)
  func reserve(_ extra: Int) {
    if count &+ extra > capacity { grow(count &+ extra) }
  }

  @inline(never)
  private func grow(_ needed: Int) {
    if stream != nil {
      let extra = needed - count
      try? flush()
      if extra <= capacity { return }
    }
    var newCapacity = capacity
    while newCapacity < needed { newCapacity = newCapacity < 1 << 20 ? newCapacity * 2 : newCapacity + newCapacity / 2 }
    guard let memory = realloc(base, newCapacity) else { fatalError("out of memory allocating \(newCapacity) bytes") }
    base = memory.assumingMemoryBound(to: UInt8.self)
    capacity = newCapacity
    Self.adviseHugePagesIfLarge(memory, newCapacity)
  }

  /// Appends what one `read(2)` of up to `limit` bytes from `fd` gives.
  /// - Returns: how many bytes were read: 0 at the end of the file, -1 on failure (with `errno` set).
  package func append(readingFrom fd: Int32, upTo limit: Int) -> Int {
    reserve(limit)
    #if canImport(Glibc)
      let n = Glibc.read(fd, base + count, limit)
    #elseif canImport(Musl)
      let n = Musl.read(fd, base + count, limit)
    #else
      let n = Darwin.read(fd, base + count, limit)
    #endif
    if n > 0 { count += n }
    return n
  }

  @inline(__always)
  package func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count &+= 1
  }

  @inline(__always)
  package func append(_ a: UInt8, _ b: UInt8) {
    reserve(2)
    base[count] = a
    base[count &+ 1] = b
    count &+= 2
  }

  @inline(__always)
  package func append(_ bytes: UnsafeRawBufferPointer) {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
    reserve(bytes.count)
    (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    count &+= bytes.count
  }

  /// Appends a newline and `spaces` spaces, the spaces stored eight at a time (up to seven more are
  /// written past them, within the capacity and not counted).
  @inline(__always)
  func appendNewline(indentedBy spaces: Int) {
    reserve(spaces &+ 9)
    let at = UnsafeMutableRawPointer(base + count)
    at.storeBytes(of: 0x0A, as: UInt8.self)
    var offset = 1
    while offset <= spaces {
      at.storeBytes(of: 0x2020_2020_2020_2020, toByteOffset: offset, as: UInt64.self)
      offset &+= 8
    }
    count &+= spaces &+ 1
  }

  /// Appends `"`, the first `length` (at most 8) bytes of `word`, lowest first, and `"`. The whole word
  /// is stored, so up to seven bytes past the closing quote are overwritten, within the capacity and not
  /// counted: one store instead of a copy, for the short strings (keys) JSON is full of.
  @inline(__always)
  func appendQuoted(_ word: UInt64, length: Int) {
    reserve(10)
    let at = base + count
    at[0] = UInt8(ascii: "\"")
    UnsafeMutableRawPointer(at + 1).storeBytes(of: word.littleEndian, as: UInt64.self)
    at[length &+ 1] = UInt8(ascii: "\"")
    count &+= length &+ 2
  }

  /// Appends `"`, a string of 8 to 16 bytes given as its first and last eight (overlapping), and `"`.
  @inline(__always)
  func appendQuoted(first: UInt64, last: UInt64, length: Int) {
    reserve(length &+ 2)
    let at = base + count
    at[0] = UInt8(ascii: "\"")
    UnsafeMutableRawPointer(at + 1).storeBytes(of: first.littleEndian, as: UInt64.self)
    UnsafeMutableRawPointer(at + (length &- 7)).storeBytes(of: last.littleEndian, as: UInt64.self)
    at[length &+ 1] = UInt8(ascii: "\"")
    count &+= length &+ 2
  }

  /// Appends a one-byte head and the first `length` (at most 16) bytes of two words, lowest first. Both
  /// words are stored whole, so up to 16 bytes past the string are overwritten, within the capacity and
  /// not counted.
  @inline(__always)
  func appendShortString(head: UInt8, _ first: UInt64, _ second: UInt64, length: Int) {
    reserve(17)
    let at = UnsafeMutableRawPointer(base + count)
    at.storeBytes(of: head, as: UInt8.self)
    at.storeBytes(of: first.littleEndian, toByteOffset: 1, as: UInt64.self)
    at.storeBytes(of: second.littleEndian, toByteOffset: 9, as: UInt64.self)
    count &+= length &+ 1
  }

  /// Appends a MessagePack string of fewer than 256 bytes (ids and names: most shorter ones take
  /// ``appendShortString(head:_:_:length:)``), which `source` holds at `offset`: its head (a fixstr's one
  /// byte below 32 bytes, a str8's two from 32) and its bytes, copied eight at a time with one capacity
  /// check and no copy call. Whole words are loaded and stored, so up to seven bytes past the string are
  /// read from `source`, which must hold them, and written past the string, within the capacity and not
  /// counted.
  @inline(__always)
  func appendMediumString(_ source: ByteView, at offset: Int, count length: Int) {
    assert(length < 256 && offset + length + 7 <= source.count)
    reserve(length &+ 9)
    let headSize = length < 32 ? 1 : 2
    let at = UnsafeMutableRawPointer(base + count)
    if length < 32 {
      at.storeBytes(of: 0xA0 | UInt8(length), as: UInt8.self)
    } else {
      at.storeBytes(of: 0xD9, as: UInt8.self)
      at.storeBytes(of: UInt8(length), toByteOffset: 1, as: UInt8.self)
    }
    var copied = 0
    while copied < length {
      at.storeBytes(
        of: source.word(UInt64.self, at: offset &+ copied), toByteOffset: headSize &+ copied, as: UInt64.self)
      copied &+= 8
    }
    count &+= headSize &+ length
  }

  /// Appends `"`, the view's bytes and `"`, with one capacity check.
  @inline(__always)
  func appendQuoted(_ view: ByteView) {
    reserve(view.count &+ 2)
    let at = base + count
    at[0] = UInt8(ascii: "\"")
    if let source = view.start, view.count > 0 {
      (at + 1).update(from: source.assumingMemoryBound(to: UInt8.self), count: view.count)
    }
    at[view.count &+ 1] = UInt8(ascii: "\"")
    count &+= view.count &+ 2
  }

  package func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { append($0) }
  }

  @inline(__always)
  func append(_ view: ByteView) {
    append(view.raw)
  }

  package func append(_ text: StaticString) {
    append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends the first `count` bytes of `text`.
  @inline(__always)
  func append(_ text: StaticString, count: Int) {
    precondition(count <= text.utf8CodeUnitCount)
    append(UnsafeRawBufferPointer(start: text.utf8Start, count: count))
  }

  /// Appends `value` in decimal, padded with zeros on the left to `minimumDigits` digits.
  @inline(__always)
  func appendDecimal(_ value: UInt64, minimumDigits: Int = 1) {
    // 20 digits hold any UInt64.
    var digits = 1
    var power: UInt64 = 10
    while digits < 20 && value >= power {
      digits &+= 1
      power = power &* 10
    }
    appendDigits(value, count: max(digits, minimumDigits))
  }

  /// Appends the last `count` decimal digits of `value`, zeros on the left included.
  @inline(__always)
  func appendDigits(_ value: UInt64, count digits: Int) {
    reserve(digits)
    var v = value
    var index = count &+ digits
    while index > count {
      index &-= 1
      base[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
      v /= 10
    }
    count &+= digits
  }

  package func append(_ text: String) {
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// Appends `value` big-endian in `width` bytes.
  @inline(__always)
  package func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
    let size = MemoryLayout<T>.size
    reserve(size)
    UnsafeMutableRawPointer(base + count).storeBytes(of: value.bigEndian, as: T.self)
    count &+= size
  }

  /// Appends a MessagePack float64: its head and the double's bits, big-endian, with one capacity check.
  @inline(__always)
  func appendFloat64(_ bitPattern: UInt64) {
    reserve(9)
    let at = UnsafeMutableRawPointer(base + count)
    at.storeBytes(of: 0xCB, as: UInt8.self)
    at.storeBytes(of: bitPattern.bigEndian, toByteOffset: 1, as: UInt64.self)
    count &+= 9
  }

  /// Opens a gap of `width` bytes at `offset`, moving everything after it right.
  func insertGap(at offset: Int, width: Int) {
    reserve(width)
    (base + offset + width).update(from: base + offset, count: count - offset)
    count += width
  }

  /// Moves the bytes at `source` to `offset` (the two may overlap), within what the buffer holds.
  func moveBytes(_ source: Range<Int>, to offset: Int) {
    precondition(source.lowerBound >= 0 && source.upperBound <= count && offset >= 0 && offset + source.count <= count)
    guard !source.isEmpty, offset != source.lowerBound else { return }
    (base + offset).update(from: base + source.lowerBound, count: source.count)
  }

  func removeLast(_ n: Int) { count -= n }

  func truncate(to newCount: Int) { count = newCount }

  subscript(offset: Int) -> UInt8 {
    get { base[offset] }
    set { base[offset] = newValue }
  }

  package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

  /// The bytes written so far, valid until the next write.
  var view: ByteView { ByteView(bytes) }

  /// A copy of the bytes written so far.
  var data: Data { Data(bytes) }

  package var array: [UInt8] { Array(bytes) }
}
