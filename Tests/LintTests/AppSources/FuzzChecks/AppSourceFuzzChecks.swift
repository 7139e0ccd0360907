// Properties the `app-sources` fuzz target checks on every input, shared with the test suite, which replays
// every input that ever failed (`Tests/Fuzz/Regressions/app-sources`) and the kept corpus. Compiled into
// both: no test framework.
@testable import InertiaFormat
@testable import InertiaLint

/// A property of the source lexers or use finders that did not hold for an input.
struct AppSourcePropertyViolation: Error, CustomStringConvertible {
  var description: String
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(AppSourcePropertyViolation) {
  if !condition { throw AppSourcePropertyViolation(description: message()) }
}

enum AppSourceFuzzChecks {
  /// The language an input is read in: its first byte, modulo the number of languages; the rest is the
  /// source.
  static func split(_ input: [UInt8]) -> (SourceLanguage, [UInt8])? {
    guard let first = input.first else { return nil }
    return (SourceLanguage.allCases[Int(first) % SourceLanguage.allCases.count], Array(input.dropFirst()))
  }

  /// The fuzz target's check: ``check(_:language:)`` on the input's source in its language.
  static func appSources(_ input: [UInt8]) throws(AppSourcePropertyViolation) {
    guard let (language, bytes) = split(input) else { return }
    try check(bytes, language: language)
  }

  /// Lexing any bytes never crashes, and when they lex:
  /// - the tokens are in order, inside the source, not empty and not overlapping;
  /// - the bytes between two tokens are trivia: lexed alone, they give no token and no failure (so no
  ///   comment or literal was cut short or run on);
  /// - each string, character, template and JavaScript regex literal, lexed alone, is one token of its
  ///   kind over the whole of it (a Swift regex, whose reading depends on what comes before it, is checked
  ///   for its delimiters); each literal is thus, byte for byte, a literal of the input at its offset;
  /// - every use the finder reports is at the start of a name token (so never in a comment or a string);
  ///   its id, when a literal, is the value of the string token at the id's position; its line and column
  ///   are the line index's;
  /// - a comment appended after a line break, naming the runtime, changes no token and no use;
  /// - ``AppSourceUses/find(in:language:)`` gives the same uses, or the same failure, when the source
  ///   mentions `nertia`, and none otherwise.
  /// When they do not lex, the failure's offset is inside the source.
  static func check(_ bytes: [UInt8], language: SourceLanguage) throws(AppSourcePropertyViolation) {
    let tokens: [SourceToken]
    switch AppSourceLexer.tokenize(bytes, language: language) {
    case .failure(let failure):
      try require(failure.offset >= 0 && failure.offset <= bytes.count, "failure offset \(failure.offset) outside")
      if ByteSearch.contains("nertia", in: bytes) {
        guard case .failure(let found) = AppSourceUses.find(in: bytes, language: language) else {
          throw AppSourcePropertyViolation(description: "find read a source that does not lex")
        }
        try require(found.kind == failure.kind && found.offset == failure.offset, "find failed otherwise: \(found)")
      }
      return
    case .success(let lexed):
      tokens = lexed
    }
    var end = 0
    for token in tokens {
      try require(token.start >= end && token.end > token.start && token.end <= bytes.count, "token out of order")
      try triviaOnly(Array(bytes[end..<token.start]), language: language)
      end = token.end
      try literalAlone(token, bytes, language: language)
    }
    try triviaOnly(Array(bytes[end...]), language: language)

    let view = SourceTokenView(bytes: bytes, tokens: tokens, language: language)
    let uses = AppSourceUses.uses(in: view).uses
    let starts = Dictionary(tokens.map { ($0.start, $0) }, uniquingKeysWith: { first, _ in first })
    let lines = LineIndex(bytes)
    for use in uses {
      try require(starts[use.position.offset]?.kind == .identifier, "use at \(use.position.offset) is not at a name")
      let (line, column) = lines.location(ofOffset: use.position.offset, in: bytes)
      try require(use.position.line == line && use.position.column == column, "use at the wrong line or column")
      if case .literal(let id) = use.id {
        guard let position = use.idPosition, let token = starts[position.offset], token.kind == .string else {
          throw AppSourcePropertyViolation(description: "a literal id with no string token at its position")
        }
        try require(
          StringLiteralValue.decode(token, in: bytes, language: language) == id, "id \(id) is not its token's")
      }
      if let position = use.idPosition { try require(starts[position.offset] != nil, "id position not at a token") }
      if case .container(let arguments) = use.kind, let position = arguments.devPosition {
        try require(starts[position.offset] != nil, "dev position not at a token")
      }
    }

    let appended = bytes + Array("\n// nertia .inertia(\"x\") InertiaContainer( <Inertia id=\"x\"> `\n".utf8)
    guard case .success(let again) = AppSourceLexer.tokenize(appended, language: language) else {
      throw AppSourcePropertyViolation(description: "an appended comment made the source fail")
    }
    try require(again == tokens, "an appended comment changed the tokens")
    let usesAgain = AppSourceUses.uses(in: SourceTokenView(bytes: appended, tokens: again, language: language)).uses
    try require(usesAgain == uses, "an appended comment changed the uses")

    guard case .success(let found) = AppSourceUses.find(in: bytes, language: language) else {
      throw AppSourcePropertyViolation(description: "find failed on a source that lexes")
    }
    try require(found == (ByteSearch.contains("nertia", in: bytes) ? uses : []), "find disagrees with the finder")
  }

  /// Bytes lexed alone give no token and no failure.
  static func triviaOnly(_ bytes: [UInt8], language: SourceLanguage) throws(AppSourcePropertyViolation) {
    guard !bytes.isEmpty else { return }
    guard case .success(let tokens) = AppSourceLexer.tokenize(bytes, language: language), tokens.isEmpty else {
      throw AppSourcePropertyViolation(description: "bytes between tokens are not trivia: \(bytes)")
    }
  }

  /// A literal token lexed alone is one token of its kind over all of it.
  static func literalAlone(_ token: SourceToken, _ bytes: [UInt8], language: SourceLanguage)
    throws(AppSourcePropertyViolation)
  {
    let text = Array(bytes[token.start..<token.end])
    switch token.kind {
    case .regex where language == .swift:
      try require(
        (text.first == .slash || text.first == .pound) && (text.last == .slash || text.last == .pound),
        "a regex token without its delimiters")
      return
    case .string where token.flags.contains(.jsx):
      try require(text.count >= 2 && text.first == text.last, "a JSX value without its quotes")
      return
    case .string, .character, .regex:
      break
    default:
      return
    }
    guard case .success(let alone) = AppSourceLexer.tokenize(text, language: language), alone.count == 1,
      alone[0].kind == token.kind, alone[0].start == 0, alone[0].end == text.count
    else {
      throw AppSourcePropertyViolation(description: "the literal \(text) is not one token alone")
    }
  }
}
