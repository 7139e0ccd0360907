import Foundation
import InertiaFormat

/// SplitMix64: a tiny, fast, seedable generator, so every random test is reproducible from its seed.
package struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Makes small random documents from a seed: values for MessagePack-side properties, and JSON texts
/// (spelled with varied whitespace, escapes and number forms) together with the value they must read as.
package struct RandomDocuments {
  /// Also makes values plain JSON cannot hold: binary, extension values and timestamps, float32s,
  /// NaNs and infinities (with payloads), non-string keys, maps whose first key is a tag.
  package var extended = false
  /// How deeply containers nest below the top-level array.
  package var maxDepth = 4
  /// The most elements or entries a container holds.
  package var maxWidth = 6

  package var rng: SeededGenerator

  package init(seed: UInt64, extended: Bool = false) {
    rng = SeededGenerator(seed: seed)
    self.extended = extended
  }

  // MARK: Values

  /// A document: an array at the top, as animation files have.
  package mutating func document() -> MessagePackValue {
    .array((0..<Int.random(in: 0...maxWidth, using: &rng)).map { _ in value(depth: 1) })
  }

  package mutating func value(depth: Int) -> MessagePackValue {
    let containers = depth < maxDepth
    switch Int.random(in: 0..<(containers ? 12 : 9), using: &rng) {
    case 0: return .nil
    case 1: return .bool(Bool.random(using: &rng))
    case 2, 3: return integer()
    case 4, 5: return extended && Bool.random(using: &rng) ? extendedScalar() : .float64(double())
    case 6, 7: return .string(string())
    case 8: return extended ? extendedScalar() : .string(string())
    case 9, 10: return .array((0..<width(depth: depth)).map { _ in value(depth: depth + 1) })
    default: return map(depth: depth)
    }
  }

  private mutating func width(depth: Int) -> Int {
    // Mostly small; near the top sometimes past 15, so that array16 and map16 heads show up.
    if depth <= 2 && Int.random(in: 0..<8, using: &rng) == 0 { return Int.random(in: 14...20, using: &rng) }
    return Int.random(in: 0...maxWidth, using: &rng)
  }

  private mutating func map(depth: Int) -> MessagePackValue {
    var entries: [MessagePackValue.MapEntry] = []
    var keys: [String] = []
    for i in 0..<width(depth: depth) {
      let key: MessagePackValue
      if extended && Int.random(in: 0..<8, using: &rng) == 0 {
        key = value(depth: maxDepth)  // any scalar as a key
      } else if extended && i == 0 && Int.random(in: 0..<8, using: &rng) == 0 {
        key = .string(ExtendedJSON.Tag.allCases.randomElement(using: &rng)!.rawValue)
      } else if !keys.isEmpty && Int.random(in: 0..<6, using: &rng) == 0 {
        key = .string(keys.randomElement(using: &rng)!)  // a duplicate key
      } else {
        let name = string(maxLength: 12)
        keys.append(name)
        key = .string(name)
      }
      entries.append(.init(key, value(depth: depth + 1)))
    }
    return .map(entries)
  }

  /// An integer from anywhere in -2^63...2^64-1, often at or next to a format boundary.
  package mutating func integer() -> MessagePackValue {
    let boundaries: [Int64] = [
      0, 1, 31, 32, 127, 128, 255, 256, 65535, 65536, 4_294_967_295, 4_294_967_296,
      -1, -31, -32, -33, -127, -128, -129, -32768, -32769, Int64(Int32.min), Int64(Int32.min) - 1,
      Int64.max, Int64.min,
    ]
    switch Int.random(in: 0..<6, using: &rng) {
    case 0: return .int(boundaries.randomElement(using: &rng)! &+ Int64.random(in: -1...1, using: &rng))
    case 1: return MessagePackValue(UInt64.random(in: 0...UInt64.max, using: &rng))
    case 2: return .int(Int64.random(in: Int64.min...Int64.max, using: &rng))
    case 3: return MessagePackValue(UInt64.max - UInt64.random(in: 0...3, using: &rng))
    default:
      // Small magnitudes of every width: shift a random word right by a random amount.
      let magnitude = Int64(bitPattern: rng.next() >> UInt64.random(in: 1...63, using: &rng))
      return .int(Bool.random(using: &rng) ? magnitude : -magnitude)
    }
  }

  /// A finite double: random bit patterns (subnormals included), short decimals, whole numbers, extremes.
  package mutating func double() -> Double {
    while true {
      let candidate: Double
      switch Int.random(in: 0..<7, using: &rng) {
      case 0, 1: candidate = Double(bitPattern: rng.next())
      case 2: candidate = Double(bitPattern: rng.next() & 0x800F_FFFF_FFFF_FFFF)  // subnormal or zero
      case 3: candidate = Double(Int.random(in: -1000...1000, using: &rng)) / 1000
      case 4: candidate = Double(Int.random(in: -100_000...100_000, using: &rng))
      case 5:
        candidate = [
          0.0, -0.0, 0.1, 1e-7, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude,
          -.greatestFiniteMagnitude, .leastNormalMagnitude, 9_007_199_254_740_992, 1e16, 1e21, 1e22, 1e23,
          123456789012345680000.0,
        ]
        .randomElement(using: &rng)!
      default:
        candidate = Double.random(in: -1...1, using: &rng) * pow(10, Double(Int.random(in: -30...30, using: &rng)))
      }
      if candidate.isFinite { return candidate }
    }
  }

  /// A string of up to `maxLength` characters, mixing ASCII, characters JSON must escape, and
  /// multi-byte UTF-8 (including characters outside the Basic Multilingual Plane).
  package mutating func string(maxLength: Int = 40) -> String {
    let length =
      Int.random(in: 0..<8, using: &rng) == 0
      ? Int.random(in: 30...70, using: &rng) : Int.random(in: 0...maxLength / 3, using: &rng)
    var scalars = String.UnicodeScalarView()
    for _ in 0..<length {
      scalars.append(scalar())
    }
    return String(scalars)
  }

  private mutating func scalar() -> Unicode.Scalar {
    switch Int.random(in: 0..<12, using: &rng) {
    case 0: return Unicode.Scalar(UInt8.random(in: 0...0x1F, using: &rng))  // control characters
    case 1: return ["\"", "\\", "/", "\u{7F}", "$", "~"].randomElement(using: &rng)!
    case 2: return Unicode.Scalar(UInt32.random(in: 0x80...0x7FF, using: &rng))!
    case 3:
      let value = UInt32.random(in: 0x800...0xFFFD, using: &rng)
      return Unicode.Scalar(value) ?? "\u{FFFD}"  // surrogates are no scalars
    case 4: return Unicode.Scalar(UInt32.random(in: 0x10000...0x10FFFF, using: &rng))!
    default: return Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng))
    }
  }

  /// A value that only the extended form can hold.
  package mutating func extendedScalar() -> MessagePackValue {
    func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) } }
    switch Int.random(in: 0..<9, using: &rng) {
    case 0: return .binary(bytes(Int.random(in: 0...20, using: &rng)))
    case 1:
      let size = [0, 1, 2, 3, 4, 5, 8, 16, 17].randomElement(using: &rng)!
      return .ext(type: Int8.random(in: Int8.min...Int8.max, using: &rng), data: bytes(size))
    case 2:
      let seconds =
        Bool.random(using: &rng)
        ? Int64.random(in: 0...(1 << 35), using: &rng) : Int64.random(in: Int64.min...Int64.max, using: &rng)
      let nanoseconds = Bool.random(using: &rng) ? 0 : UInt32.random(in: 0..<1_000_000_000, using: &rng)
      return .timestamp(MessagePackTimestamp(seconds: seconds, nanoseconds: nanoseconds))
    case 3: return .ext(type: -1, data: bytes([4, 8, 12].randomElement(using: &rng)!))  // any timestamp-sized payload
    case 4: return .float32(Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &rng)))
    case 5:
      return .float32(
        [Float.nan, .infinity, -.infinity, 0.1, -0.0, .leastNonzeroMagnitude].randomElement(using: &rng)!)
    case 6: return .float64([Double.nan, .infinity, -.infinity, -Double.nan].randomElement(using: &rng)!)
    case 7:  // NaN payloads
      return .float64(Double(bitPattern: 0x7FF0_0000_0000_0000 | (rng.next() & 0x000F_FFFF_FFFF_FFFF | 1)))
    default: return .float64(Double(bitPattern: 0xFFF0_0000_0000_0001 | rng.next() & 0x000F_FFFF_FFFF_FFFF))
    }
  }

  // MARK: JSON texts

  /// A JSON text and the value it stands for. Whitespace, escapes and number spellings vary; the
  /// expected values of floats come from the standard library's own parser, not ours.
  package mutating func jsonDocument() -> (text: String, value: MessagePackValue) {
    var text = whitespace()
    var elements: [MessagePackValue] = []
    text += "["
    for i in 0..<Int.random(in: 0...maxWidth, using: &rng) {
      if i > 0 { text += whitespace() + "," }
      text += whitespace()
      elements.append(jsonValue(depth: 1, into: &text))
    }
    text += whitespace() + "]" + whitespace()
    return (text, .array(elements))
  }

  private mutating func whitespace() -> String {
    guard Int.random(in: 0..<3, using: &rng) == 0 else { return "" }
    return String(
      (0..<Int.random(in: 1...3, using: &rng)).map { _ in [" ", "\t", "\n", "\r", "  "].randomElement(using: &rng)! }
        .joined())
  }

  private mutating func jsonValue(depth: Int, into text: inout String) -> MessagePackValue {
    let containers = depth < maxDepth
    switch Int.random(in: 0..<(containers ? 10 : 7), using: &rng) {
    case 0:
      let choice = Int.random(in: 0..<3, using: &rng)
      text += ["null", "true", "false"][choice]
      return [MessagePackValue.nil, true, false][choice]
    case 1, 2:
      let value = integer()
      text += jsonText(ofInteger: value)
      return value
    case 3, 4:
      let (spelling, value) = floatSpelling()
      text += spelling
      return .float64(value)
    case 5, 6:
      let value = string()
      text += jsonSpelling(of: value)
      return .string(value)
    case 7, 8:
      var elements: [MessagePackValue] = []
      text += "["
      for i in 0..<width(depth: depth) {
        if i > 0 { text += whitespace() + "," }
        text += whitespace()
        elements.append(jsonValue(depth: depth + 1, into: &text))
      }
      text += whitespace() + "]"
      return .array(elements)
    default:
      var entries: [MessagePackValue.MapEntry] = []
      text += "{"
      var keys: [String] = []
      for i in 0..<width(depth: depth) {
        if i > 0 { text += whitespace() + "," }
        let key =
          !keys.isEmpty && Bool.random(using: &rng) && Bool.random(using: &rng)
          ? keys.randomElement(using: &rng)! : string(maxLength: 12)
        keys.append(key)
        text += whitespace() + jsonSpelling(of: key) + whitespace() + ":" + whitespace()
        entries.append(.init(.string(key), jsonValue(depth: depth + 1, into: &text)))
      }
      text += whitespace() + "}"
      return .map(entries)
    }
  }

  private func jsonText(ofInteger value: MessagePackValue) -> String {
    switch value {
    case .int(let i): return String(i)
    case .uint(let u): return String(u)
    default: preconditionFailure("not an integer")
    }
  }

  /// A float spelled some way JSON allows (fraction and/or exponent, either case, signs, many digits),
  /// and the double the standard library reads it as.
  package mutating func floatSpelling() -> (String, Double) {
    while true {
      let spelling: String
      switch Int.random(in: 0..<4, using: &rng) {
      case 0:
        // The shortest spelling Swift prints, whatever it is.
        let d = double()
        spelling = d.description
      case 1:
        // Seventeen significant digits in exponent form.
        spelling = String(format: "%.16e", double())
      default:
        // Random digits, fraction and exponent.
        let negative = Bool.random(using: &rng) ? "-" : ""
        let integerDigits =
          Int.random(in: 0..<4, using: &rng) == 0
          ? "0" : digits(Int.random(in: 1...22, using: &rng), leadingNonZero: true)
        var text = negative + integerDigits
        let hasFraction = Bool.random(using: &rng)
        if hasFraction { text += "." + digits(Int.random(in: 1...25, using: &rng), leadingNonZero: false) }
        if !hasFraction || Bool.random(using: &rng) {
          text += Bool.random(using: &rng) ? "e" : "E"
          text += ["", "+", "-"].randomElement(using: &rng)!
          text += String(Int.random(in: 0...340, using: &rng))
        }
        spelling = text
      }
      if let value = Double(spelling), value.isFinite,
        spelling.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
      {
        return (spelling, value)
      }
    }
  }

  private mutating func digits(_ count: Int, leadingNonZero: Bool) -> String {
    String(
      (0..<count).map { i in
        Character(String(Int.random(in: (i == 0 && leadingNonZero ? 1 : 0)...9, using: &rng)))
      })
  }

  /// A string literal for `value`, escaping what JSON requires and, at random, other characters too
  /// (`\/`, `\uXXXX` in either case, surrogate pairs for characters outside the BMP).
  package mutating func jsonSpelling(of value: String) -> String {
    var text = "\""
    for scalar in value.unicodeScalars {
      let escapeAnyway = Int.random(in: 0..<5, using: &rng) == 0
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += escapeAnyway ? "\\u000A" : "\\n"
      case "\t": text += "\\t"
      case "\r": text += "\\r"
      case "\u{8}": text += "\\b"
      case "\u{C}": text += "\\f"
      case "/" where escapeAnyway: text += "\\/"
      case _ where scalar.value < 0x20 || escapeAnyway: text += unicodeEscape(scalar)
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }

  private mutating func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
    let upper = Bool.random(using: &rng)
    func hex4(_ unit: UInt16) -> String {
      let digits = String(unit, radix: 16, uppercase: upper)
      return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
    return String(scalar).utf16.map(hex4).joined()
  }
}

