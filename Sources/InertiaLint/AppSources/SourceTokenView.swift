import InertiaFormat

/// A lexed source as the use finders read it: its tokens, their text, which bracket closes which, and the
/// positions of what is found.
struct SourceTokenView {
  let bytes: [UInt8]
  let tokens: [SourceToken]
  let language: SourceLanguage
  /// For each bracket token, the index of the one that closes or opens it (`-1` for one left open, and
  /// for every other token); made on first use.
  private var partners: [Int32] = []
  private var lines: LineIndex? = nil
  /// The work the finders did over the tokens: one for each token a walk visited (pairing the brackets,
  /// splitting arguments, a finder's own passes); what the growth tests count.
  var steps = 0

  init(bytes: [UInt8], tokens: [SourceToken], language: SourceLanguage) {
    self.bytes = bytes
    self.tokens = tokens
    self.language = language
  }

  var count: Int { tokens.count }

  subscript(index: Int) -> SourceToken { tokens[index] }

  /// Whether token `index` exists, is a name, and reads `text`.
  func isName(_ index: Int, _ text: StaticString) -> Bool {
    index >= 0 && index < tokens.count && tokens[index].kind == .identifier
      && bytes.isText(text, from: tokens[index].start, to: tokens[index].end)
  }

  /// Whether token `index` exists, is punctuation, and reads `text`.
  func isPunctuation(_ index: Int, _ text: StaticString) -> Bool {
    index >= 0 && index < tokens.count && tokens[index].kind == .punctuation
      && bytes.isText(text, from: tokens[index].start, to: tokens[index].end)
  }

  /// Whether tokens `first` and `second` exist and read the same.
  func sameText(_ first: Int, _ second: Int) -> Bool {
    guard first >= 0, second >= 0, first < tokens.count, second < tokens.count else { return false }
    return bytes[tokens[first].start..<tokens[first].end].elementsEqual(
      bytes[tokens[second].start..<tokens[second].end])
  }

  /// The text of token `index`.
  func text(_ index: Int) -> Substring {
    Substring(decoding: bytes[tokens[index].start..<tokens[index].end], as: UTF8.self)
  }

  /// The index of the bracket that closes the one at `open` (`(`, `[` or `{`), or `nil` if none does.
  mutating func closing(of open: Int) -> Int? {
    if partners.isEmpty { pairBrackets() }
    let partner = Int(partners[open])
    return partner > open ? partner : nil
  }

  /// The index of the bracket that opens the one at `close` (`)`, `]` or `}`), or `nil` if none does.
  mutating func opening(of close: Int) -> Int? {
    if partners.isEmpty { pairBrackets() }
    let partner = Int(partners[close])
    return partner >= 0 && partner < close ? partner : nil
  }

  /// One pass over the tokens with a stack of open brackets; a closing bracket of the wrong kind closes
  /// nothing (the code does not compile, and a call around it is left unpaired, so not read).
  private mutating func pairBrackets() {
    steps += tokens.count
    partners = Array(repeating: -1, count: tokens.count)
    var open: [Int] = []
    for index in tokens.indices where tokens[index].kind == .punctuation && tokens[index].end - tokens[index].start == 1
    {
      switch bytes[tokens[index].start] {
      case .openParen, .openBracket, .openBrace:
        open.append(index)
      case .closeParen, .closeBracket, .closeBrace:
        guard let last = open.last else { continue }
        let expected: UInt8 =
          switch bytes[tokens[index].start] {
          case .closeParen: .openParen
          case .closeBracket: .openBracket
          default: .openBrace
          }
        guard bytes[tokens[last].start] == expected else { continue }
        open.removeLast()
        partners[last] = Int32(index)
        partners[index] = Int32(last)
      default:
        continue
      }
    }
  }

  /// One argument of a call: its label (Swift `label:`, Kotlin `name =`), if any, and its value's tokens.
  struct Argument {
    var label: Int?
    var value: Range<Int>
  }

