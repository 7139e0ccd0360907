/// The one entry to reading app code: the Inertia uses in a source, or why it could not be read.
///
/// Pure: bytes in, values out, no I/O and no threads; the caller reads the files, and may read them on as
/// many threads as it likes.
package enum AppSourceUses {
  /// The uses of the Inertia runtime of `language` in `bytes`, a source in that language, in source order;
  /// or, for a source that is not UTF-8, is over ``SourceLimits/maximumSourceBytes``, or does not lex, why,
  /// with its line and column.
  package static func find(in bytes: [UInt8], language: SourceLanguage) -> Result<[InertiaUse], SourceLexFailure> {
    switch AppSourceLexer.tokenize(bytes, language: language) {
    case .failure(let failure):
      return .failure(failure.located(in: bytes))
    case .success(let tokens):
      let view = SourceTokenView(bytes: bytes, tokens: tokens, language: language)
      switch language {
      case .swift: return .success(SwiftUseFinder.uses(in: view))
      case .kotlin: return .success(KotlinUseFinder.uses(in: view))
      case .javaScript, .typeScript, .typeScriptJSX: return .success(JavaScriptUseFinder.uses(in: view))
      }
    }
  }
}
