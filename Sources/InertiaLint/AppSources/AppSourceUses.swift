import InertiaFormat

/// The one entry to reading app code: the Inertia uses in a source, or why it could not be read.
///
/// Pure: bytes in, values out, no I/O and no threads; the caller reads the files, and may read them on as
/// many threads as it likes.
package enum AppSourceUses {
  /// The uses of the Inertia runtime of `language` in `bytes`, a source in that language, in source order;
  /// or, for a source that is over ``SourceLimits/maximumSourceBytes``, is not UTF-8, or does not lex, why,
  /// with its line and column.
  ///
  /// A source whose bytes nowhere hold `nertia` (of `Inertia` and `inertia`) is not lexed: every use the
  /// finders know needs one (Swift's `import Inertia`, Kotlin's `org.inertiagraphics.inertia`, the
  /// `inertia-react` module), so it has none, and whether it would lex does not matter to the app rules.
  /// Only its size is checked.
  package static func find(in bytes: [UInt8], language: SourceLanguage) -> Result<[InertiaUse], SourceLexFailure> {
    findCountingWork(in: bytes, language: language).0
  }

  /// ``find(in:language:)``, and the work it took (the lexer's and the finder's: see
  /// ``AppSourceLexer/tokenizeCountingWork(_:language:)``), which the growth tests count.
  static func findCountingWork(in bytes: [UInt8], language: SourceLanguage) -> (
    Result<[InertiaUse], SourceLexFailure>, work: Int
  ) {
    guard bytes.count <= SourceLimits.maximumSourceBytes else {
      return (.failure(SourceLexFailure(.tooLarge, at: SourceLimits.maximumSourceBytes).located(in: bytes)), 0)
    }
    guard mayNameRuntime(bytes) else { return (.success([]), 0) }
    let (tokens, work) = AppSourceLexer.tokenizeCountingWork(bytes, language: language)
    switch tokens {
    case .failure(let failure):
      return (.failure(failure.located(in: bytes)), work)
    case .success(let tokens):
      let (uses, steps) = uses(in: SourceTokenView(bytes: bytes, tokens: tokens, language: language))
      return (.success(uses), work + steps)
    }
  }

  /// The uses in a lexed source, by its language's finder; and the finder's steps.
  static func uses(in view: SourceTokenView) -> (uses: [InertiaUse], steps: Int) {
    switch view.language {
    case .swift: SwiftUseFinder.uses(in: view)
    case .kotlin: KotlinUseFinder.uses(in: view)
    case .javaScript, .typeScript, .typeScriptJSX: JavaScriptUseFinder.uses(in: view)
    }
  }

  /// Whether `nertia` is somewhere in `bytes` (InertiaFormat's ``ByteSearch``, eight positions at a time).
  static func mayNameRuntime(_ bytes: [UInt8]) -> Bool {
    ByteSearch.contains("nertia", in: bytes)
  }
}
