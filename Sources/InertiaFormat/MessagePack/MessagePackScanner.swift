/// Reads MessagePack value heads from contiguous bytes, checking every length against what is left.
///
/// This is the one decoder of MessagePack heads: the tree reader, the converters and the document index
/// (both while indexing and when it reads a value later) all read heads through it, so every reader
/// reports the same errors for the same input, and every read is checked against the end of the bytes.
struct MessagePackScanner {
  let bytes: ByteView
  /// Where the next byte will be read.
  var offset: Int

  init(_ bytes: ByteView, offset: Int = 0) {
    self.bytes = bytes
    self.offset = offset
  }

  var remaining: Int { bytes.count &- offset }

  /// How many bytes at least follow a head for ``quickHead(in:at:checksText:farFromEnd:)`` to read it as far
  /// from the end: more than any fixstr (32 bytes with its format byte), float64 (9) or fixarray's or
  /// fixmap's values (30, a byte each at least) take.
  static let farFromEnd = 33
  var isAtEnd: Bool { offset >= bytes.count }

  /// A value's head as the document index's fast path reads it: from the format byte alone (and the length
  /// byte of a str8).
  enum QuickHead {
    /// A value of `width` bytes, all within the bytes, that needs nothing more read: a scalar of one byte,
    /// or an ASCII string (valid UTF-8 as it stands; its bytes are looked at only when text is checked).
    case leaf(width: Int)
    /// A float64, all within the bytes.
    case float64
    /// A fixarray or fixmap of `values` values (keys and values alike for a map), with bytes enough left for
    /// them, as `readHeader()` checks.
    case container(values: Int, isMap: Bool)
    /// Any other value, or one that may be faulty: `readHeader()` reads it, and says what is wrong.
    case other
  }

  /// The value at `offset`, which must be within `bytes`, as ``QuickHead`` tells it. These are most of an
  /// animation file's values and all of its keys; what is not one of them, or is faulty, is `.other`,
  /// which `readHeader()` reads and checks.
  ///
  /// With `farFromEnd`, the caller has checked that ``farFromEnd`` bytes or more follow `offset`'s: then
  /// every value here but a str8 fits whatever its format byte says (a fixstr takes at most 32 bytes, a
  /// float64 9, a fixarray or fixmap holds at most 30 values), and no length is checked again; a short
  /// string's bytes are tested with `asciiMasks` (``ShortASCIIMasks/table``, which a loop reads once).
  @inline(__always)
  static func quickHead(
    in bytes: ByteView, at offset: Int, checksText: Bool, farFromEnd: Bool = false,
    asciiMasks: UnsafePointer<UInt64> = ShortASCIIMasks.table
  ) -> QuickHead {
    let remaining = bytes.count &- offset
    let format = bytes[offset]
    // Tested in the order of how common they are: fixstr, fixint, float64, fixmap and fixarray, str8.
    if format & 0xE0 == 0xA0 {
      let length = Int(format & 0x1F)
      if farFromEnd {
        if checksText && !bytes.isShortASCII(farFromEndAt: offset &+ 1, count: length, masks: asciiMasks) {
          return .other
        }
      } else {
        guard length < remaining else { return .other }
        if checksText && !bytes.isShortASCII(at: offset &+ 1, count: length, remaining: remaining &- 1) {
          return .other
        }
      }
      return .leaf(width: 1 &+ length)
    }
    if format &+ 0x20 < 0xA0 { return .leaf(width: 1) }  // 0x00...0x7F and 0xE0...0xFF, now below 0xA0
    if format == 0xCB { return farFromEnd || remaining >= 9 ? .float64 : .other }
    if format & 0xE0 == 0x80 {
      let isMap = format < 0x90
      let values = Int(format & 0x0F) &<< (isMap ? 1 : 0)
      // Each value takes at least a byte: `arrayHeader` and `mapHeader` check the same.
      return farFromEnd || values < remaining ? .container(values: values, isMap: isMap) : .other
    }
    if format == 0xD9 {  // str8, as ids (36-character UUIDs) are
      guard remaining >= 2 else { return .other }
      let width = 2 &+ Int(bytes[offset &+ 1])
      guard width <= remaining else { return .other }
      if checksText && !bytes.isASCII(at: offset &+ 2, count: width &- 2) { return .other }
      return .leaf(width: width)
    }
    if format == 0xC0 || format == 0xC2 || format == 0xC3 { return .leaf(width: 1) }
    return .other
  }

  @inline(never)
  func error(_ code: FormatError.Code, _ message: String, at offset: Int) -> FormatError {
    FormatError(code: code, format: .messagePack, offset: offset, message: message)
  }

