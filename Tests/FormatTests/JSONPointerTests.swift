import InertiaFormat
import Testing

/// A pointer's text, written as bytes at once: what RFC 6901 says, token by token.
@Suite("JSON Pointer text")
struct JSONPointerTests {
  /// The text as RFC 6901 gives it (section 3: `~` is written `~0` and `/` is written `~1`), one
  /// character at a time.
  static func reference(_ pointer: JSONPointer) -> String {
    pointer.components.map { component in
      switch component {
      case .index(let index): return "/" + String(index)
      case .key(let key):
        return "/" + key.unicodeScalars.map { $0 == "~" ? "~0" : $0 == "/" ? "~1" : String($0) }.joined()
      }
    }.joined()
  }

  static let pointers: [JSONPointer] = [
    JSONPointer(), JSONPointer([.key("")]), JSONPointer([.index(0)]),
    JSONPointer([.index(0), .key("keyframes"), .index(12), .key("duration")]),
    JSONPointer([.key("a/b"), .key("c~d"), .key("~/~/"), .key("~01")]),
    JSONPointer([.key("é"), .key("日本語/キー"), .key("🙂~"), .key("line\nbreak\u{1B}")]),
    JSONPointer([.index(9), .index(10), .index(99), .index(100), .index(1_234_567_890), .index(Int.max)]),
    JSONPointer([.index(-1), .index(Int.min), .key("-1")]),
    JSONPointer([.key(String(repeating: "long key ", count: 40) + "/")]),
  ]

  @Test("The text is the reference's", arguments: pointers)
  func text(_ pointer: JSONPointer) {
    #expect(pointer.description == Self.reference(pointer))
    var appended = "> "
    pointer.append(to: &appended)
    #expect(appended == "> " + Self.reference(pointer))
  }

  @Test("The text parses back to the pointer, where its tokens are not numbers")
  func roundTrip() {
    let pointer = JSONPointer([.key("a/b"), .index(3), .key("c~d"), .key("日本語"), .key("")])
    #expect(JSONPointer(parsing: pointer.description) == pointer)
  }
}
