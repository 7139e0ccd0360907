import InertiaFormat

/// Why an app source could not be read, and where: a value, not a crash, for every source that does not
/// lex, is not UTF-8, or is over ``SourceLimits``.
///
/// The position is a byte offset; the line and column are worked out by ``located(in:)`` only when the
/// failure is reported (after swift-foundation's `JSONScanner`, whose errors carry an offset).
package struct SourceLexFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong.
  package enum Kind: String, Equatable, Sendable {
    /// The bytes are not UTF-8 (at the first byte of the first ill-formed sequence).
    case invalidUTF8 = "not UTF-8"
    /// The source is longer than ``SourceLimits/maximumSourceBytes`` (at the first byte past it).
    case tooLarge = "source too large"
    /// Literals, interpolations, JSX elements, brackets or `#if` blocks are nested deeper than
    /// ``SourceLimits/maximumNestingDepth`` (at the opening that went over).
    case nestingTooDeep = "nesting too deep"
    /// A string, character or template literal with no closing quote (at its opening quote).
    case unterminatedString = "unterminated string literal"
    /// A block comment with no closing `*/` (at its `/*`).
    case unterminatedComment = "unterminated block comment"
    /// A regular expression literal with no closing delimiter (at its opening).
    case unterminatedRegex = "unterminated regular expression literal"
    /// A JSX element with no closing tag, or a JSX tag or attribute cut short (at its `<`).
    case unterminatedJSX = "unterminated JSX element"
    /// A JSX closing tag that names another element than the one it closes (at its `</`).
    case mismatchedJSXTag = "mismatched JSX closing tag"
    /// A Swift `#if` with no `#endif` (at the `#if`).
    case unterminatedConditional = "#if without #endif"
    /// A Swift `#elseif`, `#else` or `#endif` with no `#if` before it, or `#elseif` after `#else`.
    case unbalancedConditional = "#elseif, #else or #endif without #if"
  }

  /// What went wrong.
  package var kind: Kind
  /// The byte offset it went wrong at.
  package var offset: Int
  /// The 1-based line of ``offset``, once ``located(in:)`` has worked it out; 0 before.
  package var line = 0
  /// The 1-based column of ``offset`` in Unicode scalars, as editors count, once located; 0 before.
  package var column = 0

  /// A failure of `kind` at byte `offset`.
  package init(_ kind: Kind, at offset: Int) {
    self.kind = kind
    self.offset = offset
  }

  /// The same failure with its line and column in `source`, the bytes that failed.
  package func located(in source: [UInt8]) -> SourceLexFailure {
    var located = self
    (located.line, located.column) = LineIndex(source).location(ofOffset: offset, in: source)
    return located
  }

  /// `3:14: unterminated string literal` once located, `byte 120: …` before.
  package var description: String {
    line > 0 ? "\(line):\(column): \(kind.rawValue)" : "byte \(offset): \(kind.rawValue)"
  }
}
