import InertiaFormat

/// File names as the tools keep them: strings that give back the file system's exact bytes.
///
/// A name on Linux is any bytes but `/` and NUL, while a Swift `String` holds only Unicode. A name that
/// is valid UTF-8 is kept as it is. Each byte of a name that is not is kept as the code point
/// U+10FF00 + byte (the last 256 code points of the private-use plane 16, which no real name uses),
/// and so is each byte of such a code point written in a name, so that ``decode(_:)`` and ``bytes(_:)``
/// are exact inverses: a file found by a walk, or named on the command line, is opened by the very
/// bytes it has, and reported by them.
package enum PathText {
  /// The first of the 256 code points that stand for raw bytes.
  static let rawByteBase: UInt32 = 0x10_FF00

  /// The string for a name's bytes.
  package static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    // Fast path: ASCII bytes (most names) are the string's UTF-8 as they are, with no code point to check.
    if let text = bytes.withContiguousStorageIfAvailable({ buffer in
      buffer.isASCII ? String(decoding: buffer, as: UTF8.self) : nil
    }), let text {
      return text
    }
    if let text = String(validating: bytes, as: UTF8.self), !hasRawBytes(text) {
      return text
    }
    var scalars = String.UnicodeScalarView()
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var index = bytes.startIndex
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let scalar = Unicode.UTF8.decode(encoded)
        if isRawByte(scalar) {
          for byte in bytes[index...].prefix(encoded.count) { scalars.append(rawByte(byte)) }
        } else {
          scalars.append(scalar)
        }
        index = bytes.index(index, offsetBy: encoded.count)
      case .error(let length):
        for byte in bytes[index...].prefix(length) { scalars.append(rawByte(byte)) }
        index = bytes.index(index, offsetBy: length)
      case .emptyInput:
        return String(scalars)
      }
    }
  }

  /// The bytes a string stands for: its UTF-8, with each raw-byte code point turned back into its byte.
  package static func bytes(_ path: String) -> [UInt8] {
    guard hasRawBytes(path) else { return Array(path.utf8) }
    var bytes: [UInt8] = []
    for scalar in path.unicodeScalars {
      if isRawByte(scalar) {
        bytes.append(UInt8(scalar.value - rawByteBase))
      } else {
        bytes += String(scalar).utf8
      }
    }
    return bytes
  }

  /// Calls `body` with the path as a C string of its exact bytes, for the system calls.
  package static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
    guard hasRawBytes(path) else { return try path.withCString(body) }
    let cString = bytes(path).map { CChar(bitPattern: $0) } + [0]
    return try cString.withUnsafeBufferPointer { try body($0.baseAddress!) }
  }

  /// Whether the name is not valid UTF-8 (holds raw bytes).
  package static func hasRawBytes(_ path: String) -> Bool {
    // A raw-byte code point is four bytes in UTF-8, the first 0xF4: without one, there is none to decode.
    // ASCII (most names), checked a word at a time, has none; other text is searched for the 0xF4.
    if path.utf8.withContiguousStorageIfAvailable({ $0.isASCII || !$0.contains(0xF4) }) == true { return false }
    return path.unicodeScalars.contains(where: isRawByte)
  }

  /// The path percent-encoded as a URI path is: every byte but the unreserved ASCII characters and `/`
  /// as `%XX` (RFC 3986). The form JSON and SARIF reports give names that are not valid UTF-8.
  package static func percentEncoded(_ path: String) -> String {
    var out = ""
    for byte in bytes(path) {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        out += byte < 16 ? "%0" + hex : "%" + hex
      }
    }
    return out
  }

  /// The path ``percentEncoded(_:)`` gave: each `%XX` turned back into its byte; `nil` when a `%` is not
  /// followed by two hexadecimal digits.
  package static func percentDecoded(_ text: String) -> String? {
    var bytes: [UInt8] = []
    var utf8 = text.utf8[...]
    while let byte = utf8.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      let digits = utf8.prefix(2)
      guard digits.count == 2, digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
        let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16)
      else {
        return nil
      }
      bytes.append(value)
      utf8 = utf8.dropFirst(2)
    }
    return decode(bytes)
  }

  static func isRawByte(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= rawByteBase }

  private static func rawByte(_ byte: UInt8) -> Unicode.Scalar {
    Unicode.Scalar(rawByteBase + UInt32(byte))!
  }
}
