import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// The converter reads a lone digit (`JSONToMessagePack.singleDigit()`) and a fraction with one digit
/// before its point (the first case of `shortNumber()`) from the byte after it or from one word, before
/// the general paths. Each random token here, of the shapes animation files hold and their near misses,
/// is followed by a random byte, some of which continue a number; what the converter makes of it must be
/// what the general path, `JSONNumber.scan`, reads there: the same error, or the same number and then the
/// same reading of what follows.
@Suite("JSON numbers: the lone-digit and one-word fraction paths read as the general path does")
struct JSONNumberShortFormTests {
  /// What the general path reads at offset 1 of `bytes`: the number's end and the MessagePack of its
  /// value, or its error.
  private func scanned(_ bytes: [UInt8]) -> Result<(end: Int, value: MessagePackValue), FormatError> {
    withBytes(bytes) { view in
      var end = 1
      do throws(FormatError) {
        switch try JSONNumber.scan(view, at: &end) {
        case .int(let value): return .success((end, .int(value)))
        case .uint(let value): return .success((end, .uint(value)))
        case .double(let value): return .success((end, .float64(value)))
        }
      } catch {
        return .failure(error)
      }
    }
  }

  private func digits(_ count: Int, using rng: inout SeededGenerator) -> String {
    String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
  }

  /// A token: a lone digit, a one-digit fraction of 0 to 7 fraction digits (0 is malformed), either
  /// with a sign, an exponent or a second digit before the point now and then.
  private func token(using rng: inout SeededGenerator) -> String {
    var text = Int.random(in: 0..<4, using: &rng) == 0 ? "-" : ""
    text += digits(Int.random(in: 0..<10, using: &rng) == 0 ? 2 : 1, using: &rng)
    if Bool.random(using: &rng) { text += "." + digits(Int.random(in: 0...7, using: &rng), using: &rng) }
    if Int.random(in: 0..<10, using: &rng) == 0 { text += ["e", "E", "e-", "e+"].randomElement(using: &rng)! + "2" }
    return text
  }

  @Test("random tokens and the byte after them, far from the end of the input and at it")
  func randomTokens() throws {
    var rng = SeededGenerator(seed: 0x0D16_17F0)
    let after = [",", "]", " ", "\n", "\r", "\t", "}", "x", "-", "+", ".", "e", "E", "0", "7", ":", "\""]
    for round in 0..<20_000 {
      let follow = after.randomElement(using: &rng)!
      let padding = round % 4 == 0 ? "" : String(repeating: " ", count: 40)
      let text = "[" + token(using: &rng) + follow + (follow == "," ? " 2]" : follow == "]" ? "" : "]") + padding
      let bytes = utf8(text)
      let outcome = Result { () throws(FormatError) in try Converter.toMessagePack(json: bytes) }
      switch scanned(bytes) {
      case .failure(let expected):
        guard case .failure(let error) = outcome else {
          Issue.record("\(text): read, but the general path fails with \(expected.message)")
          continue
        }
        #expect(error.code == expected.code && error.offset == expected.offset, "\(text)")
        #expect(error.message == expected.message, "\(text)")
      case .success(let (end, value)):
        // What follows the number: `, 2]`, `]`, whitespace and `]`, or a byte that is an error there.
        var rest = end
        while rest < bytes.count && [0x20, 0x0A, 0x0D, 0x09].contains(bytes[rest]) { rest += 1 }
        switch bytes[rest] {
        case UInt8(ascii: ","):
          #expect(try outcome.get() == MessagePackWriter().write(.array([value, .int(2)])), "\(text)")
        case UInt8(ascii: "]"):
          #expect(try outcome.get() == MessagePackWriter().write(.array([value])), "\(text)")
        default:
          guard case .failure(let error) = outcome else {
            Issue.record("\(text): read, but '\(UnicodeScalar(bytes[rest]))' cannot follow a number")
            continue
          }
          #expect(error.code == .unexpectedCharacter && error.offset == rest, "\(text)")
        }
      }
    }
  }

  @Test("a lone digit as the whole document, and one the input ends after")
  func atTheEnd() throws {
    #expect(try Converter.toMessagePack(json: utf8("7")) == [0x07])
    #expect(try Converter.toMessagePack(json: utf8("7 ")) == [0x07])
    #expect(throws: FormatError.self) { try Converter.toMessagePack(json: utf8("[7")) }
  }
}
