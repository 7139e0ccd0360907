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
    switch language {
    case .swift: SwiftLexer.tokenize(bytes)
    case .kotlin: KotlinLexer.tokenize(bytes)
    case .javaScript, .typeScript, .typeScriptJSX: JavaScriptLexer.tokenize(bytes, language: language)
    }
  }
}
