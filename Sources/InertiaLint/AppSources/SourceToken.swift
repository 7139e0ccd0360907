/// One token of an app source: its kind and the bytes it spans.
///
/// A lexer's tokens are in order, do not overlap, and cover every byte of the source that is not
/// whitespace or a comment: the bytes between two tokens are trivia. A string literal is one token,
/// quotes, escapes and interpolations included (the code inside an interpolation is lexed, to find where
/// the literal ends, but gives no tokens of its own), so nothing inside a literal can be mistaken for code.
package struct SourceToken: Equatable, Sendable {
  /// What a token is.
  package enum Kind: UInt8, Sendable {
    /// A name or keyword: `InertiaContainer`, `let`, `` `class` ``, `$0`.
    case identifier
    /// A number literal: `3`, `0.5`, `1_000`, `0x1F`, `2f`.
    case number
    /// A string literal of any kind: `"…"`, `"""…"""`, `#"…"#`, `'…'` (Swift and JavaScript), a
    /// JavaScript template literal, a JSX attribute's quoted value.
    case string
    /// A Kotlin character literal: `'a'`, `'\n'`.
    case character
    /// A regular expression literal: Swift `/…/` and `#/…/#`, JavaScript `/…/flags`.
    case regex
    /// Punctuation or an operator: `(`, `.`, `?`, `==`, `&&`, `->`.
    case punctuation
    /// A Swift `#` keyword: `#if`, `#endif`, `#available`, `#Preview`.
    case directive
    /// The text between JSX tags: `Don't` in `<p>Don't</p>`.
    case jsxText
  }

  /// What else is known about a token.
  package struct Flags: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A string literal with interpolation (`"\(x)"`, `"$x"`, `` `${x}` ``): its value is not known
    /// before run time.
    package static let interpolated = Flags(rawValue: 1 << 0)
    /// A multi-line string literal (`"""…"""`).
    package static let multiline = Flags(rawValue: 1 << 1)
    /// A Swift raw string (`#"…"#`) or a Kotlin raw string (`"""…"""`): backslashes are not escapes.
    package static let raw = Flags(rawValue: 1 << 2)
    /// A token of JSX markup rather than of code inside it: a tag's `<`, `</`, `>` and `/>`, element and
    /// attribute names, an attribute's `=` and quoted value (which has no escapes: `id="x"`), and the braces
    /// of a `{…}` expression.
    package static let jsx = Flags(rawValue: 1 << 3)
    /// A JavaScript template literal (`` `…` ``).
    package static let template = Flags(rawValue: 1 << 4)
    /// A Swift token compiled only in builds that define `DEBUG` (see ``SwiftConditionalCompilation``).
    package static let debugOnly = Flags(rawValue: 1 << 5)
    /// A token with a line break in the trivia before it.
    package static let afterNewline = Flags(rawValue: 1 << 6)
  }

  /// What the token is.
  package let kind: Kind
  /// What else is known about it.
  package let flags: Flags
  private let startOffset: UInt32
  private let endOffset: UInt32

  /// The token's first byte.
  package var start: Int { Int(startOffset) }
  /// The byte after the token's last.
  package var end: Int { Int(endOffset) }

  /// A token of `kind` over `start..<end`.
  package init(_ kind: Kind, _ start: Int, _ end: Int, _ flags: Flags = []) {
    self.kind = kind
    self.flags = flags
    startOffset = UInt32(truncatingIfNeeded: start)
    endOffset = UInt32(truncatingIfNeeded: end)
  }
}
