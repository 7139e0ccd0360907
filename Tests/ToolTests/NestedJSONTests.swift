import InertiaFormat
import InertiaLint
import Testing

@testable import InertiaTool

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