  /// The arguments between the `(` at `open` and the `)` that closes it, split at top-level commas, with
  /// labels written `label` followed by `separator` (`:` in Swift, `=` in Kotlin); `nil` where the `(` is
  /// never closed.
  mutating func arguments(of open: Int, labelSeparator separator: StaticString?) -> [Argument]? {
    guard let close = closing(of: open) else { return nil }
    var arguments: [Argument] = []
    var start = open + 1
    var index = open + 1
    while index <= close {
      steps += 1
      if index == close || isPunctuation(index, ",") {
        // An empty argument before a comma (`f(,x)`) is kept, so that no signature matches it; after the last
        // comma (`f(x,)`, which Swift and Kotlin allow) there is none.
        if index > start || index < close {
          var argument = Argument(label: nil, value: start..<index)
          if let separator, index - start >= 2, tokens[start].kind == .identifier, isPunctuation(start + 1, separator) {
            argument = Argument(label: start, value: (start + 2)..<index)
          }
          arguments.append(argument)
        }
        start = index + 1
        index += 1
        continue
      }
      if isPunctuation(index, "(") || isPunctuation(index, "[") || isPunctuation(index, "{") {
        guard let inner = closing(of: index) else { return nil }
        index = inner + 1
        continue
      }
      index += 1
    }
    return arguments
  }

  /// The position of byte `offset`, from one line index of the source made on first use.
  mutating func position(ofOffset offset: Int) -> SourcePosition {
    if lines == nil { lines = LineIndex(bytes) }
    let (line, column) = lines!.location(ofOffset: offset, in: bytes)
    return SourcePosition(offset: offset, line: line, column: column)
  }

  /// The position of token `index`'s first byte.
  mutating func position(of index: Int) -> SourcePosition { position(ofOffset: tokens[index].start) }

  /// The id an argument's value spells: the value of a lone string literal, or ``InertiaUse/ID/dynamic``.
  func id(of value: Range<Int>) -> InertiaUse.ID {
    guard value.count == 1, let text = stringValue(of: value.lowerBound) else { return .dynamic }
    return .literal(text)
  }

  /// The value of the string literal token at `index`, escapes decoded; `nil` for another token, an
  /// interpolated or multi-line literal, or one with an escape the language does not have.
  func stringValue(of index: Int) -> String? {
    guard index >= 0 && index < tokens.count, tokens[index].kind == .string else { return nil }
    return StringLiteralValue.decode(tokens[index], in: bytes, language: language)
  }

  /// The value of a lone `true` or `false`.
  func booleanLiteral(_ value: Range<Int>) -> Bool? {
    guard value.count == 1 else { return nil }
    if isName(value.lowerBound, "true") { return true }
    if isName(value.lowerBound, "false") { return false }
    return nil
  }
}

extension SourceTokenView {
  /// The bytes of token `index`: a name as the finders keep it, without making a string.
  func name(_ index: Int) -> [UInt8] { Array(bytes[tokens[index].start..<tokens[index].end]) }

  /// Whether token `index` exists, is a name, and its bytes are `name`.
  func isName(_ index: Int, _ name: [UInt8]) -> Bool {
    guard index >= 0 && index < tokens.count, tokens[index].kind == .identifier else { return false }
    let token = tokens[index]
    return token.end - token.start == name.count && bytes[token.start..<token.end].elementsEqual(name)
  }
}

/// The few names a finder looks every name token up in (the names bound to a playback handle, a runtime's
/// imported names): a list checked by length first, so that most tokens are turned away without reading
/// their bytes, and none is made into a string.
struct NameTable<Value> {
  private var entries: [(name: [UInt8], value: Value)] = []
  /// Bit `n` is set when a name of `n` bytes is in the table (bit 63 for 63 and more).
  private var lengths: UInt64 = 0

  init() {}

  /// A table of `entries`.
  init<Names: Sequence>(_ entries: Names) where Names.Element == ([UInt8], Value) {
    for (name, value) in entries { insert(name, value) }
  }

  var isEmpty: Bool { entries.isEmpty }

  mutating func insert(_ name: [UInt8], _ value: Value) {
    entries.append((name, value))
    lengths |= 1 << UInt64(min(name.count, 63))
  }

  /// The value of the name token `index` of `view`, if it is in the table.
  func value(of index: Int, in view: SourceTokenView) -> Value? {
    let token = view[index]
    let length = token.end - token.start
    guard lengths & (1 << UInt64(min(length, 63))) != 0, token.kind == .identifier else { return nil }
    for entry in entries where entry.name.count == length && view.isName(index, entry.name) { return entry.value }
    return nil
  }
}