/// Writes values in randomly chosen, often non-canonical, formats: integers in wider (or the other
/// signedness's) formats, strings, binary and extension values with wider length fields, containers
/// with wider counts. Every choice is one the spec allows, so the bytes must read as the same value.
package struct NonCanonicalWriter {
  package var rng: SeededGenerator

  package init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

  package mutating func write(_ value: MessagePackValue) -> [UInt8] {
    var out: [UInt8] = []
    write(value, to: &out)
    return out
  }

  private func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.bigEndian) { Array($0) }
  }

  private mutating func integer(_ value: MessagePackValue, to out: inout [UInt8]) {
    var choices: [[UInt8]] = []
    switch value {
    case .int(let i):
      if (0...127).contains(i) { choices.append([UInt8(i)]) }
      if (-32...(-1)).contains(i) { choices.append([UInt8(bitPattern: Int8(i))]) }
      if let v = UInt8(exactly: i) { choices.append([0xCC] + bigEndian(v)) }
      if let v = UInt16(exactly: i) { choices.append([0xCD] + bigEndian(v)) }
      if let v = UInt32(exactly: i) { choices.append([0xCE] + bigEndian(v)) }
      if let v = UInt64(exactly: i) { choices.append([0xCF] + bigEndian(v)) }
      if let v = Int8(exactly: i) { choices.append([0xD0] + bigEndian(v)) }
      if let v = Int16(exactly: i) { choices.append([0xD1] + bigEndian(v)) }
      if let v = Int32(exactly: i) { choices.append([0xD2] + bigEndian(v)) }
      choices.append([0xD3] + bigEndian(i))
    case .uint(let u):
      choices.append([0xCF] + bigEndian(u))
    default: preconditionFailure()
    }
    out += choices.randomElement(using: &rng)!
  }

  /// A length or count head: the fix form when `fixBase` allows it, or a wider form.
  private mutating func head(
    _ n: Int, fixBase: UInt8?, fixLimit: Int, formats: [UInt8], widths: [Int], to out: inout [UInt8]
  ) {
    var choices: [[UInt8]] = []
    if let fixBase, n < fixLimit { choices.append([fixBase | UInt8(n)]) }
    for (format, width) in zip(formats, widths) where width == 4 || n < 1 << (8 * width) {
      switch width {
      case 1: choices.append([format, UInt8(n)])
      case 2: choices.append([format] + bigEndian(UInt16(n)))
      default: choices.append([format] + bigEndian(UInt32(n)))
      }
    }
    out += choices.randomElement(using: &rng)!
  }

  private mutating func write(_ value: MessagePackValue, to out: inout [UInt8]) {
    switch value {
    case .int, .uint: integer(value, to: &out)
    case .string(let s):
      head(s.utf8.count, fixBase: 0xA0, fixLimit: 32, formats: [0xD9, 0xDA, 0xDB], widths: [1, 2, 4], to: &out)
      out += s.utf8
    case .binary(let b):
      head(b.count, fixBase: nil, fixLimit: 0, formats: [0xC4, 0xC5, 0xC6], widths: [1, 2, 4], to: &out)
      out += b
    case .ext(let type, let data):
      let fixFormats: [Int: UInt8] = [1: 0xD4, 2: 0xD5, 4: 0xD6, 8: 0xD7, 16: 0xD8]
      if let fix = fixFormats[data.count], Bool.random(using: &rng) {
        out += [fix, UInt8(bitPattern: type)]
      } else {
        head(data.count, fixBase: nil, fixLimit: 0, formats: [0xC7, 0xC8, 0xC9], widths: [1, 2, 4], to: &out)
        out.append(UInt8(bitPattern: type))
      }
      out += data
    case .array(let elements):
      head(elements.count, fixBase: 0x90, fixLimit: 16, formats: [0xDC, 0xDD], widths: [2, 4], to: &out)
      for element in elements { write(element, to: &out) }
    case .map(let entries):
      head(entries.count, fixBase: 0x80, fixLimit: 16, formats: [0xDE, 0xDF], widths: [2, 4], to: &out)
      for entry in entries {
        write(entry.key, to: &out)
        write(entry.value, to: &out)
      }
    default:
      out += MessagePackWriter().write(value)  // nil, booleans and floats have one encoding each
    }
  }
}
