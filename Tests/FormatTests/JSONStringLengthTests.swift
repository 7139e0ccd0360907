import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// A string value is read in one of four ways by its length and by what follows it (see
/// `JSONToMessagePack.string()`): up to 15 plain bytes from two words, a longer one scanned on from its
/// first sixteen bytes when they are plain ASCII, written from words when it is shorter than 256 bytes
/// and seven bytes follow it, or copied; escapes and bytes beyond ASCII take the general path. Every
/// length around those edges, at every distance from the end of the input, must read as the string.
@Suite("JSON string values of every length: each way of reading one gives the string")
struct JSONStringLengthTests {
  @Test("random strings of 0 to 300 bytes, plain, escaped and beyond ASCII, 0 to 40 bytes from the end")
  func randomLengths() throws {
    var rng = SeededGenerator(seed: 0x5781_6C3A)
    let alphabet: [Unicode.Scalar] = ["\"", "\\", "/", "\n", "\u{1F}", "é", "€", "😀"]
    for _ in 0..<6000 {
      let length =
        Int.random(in: 0..<4, using: &rng) == 0
        ? Int.random(in: 0...300, using: &rng) : Int.random(in: 0...60, using: &rng)
      var text = ""
      let special = Int.random(in: 0..<4, using: &rng) == 0
      for _ in 0..<length {
        text.unicodeScalars.append(
          special && Int.random(in: 0..<12, using: &rng) == 0
            ? alphabet.randomElement(using: &rng)! : Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng)))
      }
      let expected = MessagePackWriter().write(.array([.string(text), .int(1)]))
      let json =
        "[" + referenceEscaped(text) + ",1]" + String(repeating: " ", count: Int.random(in: 0...40, using: &rng))
      #expect(try Converter.toMessagePack(json: utf8(json)) == expected, "\(json)")
    }
  }

  @Test("a string's errors keep their offsets when its first sixteen bytes are plain", arguments: [16, 17, 31, 40])
  func errorsPastSixteen(plain: Int) throws {
    let padding = String(repeating: " ", count: 40)
    let head = String(repeating: "a", count: plain)
    for (bad, code) in [("\u{1}", FormatError.Code.unescapedControlCharacter), ("\\q", .invalidEscape)] {
      do {
        _ = try Converter.toMessagePack(json: utf8("[\"" + head + bad + "\"]" + padding))
        Issue.record("read \(bad.debugDescription) after \(plain) bytes")
      } catch {
        #expect(error.code == code && error.offset == 2 + plain)
      }
    }
    let invalid = utf8("[\"" + head) + [0xC3, 0x28] + utf8("\"]" + padding)
    do {
      _ = try Converter.toMessagePack(json: invalid)
      Issue.record("read invalid UTF-8 after \(plain) bytes")
    } catch {
      #expect(error.code == .invalidUTF8 && error.offset == 2 + plain)
    }
    do {
      _ = try Converter.toMessagePack(json: utf8("[\"" + head + padding))
      Issue.record("read an unterminated string")
    } catch {
      #expect(error.code == .truncated && error.offset == 1)
    }
  }
}