  /// Reads one value head. For strings, binary and extensions the payload follows at `offset`,
  /// and is guaranteed to be in bounds; use `take(_:)` or skip it.
  @inline(__always)
  mutating func readHeader() throws(FormatError) -> MessagePackHeader {
    guard offset < bytes.count else {
      throw error(.truncated, "unexpected end of input: expected a value", at: offset)
    }
    let start = offset
    let byte = bytes[offset]
    offset &+= 1
    switch byte {
    case 0x00...0x7F: return .int(Int64(byte))
    case 0x80...0x8F: return try mapHeader(count: Int(byte & 0x0F), format: "fixmap", start: start)
    case 0x90...0x9F: return try arrayHeader(count: Int(byte & 0x0F), format: "fixarray", start: start)
    case 0xA0...0xBF: return try payloadHeader(.string(length: Int(byte & 0x1F)), format: "fixstr", start: start)
    case 0xE0...0xFF: return .int(Int64(Int8(bitPattern: byte)))
    case 0xC0: return .nil
    case 0xC2: return .bool(false)
    case 0xC3: return .bool(true)
    // The commonest long heads of an animation file: numbers, and ids (36-character UUIDs).
    case 0xCB: return .float64(Double(bitPattern: try read(UInt64.self, "float64", start)))
    case 0xD9:
      let length = Int(try read(UInt8.self, "str8", start))
      return try payloadHeader(.string(length: length), format: "str8", start: start)
    default: return try readLongHeader(byte, start: start)
    }
  }

  // Lengths are read into locals before they are checked: passed straight into a non-mutating check,
  // the check would see a copy of the scanner taken before the length field was read.
  /// The heads `readHeader()` does not decode inline.
  private mutating func readLongHeader(_ byte: UInt8, start: Int) throws(FormatError) -> MessagePackHeader {
    // Each length is read into a local before the helper that checks it against `remaining` is called:
    // a non-mutating method call captures `self` before its arguments are evaluated, so reading the
    // length inside the argument list would check it against the bytes left *before* the length field.
    switch byte {
    case 0xC4:
      let length = Int(try read(UInt8.self, "bin8", start))
      return try payloadHeader(.binary(length: length), format: "bin8", start: start)
    case 0xC5:
      let length = Int(try read(UInt16.self, "bin16", start))
      return try payloadHeader(.binary(length: length), format: "bin16", start: start)
    case 0xC6:
      let length = Int(try read(UInt32.self, "bin32", start))
      return try payloadHeader(.binary(length: length), format: "bin32", start: start)
    case 0xC7:
      let length = Int(try read(UInt8.self, "ext8", start))
      return try extHeader(length: length, format: "ext8", start: start)
    case 0xC8:
      let length = Int(try read(UInt16.self, "ext16", start))
      return try extHeader(length: length, format: "ext16", start: start)
    case 0xC9:
      let length = Int(try read(UInt32.self, "ext32", start))
      return try extHeader(length: length, format: "ext32", start: start)
    case 0xCA: return .float32(Float(bitPattern: try read(UInt32.self, "float32", start)))
    case 0xCC: return .int(Int64(try read(UInt8.self, "uint8", start)))
    case 0xCD: return .int(Int64(try read(UInt16.self, "uint16", start)))
    case 0xCE: return .int(Int64(try read(UInt32.self, "uint32", start)))
    case 0xCF:
      let value = try read(UInt64.self, "uint64", start)
      return value <= UInt64(Int64.max) ? .int(Int64(value)) : .uint(value)
    case 0xD0: return .int(Int64(Int8(bitPattern: try read(UInt8.self, "int8", start))))
    case 0xD1: return .int(Int64(Int16(bitPattern: try read(UInt16.self, "int16", start))))
    case 0xD2: return .int(Int64(Int32(bitPattern: try read(UInt32.self, "int32", start))))
    case 0xD3: return .int(Int64(bitPattern: try read(UInt64.self, "int64", start)))
    case 0xD4: return try extHeader(length: 1, format: "fixext1", start: start)
    case 0xD5: return try extHeader(length: 2, format: "fixext2", start: start)
    case 0xD6: return try extHeader(length: 4, format: "fixext4", start: start)
    case 0xD7: return try extHeader(length: 8, format: "fixext8", start: start)
    case 0xD8: return try extHeader(length: 16, format: "fixext16", start: start)
    case 0xDA:
      let length = Int(try read(UInt16.self, "str16", start))
      return try payloadHeader(.string(length: length), format: "str16", start: start)
    case 0xDB:
      let length = Int(try read(UInt32.self, "str32", start))
      return try payloadHeader(.string(length: length), format: "str32", start: start)
    case 0xDC:
      let count = Int(try read(UInt16.self, "array16", start))
      return try arrayHeader(count: count, format: "array16", start: start)
    case 0xDD:
      let count = Int(try read(UInt32.self, "array32", start))
      return try arrayHeader(count: count, format: "array32", start: start)
    case 0xDE:
      let count = Int(try read(UInt16.self, "map16", start))
      return try mapHeader(count: count, format: "map16", start: start)
    case 0xDF:
      let count = Int(try read(UInt32.self, "map32", start))
      return try mapHeader(count: count, format: "map32", start: start)
    default:  // 0xC1, the one byte the spec never uses
      throw error(
        .reservedFormatByte, "byte 0xc1 is not a MessagePack format byte (the spec reserves it as never used)",
        at: start)
    }
  }

