import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// The fast decimal path must print exactly what Swift's shortest round-trip `description` prints.
@Suite struct JSONNumberFormattingTests {
  private func printed(_ value: Double) -> String {
    let out = ByteBuffer()
    JSONNumber.write(value, to: out)
    return String(decoding: out.bytes, as: UTF8.self)
  }

  @Test(arguments: [
    0.0, -0.0, 1.0, -1.0, 0.5, -0.648, 0.008, 90.0, 1e-4, 9.9999e-5, 123456.789, 1e15, 999999999999999.9,
    0.1, 0.2, 0.30000000000000004, .leastNonzeroMagnitude, 1.7976931348623157e308, 4503599627370496.5, 2.5e-4,
    // Either side of 2^20, where one division stands for trying each number of decimals.
    0x1p20, 0x1p20.nextDown, 0x1p20.nextUp, 1048575.12345678, 1048576.12345678, 1048575.123456789, 0.12345678,
    0.123456789, 0.00010000000000000002, 1e-4.nextDown, 99999.99999999, 0.99999999, 0.999999999, 524287.5,
  ])
  func matchesDescription(_ value: Double) {
    #expect(printed(value) == value.description)
  }

  @Test func matchesDescriptionOnManyValues() {
    var generator = SystemRandomNumberGenerator()
    var mismatches: [Double] = []
    for round in 0..<200_000 {
      let value: Double
      switch round % 4 {
      case 0:  // editor-like values: a few decimals
        let decimals = Int.random(in: 0...9, using: &generator)
        value =
          (Double.random(in: -1000...1000, using: &generator) * Double(pow10(decimals))).rounded()
          / Double(pow10(decimals))
      case 1:
        // Either side of 2^20, then from 10^-4 to 1.
        let scale = Double(pow10(Int.random(in: 0...9, using: &generator)))
        value =
          round % 8 == 1
          ? (Double.random(in: 0x1p19...0x1p21, using: &generator) * scale).rounded() / scale
          : Double.random(in: -1...1, using: &generator)
      case 2: value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
      default: value = Double(Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &generator)))
      }
      guard value.isFinite else { continue }
      if printed(value) != value.description { mismatches.append(value) }
    }
    #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5).map { ($0, $0.description) })")
  }

  @Test("below 2^20, eight decimals and their trailing zeros dropped give the fewest decimals that read back")
  func oneDivisionMatchesEachNumberOfDecimals() {
    var generator = SystemRandomNumberGenerator()
    var mismatches: [Double] = []
    for round in 0..<300_000 {
      // Spread evenly over the magnitudes from 10^-4 to 2^20, half of them cut to a few decimals.
      var value = pow(10, Double.random(in: -4...log10(0x1p20), using: &generator))
      if round % 2 == 0 {
        let scale = Double(pow10(Int.random(in: 0...9, using: &generator)))
        value = (value * scale).rounded() / scale
      }
      guard value >= 1e-4 && value < 0x1p20 else { continue }
      let one = JSONNumber.scaledByEightDecimals(value)
      let each = JSONNumber.scaledByFewestDecimals(value)
      if one?.digits != each?.digits || one?.decimals != each?.decimals { mismatches.append(value) }
    }
    #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
  }

  private func pow10(_ n: Int) -> Int { (0..<n).reduce(1) { r, _ in r * 10 } }
}
