#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reading and writing JSON numbers without losing the integer/float distinction.
enum JSONNumber {
  enum Value {
    case int(Int64)
    case uint(UInt64)
    case double(Double)
  }

  /// Exact powers of ten a double holds: up to 10^22.
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
  ]

  /// 10^0 to 10^7, for the converter's fast path for short numbers.
  static let integerPowersOfTen: [Int64] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000]

  /// Scans a number token at `offset` (a '-' or digit is there), checking the JSON grammar.
  ///
  /// Integers must fit in -2^63...2^64-1; anything outside is an error rather than a float. Floats are
  /// correctly rounded: the common short cases exactly by Clinger's fast path, the rest by `strtod`.
  @inline(__always)
  static func scan(_ bytes: ByteView, at offset: inout Int) throws(FormatError) -> Value {
    let start = offset
    var i = offset
    let count = bytes.count
    let negative = bytes[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    var mantissa: UInt64 = 0
    var significantDigits = 0
    var overflowed = false
    guard i < count, isDigit(bytes[i]) else { throw failure(.invalidNumber, "a number needs a digit after '-'", start) }
    if bytes[i] == UInt8(ascii: "0") {
      i += 1
      if i < count && isDigit(bytes[i]) {
        throw failure(.invalidNumber, "a number cannot start with 0 followed by digits", start)
      }
    } else {
      while i < count, isDigit(bytes[i]) {
        let digit = UInt64(bytes[i] &- UInt8(ascii: "0"))
        if significantDigits < 19 {
          // Below 10^18 before this digit, below 10^19 after it: no overflow to check for.
          mantissa = mantissa &* 10 &+ digit
        } else {
          let (times10, o1) = mantissa.multipliedReportingOverflow(by: 10)
          let (sum, o2) = times10.addingReportingOverflow(digit)
          if o1 || o2 { overflowed = true } else { mantissa = sum }
        }
        significantDigits += 1
        i += 1
      }
    }
    var isFloat = false
    var fractionDigits = 0
    if i < count && bytes[i] == UInt8(ascii: ".") {
      isFloat = true
      i += 1
      guard i < count, isDigit(bytes[i]) else {
        throw failure(.invalidNumber, "a number needs a digit after '.'", start)
      }
      while i < count, isDigit(bytes[i]) {
        let digit = UInt64(bytes[i] &- UInt8(ascii: "0"))
        if significantDigits &+ fractionDigits < 19 {
          // At most 18 digits so far (none lost), so at most 19 after this one: no overflow.
          mantissa = mantissa &* 10 &+ digit
        } else if !overflowed {
          let (times10, o1) = mantissa.multipliedReportingOverflow(by: 10)
          let (sum, o2) = times10.addingReportingOverflow(digit)
          if o1 || o2 { overflowed = true } else { mantissa = sum }
        }
        fractionDigits += 1
        i += 1
      }
    }
    var exponent = 0
    // Past 100000 the exponent is no longer added up; the text then goes to `strtod` whole.
    var exponentCapped = false
    if i < count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
      isFloat = true
      i += 1
      var exponentNegative = false
      if i < count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
        exponentNegative = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      guard i < count, isDigit(bytes[i]) else {
        throw failure(.invalidNumber, "a number needs a digit in its exponent", start)
      }
      while i < count, isDigit(bytes[i]) {
        if exponent < 100_000 {
          exponent = exponent * 10 + Int(bytes[i] &- UInt8(ascii: "0"))
        } else {
          exponentCapped = true
        }
        i += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    offset = i

    if !isFloat {
      if overflowed { throw outOfRange(bytes, start, i) }
      if negative {
        if mantissa <= UInt64(Int64.max) { return .int(-Int64(mantissa)) }
        if mantissa == UInt64(Int64.max) + 1 { return .int(Int64.min) }
        throw outOfRange(bytes, start, i)
      }
      return mantissa <= UInt64(Int64.max) ? .int(Int64(mantissa)) : .uint(mantissa)
    }

    // Clinger's fast path: an exactly representable mantissa scaled by an exact power of ten. Only when
    // every digit was counted: with a capped exponent, `scale` would be wrong (`0.<100000 zeros>1e1000000`
    // is 1e899999, not 0.1).
    let scale = exponent - fractionDigits
    if !overflowed && !exponentCapped && mantissa <= 1 << 53 && scale >= -22 && scale <= 22 {
      var value = Double(mantissa)
      value = scale < 0 ? value / powersOfTen[-scale] : value * powersOfTen[scale]
      return .double(negative ? -value : value)
    }
    let text = bytes[start..<i].string
    guard let value = Double(text), value.isFinite else {
      throw failure(.floatOutOfRange, "number \(abbreviated(text)) is too large for a 64-bit float", start)
    }
    return .double(value)
  }

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  @inline(never)
  private static func failure(_ code: FormatError.Code, _ message: String, _ offset: Int) -> FormatError {
    FormatError(code: code, format: .json, offset: offset, message: message)
  }

  @inline(never)
  private static func outOfRange(_ bytes: ByteView, _ start: Int, _ end: Int) -> FormatError {
    let text = bytes[start..<end].string
    return failure(
      .integerOutOfRange,
      "integer \(abbreviated(text)) is outside the range MessagePack holds (-2^63...2^64-1); write it with a fraction or exponent to make it a float",
      start)
  }

  private static func abbreviated(_ text: String) -> String {
    text.count <= 40 ? text : "\(text.prefix(20))…\(text.suffix(8)) (\(text.count) characters)"
  }

  // MARK: Float32

  /// The float32 nearest a decimal number, worked out from `nearestDouble`, the double nearest the number
  /// (as ``scan(_:at:)`` reads it, correctly rounded); `nil` where the double cannot tell, for the caller to
  /// round the number's text itself (``float32(text:)``).
  ///
  /// Rounding to a double and then to a float32 gives the float32 nearest the number except where the
  /// double lands exactly halfway between two float32s: then the number may lie on either side of that
  /// midpoint (`1.0000000596046448` lies above `1 + 2^-24`, and its double is that midpoint, which rounds to
  /// even, `1.0`). Anywhere else the two roundings agree: a midpoint is itself a double, so a double nearer
  /// the number than that midpoint is on the same side of it. That covers the midpoints between subnormal
  /// float32s and the one past the largest float32 alike.
  @inline(__always)
  static func nearestFloat32(toDecimalRoundedTo nearestDouble: Double) -> Float? {
    let d = nearestDouble
    let f = Float(d)
    let back = Double(f)
    if back == d { return f }
    if f.isInfinite {
      guard d.isFinite else { return f }
      // Past the largest float32 by exactly half its unit in the last place: the midpoint to infinity.
      return d.magnitude == Double(Float.greatestFiniteMagnitude) + 0x1p103 ? nil : f
    }
    let other = d > back ? f.nextUp : f.nextDown
    // Both are float32s, so their sum and half of it are exact in a double (for the largest float32 and
    // infinity, the sum is infinite and no finite `d` equals it).
    return d == (back + Double(other)) / 2 ? nil : f
  }

  /// The float32 nearest the number a JSON number's text spells, correctly rounded (`nil` when `text` is
  /// not a number). Slow (it makes a string): for the numbers ``nearestFloat32(toDecimalRoundedTo:)`` cannot
  /// settle.
  static func float32(text: ByteView) -> Float? {
    Float(text.string)
  }

  /// Writes a finite float32 as the shortest text that reads back to the same float32 (`0.33`, where the
  /// double it widens to prints as `0.33000001311302185`), always with a fraction or an exponent.
  static func write(_ value: Float, to out: ByteBuffer) {
    out.append(value.description)  // Swift prints the shortest digits that round-trip, as `1.0` or `1e-05`
  }

  // MARK: Writing

  /// Writes an integer in decimal.
  @inline(__always)
  static func write(_ value: Int64, to out: ByteBuffer) {
    if value < 0 {
      out.append(UInt8(ascii: "-"))
      write(UInt64(bitPattern: 0 &- value), to: out)  // magnitude, Int64.min included
    } else {
      write(UInt64(value), to: out)
    }
  }

  @inline(__always)
  static func write(_ value: UInt64, to out: ByteBuffer) {
    if value < 10 {
      out.append(UInt8(ascii: "0") &+ UInt8(value))
      return
    }
    out.appendDecimal(value)
  }

  /// Writes a finite double as the shortest text that reads back to the same double, always with a
  /// fraction or an exponent so it reads back as a float (`1.0`, never `1`).
  @inline(__always)
  static func write(_ value: Double, to out: ByteBuffer) {
    if writeShortDecimal(value, to: out) { return }
    out.append(value.description)  // Swift prints the shortest round-tripping digits
  }

  /// The fast path for the numbers animation files are full of (`-0.648`, `0.25`, `90.0`): a value
  /// between 10^-4 and 10^15 that reads back exactly from at most eight decimals is printed from its
  /// scaled integer with the fewest decimals that read back, which is the shortest text that round-trips,
  /// as `description` would print it.
  @inline(__always)
  private static func writeShortDecimal(_ value: Double, to out: ByteBuffer) -> Bool {
    let magnitude = value.magnitude
    guard magnitude >= 1e-4 && magnitude < 1e15 else { return false }
    let found = magnitude < 0x1p20 ? scaledByEightDecimals(magnitude) : scaledByFewestDecimals(magnitude)
    guard let (digits, decimals) = found else { return false }
    if value.sign == .minus { out.append(UInt8(ascii: "-")) }
    var divisor: UInt64 = 1
    for _ in 0..<decimals { divisor &*= 10 }
    write(digits / divisor, to: out)
    out.append(UInt8(ascii: "."))
    if decimals == 0 {
      out.append(UInt8(ascii: "0"))
    } else {
      out.appendDigits(digits % divisor, count: decimals)
    }
    return true
  }

  /// `magnitude` (from 10^-4 to 10^15) as `digits` / 10^`decimals` with the fewest decimals, up to eight,
  /// that read back as it, trying each number of decimals from none up; `nil` when none does.
  @inline(__always)
  static func scaledByFewestDecimals(_ magnitude: Double) -> (digits: UInt64, decimals: Int)? {
    // 10^decimals, exact up to 10^8.
    var power = 1.0
    for decimals in 0...8 {
      if decimals > 0 { power *= 10 }
      guard magnitude * power < 9_007_199_254_740_992 else { return nil }  // 2^53: beyond it the test is unsound
      if let digits = roundedIfReadsBack(magnitude, scale: power) { return (digits, decimals) }
    }
    return nil
  }

  /// ``scaledByFewestDecimals(_:)`` below 2^20 (from 10^-4), in one division instead of one for each
  /// number of decimals tried (most of `to-json`'s time on numbers): eight decimals first, then the
  /// trailing zeros dropped. The same answer, because below 2^20 a double's spacing is under 2^-32: two
  /// texts of at most eight decimals (1e-8 apart at least) cannot read back as the same double, so when
  /// some number of decimals reads back, eight do, with the same digits and zeros after them; and
  /// `magnitude` times a power of ten up to 10^8 lies within 0.02 of those digits, so each number of
  /// decimals rounds to them. `JSONNumberFormattingTests` holds both to `description`.
  @inline(__always)
  static func scaledByEightDecimals(_ magnitude: Double) -> (digits: UInt64, decimals: Int)? {
    // The product is below 2^47.
    guard var digits = roundedIfReadsBack(magnitude, scale: 1e8) else { return nil }
    var decimals = 8
    while decimals > 0 && digits % 10 == 0 {
      digits /= 10
      decimals -= 1
    }
    return (digits, decimals)
  }

  /// `magnitude` times `scale` (the product below 2^53) rounded to an integer (half away from zero), when that
  /// integer divided by `scale` reads back as `magnitude`; `nil` otherwise.
  @inline(__always)
  private static func roundedIfReadsBack(_ magnitude: Double, scale: Double) -> UInt64? {
    let product = magnitude * scale
    // `product.rounded()` (half away from zero), without libm's `round`: the truncation and the difference
    // from it are exact for 0 <= product < 2^53.
    var digits = UInt64(Int64(product))
    var scaled = Double(digits)
    if product - scaled >= 0.5 {
      scaled += 1
      digits &+= 1
    }
    return scaled / scale == magnitude ? digits : nil
  }
}
