#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes a ``MessagePackValue`` in the canonical MessagePack form.
///
/// Each integer, string, binary, extension, array and map takes its smallest format. Non-negative
/// integers use the unsigned formats and negative ones the signed formats, as msgpack-c writes them;
/// floats keep the width they have. Reading a canonical file and writing it back gives the same bytes.
public struct MessagePackWriter: Sendable {
  /// A writer.
  public init() {}

  /// The canonical MessagePack bytes of a value.
  public func write(_ value: MessagePackValue) -> [UInt8] {
    let buffer = ByteBuffer(capacity: 1024)
    write(value, to: buffer)
    return buffer.array
  }

  /// The canonical MessagePack bytes of a value, as `Data`.
  public func writeData(_ value: MessagePackValue) -> Data {
    let buffer = ByteBuffer(capacity: 1024)
    write(value, to: buffer)
    return buffer.data
  }

  package func write(_ value: MessagePackValue, to out: ByteBuffer) {
    switch value {
    case .nil: out.append(0xC0)
    case .bool(let b): out.append(b ? 0xC3 : 0xC2)
    case .int(let i): CanonicalHeads.integer(i, to: out)
    case .uint(let u): CanonicalHeads.unsigned(u, to: out)
    case .float32(let f):
      out.append(0xCA)
      out.appendBigEndian(f.bitPattern)
    case .float64(let d):
      out.append(0xCB)
      out.appendBigEndian(d.bitPattern)
    case .string(let s):
      CanonicalHeads.stringHeader(s.utf8.count, to: out)
      out.append(s)
    case .binary(let data):
      CanonicalHeads.binaryHeader(data.count, to: out)
      out.append(data)
    case .ext(let type, let data):
      CanonicalHeads.extHeader(type: type, length: data.count, to: out)
      out.append(data)
    case .array(let elements):
      CanonicalHeads.arrayHeader(elements.count, to: out)
      for element in elements { write(element, to: out) }
    case .map(let entries):
      CanonicalHeads.mapHeader(entries.count, to: out)
      for entry in entries {
        write(entry.key, to: out)
        write(entry.value, to: out)
      }
    }
  }
}
