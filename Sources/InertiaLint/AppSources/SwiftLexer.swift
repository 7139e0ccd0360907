/// Swift's lexical structure, after swift-syntax's `Sources/SwiftParser/Lexer/Cursor.swift` and
/// `RegexLiteralLexer.swift` (the rules are theirs; the code is written here):
///
/// - comments: `//` to the end of the line, `/* … */` nested to any depth;
/// - string literals: `"…"` and `'…'` (which Swift lexes as a string and then rejects) on one line;
///   `"""…"""` over many; raw `#"…"#`, `##"…"##` with any number of `#` (backslashes are escapes only when
///   followed by as many `#`); raw multi-line `#"""…"""#`, and `#"""#` (one line, holding `"`); escapes;
///   interpolation `\(…)` and `\#(…)`, whose code is lexed as code (strings, comments, closures and
///   interpolations of its own) to find where it ends, and which may not span lines in a one-line literal;
/// - regular expression literals: `#/…/#` with any number of `#` (multi-line when the opening is followed
///   by a line break) and bare `/…/` where swift-syntax's lexer takes one rather than a division: not
///   after an operand (a name, a literal, `)`, `]`, `}`, a postfix `!` or `?`), not starting with a space
///   or tab, not ending with one unless it must be a regex, not with an unbalanced `)`, not after `func`
///   or `operator` (see ``scanRegex(from:mustBeRegex:)``);
/// - names (with backticks, `$0`), numbers, `#` keywords, operators and punctuation;
/// - `#if`, `#elseif`, `#else`, `#endif`: every branch is lexed; each token records whether it is compiled
///   only in builds that define `DEBUG` (``SwiftConditionalCompilation``).
///
/// Linear: each byte is read a bounded number of times. A bare `/` that may start a regex is scanned ahead
/// at most to the next `/` or line break, which a later scan does not pass again; a raw multi-line string's
/// opening looks ahead to the end of its line, which the literal then covers.
struct SwiftLexer: SourceLexer {
  /// What the token before the current one says about a `/` that follows: whether a regex literal may
  /// start there (swift-syntax's `isInRegexLiteralPosition`).
  private enum Previous {
    /// The start of the source.
    case start
    /// A token after which an expression may start: `(`, `,`, `=`, a binary or prefix operator, `#if`.
    case expressionStart
    /// An operand or postfix token: a name, a literal, `)`, `]`, `}`, a postfix operator, `.`, `@`.
    case operand
    /// A name, which is an operand unless it is a keyword (`return`, `case`, `in`…): worked out only when a
    /// `/` follows.
    case name(start: Int, end: Int)
  }

  private let bytes: [UInt8]
  private(set) var index: Int
  private(set) var tokens: [SourceToken] = []
  /// The work done besides reading each byte once: one for each token, and one for each byte a look-ahead
  /// reads (a regex literal's scan, a raw string's opening line, a backticked name's line); what the growth
  /// tests count, with the bytes read.
  private(set) var work = 0
  private var previous = Previous.start
  /// Set by `try?` and `try!`, after which a `/` is a regex even where it would otherwise be a division.
  private var preferRegex = false
  /// How many string interpolations the lexer is inside: their tokens are not kept.
  private var interpolationDepth = 0
  private var conditions = SwiftConditionalCompilation()
  /// Whether the trivia before the current token held a line break.
  private var afterNewline = false
  /// The end of the previous token, kept or not: its last byte says which punctuation it was.
  private var lastTokenEnd = 0

  /// A lexer of `bytes` from `start` (see ``SourceChecks/start(of:)``).
  init(_ bytes: [UInt8], start: Int) {
    self.bytes = bytes
    index = start
    tokens.reserveCapacity(bytes.count / 5)
  }

  private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  mutating func lexSource() throws(SourceLexFailure) {
    while true {
      afterNewline = try skipTrivia() || afterNewline
      guard index < bytes.count else { break }
      try lexToken()
    }
    if let open = conditions.openBlockStart { throw SourceLexFailure(.unterminatedConditional, at: open) }
  }

