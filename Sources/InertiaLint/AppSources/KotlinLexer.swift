/// Kotlin's lexical structure (`.kt`, `.kts`), after the Kotlin grammar's `KotlinLexer.g4` and the
/// compiler's JFlex lexer (`Kotlin.flex`) (the rules are theirs; the code is written here):
///
/// - comments: `//` to the end of the line, `/* … */` nested to any depth (Kotlin nests them, as Swift does);
/// - string literals: `"…"` with escapes (`\"`, `\$`, `\u0041`) on one line; raw `"""…"""` over many, with
///   no escapes, ending at the last three of a run of quotes (`"""a""""` holds `a"`); in both, templates
///   `$name` and `${…}`, whose code is lexed as code (strings, comments, lambdas and templates of its own)
///   to find where it ends;
/// - character literals: `'a'`, `'\n'`, `'\u0041'`, `'\''`;
/// - names (with backticks), numbers (`1_000L`, `0x1F`, `1.5e3f`), operators by longest match over
///   Kotlin's set (`?.`, `?:`, `!!`, `::`, `->`, `..<`, `===`…) and punctuation; a leading `#!` line.
struct KotlinLexer: SourceLexer {
  private let bytes: [UInt8]
  private(set) var index: Int
  private(set) var tokens: [SourceToken] = []
  /// The work done besides reading each byte once: one for each token, and one for each byte a backticked
  /// name's look-ahead reads.
  private(set) var work = 0
  /// How many templates the lexer is inside: their tokens are not kept.
  private var templateDepth = 0
  private var afterNewline = false

  /// A lexer of `bytes` from `start` (see ``SourceChecks/start(of:)``).
  init(_ bytes: [UInt8], start: Int) {
    self.bytes = bytes
    index = start
    tokens.reserveCapacity(bytes.count / 5)
  }

  mutating func lexSource() throws(SourceLexFailure) {
    while true {
      // Whitespace and comments, which nest as in Swift.
      afterNewline = try bytes.skipTrivia(&index, nestedComments: true) || afterNewline
      guard index < bytes.count else { return }
      try lexToken()
    }
  }

  private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private mutating func emit(_ kind: SourceToken.Kind, from start: Int, _ flags: SourceToken.Flags = []) {
    guard templateDepth == 0 else { return }
    tokens.append(SourceToken(kind, start, index, afterNewline ? flags.union(.afterNewline) : flags))
    afterNewline = false
  }

  // MARK: Tokens

  private mutating func lexToken() throws(SourceLexFailure) {
    work += 1
    let start = index
    let byte = bytes[index]
    if byte.isIdentifierStart {
      lexName()
      emit(.identifier, from: start)
    } else if byte.isDigit {
      lexNumber()
      emit(.number, from: start)
    } else if byte == .quote {
      try lexString()
    } else if byte == .apostrophe {
      try lexCharacter()
    } else if byte == .backtick {
      var end = index + 1
      while end < bytes.count && bytes[end] != .backtick && !bytes[end].isLineBreak { end += 1 }
      work += end - start
      let closed = end < bytes.count && bytes[end] == .backtick && end > index + 1
      index = closed ? end + 1 : index + 1
      emit(closed ? .identifier : .punctuation, from: start)
    } else {
      index += Self.operatorLength(bytes, at: index)
      emit(.punctuation, from: start)
    }
  }

  /// A name, without `$` (which Kotlin's names do not have, and which starts a template in a string).
  private mutating func lexName() {
    var end = index + 1
    while end < bytes.count && bytes[end].isIdentifierContinue && bytes[end] != .dollar { end += 1 }
    index = end
  }

  /// `123`, `1_000L`, `0x1F`, `1.5e-3f`, `2u`: digits, letters and `_`, a `.` followed by a digit, and a
  /// sign after a decimal exponent.
  private mutating func lexNumber() {
    let isHexOrBinary =
      bytes[index] == UInt8(ascii: "0") && index + 1 < bytes.count
      && (bytes[index + 1] | 0x20 == UInt8(ascii: "x") || bytes[index + 1] | 0x20 == UInt8(ascii: "b"))
    index = bytes.numberEnd(from: index + 1, exponent: isHexOrBinary ? nil : UInt8(ascii: "e"))
  }

  /// The length of the operator or punctuation at `offset`: the longest of Kotlin's multi-character
  /// operators that is there, or 1.
  static func operatorLength(_ bytes: [UInt8], at offset: Int) -> Int {
    for candidate in operators where bytes.matches(candidate, at: offset) { return candidate.utf8CodeUnitCount }
    return 1
  }

  /// Kotlin's operators of more than one character, longest first.
  private static let operators: [StaticString] = [
    "===", "!==", "..<", "?.", "?:", "!!", "::", "->", "..", "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=",
    "-=", "*=", "/=", "%=",
  ]

  /// `'a'`, `'\n'`, `'\u0041'`: up to the closing `'` on the same line.
  private mutating func lexCharacter() throws(SourceLexFailure) {
    let start = index
    index += 1
    while index < bytes.count && !bytes[index].isLineBreak {
      let byte = bytes[index]
      if byte == .apostrophe {
        index += 1
        emit(.character, from: start)
        return
      }
      index += byte == .backslash && index + 1 < bytes.count && !bytes[index + 1].isLineBreak ? 2 : 1
    }
    throw SourceLexFailure(.unterminatedString, at: start)
  }

  /// A string literal from its opening `"`: `"…"` or raw `"""…"""`.
  private mutating func lexString() throws(SourceLexFailure) {
    let start = index
    let raw = bytes.matches("\"\"\"", at: index)
    var flags: SourceToken.Flags = raw ? [.raw, .multiline] : []
    index += raw ? 3 : 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == .quote {
        if !raw {
          index += 1
          emit(.string, from: start, flags)
          return
        }
        if bytes.matches("\"\"\"", at: index) {
          // The closing delimiter is the last three quotes of the run; those before it are content.
          while self.byte(at: index) == .quote { index += 1 }
          emit(.string, from: start, flags)
          return
        }
        index += 1
      } else if byte == .dollar, let next = self.byte(at: index + 1), next == .openBrace || next.isIdentifierStart {
        flags.insert(.interpolated)
        if next == .openBrace {
          index += 2
          try lexTemplate(of: start)
        } else {
          index += 1
          lexName()
        }
      } else if byte == .backslash && !raw {
        index += 1
        if let escaped = self.byte(at: index), !escaped.isLineBreak { index += 1 }
      } else if byte.isLineBreak && !raw {
        break
      } else {
        index += 1
      }
    }
    throw SourceLexFailure(.unterminatedString, at: start)
  }

  /// The code of a `${…}` template, from after its `{` to after the `}` that closes it. Its tokens are not
  /// kept.
  private mutating func lexTemplate(of literal: Int) throws(SourceLexFailure) {
    guard templateDepth < SourceLimits.maximumNestingDepth else { throw SourceLexFailure(.nestingTooDeep, at: index) }
    templateDepth += 1
    let outerNewline = afterNewline
    var braces = 0
    while true {
      _ = try bytes.skipTrivia(&index, nestedComments: true)
      guard index < bytes.count else { throw SourceLexFailure(.unterminatedString, at: literal) }
      if bytes[index] == .closeBrace {
        if braces == 0 { break }
        braces -= 1
      } else if bytes[index] == .openBrace {
        braces += 1
      }
      try lexToken()
    }
    index += 1
    templateDepth -= 1
    afterNewline = outerNewline
  }
}
