import InertiaFormat
import InertiaLint
import Testing

@testable import InertiaTool

/// The byte builder the reports' lines are made with: its fast paths give exactly what the `String` paths
/// they stand in for give.
@Suite("Report bytes")
struct ReportBytesTests {
  /// Texts around the fast path's edges: every byte a word check must catch, at each place in a word, and
  /// the tails shorter than a word.
  static let texts: [String] = {
    var texts = ["", "a", "plain ASCII text of some length, beyond one word", "~}|{ !", "0123456", "01234567"]
    for special in ["\n", "\t", "\u{1B}", "\u{7F}", "\u{85}", "é", "\u{2028}", "\u{202E}", "\u{1F}", "\u{0}"] {
      for position in 0..<17 {
        texts.append(String(repeating: "x", count: position) + special + String(repeating: "y", count: 16 - position))
      }
    }
    return texts
  }()

  @Test("Escaped text is what TextEscaping.line gives", arguments: texts)
  func escapedText(_ text: String) {
    var bytes = ReportBytes()
    bytes.append("> ")
    bytes.appendEscaped(text)
    #expect(bytes.string == "> " + TextEscaping.line(text))
  }

  @Test("The printable-ASCII check agrees with a byte-by-byte one", arguments: texts)
  func printableCheck(_ text: String) {
    let bytes = Array(text.utf8)
    for start in 0...min(bytes.count, 9) {
      let report = ReportBytes(bytes)
      #expect(report.isPrintableASCII(from: start) == bytes[start...].allSatisfy { $0 >= 0x20 && $0 < 0x7F })
    }
  }

  @Test("Every byte value is checked as printable or not in each place of a word")
  func everyByte() {
    for byte in 0...UInt8.max {
      for position in 0..<8 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
        bytes[position] = byte
        let printable = bytes.withUnsafeBytes { ReportBytes.isPrintableASCII($0) }
        #expect(printable == (byte >= 0x20 && byte < 0x7F))
      }
    }
  }

  @Test("Pointers are written as their description, escaped")
  func pointers() {
    let pointers = [
      JSONPointer(), JSONPointer([.index(0), .key("keyframes"), .index(12), .key("duration")]),
      JSONPointer([.key("a/b"), .key("c~d")]), JSONPointer([.key("line\nbreak")]), JSONPointer([.key("")]),
      JSONPointer([.index(1_234_567_890)]),
    ]
    for pointer in pointers {
      var bytes = ReportBytes()
      bytes.appendEscaped(pointer)
      #expect(bytes.string == TextEscaping.line(pointer.description))
    }
  }

  @Test("Bytes appended past the room made at first are all kept, in order")
  func growth() {
    for capacity in [0, 1, 100] {
      var bytes = ReportBytes(capacity: capacity)
      var expected = ""
      for round in 0..<200 {
        let piece = String(repeating: "piece \(round) ", count: round % 7)
        bytes.append(piece)
        bytes.append(round * 7919)
        bytes.append(byte: UInt8(ascii: ";"))
        expected += piece + String(round * 7919) + ";"
      }
      var joined = ReportBytes()
      joined.append(bytes)
      joined.append(bytes)
      #expect(bytes.string == expected)
      #expect(bytes.count == expected.utf8.count)
      #expect(joined.string == expected + expected)
      bytes.removeAll()
      bytes.append("again")
      #expect(bytes.bytes == Array("again".utf8))
    }
  }

  @Test("Numbers are written as String(_:) writes them")
  func numbers() {
    for number in [
      0, 1, 9, 10, 99, 100, 12_345, 1_234_567, 12_345_678, 99_999_999, 100_000_000, -1, -250, Int.max, Int.min,
    ] {
      var bytes = ReportBytes()
      bytes.append(number)
      #expect(bytes.string == String(number))
    }
  }
}
