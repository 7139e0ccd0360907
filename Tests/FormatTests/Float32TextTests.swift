import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// A colour component's JSON text becomes the float32 nearest the number it spells, correctly rounded from
/// the text itself, and `to-json` prints a float32 as the shortest text that reads back to it: the two
/// halves of a colour's round trip through plain JSON.
///
/// Reading goes through the double nearest the text (``JSONNumber/scan(_:at:)``), then
/// ``JSONNumber/nearestFloat32(toDecimalRoundedTo:)``, which hands back the texts whose double lands exactly
/// halfway between two float32s to ``JSONNumber/float32(text:)``. These tests hold that path to exact
/// answers worked out here with integers, at the midpoints where rounding twice goes wrong.
@Suite("Float32 from JSON text, and back")
struct Float32TextTests {
  /// The float32 a colour component's text becomes, by the converter's path.
  static func float32(_ text: String) throws -> Float {
    let bytes = Array(text.utf8)
    return try withBytes(bytes) { (view) throws(FormatError) -> Float in
      var offset = 0
      guard case .double(let d) = try JSONNumber.scan(view, at: &offset) else { return .nan }
      return JSONNumber.nearestFloat32(toDecimalRoundedTo: d) ?? JSONNumber.float32(text: view) ?? .nan
    }
  }

  /// The exact decimal expansion of a finite non-negative double (every binary fraction has one), with a
  /// fraction: `1.000000059604644775390625`, `8388608.0`.
  static func exactDecimal(_ value: Double) -> String {
    precondition(value.isFinite && value >= 0)
    if value == 0 { return "0.0" }
    // value = significand · 2^exponent, the significand an integer of at most 53 bits.
    var significand = value.significandBitPattern | (value.isNormal ? 1 << 52 : 0)
    var exponent = Int(value.exponent) - 52
    if !value.isNormal { exponent = -1074 }
    while significand & 1 == 0 && exponent < 0 {
      significand >>= 1
      exponent += 1
    }
    // Limbs of a big integer in base 10^9, least significant first.
    var limbs: [UInt64] = [
      significand % 1_000_000_000, significand / 1_000_000_000 % 1_000_000_000,
      significand / 1_000_000_000_000_000_000,
    ]
    func multiply(by factor: UInt64) {
      var carry: UInt64 = 0
      for i in limbs.indices {
        let product = limbs[i] * factor + carry
        limbs[i] = product % 1_000_000_000
        carry = product / 1_000_000_000
      }
      while carry > 0 {
        limbs.append(carry % 1_000_000_000)
        carry /= 1_000_000_000
      }
    }
    // significand · 2^exponent = significand · 5^-exponent / 10^-exponent for a negative exponent.
    let fractionDigits = max(0, -exponent)
    for _ in 0..<abs(exponent) { multiply(by: exponent < 0 ? 5 : 2) }
    while limbs.count > 1 && limbs.last == 0 { limbs.removeLast() }
    var digits = String(limbs.last!)
    for limb in limbs.dropLast().reversed() {
      let part = String(limb)
      digits += String(repeating: "0", count: 9 - part.count) + part
    }
    if digits.count <= fractionDigits {
      digits = String(repeating: "0", count: fractionDigits - digits.count + 1) + digits
    }
    let point = digits.count - fractionDigits
    let fraction = fractionDigits == 0 ? "0" : String(digits.suffix(fractionDigits))
    return String(digits.prefix(point)) + "." + fraction
  }

  /// A positive integer's digits, less one.
  static func decremented(_ digits: String) -> String {
    var bytes = Array(digits.utf8)
    var i = bytes.count - 1
    while bytes[i] == UInt8(ascii: "0") {
      bytes[i] = UInt8(ascii: "9")
      i -= 1
    }
    bytes[i] -= 1
    let text = String(decoding: bytes, as: UTF8.self)
    return text.count > 1 && text.hasPrefix("0") ? String(text.dropFirst()) : text
  }

