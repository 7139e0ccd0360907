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
    if length < 32 {
      out.append(0xA0 | UInt8(length))
    } else if length <= Int(UInt8.max) {
      out.append(0xD9, UInt8(length))
    } else if length <= Int(UInt16.max) {
      out.append(0xDA)
      out.appendBigEndian(UInt16(length))
    } else {
      out.append(0xDB)
      out.appendBigEndian(UInt32(length))
    }
  }

  static func binaryHeader(_ length: Int, to out: ByteBuffer) {
    if length <= Int(UInt8.max) {
      out.append(0xC4, UInt8(length))
    } else if length <= Int(UInt16.max) {
      out.append(0xC5)
      out.appendBigEndian(UInt16(length))
    } else {
      out.append(0xC6)
      out.appendBigEndian(UInt32(length))
    }
  }

  static func extHeader(type: Int8, length: Int, to out: ByteBuffer) {
    let typeByte = UInt8(bitPattern: type)
    switch length {
    case 1: out.append(0xD4, typeByte)
    case 2: out.append(0xD5, typeByte)
    case 4: out.append(0xD6, typeByte)
    case 8: out.append(0xD7, typeByte)
    case 16: out.append(0xD8, typeByte)
    case 0...Int(UInt8.max):
      out.append(0xC7, UInt8(length))
      out.append(typeByte)
    case 0...Int(UInt16.max):
      out.append(0xC8)
      out.appendBigEndian(UInt16(length))
      out.append(typeByte)
    default:
      out.append(0xC9)
      out.appendBigEndian(UInt32(length))
      out.append(typeByte)
    }
  }

  @inline(__always)
  static func arrayHeader(_ count: Int, to out: ByteBuffer) {
    if count < 16 {
      out.append(0x90 | UInt8(count))
    } else if count <= Int(UInt16.max) {
      out.append(0xDC)
      out.appendBigEndian(UInt16(count))
    } else {
      out.append(0xDD)
      out.appendBigEndian(UInt32(count))
    }
  }

  @inline(__always)
  static func mapHeader(_ count: Int, to out: ByteBuffer) {
    if count < 16 {
      out.append(0x80 | UInt8(count))
    } else if count <= Int(UInt16.max) {
      out.append(0xDE)
      out.appendBigEndian(UInt16(count))
    } else {
      out.append(0xDF)
      out.appendBigEndian(UInt32(count))
    }
  }

  /// The size of the canonical array or map head for `count` entries.
  @inline(__always)
  static func containerHeaderSize(_ count: Int) -> Int {
    count < 16 ? 1 : count <= Int(UInt16.max) ? 3 : 5
  }
}
