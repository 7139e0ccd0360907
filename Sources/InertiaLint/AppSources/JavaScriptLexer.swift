/// JavaScript and TypeScript's lexical structure, with JSX, after TypeScript's `src/compiler/scanner.ts` and
/// esprima's tokenizer (the rules are theirs; the code is written here):
///
/// - comments: `//` to the end of the line, `/* … */` (not nested); a leading `#!` line;
/// - string literals `'…'` and `"…"` with escapes (a `\` before a line break continues the line);
///   template literals `` `…` `` over many lines, with `${…}` whose code is lexed as code (strings,
///   templates, comments, JSX of its own) to find where it ends;
/// - regular expression literals against division, by the token before the `/`, as esprima's `isRegexStart`
///   decides without a parser: a regex after an operator, `(`, `[`, `{`, `,`, `;`, `:`, `?`, `=>`, a keyword
///   that takes an expression (`return`, `typeof`, `case`…), and a `)` or `}` that closes the head of an
///   `if`, `while`, `for` or `with`, or a block; a division after a name, a literal, `]`, `++`, `--`, and a
///   `)` or `}` of an expression;
/// - JSX, in `.js`, `.jsx`, `.mjs`, `.cjs` and `.tsx` (as TypeScript's scanner reads JavaScript files):
///   a `<` where an expression may start, followed by a name or `>`, opens an element; its attributes
///   (`id="x"`, whose value has no escapes, `id={…}`, `{...props}`), its children (text, where `'` and `"`
///   are characters (`<p>Don't</p>`), `{…}` expressions holding code and further JSX, nested elements),
///   and its closing tag, which must name it; fragments `<>…</>`. In `.tsx`, `<T,>` and `<T extends U>`
///   open type parameters, as TypeScript decides; in `.ts` there is no JSX, and `<T>value` is a type
///   assertion.
///
/// A regex literal is not looked for past the end of its line, and a literal cut short there makes the
/// source fail to lex rather than be read again as a division, so each byte is read a bounded number of
/// times.
struct JavaScriptLexer: SourceLexer {
  /// What an open bracket was, for what its closing one says about a `/` after it.
  private enum Bracket {
    /// `(`: the head of an `if`, `while`, `for` or `with` (after which a `/` starts a regex), or not.
    case parenthesis(isControlHead: Bool)
    case squareBracket
    /// `{`: a block (after which a `/` starts a regex), or an object literal or other expression.
    case brace(isBlock: Bool)
  }

  /// What the previous token says about a `/` or `<` that follows.
  private enum Previous {
    /// An expression may start: a regex literal, or a JSX element.
    case expressionStart
    /// An operand ended: a division, or a less-than.
    case operand
    /// A name, which is an operand unless it is a keyword that takes an expression.
    case name(start: Int, end: Int)
  }

  private let bytes: [UInt8]
  private let language: SourceLanguage
  private(set) var index: Int
  private(set) var tokens: [SourceToken] = []
  /// The work done besides reading each byte once: one for each token, and one for each byte a look-ahead
  /// reads (whether a `<` opens a JSX element).
  private(set) var work = 0
  private var brackets: [Bracket] = []
  private var previous = Previous.expressionStart
  /// How many templates, JSX elements and JSX expressions the lexer is inside.
  private var depth = 0
  /// How many of those are templates, whose tokens are not kept.
  private var templateDepth = 0
  /// How many of `brackets` were open outside the template's `${…}` or JSX `{…}` being lexed: a closing
  /// bracket inside one never closes them, so a literal lexes the same wherever it is.
  private var bracketFloor = 0
  private var afterNewline = false
  /// The previous token, kept or not.
  private var lastToken = 0..<0
  /// Whether the lexer is at the start of a JSX expression or a template's `${`, where `{` is an object.
  private var atEmbeddedExpression = false

  /// A lexer of `bytes`, a source in `language` (one of the JavaScript and TypeScript ones), from `start`
  /// (see ``SourceChecks/start(of:)``).
  init(_ bytes: [UInt8], language: SourceLanguage, start: Int) {
    self.bytes = bytes
    self.language = language
    index = start
    tokens.reserveCapacity(bytes.count / 5)
  }

  mutating func lexSource() throws(SourceLexFailure) {
    try lexCode(untilBraceOf: nil)
  }

