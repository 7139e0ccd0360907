import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// The converter reads short numbers eight digits at a time when at least 24 bytes follow them (see
/// `JSONToMessagePack.shortNumber()`); the other tests mostly read documents too short for that. Here each
/// number stands in an array padded with spaces, so the fast path reads it, and must read it as the
/// standard library does, or leave it to the exact path.
@Suite("JSON numbers in long documents: the eight-digit fast path reads as the standard library does")
struct JSONNumberFastPathTests {
  /// The MessagePack of `[number]` followed by enough spaces for the fast path.
  private func convert(_ number: String) throws(FormatError) -> [UInt8] {
    try Converter.toMessagePack(json: utf8("[" + number + "]" + String(repeating: " ", count: 40)))
  }

  /// What the number must read as: an integer when it has no fraction or exponent, else a double.
  private func expected(_ number: String) -> [UInt8]? {
    let isFloat = number.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
    let value: MessagePackValue
    if isFloat {
      guard let double = Double(number) else { return nil }
      value = .float64(double)
    } else if let int = Int64(number) {
      value = .int(int)
    } else {
      return nil
    }
    return MessagePackWriter().write(.array([value]))
  }

  @Test(
    "every shape at the fast path's edges",
    arguments: [
      "0", "-0", "0.0", "-0.0", "1", "-1", "7", "127", "128", "-32", "-33", "255", "256", "65535", "65536",
      "9999999", "-9999999", "10000000", "-10000000", "12345678", "0.5", "-0.752", "11.744", "0.0000001",
      "0.00000001", "9999999.9999999", "9999999.99999999", "1234567.1234567", "0.1", "0.2", "0.3", "1.5e3",
      "1.5E3", "1e5", "1E-5", "-0.3e1", "2.5e+2", "1.0", "100.25", "0.3000000",
    ])
  func edges(_ number: String) throws {
    #expect(try convert(number) == expected(number), "\(number)")
  }

  @Test("random short numbers, with and without fractions, signs and exponents")
  func randomNumbers() throws {
    var rng = SeededGenerator(seed: 0x5107_F457)
    func digits(_ count: Int, leadingNonZero: Bool) -> String {
      String(
        (0..<count).map { i in
          Character(String(Int.random(in: (i == 0 && leadingNonZero ? 1 : 0)...9, using: &rng)))
        })
    }
    for _ in 0..<5000 {
      var number = Bool.random(using: &rng) ? "-" : ""
      let integerDigits = Int.random(in: 1...9, using: &rng)
      number += integerDigits == 1 ? digits(1, leadingNonZero: false) : digits(integerDigits, leadingNonZero: true)
      if Int.random(in: 0..<3, using: &rng) > 0 {
        number += "." + digits(Int.random(in: 1...9, using: &rng), leadingNonZero: false)
      }
      if Int.random(in: 0..<8, using: &rng) == 0 { number += "e" + String(Int.random(in: -30...30, using: &rng)) }
      #expect(try convert(number) == expected(number), "\(number)")
    }
  }

  @Test(
    "malformed numbers keep their errors and offsets",
    arguments: [
      ("01", "a number cannot start with 0 followed by digits"),
      ("-01.5", "a number cannot start with 0 followed by digits"),
      ("1.", "a number needs a digit after '.'"),
      ("-.5", "a number needs a digit after '-'"),
      ("1.5e", "a number needs a digit in its exponent"),
      ("-", "a number needs a digit after '-'"),
    ])
  func malformed(_ number: String, _ message: String) throws {
    do {
      let bytes = try convert(number)
      Issue.record("read \(number) as \(bytes)")
    } catch {
      #expect(error.message == message)
      #expect(error.offset == 1)
      #expect(error.path.description == "/0")
    }
  }

  @Test("-Infinity is still named as not JSON")
  func negativeInfinity() throws {
    do {
      _ = try convert("-Infinity")
      Issue.record("read -Infinity")
    } catch {
      #expect(error.code == .nonFiniteNumber)
      #expect(error.offset == 1)
    }
  }
}