  /// Floats to look around: across the exponents, the subnormals, and the ends of the range.
  static func sampleFloats(count: Int, seed: UInt64) -> [Float] {
    var rng = SeededGenerator(seed: seed)
    var floats: [Float] = [
      0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1, 0.33, 0.5, 0.1, .greatestFiniteMagnitude,
      Float.greatestFiniteMagnitude.nextDown, Float.leastNormalMagnitude.nextDown, 16_777_216, 3.4e38,
    ]
    while floats.count < count {
      let pattern = UInt32.random(in: 0..<0x7F80_0000, using: &rng)  // every finite positive float
      floats.append(Float(bitPattern: pattern))
      floats.append(Float(bitPattern: UInt32.random(in: 0...0x3F80_0000, using: &rng)))  // 0...1
    }
    return floats
  }

  @Test("At every midpoint between two float32s: above it rounds up, below it down, on it to even")
  func midpoints() throws {
    for f in Self.sampleFloats(count: 4_000, seed: 1) {
      let up = f.nextUp
      let midpoint = f == .greatestFiniteMagnitude ? Double(f) + 0x1p103 : (Double(f) + Double(up)) / 2
      let exact = Self.exactDecimal(midpoint)
      // The texts: exactly the midpoint, a hair above and below it (a digit past every double's reach).
      let above = exact + "00000000000000000000001"
      // An integral midpoint (between float32s 2 or more apart) less a half; a fraction's expansion ends in 5.
      let below =
        exact.hasSuffix(".0")
        ? Self.decremented(String(exact.dropLast(2))) + ".5" : String(exact.dropLast()) + "4999999999999999999999999"
      let even = f.bitPattern & 1 == 0 ? f : up
      #expect(try Self.float32(exact) == even, "\(exact)")
      #expect(try Self.float32(above) == up, "\(above)")
      #expect(try Self.float32(below) == f, "\(below)")
      // Negative numbers mirror them.
      #expect(try Self.float32("-" + above) == -up, "-\(above)")
    }
  }

  @Test("A float32's shortest text, and its double's exact text, read back to the same float32")
  func roundTrips() throws {
    for f in Self.sampleFloats(count: 40_000, seed: 2) {
      #expect(try Self.float32(f.description) == f, "\(f)")
      #expect(try Self.float32(Double(f).description) == f, "\(Double(f))")
      #expect(try Self.float32("-" + f.description) == -f, "-\(f)")
    }
  }

  @Test("Any decimal reads as the float32 Swift's own correctly rounded parser gives")
  func randomDecimals() throws {
    var rng = SeededGenerator(seed: 3)
    for _ in 0..<40_000 {
      func digits(_ count: Int) -> String {
        (0..<count).map { _ in String(Int.random(in: 0...9, using: &rng)) }.joined()
      }
      let integerPart =
        Bool.random(using: &rng)
        ? "0" : String(Int.random(in: 1...9, using: &rng)) + digits(Int.random(in: 0...12, using: &rng))
      let text =
        integerPart + "." + String(Int.random(in: 0...9, using: &rng)) + digits(Int.random(in: 0...15, using: &rng))
        + "e" + String(Int.random(in: -50...40, using: &rng))
      #expect(try Self.float32(text) == Float(text), "\(text)")
    }
  }

  /// Every float32 from 0 to 1 (1,065,353,217 of them), by hand: `INERTIA_EXHAUSTIVE_FLOAT32=1 swift test -c
  /// release --filter Float32TextTests` (about a minute a core in release).
  @Test(
    "Every float32 from 0 to 1: its shortest text reads back to it",
    .enabled(if: ProcessInfo.processInfo.environment["INERTIA_EXHAUSTIVE_FLOAT32"] != nil))
  func everyFloatFromZeroToOne() throws {
    var failures = 0
    for pattern in UInt32(0)...Float(1).bitPattern {
      let f = Float(bitPattern: pattern)
      if try Self.float32(f.description) != f { failures += 1 }
    }
    #expect(failures == 0)
  }

  @Test("The exact expansion of a double is exact")
  func exactDecimals() {
    #expect(Self.exactDecimal(0.5) == "0.5")
    #expect(Self.exactDecimal(1 + 0x1p-24) == "1.000000059604644775390625")
    #expect(Self.exactDecimal(8_388_608) == "8388608.0")
    #expect(Self.exactDecimal(0.1) == "0.1000000000000000055511151231257827021181583404541015625")
    #expect(Double(Self.exactDecimal(0x1p-149)) == 0x1p-149)
  }
}