  private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private mutating func emit(_ kind: SourceToken.Kind, from start: Int, _ flags: SourceToken.Flags = []) {
    lastToken = start..<index
    atEmbeddedExpression = false
    guard templateDepth == 0 else { return }
    tokens.append(SourceToken(kind, start, index, afterNewline ? flags.union(.afterNewline) : flags))
    afterNewline = false
  }

  private mutating func enter(at offset: Int) throws(SourceLexFailure) {
    guard depth + brackets.count < SourceLimits.maximumNestingDepth else {
      throw SourceLexFailure(.nestingTooDeep, at: offset)
    }
    depth += 1
  }

  // MARK: Trivia

  /// Skips whitespace and comments (`/* … */` not nested), noting a line break among them.
  private mutating func skipTrivia() throws(SourceLexFailure) {
    if try bytes.skipTrivia(&index, nestedComments: false) { afterNewline = true }
  }

  // MARK: Code

  /// Lexes code up to the end of the source or, given the offset of the `{` that opened a template's
  /// `${` or a JSX expression, up to the `}` that closes it, which is consumed but not kept.
  private mutating func lexCode(untilBraceOf opening: Int?) throws(SourceLexFailure) {
    let base = brackets.count
    let outerFloor = bracketFloor
    bracketFloor = base
    defer { bracketFloor = outerFloor }
    while true {
      try skipTrivia()
      guard index < bytes.count else {
        if let opening {
          throw SourceLexFailure(bytes[opening] == .backtick ? .unterminatedString : .unterminatedJSX, at: opening)
        }
        return
      }
      if opening != nil && bytes[index] == .closeBrace && brackets.count == base {
        index += 1
        return
      }
      try lexToken()
    }
  }

  private var isExpressionExpected: Bool {
    switch previous {
    case .expressionStart: return true
    case .operand: return false
    case .name(let start, let end): return isKeyword(Self.keywordsBeforeExpression, from: start, to: end)
    }
  }

  private func isKeyword(_ keywords: [StaticString], from start: Int, to end: Int) -> Bool {
    for keyword in keywords where bytes.isText(keyword, from: start, to: end) { return true }
    return false
  }

  /// The keywords after which an expression, not an operator, follows (esprima's `isRegexStart`).
  private static let keywordsBeforeExpression: [StaticString] = [
    "return", "typeof", "instanceof", "in", "new", "delete", "void", "throw", "case", "do", "else", "yield",
    "await", "default",
  ]

  private mutating func lexToken() throws(SourceLexFailure) {
    work += 1
    let start = index
    let byte = bytes[index]
    if byte.isIdentifierStart || byte == .dollar {
      index += 1
      index = bytes.nameEnd(from: index)
      emit(.identifier, from: start)
      previous = .name(start: start, end: index)
      return
    }
    if byte.isDigit || (byte == .dot && self.byte(at: index + 1)?.isDigit == true) {
      lexNumber()
      return
    }
    switch byte {
    case .quote, .apostrophe:
      try lexString()
    case .backtick:
      try lexTemplate()
    case .slash where isExpressionExpected:
      try lexRegex()
    case .lessThan where language.hasJSX && isExpressionExpected && startsJSXElement():
      try lexJSXElement()
      previous = .operand
    case .openParen:
      index += 1
      let isControlHead: Bool
      if case .name(let start, let end) = previous {
        isControlHead = isKeyword(["if", "while", "for", "with"], from: start, to: end)
      } else {
        isControlHead = false
      }
      try push(.parenthesis(isControlHead: isControlHead), at: start)
      emit(.punctuation, from: start)
      previous = .expressionStart
    case .openBracket:
      index += 1
      try push(.squareBracket, at: start)
      emit(.punctuation, from: start)
      previous = .expressionStart
    case .openBrace:
      index += 1
      try push(.brace(isBlock: opensBlock), at: start)
      emit(.punctuation, from: start)
      previous = .expressionStart
    case .closeParen, .closeBracket, .closeBrace:
      index += 1
      emit(.punctuation, from: start)
      // One with nothing open for it to close (above the floor) is punctuation that closes nothing.
      switch brackets.count > bracketFloor ? brackets.popLast() : nil {
      case .parenthesis(let isControlHead): previous = isControlHead ? .expressionStart : .operand
      case .brace(let isBlock): previous = isBlock ? .expressionStart : .operand
      case .squareBracket, nil: previous = .operand
      }
    default:
      let length = Self.operatorLength(bytes, at: index)
      index += length
      // After `++` or `--` an operand is taken to have ended (the postfix reading); after a `!` that touches
      // the operand before it, too: TypeScript's non-null assertion (`a.index! < b`).
      let isPostfix =
        bytes.isText("++", from: start, to: index) || bytes.isText("--", from: start, to: index)
        || (length == 1 && byte == .exclamation && !isExpressionExpected && start > 0
          && !(bytes[start - 1].isHorizontalSpace || bytes[start - 1].isLineBreak))
      emit(.punctuation, from: start)
      previous = isPostfix ? .operand : .expressionStart
    }
  }