/// Strings of up to 15 bytes of ASCII without escapes are found in one test of the sixteen bytes after
/// their opening quote (see `JSONToMessagePack.shortASCIIString()`) when at least that many bytes follow;
/// every other string, and any string near the end of the input, is read byte by byte as before.
@Suite("JSON strings in long documents: the short ASCII fast path reads as the general path does")
struct JSONShortStringFastPathTests {
  /// The MessagePack of `[string]` followed by enough spaces for the fast path.
  private func convert(_ json: String) throws(FormatError) -> [UInt8] {
    try Converter.toMessagePack(json: utf8("[" + json + "]" + String(repeating: " ", count: 40)))
  }

  @Test("random strings of 0 to 20 characters, ASCII, escaped and beyond ASCII, keys and values")
  func randomStrings() throws {
    var rng = SeededGenerator(seed: 0x57_1236)
    let alphabet: [Unicode.Scalar] = ["a", "Z", "0", " ", "-", "\"", "\\", "/", "\n", "\u{1}", "é", "€", "😀", "~"]
    for _ in 0..<5000 {
      let length = Int.random(in: 0...20, using: &rng)
      var text = ""
      for _ in 0..<length {
        let plain = Int.random(in: 0..<4, using: &rng) > 0
        text.unicodeScalars.append(
          plain ? Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &rng)) : alphabet.randomElement(using: &rng)!)
      }
      let expected = MessagePackWriter().write(.array([.string(text)]))
      #expect(try convert(referenceEscaped(text)) == expected, "\(referenceEscaped(text))")
      let asKey = MessagePackWriter().write(.array([.map([.init(.string(text), .int(1))])]))
      #expect(try convert("{" + referenceEscaped(text) + ": 1}") == asKey, "\(referenceEscaped(text))")
    }
  }

  @Test("a control character in a short string keeps its error and offset")
  func controlCharacter() throws {
    do {
      _ = try convert("\"ab\u{1}c\"")
      Issue.record("read a raw control character")
    } catch {
      #expect(error.code == .unescapedControlCharacter)
      #expect(error.offset == 4)
    }
  }

  @Test("invalid UTF-8 in a short string keeps its error and offset")
  func invalidUTF8() throws {
    let bytes = utf8("[\"ab") + [0xFF] + utf8("c\"]" + String(repeating: " ", count: 40))
    do {
      _ = try Converter.toMessagePack(json: bytes)
      Issue.record("read invalid UTF-8")
    } catch {
      #expect(error.code == .invalidUTF8)
      #expect(error.offset == 4)
    }
  }
}

/// Whitespace is tested as one bit of a mask, and the spaces after it sixteen at a time: every mixture of
/// the four JSON whitespace characters is skipped, and any other control character is an error where it
/// stands.
@Suite("JSON whitespace between tokens: the four characters JSON allows, and no other")
struct JSONWhitespaceTests {
  @Test("random runs of spaces, newlines, returns and tabs, some with a control character JSON does not allow")
  func randomWhitespace() throws {
    var rng = SeededGenerator(seed: 0x3B17_E5AC)
    let allowed: [UInt8] = [0x20, 0x0A, 0x0D, 0x09]
    let padding = [UInt8](repeating: 0x20, count: 40)
    for _ in 0..<3000 {
      var run: [UInt8] = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
        Int.random(in: 0..<4, using: &rng) == 0 ? allowed.randomElement(using: &rng)! : 0x20
      }
      var bad: Int?
      if Int.random(in: 0..<4, using: &rng) == 0 {
        let at = Int.random(in: 0...run.count, using: &rng)
        run.insert([0x00, 0x01, 0x0B, 0x0C, 0x1F].randomElement(using: &rng)!, at: at)
        bad = 3 + at
      }
      let json = utf8("[1,") + run + utf8("{\"k\":") + run + utf8("2}") + run + utf8("]") + padding
      do {
        let bytes = try Converter.toMessagePack(json: json)
        #expect(bad == nil, "accepted \(run)")
        #expect(bytes == MessagePackWriter().write(.array([.int(1), .map([.init(.string("k"), .int(2))])])))
      } catch {
        #expect(error.code == .unexpectedCharacter, "\(run)")
        #expect(error.offset == bad, "\(run)")
      }
    }
  }
}
