/// The value of a number literal token, in each language's spelling: `_` separators, `0x`, `0b`, `0o`
/// prefixes, Swift's hexadecimal floats, Kotlin's `f`, `L` and `u` suffixes, JavaScript's `n`.
enum NumberLiteral {
  static func value(_ text: Substring, language: SourceLanguage) -> Double? {
    var digits = text.filter { $0 != "_" }
    let lowered = digits.lowercased()
    let radix: Int? =
      lowered.hasPrefix("0x") ? 16 : lowered.hasPrefix("0b") ? 2 : lowered.hasPrefix("0o") ? 8 : nil
    switch language {
    case .kotlin:
      while let last = digits.last, "lLuU".contains(last) || (radix == nil && "fF".contains(last)) {
        digits.removeLast()
      }
    case .javaScript, .typeScript, .typeScriptJSX:
      if digits.last == "n" { digits.removeLast() }
    case .swift:
      break
    }
    if let radix {
      // Swift's hexadecimal floats (`0x1p-2`) read as Double reads them; integers by their radix.
      if radix == 16, lowered.contains("p") { return Double(digits) }
      return UInt64(digits.dropFirst(2), radix: radix).map(Double.init)
    }
    return Double(digits)
  }
}