  /// Reads a big-endian length or value field that follows a format byte.
  @inline(__always)
  private mutating func read<T: FixedWidthInteger>(_: T.Type, _ format: StaticString, _ start: Int) throws(FormatError)
    -> T
  {
    let size = MemoryLayout<T>.size
    guard remaining >= size else {
      throw error(
        .truncated,
        "\(format) is cut short: it needs \(size) byte\(size == 1 ? "" : "s") after its format byte, \(remaining) left",
        at: start)
    }
    let value = bytes.bigEndian(T.self, at: offset)
    offset &+= size
    return value
  }

  @inline(__always)
  private func payloadHeader(_ header: MessagePackHeader, format: StaticString, start: Int) throws(FormatError)
    -> MessagePackHeader
  {
    let length: Int
    switch header {
    case .string(let n), .binary(let n): length = n
    default: length = 0
    }
    guard length <= remaining else {
      throw error(
        .truncated, "\(format) length \(length) runs past the end of the input (\(counted(remaining, "byte")) left)",
        at: start)
    }
    return header
  }

  private mutating func extHeader(length: Int, format: StaticString, start: Int) throws(FormatError)
    -> MessagePackHeader
  {
    let type = Int8(bitPattern: try read(UInt8.self, format, start))
    guard length <= remaining else {
      throw error(
        .truncated, "\(format) length \(length) runs past the end of the input (\(counted(remaining, "byte")) left)",
        at: start)
    }
    return .ext(type: type, length: length)
  }

  @inline(__always)
  private func arrayHeader(count: Int, format: StaticString, start: Int) throws(FormatError) -> MessagePackHeader {
    // Every element takes at least one byte, so a count above what is left cannot be right.
    guard count <= remaining else {
      throw error(
        .truncated,
        "\(format) of \(counted(count, "element")) runs past the end of the input (\(counted(remaining, "byte")) left)",
        at: start)
    }
    return .array(count: count)
  }

  @inline(__always)
  private func mapHeader(count: Int, format: StaticString, start: Int) throws(FormatError) -> MessagePackHeader {
    guard count <= remaining / 2 else {
      throw error(
        .truncated,
        "\(format) of \(counted(count, "entry", "entries")) runs past the end of the input (\(counted(remaining, "byte")) left)",
        at: start)
    }
    return .map(count: count)
  }

  /// The next `length` bytes, already checked to be in bounds by `readHeader()`.
  @inline(__always)
  mutating func take(_ length: Int) -> ByteView {
    let slice = bytes[offset..<offset &+ length]
    offset &+= length
    return slice
  }

  /// Reads a string payload, checking that it is UTF-8.
  @inline(__always)
  mutating func readString(length: Int, start: Int) throws(FormatError) -> ByteView {
    let payloadStart = offset
    let payload = take(length)
    if let bad = UTF8Validation.firstInvalid(payload) {
      throw error(
        .invalidUTF8,
        "string is not valid UTF-8 (byte 0x\(String(payload[bad], radix: 16)) at offset \(payloadStart + bad))",
        at: start)
    }
    return payload
  }

  /// Reads the rest of a value that is not an array or map, whose head `header` was read from `start`: the
  /// bytes of a string (checked to be UTF-8 when `checksText`), a binary or an extension. Sets
  /// `sawNonFinite` for a float that is not finite.
  @inline(__always)
  mutating func readPayload(
    of header: MessagePackHeader, start: Int, checksText: Bool, sawNonFinite: inout Bool
  ) throws(FormatError) {
    switch header {
    case .string(let length):
      if checksText {
        _ = try readString(length: length, start: start)
      } else {
        _ = take(length)
      }
    case .binary(let length), .ext(_, let length):
      _ = take(length)
    case .float32(let number):
      if !number.isFinite { sawNonFinite = true }
    case .float64(let number):
      if !number.isFinite { sawNonFinite = true }
    default:
      break
    }
  }

  @inline(__always)
  func checkDepth(_ depth: Int, _ limits: DecodingLimits, at start: Int) throws(FormatError) {
    if depth >= limits.maxDepth {
      throw error(
        .depthLimitExceeded, "nesting is deeper than the limit of \(counted(limits.maxDepth, "level"))", at: start)
    }
  }

  /// Fails when bytes remain after the top-level value.
  func checkAtEnd() throws(FormatError) {
    if offset < bytes.count {
      throw error(
        .trailingData,
        "\(remaining) byte\(remaining == 1 ? "" : "s") after the end of the document (a file holds one value)",
        at: offset)
    }
  }
}
