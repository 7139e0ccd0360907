import InertiaFormat

/// Bytes as `hexdump -C` prints them, for a file that has no other readable form: 16 bytes a line, each
/// line its offset in the file, the bytes in hex in two groups of eight, then the printable ASCII among
/// them between bars (`.` for the rest).
///
/// ```
/// 0000000b  aa 69 6e 76 6f 6b 65 54  79 70 65 a7 74 72 69 67  |.invokeType.trig|
/// ```
enum HexDump {
  /// How many bytes each line shows.
  static let bytesPerLine = 16

  /// Appends the lines for `bytes` to `out`, the first of them at `offset` in the file.
  static func append(_ bytes: UnsafeRawBufferPointer, offset: Int, to out: ByteBuffer) {
    var start = 0
    while start < bytes.count {
      let line = UnsafeRawBufferPointer(rebasing: bytes[start..<min(start + bytesPerLine, bytes.count)])
      appendHex(offset + start, digits: 8, to: out)
      out.append(0x20, 0x20)
      for column in 0..<bytesPerLine {
        if column == 8 { out.append(0x20) }
        if column < line.count {
          appendHex(Int(line[column]), digits: 2, to: out)
          out.append(0x20)
        } else {
          out.append("   ")
        }
      }
      out.append(0x20, UInt8(ascii: "|"))
      for byte in line { out.append((0x20...0x7E).contains(byte) ? byte : UInt8(ascii: ".")) }
      out.append(UInt8(ascii: "|"), 0x0A)
      start += bytesPerLine
    }
  }

  private static func appendHex(_ value: Int, digits: Int, to out: ByteBuffer) {
    let hex: StaticString = "0123456789abcdef"
    for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
      out.append(hex.utf8Start[(value >> shift) & 0xF])
    }
  }
}
