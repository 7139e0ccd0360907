import InertiaFormat

/// Bytes from hex text such as `"d9 03 61 62 63"` (spaces and line breaks are ignored).
package func hexBytes(_ text: String) -> [UInt8] {
  let digits = text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init)
  precondition(digits.count % 2 == 0, "odd number of hex digits in \(text)")
  return stride(from: 0, to: digits.count, by: 2).map { i in
    guard let byte = UInt8(String(digits[i...i + 1]), radix: 16) else { preconditionFailure("bad hex \(text)") }
    return byte
  }
}

/// `"d9 03 61"`: bytes as lowercase hex pairs, for readable failure messages.
package func hexString(_ bytes: some Sequence<UInt8>) -> String {
  bytes.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined(separator: " ")
}

/// The UTF-8 bytes of a string.
package func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The text of UTF-8 bytes (which the tests only build from valid UTF-8).
package func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

extension MessagePackValue {
  /// The value with its case names spelled out (`int(1)` versus `uint(1)`), so two values that are `==`
  /// only because integers compare by value can still be told apart.
  package var structure: String { String(reflecting: self) }

  /// Whether every integer in the value is in the normal form the readers produce (`.uint` only above
  /// `Int64.max`).
  package var isNormalised: Bool {
    switch self {
    case .uint(let u): return u > UInt64(Int64.max)
    case .array(let elements): return elements.allSatisfy(\.isNormalised)
    case .map(let entries): return entries.allSatisfy { $0.key.isNormalised && $0.value.isNormalised }
    default: return true
    }
  }
}
