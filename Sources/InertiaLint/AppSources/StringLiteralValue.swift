/// The value a string literal token stands for, escapes decoded, in each language's rules; `nil` where it
/// is not known before run time (interpolation, templates), where the finders do not decode it (multi-line
/// literals, whose indentation rules differ by language; JSX values with HTML entities), or where the
/// literal has an escape its language does not have (so it would not compile).
enum StringLiteralValue {
  static func decode(_ token: SourceToken, in bytes: [UInt8], language: SourceLanguage) -> String? {
    guard token.kind == .string, !token.flags.contains(.interpolated), !token.flags.contains(.multiline) else {
      return nil
    }
    if token.flags.contains(.jsx) {
      // `id="card0"`: the characters between the quotes, unless an entity (`&amp;`) needs decoding.
      let content = bytes[(token.start + 1)..<(token.end - 1)]
      return content.contains(.ampersand) ? nil : String(decoding: content, as: UTF8.self)
    }
    switch language {
    case .swift: return swift(token, bytes)
    case .kotlin: return kotlin(token, bytes)
    case .javaScript, .typeScript, .typeScriptJSX: return javaScript(token, bytes)
    }
  }

  /// `"…"` or `#"…"#` (where an escape is `\#…`); `'…'` is not a Swift string.
  private static func swift(_ token: SourceToken, _ bytes: [UInt8]) -> String? {
    var pounds = 0
    while bytes[token.start + pounds] == .pound { pounds += 1 }
    guard bytes[token.start + pounds] == .quote else { return nil }
    let contentStart = token.start + pounds + 1
    var contentEnd = token.end
    while contentEnd > contentStart && bytes[contentEnd - 1] == .pound { contentEnd -= 1 }
    contentEnd -= 1  // the closing quote
    guard contentEnd >= contentStart else { return nil }
    var scalars = String.UnicodeScalarView()
    var index = contentStart
    while index < contentEnd {
      if bytes[index] == .backslash && hasPounds(pounds, bytes, at: index + 1, before: contentEnd) {
        index += 1 + pounds
        guard index < contentEnd else { return nil }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "0"): scalars.append("\0")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case .quote, .apostrophe, .backslash: scalars.append(Unicode.Scalar(escape))
        case UInt8(ascii: "u"):
          guard let (scalar, end) = braced(bytes, from: index, before: contentEnd) else { return nil }
          scalars.append(scalar)
          index = end
        default: return nil
        }
        continue
      }
      guard let (scalar, end) = scalar(bytes, at: index) else { return nil }
      scalars.append(scalar)
      index = end
    }
    return String(scalars)
  }

  /// `"…"` with Kotlin's escapes; a raw `"""…"""` is multi-line and not decoded.
  private static func kotlin(_ token: SourceToken, _ bytes: [UInt8]) -> String? {
    var scalars = String.UnicodeScalarView()
    var index = token.start + 1
    let end = token.end - 1
    while index < end {
      if bytes[index] == .backslash {
        guard index + 1 < end else { return nil }
        let escape = bytes[index + 1]
        index += 2
        switch escape {
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case .apostrophe, .quote, .backslash, .dollar: scalars.append(Unicode.Scalar(escape))
        case UInt8(ascii: "u"):
          guard let (scalar, next) = hex(bytes, from: index, count: 4, before: end) else { return nil }
          scalars.append(scalar)
          index = next
        default: return nil
        }
        continue
      }
      guard let (scalar, next) = scalar(bytes, at: index) else { return nil }
      scalars.append(scalar)
      index = next
    }
    return String(scalars)
  }

  /// `'…'`, `"…"` or a template without substitutions, with JavaScript's escapes.
  private static func javaScript(_ token: SourceToken, _ bytes: [UInt8]) -> String? {
    var scalars = String.UnicodeScalarView()
    var index = token.start + 1
    let end = token.end - 1
    while index < end {
      let byte = bytes[index]
      if byte == .backslash {
        guard index + 1 < end else { return nil }
        let escape = bytes[index + 1]
        index += 2
        switch escape {
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "v"): scalars.append("\u{B}")
        case UInt8(ascii: "0") where index >= end || !bytes[index].isDigit: scalars.append("\0")
        case UInt8(ascii: "x"):
          guard let (scalar, next) = hex(bytes, from: index, count: 2, before: end) else { return nil }
          scalars.append(scalar)
          index = next
        case UInt8(ascii: "u"):
          if index < end && bytes[index] == .openBrace {
            guard let (scalar, next) = braced(bytes, from: index, before: end) else { return nil }
            scalars.append(scalar)
            index = next
          } else {
            guard let (scalar, next) = hex(bytes, from: index, count: 4, before: end) else { return nil }
            scalars.append(scalar)
            index = next
          }
        case .newline:
          break  // a line continuation: nothing
        case .carriageReturn:
          if index < end && bytes[index] == .newline { index += 1 }
        case _ where escape.isDigit:
          return nil  // legacy octal escapes
        default:
          guard let (scalar, next) = scalar(bytes, at: index - 1) else { return nil }
          scalars.append(scalar)  // `\'`, `\"`, `\\`, and any other character escaping itself
          index = next
        }
        continue
      }
      if token.flags.contains(.template) && byte == .carriageReturn {
        // A template's line breaks are `\n`, however the file ends its lines.
        scalars.append("\n")
        index += index + 1 < end && bytes[index + 1] == .newline ? 2 : 1
        continue
      }
      guard let (scalar, next) = scalar(bytes, at: index) else { return nil }
      scalars.append(scalar)
      index = next
    }
    return String(scalars)
  }

  private static func hasPounds(_ count: Int, _ bytes: [UInt8], at offset: Int, before end: Int) -> Bool {
    guard offset + count <= end else { return false }
    for index in offset..<(offset + count) where bytes[index] != .pound { return false }
    return true
  }

  /// The scalar whose UTF-8 starts at `offset` (the bytes are valid UTF-8: the lexers check), and the
  /// offset after it.
  private static func scalar(_ bytes: [UInt8], at offset: Int) -> (Unicode.Scalar, Int)? {
    let lead = bytes[offset]
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard offset + length <= bytes.count else { return nil }
    var value = UInt32(lead) & (length == 1 ? 0x7F : length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for index in (offset + 1)..<(offset + length) { value = value << 6 | UInt32(bytes[index] & 0x3F) }
    guard let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, offset + length)
  }

  /// `{1F600}`: one to eight hex digits in braces.
  private static func braced(_ bytes: [UInt8], from offset: Int, before end: Int) -> (Unicode.Scalar, Int)? {
    guard offset < end, bytes[offset] == .openBrace else { return nil }
    var index = offset + 1
    var value: UInt32 = 0
    while index < end && bytes[index] != .closeBrace {
      guard index - offset <= 8, let digit = hexValue(bytes[index]) else { return nil }
      value = value << 4 | digit
      index += 1
    }
    guard index < end, index > offset + 1, let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, index + 1)
  }

  /// Exactly `count` hex digits.
  private static func hex(_ bytes: [UInt8], from offset: Int, count: Int, before end: Int) -> (Unicode.Scalar, Int)? {
    guard offset + count <= end else { return nil }
    var value: UInt32 = 0
    for index in offset..<(offset + count) {
      guard let digit = hexValue(bytes[index]) else { return nil }
      value = value << 4 | digit
    }
    guard let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, offset + count)
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    if byte.isDigit { return UInt32(byte - 0x30) }
    let lower = byte | 0x20
    if lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f") { return UInt32(lower - UInt8(ascii: "a") + 10) }
    return nil
  }
}
