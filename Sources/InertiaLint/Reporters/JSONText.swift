import InertiaFormat

/// Small JSON text helpers for the reporters: a string escaper and a writer for scalars, so the output
/// formats keep a fixed key order without a general-purpose encoder.
enum JSONText {
  /// `text` as a JSON string literal, quotes included.
  static func quoted(_ text: String) -> String {
    var result = "\""
    result.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A scalar value as JSON text. Containers, binary and extension values, which no fix writes, and
  /// non-finite floats, which JSON cannot hold, are written as `null`.
  static func scalar(_ value: MessagePackValue) -> String {
    switch value {
    case .nil: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .int(let i): return String(i)
    case .uint(let u): return String(u)
    case .float32(let f): return f.isFinite ? number(Double(f)) : "null"
    case .float64(let d): return d.isFinite ? number(d) : "null"
    case .string(let s): return quoted(s)
    default: return "null"
    }
  }

  /// A finite double, written so it reads back as a float (`1.0`, not `1`).
  static func number(_ value: Double) -> String {
    String(value)
  }
}
