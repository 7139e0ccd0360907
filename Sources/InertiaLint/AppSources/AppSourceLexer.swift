/// The one entry to the source lexers: a source's tokens in its language, or why it does not lex.
package enum AppSourceLexer {
  /// The tokens of `bytes`, a source in `language`, or why they do not lex (never a crash or a hang).
  package static func tokenize(_ bytes: [UInt8], language: SourceLanguage) -> Result<[SourceToken], SourceLexFailure> {
    tokenizeCountingWork(bytes, language: language).0
  }

  /// ``tokenize(_:language:)``, and the work it took: one for each byte read, one for each token, and one
  /// for each byte a lexer's look-ahead read again, which the growth tests count at n and 4n.
  static func tokenizeCountingWork(_ bytes: [UInt8], language: SourceLanguage) -> (
    Result<[SourceToken], SourceLexFailure>, work: Int
  ) {
    // The size and the encoding are checked before anything is made in proportion to the size.
    let start: Int
    do throws(SourceLexFailure) {
      start = try SourceChecks.start(of: bytes)
    } catch {
      return (.failure(error), 0)
    }
    switch language {
    case .swift: return run(SwiftLexer(bytes, start: start), over: bytes)
    case .kotlin: return run(KotlinLexer(bytes, start: start), over: bytes)
    case .javaScript, .typeScript, .typeScriptJSX:
      return run(JavaScriptLexer(bytes, language: language, start: start), over: bytes)
    }
  }

  /// Runs `lexer` over the whole of `bytes`: its tokens, or why they do not lex, and the work it took.
  private static func run(_ lexer: some SourceLexer, over bytes: [UInt8]) -> (
    Result<[SourceToken], SourceLexFailure>, work: Int
  ) {
    var lexer = lexer
    do throws(SourceLexFailure) {
      try lexer.lexSource()
      return (.success(lexer.tokens), lexer.work + bytes.count)
    } catch {
      return (.failure(error), lexer.work + lexer.index)
    }
  }
}

/// A language's lexer over one source, which ``AppSourceLexer`` makes once the source has passed
/// ``SourceChecks`` and runs.
protocol SourceLexer {
  /// The tokens kept.
  var tokens: [SourceToken] { get }
  /// The work done besides reading each byte once (see ``AppSourceLexer/tokenizeCountingWork(_:language:)``).
  var work: Int { get }
  /// Where the lexer has read to.
  var index: Int { get }
  /// Lexes the source to its end.
  mutating func lexSource() throws(SourceLexFailure)
}
