/// Text from files (ids, keys, names) made safe to print on one line of a terminal or a log.
///
/// Every error line and every line of a text report passes through here, so a keyframe id holding
/// `\n` cannot forge a second finding and one holding `ESC [2J` cannot clear the screen: control
/// characters print as `\n`, `\r`, `\t` or `\u{1B}`, the Unicode line and paragraph separators and the
/// bidirectional overrides as `\u{2028}` and the like, and the bytes of a file name that is not UTF-8
/// (see ``PathText``) as `\xFF`.
package enum TextEscaping {
  /// `text` with everything that could break a line or drive a terminal escaped.
  package static func line(_ text: String) -> String {
    // Printable ASCII, most text, needs nothing: checked on the bytes, without decoding.
    if text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) == true {
      return text
    }
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar) else {
        out.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if PathText.isRawByte(scalar) {
          let byte = scalar.value - PathText.rawByteBase
          out += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        } else {
          out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
      }
    }
    return out
  }

  /// Whether a character must not reach a terminal as it is.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL and C1 controls
    case 0x2028, 0x2029: return true  // line and paragraph separators
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true  // bidirectional controls
    default: return PathText.isRawByte(scalar)
    }
  }
}