  private mutating func emit(_ kind: SourceToken.Kind, from start: Int, _ flags: SourceToken.Flags = []) {
    lastTokenEnd = index
    guard interpolationDepth == 0 else { return }
    var flags = flags
    if afterNewline { flags.insert(.afterNewline) }
    if conditions.isDebugOnly { flags.insert(.debugOnly) }
    tokens.append(SourceToken(kind, start, index, flags))
    afterNewline = false
  }

  // MARK: Trivia

  /// Skips whitespace and comments (`/* … */` nested), and says whether they held a line break.
  private mutating func skipTrivia() throws(SourceLexFailure) -> Bool {
    try bytes.skipTrivia(&index, nestedComments: true)
  }

  // MARK: Tokens

  private mutating func lexToken() throws(SourceLexFailure) {
    work += 1
    let start = index
    let byte = bytes[index]
    if byte.isIdentifierStart {
      index += 1
      index = bytes.nameEnd(from: index)
      emit(.identifier, from: start)
      previous = .name(start: start, end: index)
      return
    }
    if byte.isDigit {
      lexNumber()
      return
    }
    switch byte {
    case .quote, .apostrophe:
      try lexString(from: start, pounds: 0)
    case .pound:
      try lexPound()
    case .dollar:
      index += 1
      index = bytes.nameEnd(from: index)
      emit(.identifier, from: start)
      previous = .operand
    case .backtick:
      lexBacktick()
    case .openParen, .openBracket, .openBrace, .comma, .semicolon, .colon:
      index += 1
      emit(.punctuation, from: start)
      previous = .expressionStart
    case .closeParen, .closeBracket, .closeBrace, .at, .backslash:
      index += 1
      emit(.punctuation, from: start)
      previous = .operand
    case .exclamation where isLeftBound(start), .question where isLeftBound(start):
      // A postfix `!` or `?` (`x!.y`, `x?.y`, `try?`), one token of its own.
      let afterTry = isPreviousName("try")
      index += 1
      emit(.punctuation, from: start)
      previous = .operand
      if afterTry {
        preferRegex = true
        return
      }
    case _ where isOperatorCharacter(byte) || byte == .dot:
      try lexOperator()
    default:
      // A control character or other byte no token starts with: a token of its own, as swift-syntax's
      // `unknown`, after which anything may follow.
      index += 1
      emit(.punctuation, from: start)
      previous = .expressionStart
    }
    preferRegex = false
  }

