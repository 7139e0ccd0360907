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

/// ``JSONOutput/nested(_:depth:)`` indents on bytes: what splitting the writer's lines by `Character`s gives.
@Suite("Nested JSON")
struct NestedJSONTests {
  @Test("Indents every line after the first, whatever the strings hold", arguments: [0, 1, 2, 4])
  func indents(depth: Int) {
    let value: MessagePackValue = [
      "file": "a\r\nb\nc\rd", "message": "é\u{301} 🙂 \u{2028} \\ \" / \u{1B}",
      "list": .array([.int(1), .bool(false), .string("\n")]), "empty": .map([]),
    ]
    let pretty = JSONOutput.pretty(value)
    var text = pretty
    if text.hasSuffix("\n") { text.removeLast() }
    let indent = String(repeating: "  ", count: depth)
    let expected = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
      $0.offset == 0 ? String($0.element) : indent + $0.element
    }.joined(separator: "\n")
    #expect(JSONOutput.nested(value, depth: depth) == expected)
    #expect(expected.contains("\n" + indent + "  \"file\""))
  }
}

/// The text report's line in one step (``TextReporter/appendPlain(_:to:)``): the bytes the piece-by-piece
/// line gives, and nothing at all for a line it leaves to that one.
@Suite("Text report lines")
struct TextReportLineTests {
  static let files = ["Screens/card.inertia", "a", "", "name with spaces.inertia", "bad\nname.inertia", "é.inertia"]
  static let messages = [
    "", "shape draws nothing", String(repeating: "long message ", count: 40), "tab\there", "id 'é'",
  ]
  static let pointers = [
    JSONPointer(), JSONPointer([.index(0), .key("keyframes"), .index(12), .key("duration")]),
    JSONPointer([.key("a/b")]), JSONPointer([.key("c~d")]), JSONPointer([.key("line\nbreak")]),
    JSONPointer([.key("")]), JSONPointer([.index(1_234_567_890), .index(-3), .index(Int.max)]),
    JSONPointer([.key("shapes"), .index(9), .key("a key of more than fifteen bytes")]),
  ]

  /// Findings at each sort of position: an offset, a line and column, none.
  static var findings: [Finding] {
    var findings: [Finding] = []
    for file in files {
      for message in messages {
        for pointer in pointers {
          for position in 0..<4 {
            var finding = Finding(
              file: file, ruleID: "unaddressable-id", severity: [.error, .warning, .info][position % 3],
              message: message, pointer: pointer, offset: [0, 7, 123_456_789, Int.max][position])
            switch position {
            case 1: (finding.line, finding.column) = (1, 1)
            case 2: (finding.line, finding.column) = (Int.max, 1_234_567)
            case 3: finding.hasPosition = false
            default: break
            }
            findings.append(finding)
          }
        }
      }
    }
    return findings
  }

  @Test("A plain line is the line made piece by piece; any other is left to that")
  func plainLines() {
    let reporter = TextReporter()
    var plainCount = 0
    for finding in Self.findings {
      var piecewise = ReportBytes()
      piecewise.append("> ")
      withUnsafePointer(to: finding) { reporter.appendPiecewise($0, to: &piecewise) }
      var plain = ReportBytes()
      plain.append("> ")
      let isPlain = withUnsafePointer(to: finding) { reporter.appendPlain($0, to: &plain) }
      if isPlain {
        plainCount += 1
        #expect(plain.string == piecewise.string)
      } else {
        #expect(plain.string == "> ", "nothing appended for \(piecewise.string)")
      }
      let needsNoEscape = [finding.file, finding.message].allSatisfy { text in
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
      }
      let keysArePlain = finding.pointer.components.allSatisfy {
        guard case .key(let key) = $0 else { return true }
        return key.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "~") && $0 != UInt8(ascii: "/") }
      }
      #expect(isPlain == (needsNoEscape && keysArePlain), "\(piecewise.string)")
      // A plain file name known beforehand changes nothing: the line of a finding naming it, or any other.
      for known in ["Screens/card.inertia", finding.file] where isPlain || known != finding.file {
        var hinted = ReportBytes()
        hinted.append("> ")
        let isHintedPlain = withUnsafePointer(to: finding) {
          reporter.appendPlain($0, to: &hinted, plainFile: known)
        }
        #expect(isHintedPlain == isPlain, "\(piecewise.string) knowing \(known)")
        #expect(hinted.string == plain.string)
      }
      // The line as the report gives it, through either path.
      #expect(reporter.line(finding) == String(piecewise.string.dropFirst(2)))
    }
    #expect(plainCount > 100)
  }
}
