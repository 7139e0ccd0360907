#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes MessagePack heads (and integers and strings whole) in their canonical, smallest form, as
/// msgpack-c does: shared by the writer and the JSON-to-MessagePack converter.
enum CanonicalHeads {
  @inline(__always)
  static func integer(_ i: Int64, to out: ByteBuffer) {
    if i >= 0 { return unsigned(UInt64(i), to: out) }
    if i >= -32 {
      out.append(UInt8(bitPattern: Int8(i)))
    } else if i >= Int64(Int8.min) {
      out.append(0xD0, UInt8(bitPattern: Int8(i)))
    } else if i >= Int64(Int16.min) {
      out.append(0xD1)
      out.appendBigEndian(Int16(i))
    } else if i >= Int64(Int32.min) {
      out.append(0xD2)
      out.appendBigEndian(Int32(i))
    } else {
      out.append(0xD3)
      out.appendBigEndian(i)
    }
  }

  @inline(__always)
  static func unsigned(_ u: UInt64, to out: ByteBuffer) {
    if u <= 0x7F {
      out.append(UInt8(u))
    } else if u <= UInt64(UInt8.max) {
      out.append(0xCC, UInt8(u))
    } else if u <= UInt64(UInt16.max) {
      out.append(0xCD)
      out.appendBigEndian(UInt16(u))
    } else if u <= UInt64(UInt32.max) {
      out.append(0xCE)
      out.appendBigEndian(UInt32(u))
    } else {
      out.append(0xCF)
      out.appendBigEndian(u)
    }
  }

  /// The format byte ``integer(_:to:)`` writes `i` with (for a fixint, the whole value).
  static func format(ofInteger i: Int64) -> UInt8 {
    if i >= 0 { return format(ofUnsigned: UInt64(i)) }
    if i >= -32 { return UInt8(bitPattern: Int8(i)) }
    if i >= Int64(Int8.min) { return 0xD0 }
    if i >= Int64(Int16.min) { return 0xD1 }
    return i >= Int64(Int32.min) ? 0xD2 : 0xD3
  }

  /// The format byte ``unsigned(_:to:)`` writes `u` with (for a fixint, the whole value).
  static func format(ofUnsigned u: UInt64) -> UInt8 {
    if u <= 0x7F { return UInt8(u) }
    if u <= UInt64(UInt8.max) { return 0xCC }
    if u <= UInt64(UInt16.max) { return 0xCD }
    return u <= UInt64(UInt32.max) ? 0xCE : 0xCF
  }

  @inline(__always)
  static func string(_ utf8: ByteView, to out: ByteBuffer) {
    stringHeader(utf8.count, to: out)
    out.append(utf8)
  }

  static func string(_ utf8: [UInt8], to out: ByteBuffer) {
    stringHeader(utf8.count, to: out)
    out.append(utf8)
  }

  @inline(__always)
  static func stringHeader(_ length: Int, to out: ByteBuffer) {
    sizedHead(length, fixed: (0xA0, below: 32), width8: 0xD9, width16: 0xDA, width32: 0xDB, to: out)
  }

  static func binaryHeader(_ length: Int, to out: ByteBuffer) {
    sizedHead(length, fixed: nil, width8: 0xC4, width16: 0xC5, width32: 0xC6, to: out)
  }

  static func extHeader(type: Int8, length: Int, to out: ByteBuffer) {
    let typeByte = UInt8(bitPattern: type)
    switch length {
    case 1: out.append(0xD4, typeByte)
    case 2: out.append(0xD5, typeByte)
    case 4: out.append(0xD6, typeByte)
    case 8: out.append(0xD7, typeByte)
    case 16: out.append(0xD8, typeByte)
    default:
      sizedHead(length, fixed: nil, width8: 0xC7, width16: 0xC8, width32: 0xC9, to: out)
      out.append(typeByte)
    }
  }

  @inline(__always)
  static func arrayHeader(_ count: Int, to out: ByteBuffer) {
    sizedHead(count, fixed: (0x90, below: 16), width8: nil, width16: 0xDC, width32: 0xDD, to: out)
  }

  @inline(__always)
  static func mapHeader(_ count: Int, to out: ByteBuffer) {
    sizedHead(count, fixed: (0x80, below: 16), width8: nil, width16: 0xDE, width32: 0xDF, to: out)
  }

  /// The head of a string, binary, extension, array or map of `size` bytes or entries, in the smallest form its
  /// family has: the size in the format byte itself (`fixed`, for sizes below `below`), or after it in 8, 16
  /// or 32 bits. A family without a fixed or an 8-bit form passes `nil` for it.
  @inline(__always)
  private static func sizedHead(
    _ size: Int, fixed: (format: UInt8, below: Int)?, width8: UInt8?, width16: UInt8, width32: UInt8,
    to out: ByteBuffer
  ) {
    if let fixed, size < fixed.below {
      out.append(fixed.format | UInt8(size))
    } else if let width8, size <= Int(UInt8.max) {
      out.append(width8, UInt8(size))
    } else if size <= Int(UInt16.max) {
      out.append(width16)
      out.appendBigEndian(UInt16(size))
    } else {
      out.append(width32)
      out.appendBigEndian(UInt32(size))
    }
  }

  /// The size of the canonical array or map head for `count` entries.
  @inline(__always)
  static func containerHeaderSize(_ count: Int) -> Int {
    count < 16 ? 1 : count <= Int(UInt16.max) ? 3 : 5
  }
}
