import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// After a comma or an opening bracket, a newline and up to fifteen spaces before a token are skipped by
/// one test (`JSONToMessagePack.skipWhitespaceBeforeItem()`); deeper indentation, tabs, returns and
/// whitespace after the spaces take the general loop. Documents laid out every such way must read as
/// the document, with the MessagePack the compact layout gives.
@Suite("JSON pretty layouts of every indentation read as their documents")
struct JSONPrettyLayoutTests {
  /// `text`, our pretty JSON (two spaces a level), laid out with `unit` a level and `newline` between
  /// lines. A string's newlines are escaped in it, so each line break is one of the layout's.
  private func relaid(_ text: [UInt8], unit: String, newline: String) -> [UInt8] {
    var out = ""
    for line in String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
      let spaces = line.prefix(while: { $0 == " " }).count
      if !out.isEmpty { out += newline }
      out += String(repeating: unit, count: spaces / 2) + line.dropFirst(spaces)
    }
    return utf8(out)
  }

  @Test("random documents with 0 to 9 spaces or a tab a level, LF or CRLF, nested up to 8 levels")
  func layouts() throws {
    var documents = RandomDocuments(seed: 0x1A_7007)
    documents.maxDepth = 8
    documents.maxWidth = 4
    let units = [" ", "  ", "   ", "    ", "     ", "      ", "       ", "        ", "         ", "\t"]
    for round in 0..<400 {
      let value = documents.document()
      let expected = MessagePackWriter().write(value)
      let pretty = try Converter.toJSON(messagePack: expected, options: .init(style: .pretty))
      let json = relaid(
        pretty, unit: round % 10 == 0 ? "" : units[round % units.count], newline: round % 7 == 0 ? "\r\n" : "\n")
      #expect(try Converter.toMessagePack(json: json) == expected, "\(String(decoding: json, as: UTF8.self))")
      // The same with a space before each newline, and with a control character after an indentation.
      let trailing = relaid(pretty, unit: "  ", newline: " \n")
      #expect(try Converter.toMessagePack(json: trailing) == expected)
      // The end of the first indentation of spaces.
      if let newline = json.firstIndex(of: 0x0A), json.count > newline + 1, json[newline + 1] == 0x20,
        let at = json[(newline + 1)...].firstIndex(where: { $0 != 0x20 })
      {
        var bad = json
        bad.insert(0x01, at: at)
        do {
          _ = try Converter.toMessagePack(json: bad)
          Issue.record("read a control character after an indentation")
        } catch {
          #expect(error.code == .unexpectedCharacter && error.offset == at)
        }
      }
    }
  }
}