  private func isOperatorCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case .slash, .equals, .minus, .plus, .exclamation, .star, UInt8(ascii: "%"), .lessThan, .greaterThan,
      .ampersand, UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), .question:
      true
    default: false
    }
  }

  private func isPreviousName(_ text: StaticString) -> Bool {
    if case .name(let start, let end) = previous { return bytes.isText(text, from: start, to: end) }
    return false
  }

  /// `123`, `1_000.5e-3`, `0x1Fp-2`, `0b1010`: digits, letters and `_`, a `.` followed by a digit, and a
  /// sign after an exponent; its token, as the other literals' lexers emit theirs.
  private mutating func lexNumber() {
    let start = index
    let exponent = bytes.matches("0x", at: index) ? UInt8(ascii: "p") : UInt8(ascii: "e")
    index = bytes.numberEnd(from: index + 1, exponent: exponent)
    emit(.number, from: start)
    previous = .operand
  }

  /// `` `name` `` on one line is a name; a backtick without its closing one is punctuation.
  private mutating func lexBacktick() {
    let start = index
    var end = index + 1
    while end < bytes.count && bytes[end] != .backtick && !bytes[end].isLineBreak { end += 1 }
    work += end - start
    if end < bytes.count && bytes[end] == .backtick && end > start + 1 {
      index = end + 1
      emit(.identifier, from: start)
    } else {
      index = start + 1
      emit(.punctuation, from: start)
    }
    previous = .operand
  }

  // MARK: `#`

  private mutating func lexPound() throws(SourceLexFailure) {
    let start = index
    var pounds = 0
    while byte(at: start + pounds) == .pound { pounds += 1 }
    switch byte(at: start + pounds) {
    case .quote:
      index = start + pounds
      try lexString(from: start, pounds: pounds)
    case .slash:
      // `#/…/#`: always a regex (swift-syntax's `lexRegexLiteral`, `mustBeRegex: true`).
      guard let end = try scanRegex(from: start, mustBeRegex: true) else {
        throw SourceLexFailure(.unterminatedRegex, at: start)
      }
      index = end
      emit(.regex, from: start)
      previous = .operand
    case let next? where pounds == 1 && next.isIdentifierStart:
      index = start + 1
      index = bytes.nameEnd(from: index)
      try lexDirective(from: start)
    default:
      index = start + pounds
      emit(.punctuation, from: start)
      previous = .operand
    }
  }

  /// `#if`, `#elseif`, `#else`, `#endif` (outside string interpolations) update the conditions; any other
  /// `#name` (`#available`, `#selector`, `#Preview`) is a token like a name.
  private mutating func lexDirective(from start: Int) throws(SourceLexFailure) {
    let end = index
    let isIf = bytes.isText("#if", from: start, to: end)
    let isElseIf = bytes.isText("#elseif", from: start, to: end)
    let isElse = bytes.isText("#else", from: start, to: end)
    let isEndIf = bytes.isText("#endif", from: start, to: end)
    guard interpolationDepth == 0, isIf || isElseIf || isElse || isEndIf else {
      emit(.directive, from: start)
      previous = isIf || isElseIf || isElse || isEndIf ? .expressionStart : .operand
      return
    }
    if isEndIf { try conditions.endIf(at: start) }
    if isElse { try conditions.openElse(at: start) }
    // The directive itself belongs to the code around the block; so does an `#elseif`'s condition.
    emit(.directive, from: start)
    previous = .expressionStart
    guard isIf || isElseIf else { return }
    let condition = try lexCondition()
    if isIf {
      try conditions.openIf(condition, at: start)
    } else {
      try conditions.elseIf(condition, at: start)
    }
    previous = .expressionStart
  }

  /// Lexes the condition after `#if` or `#elseif`, up to the first line break outside parentheses, and
  /// evaluates it.
  private mutating func lexCondition() throws(SourceLexFailure) -> SwiftConditionalCompilation.Truth {
    let first = tokens.count
    var parentheses = 0
    while true {
      let sawNewline = try skipTrivia()
      if index >= bytes.count || (sawNewline && parentheses <= 0) {
        afterNewline = sawNewline
        break
      }
      if bytes[index] == .openParen { parentheses += 1 }
      if bytes[index] == .closeParen { parentheses -= 1 }
      try lexToken()
    }
    return SwiftConditionalCompilation.truthWithoutDEBUG(of: tokens[first...], in: bytes)
  }

  // MARK: Operators and regex literals

  /// swift-syntax's `isLeftBound`: whether the operator starting at `start` touches what is before it.
  private func isLeftBound(_ start: Int) -> Bool {
    guard start > 0 else { return false }
    switch bytes[start - 1] {
    case .space, .carriageReturn, .newline, .tab, .openParen, .openBracket, .openBrace, .comma, .semicolon,
      .colon, 0:
      return false
    case .slash:
      return !(start >= 2 && bytes[start - 2] == .star)  // the end of a block comment is whitespace
    case 0xA0:
      return !(start >= 2 && bytes[start - 2] == 0xC2)  // a no-break space
    default:
      return true
    }
  }

  /// swift-syntax's `isRightBound`: whether the operator ending before `end` touches what is after it.
  private func isRightBound(_ end: Int, isLeftBound: Bool) -> Bool {
    guard let next = byte(at: end) else { return false }
    switch next {
    case .space, .carriageReturn, .newline, .tab, .closeParen, .closeBracket, .closeBrace, .comma, .semicolon,
      .colon, 0:
      return false
    case .dot:
      return !isLeftBound
    case .slash:
      return !(byte(at: end + 1) == .slash || byte(at: end + 1) == .star)
    case 0xC2:
      return byte(at: end + 1) != 0xA0
    default:
      return true
    }
  }

  /// Whether a regex literal may start after the previous token (swift-syntax's
  /// `isInRegexLiteralPosition`).
  private var isInRegexPosition: Bool {
    switch previous {
    case .start, .expressionStart: return true
    case .operand: return false
    case .name(let start, let end): return Self.isKeywordBeforeExpression(bytes, from: start, to: end)
    }
  }

  /// An operator: a run of operator characters (a `.` only in one that starts with `.`), which may hold
  /// the start of a regex literal at its first `/` (swift-syntax's `lexOperatorIdentifier`).
  private mutating func lexOperator() throws(SourceLexFailure) {
    let start = index
    let startsWithDot = bytes[start] == .dot
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == .dot {
        guard startsWithDot else { break }
      } else if !isOperatorCharacter(byte) {
        break
      } else if byte == .slash, let next = self.byte(at: index + 1), next == .slash || next == .star {
        break  // `//` or `/*` inside an operator starts a comment
      }
      index += 1
    }
    let end = index
    if let slash = bytes[start..<end].firstIndex(of: .slash),
      let regexEnd = try regexFromOperator(slash: slash, operatorStart: start, operatorEnd: end)
    {
      if slash > start {
        index = slash
        emit(.punctuation, from: start)
      }
      index = regexEnd
      emit(.regex, from: slash)
      previous = .operand
      return
    }
    emit(.punctuation, from: start)
    previous = classifyOperator(from: start, to: end)
  }

  private func classifyOperator(from start: Int, to end: Int) -> Previous {
    let leftBound = isLeftBound(start)
    let rightBound = isRightBound(end, isLeftBound: leftBound)
    if end - start == 1 {
      switch bytes[start] {
      case .equals: return .expressionStart
      case .dot: return .operand
      case .question: return leftBound ? .operand : .expressionStart
      default: break
      }
    } else if bytes.isText("->", from: start, to: end) {
      return .operand
    }
    // Binary (bound on both sides or neither) or prefix: an expression follows. Postfix: an operand.
    return leftBound && !rightBound ? .operand : .expressionStart
  }

  /// swift-syntax's `tryScanOperatorAsRegexLiteral`: whether the `/` at `slash`, inside the operator
  /// `operatorStart..<operatorEnd`, starts a regex literal; its end if so.
  private mutating func regexFromOperator(slash: Int, operatorStart: Int, operatorEnd: Int) throws(SourceLexFailure)
    -> Int?
  {
    let leftBound = isLeftBound(operatorStart)
    let rightBound = isRightBound(operatorEnd, isLeftBound: leftBound)
    // A left-bound `/` is a postfix or binary operator; after `func` or `operator` one is being declared.
    guard !leftBound, !isPreviousName("func"), !isPreviousName("operator") else { return nil }
    var mustBeRegex = false
    if leftBound == rightBound {
      // `x / y` with spaces on both sides: a regex only where an expression is expected, and then certainly
      // one unless an unapplied operator could be meant (in an argument list: `reduce(0, /)`).
      if preferRegex { mustBeRegex = true }
      if !mustBeRegex && !isInRegexPosition { return nil }
      switch previous {
      // (Before the first token, at the start of the file or of its first string's interpolation, nothing
      // precedes: found by fuzzing, `"\( /` read the byte before the file.)
      case .expressionStart
      where lastTokenEnd > 0 && [.openParen, .openBracket, .comma, .colon].contains(bytes[lastTokenEnd - 1]):
        break
      default:
        mustBeRegex = true
      }
    }
    return try scanRegex(from: slash, mustBeRegex: mustBeRegex)
  }

  /// swift-syntax's `RegexLiteralLexer`: scans a regex literal starting at `start` (its first `#`, or its
  /// `/`) and returns its end; `nil` where it is not a regex. With `mustBeRegex`, a literal that does not
  /// end is an error; without, it is not a regex.
  private mutating func scanRegex(from start: Int, mustBeRegex: Bool) throws(SourceLexFailure) -> Int? {
    var cursor = start
    defer { work += cursor - start }
    var pounds = 0
    while byte(at: cursor) == .pound {
      pounds += 1
      cursor += 1
    }
    guard byte(at: cursor) == .slash else { return nil }
    let openSlash = cursor
    cursor += 1
    if pounds == 0 {
      switch byte(at: cursor) {
      case .space, .tab: if !mustBeRegex { return nil }
      case .star, .slash: return nil  // a comment
      default: break
      }
      if openSlash > 0 && bytes[openSlash - 1] == .star { return nil }  // the end of a block comment
    }
    // `#/` followed by a line break (after spaces) opens a multi-line literal.
    var isMultiline = false
    if pounds > 0 {
      var scan = cursor
      while let next = byte(at: scan), next == .space || next == .tab { scan += 1 }
      if let next = byte(at: scan), next.isLineBreak {
        isMultiline = true
        cursor = scan
      }
    }
    var groupDepth = 0
    var classDepth = 0
    var lastUnescapedSpace: Int? = nil
    func unterminated() throws(SourceLexFailure) -> Int? {
      if mustBeRegex { throw SourceLexFailure(.unterminatedRegex, at: start) }
      return nil
    }
    while true {
      // The closing delimiter: `/` followed by at least as many `#` as opened it.
      if byte(at: cursor) == .slash {
        var closing = cursor + 1
        var closePounds = 0
        if pounds > 0 {
          while byte(at: closing) == .pound {
            closePounds += 1
            closing += 1
          }
        }
        if closePounds >= pounds {
          if pounds == 0 {
            if let next = byte(at: closing), next == .star || next == .slash { return try unterminated() }
            if let space = lastUnescapedSpace, space + 1 == cursor, !mustBeRegex { return nil }
          }
          return closing
        }
      }
      guard var byte = byte(at: cursor) else { return try unterminated() }
      var escaped = false
      if byte == .backslash {
        escaped = true
        cursor += 1
        guard let next = self.byte(at: cursor) else { return try unterminated() }
        byte = next
      }
      if byte.isLineBreak && !isMultiline { return try unterminated() }
      if !escaped {
        switch byte {
        case .openParen where classDepth == 0: groupDepth += 1
        case .closeParen where classDepth == 0:
          if groupDepth == 0 {
            if !mustBeRegex { return nil }
          } else {
            groupDepth -= 1
          }
        case .openBracket: classDepth += 1
        case .closeBracket: if classDepth > 0 { classDepth -= 1 }
        case .space, .tab: lastUnescapedSpace = cursor
        default: break
        }
      }
      cursor += 1
    }
  }

  /// Whether the name `start..<end` is one of the keywords swift-syntax's lexer classifies (so not an
  /// identifier) after which an expression, and so a regex literal, may follow: every one but `true`,
  /// `false`, `Any`, `nil`, `self`, `Self` and `super`, which are themselves expressions.
  private static func isKeywordBeforeExpression(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
    let length = end - start
    guard length >= 2 && length <= 15 else { return false }
    for keyword in keywordsBeforeExpression where bytes.isText(keyword, from: start, to: end) { return true }
    return false
  }

  /// The keywords of swift-syntax's `KeywordSpec` with `isLexerClassified: true`, less the seven that are
  /// expressions.
  private static let keywordsBeforeExpression: [StaticString] = [
    "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do",
    "else", "enum", "extension", "fallthrough", "fileprivate", "for", "func", "guard", "if", "import", "in",
    "init", "inout", "internal", "is", "let", "operator", "precedencegroup", "private", "protocol", "public",
    "repeat", "rethrows", "return", "static", "struct", "subscript", "switch", "throw", "throws", "try",
    "typealias", "var", "where", "while",
  ]

  // MARK: String literals

  /// A string literal whose opening quote is at `index`, after `pounds` `#` from `start`.
  private mutating func lexString(from start: Int, pounds: Int) throws(SourceLexFailure) {
    var flags: SourceToken.Flags = pounds > 0 ? [.raw] : []
    if bytes[index] == .apostrophe {
      index += 1
      try lexStringBody(from: start, pounds: 0, closing: .apostrophe, multiline: false, flags: &flags)
    } else if bytes.matches("\"\"\"", at: index) && !closesOnOneLine(after: index + 3, pounds: pounds) {
      index += 3
      flags.insert(.multiline)
      try lexStringBody(from: start, pounds: pounds, closing: .quote, multiline: true, flags: &flags)
    } else {
      index += 1
      try lexStringBody(from: start, pounds: pounds, closing: .quote, multiline: false, flags: &flags)
    }
    emit(.string, from: start, flags)
    previous = .operand
  }

  /// Whether a raw string's `"""` is the opening of a one-line literal: `#"""#`, or a `"` followed by its
  /// `#`s later on the same line (swift-syntax's `lexStringQuote`).
  private mutating func closesOnOneLine(after offset: Int, pounds: Int) -> Bool {
    guard pounds > 0 else { return false }
    if hasPounds(pounds, at: offset) { return true }
    var scan = offset
    defer { work += scan - offset }
    while let byte = byte(at: scan), !byte.isLineBreak {
      scan += 1
      if byte == .quote && hasPounds(pounds, at: scan) { return true }
    }
    return false
  }

  private func hasPounds(_ count: Int, at offset: Int) -> Bool {
    guard offset + count <= bytes.count else { return false }
    for index in offset..<(offset + count) where bytes[index] != .pound { return false }
    return true
  }

  /// The rest of a string literal from `index` (after its opening): escapes, interpolations, and the
  /// closing quote (`"""` for a multi-line one) followed by `pounds` `#`.
  private mutating func lexStringBody(
    from start: Int, pounds: Int, closing: UInt8, multiline: Bool, flags: inout SourceToken.Flags
  ) throws(SourceLexFailure) {
    while index < bytes.count {
      let byte = bytes[index]
      if byte.isLineBreak && !multiline { break }
      if byte == .backslash && hasPounds(pounds, at: index + 1) {
        index += 1 + pounds
        guard let escaped = self.byte(at: index) else { break }
        if escaped == .openParen {
          index += 1
          flags.insert(.interpolated)
          try lexInterpolation(of: start, multiline: multiline)
        } else if !escaped.isLineBreak || multiline {
          index += 1  // the escaped character (`\"`, `\\`, `\n`, the `u` of `\u{…}`)
        }
        continue
      }
      if byte == closing {
        if multiline {
          if bytes.matches("\"\"\"", at: index) && hasPounds(pounds, at: index + 3) {
            index += 3 + pounds
            while self.byte(at: index) == .pound { index += 1 }
            return
          }
        } else if hasPounds(pounds, at: index + 1) {
          index += 1 + pounds
          // Extra `#`s are taken into the closing delimiter, as swift-syntax's `lexAfterClosingStringQuote`.
          while self.byte(at: index) == .pound { index += 1 }
          return
        }
      }
      index += 1
    }
    throw SourceLexFailure(.unterminatedString, at: start)
  }

  /// The code of an interpolation, from after its `(` to after the `)` that closes it. Its tokens are not
  /// kept. In a one-line literal it may not cross a line break.
  private mutating func lexInterpolation(of literal: Int, multiline: Bool) throws(SourceLexFailure) {
    guard interpolationDepth < SourceLimits.maximumNestingDepth else {
      throw SourceLexFailure(.nestingTooDeep, at: index)
    }
    interpolationDepth += 1
    let outer = (previous, preferRegex, afterNewline)
    previous = .expressionStart
    preferRegex = false
    var parentheses = 0
    while true {
      let sawNewline = try skipTrivia()
      guard index < bytes.count, multiline || !sawNewline else {
        throw SourceLexFailure(.unterminatedString, at: literal)
      }
      if bytes[index] == .closeParen {
        if parentheses == 0 { break }
        parentheses -= 1
      } else if bytes[index] == .openParen {
        parentheses += 1
      }
      try lexToken()
    }
    index += 1
    interpolationDepth -= 1
    (previous, preferRegex, afterNewline) = outer
  }
}
