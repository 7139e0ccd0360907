/// The one entry to the source lexers: a source's tokens in its language, or why it does not lex.
package enum AppSourceLexer {
  /// The tokens of `bytes`, a source in `language`, or why they do not lex (never a crash or a hang).
  package static func tokenize(_ bytes: [UInt8], language: SourceLanguage) -> Result<[SourceToken], SourceLexFailure> {
    switch language {
    case .swift: SwiftLexer.tokenize(bytes)
    case .kotlin: KotlinLexer.tokenize(bytes)
    case .javaScript, .typeScript, .typeScriptJSX: JavaScriptLexer.tokenize(bytes, language: language)
    }
  }
}