  private mutating func push(_ bracket: Bracket, at offset: Int) throws(SourceLexFailure) {
    guard depth + brackets.count < SourceLimits.maximumNestingDepth else {
      throw SourceLexFailure(.nestingTooDeep, at: offset)
    }
    brackets.append(bracket)
  }

  /// Whether a `{` here opens a block rather than an object literal: after `)`, `=>`, a name (a class,
  /// interface or enum body), `else`, `do`, `try`, `finally`, or where a statement starts (after `;`, `{`,
  /// `}` or nothing); not after other punctuation or a keyword that takes an expression (`return {`).
  private var opensBlock: Bool {
    if case .name(let start, let end) = previous {
      return !isKeyword(Self.keywordsBeforeExpression, from: start, to: end)
        || isKeyword(["else", "do"], from: start, to: end)
    }
    if atEmbeddedExpression { return false }
    if lastToken.isEmpty { return true }
    if lastToken.count == 1 {
      switch bytes[lastToken.lowerBound] {
      case .closeParen, .semicolon, .openBrace, .closeBrace: return true
      default: return false
      }
    }
    return bytes.isText("=>", from: lastToken.lowerBound, to: lastToken.upperBound)
  }

  /// `123`, `1_000`, `0x1F`, `1.5e-3`, `.5`, `10n`: its token, as the other literals' lexers emit theirs.
  private mutating func lexNumber() {
    let start = index
    let isHex = bytes[index] == UInt8(ascii: "0") && byte(at: index + 1).map { $0 | 0x20 == UInt8(ascii: "x") } == true
    var sawDot = bytes[index] == .dot
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte.isLetter || byte.isDigit || byte == .underscore {
        index += 1
        if !isHex, byte | 0x20 == UInt8(ascii: "e"), let sign = self.byte(at: index), sign == .plus || sign == .minus {
          index += 1
        }
      } else if byte == .dot, !sawDot, !isHex {
        sawDot = true
        index += 1
      } else {
        break
      }
    }
    emit(.number, from: start)
    previous = .operand
  }

  /// The length of the operator at `offset`: the longest of JavaScript's multi-character operators that is
  /// there (`?.` only when no digit follows: `a?.5:1` is a conditional), or 1.
  static func operatorLength(_ bytes: [UInt8], at offset: Int) -> Int {
    for candidate in operators where bytes.matches(candidate, at: offset) {
      if bytes.isText("?.", from: offset, to: offset + 2), offset + 2 < bytes.count, bytes[offset + 2].isDigit {
        continue
      }
      return candidate.utf8CodeUnitCount
    }
    return 1
  }

  /// JavaScript's operators of more than one character, longest first.
  private static let operators: [StaticString] = [
    ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "=>", "==", "!=", "<=", ">=",
    "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**", "<<", ">>",
  ]

  // MARK: Literals

  /// `'…'` or `"…"`, from its opening quote.
  private mutating func lexString() throws(SourceLexFailure) {
    let start = index
    let quote = bytes[index]
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == quote {
        index += 1
        emit(.string, from: start)
        previous = .operand
        return
      }
      if byte.isLineBreak { break }
      if byte == .backslash {
        index += 1
        // A `\` before `\r\n` continues the line over both.
        if bytes.matches("\r\n", at: index) { index += 1 }
      }
      index += 1
    }
    throw SourceLexFailure(.unterminatedString, at: start)
  }

  /// A template literal from its opening backtick.
  private mutating func lexTemplate() throws(SourceLexFailure) {
    let start = index
    var flags: SourceToken.Flags = [.template]
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == .backtick {
        index += 1
        emit(.string, from: start, flags)
        previous = .operand
        return
      }
      if byte == .backslash {
        index += 2
        continue
      }
      if byte == .dollar && self.byte(at: index + 1) == .openBrace {
        flags.insert(.interpolated)
        index += 2
        try enter(at: start)
        templateDepth += 1
        let outer = (previous, afterNewline)
        previous = .expressionStart
        atEmbeddedExpression = true
        try lexCode(untilBraceOf: start)
        (previous, afterNewline) = outer
        templateDepth -= 1
        depth -= 1
        continue
      }
      index += 1
    }
    throw SourceLexFailure(.unterminatedString, at: start)
  }

  /// A regex literal from its `/`: escapes, classes `[…]` (where `/` is a character), flags.
  private mutating func lexRegex() throws(SourceLexFailure) {
    let start = index
    var inClass = false
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte.isLineBreak { break }
      if byte == .backslash {
        index += 1
        if index < bytes.count && bytes[index].isLineBreak { break }
      } else if byte == .openBracket {
        inClass = true
      } else if byte == .closeBracket {
        inClass = false
      } else if byte == .slash && !inClass {
        index += 1
        index = bytes.nameEnd(from: index)
        emit(.regex, from: start)
        previous = .operand
        return
      }
      index += 1
    }
    throw SourceLexFailure(.unterminatedRegex, at: start)
  }

  // MARK: JSX

  /// Whether the `<` at `index`, where an expression may start, opens a JSX element: it is followed by a
  /// name or `>`, and (in `.tsx`) is not a type parameter list `<T,>` or `<T extends U>`.
  private mutating func startsJSXElement() -> Bool {
    var cursor = index + 1
    defer { work += cursor - index }
    while let byte = byte(at: cursor), byte.isHorizontalSpace || byte.isLineBreak { cursor += 1 }
    guard let first = byte(at: cursor) else { return false }
    if first == .greaterThan { return true }
    guard first.isIdentifierStart || first == .dollar else { return false }
    guard language == .typeScriptJSX else { return true }
    let nameStart = cursor
    while let byte = byte(at: cursor), byte.isIdentifierContinue { cursor += 1 }
    if bytes.isText("const", from: nameStart, to: cursor) { return false }
    while let byte = byte(at: cursor), byte.isHorizontalSpace || byte.isLineBreak { cursor += 1 }
    if byte(at: cursor) == .comma { return false }
    return !(bytes.matches("extends", at: cursor) && byte(at: cursor + 7).map { !$0.isIdentifierContinue } != false)
  }

  /// A JSX element or fragment from its `<` to the end of its closing tag (or of its `/>`).
  private mutating func lexJSXElement() throws(SourceLexFailure) {
    let start = index
    try enter(at: start)
    index += 1
    emit(.punctuation, from: start, .jsx)
    try skipTrivia()
    var name: Range<Int>? = nil
    if byte(at: index) != .greaterThan {
      name = try lexJSXName(element: start)
      if language == .typeScriptJSX && byte(at: index) == .lessThan { try lexTypeArguments(element: start) }
      // Attributes, up to `>` or `/>`.
      while true {
        try skipTrivia()
        guard let byte = byte(at: index) else { throw SourceLexFailure(.unterminatedJSX, at: start) }
        if byte == .greaterThan { break }
        if byte == .slash && self.byte(at: index + 1) == .greaterThan {
          let slash = index
          index += 2
          emit(.punctuation, from: slash, .jsx)
          depth -= 1
          return
        }
        if byte == .openBrace {
          try lexJSXExpression()
        } else if byte.isIdentifierStart || byte == .dollar {
          try lexJSXAttribute(element: start)
        } else {
          throw SourceLexFailure(.unterminatedJSX, at: start)
        }
      }
    }
    let close = index
    index += 1
    emit(.punctuation, from: close, .jsx)
    try lexJSXChildren(element: start, name: name)
    depth -= 1
  }

  /// The type arguments of a generic component in `.tsx` (`<Select<Option> value={v}>`), from their `<` to
  /// the `>` that closes them: `<` and `>` counted one by one (`>>` closes two), everything else lexed as
  /// code.
  private mutating func lexTypeArguments(element: Int) throws(SourceLexFailure) {
    var open = 0
    repeat {
      try skipTrivia()
      guard let byte = byte(at: index) else { throw SourceLexFailure(.unterminatedJSX, at: element) }
      if byte == .lessThan || byte == .greaterThan {
        open += byte == .lessThan ? 1 : -1
        index += 1
        emit(.punctuation, from: index - 1)
      } else if bytes.matches("=>", at: index) {
        index += 2
        emit(.punctuation, from: index - 2)
      } else {
        previous = .operand  // no regex literal or JSX in a type
        try lexToken()
      }
    } while open > 0
  }

  /// A JSX element or attribute name: `div`, `Inertia`, `I.Inertia`, `svg:rect`, `data-id`: one token.
  private mutating func lexJSXName(element: Int) throws(SourceLexFailure) -> Range<Int> {
    let start = index
    guard let first = byte(at: index), first.isIdentifierStart || first == .dollar else {
      throw SourceLexFailure(.unterminatedJSX, at: element)
    }
    while let byte = byte(at: index),
      byte.isIdentifierContinue || byte == .minus || byte == .colon || byte == .dot
    {
      index += 1
    }
    emit(.identifier, from: start, .jsx)
    return start..<index
  }

  /// `name`, `name="value"`, `name='value'`, `name={expression}`, `name=<element/>`.
  private mutating func lexJSXAttribute(element: Int) throws(SourceLexFailure) {
    _ = try lexJSXName(element: element)
    try skipTrivia()
    guard byte(at: index) == .equals else { return }
    let equals = index
    index += 1
    emit(.punctuation, from: equals, .jsx)
    try skipTrivia()
    guard let byte = byte(at: index) else { throw SourceLexFailure(.unterminatedJSX, at: element) }
    switch byte {
    case .quote, .apostrophe:
      // No escapes: the value runs to the next quote of its kind, over lines if need be.
      let start = index
      index += 1
      while index < bytes.count && bytes[index] != byte { index += 1 }
      guard index < bytes.count else { throw SourceLexFailure(.unterminatedString, at: start) }
      index += 1
      emit(.string, from: start, .jsx)
    case .openBrace:
      try lexJSXExpression()
    case .lessThan:
      try lexJSXElement()
    default:
      throw SourceLexFailure(.unterminatedJSX, at: element)
    }
  }

  /// `{…}` in a JSX element: an attribute's value, a spread, or a child. Its code is kept as tokens.
  private mutating func lexJSXExpression() throws(SourceLexFailure) {
    let start = index
    try enter(at: start)
    index += 1
    emit(.punctuation, from: start, .jsx)
    let outer = previous
    previous = .expressionStart
    atEmbeddedExpression = true
    try lexCode(untilBraceOf: start)
    emit(.punctuation, from: index - 1, .jsx)
    previous = outer
    depth -= 1
  }

  /// A JSX element's children, after the `>` of its opening tag, up to the end of its closing tag, which
  /// must name `name` (`nil` for a fragment).
  private mutating func lexJSXChildren(element: Int, name: Range<Int>?) throws(SourceLexFailure) {
    while true {
      // Text up to the next `<` or `{`: quotes in it are characters.
      let textStart = index
      var hasText = false
      while let byte = byte(at: index), byte != .lessThan, byte != .openBrace {
        if !(byte.isHorizontalSpace || byte.isLineBreak) { hasText = true }
        index += 1
      }
      if hasText {
        emit(.jsxText, from: textStart)
      }
      guard let byte = byte(at: index) else { throw SourceLexFailure(.unterminatedJSX, at: element) }
      if byte == .openBrace {
        try lexJSXExpression()
        continue
      }
      // `<`: a closing tag, or a child element.
      var cursor = index + 1
      while let space = self.byte(at: cursor), space.isHorizontalSpace || space.isLineBreak { cursor += 1 }
      guard self.byte(at: cursor) == .slash else {
        try lexJSXElement()
        continue
      }
      let closing = index
      index = cursor + 1
      emit(.punctuation, from: closing, .jsx)
      try skipTrivia()
      if let name {
        let closingName = try lexJSXName(element: element)
        guard bytes[closingName].elementsEqual(bytes[name]) else {
          throw SourceLexFailure(.mismatchedJSXTag, at: closing)
        }
        try skipTrivia()
      }
      guard self.byte(at: index) == .greaterThan else {
        throw SourceLexFailure(
          name == nil && self.byte(at: index) != nil ? .mismatchedJSXTag : .unterminatedJSX, at: closing)
      }
      let close = index
      index += 1
      emit(.punctuation, from: close, .jsx)
      return
    }
  }
}
