import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaLint

/// Replays every input the `app-sources` fuzz target ever failed on (`Tests/Fuzz/Regressions/app-sources`)
/// and the corpus it keeps (`Tests/Fuzz/Corpus/app-sources`) through its check, and runs the check over
/// the fixture apps' sources in every language.
@Suite struct AppSourceFuzzRegressionTests {
  @Test(arguments: FuzzInput.all(of: ["app-sources"], in: ["Regressions", "Corpus"]))
  func replay(_ input: FuzzInput) throws {
    try AppSourceFuzzChecks.appSources(input.bytes())
  }

  @Test func checkPassesOnTheFixtureAppsInEveryLanguage() throws {
    let sources = AppFixture.all.flatMap { $0.sourceFiles() }
    #expect(sources.count > 10)
    for source in sources {
      let bytes = try Fixtures.bytes(source)
      for language in SourceLanguage.allCases { try AppSourceFuzzChecks.check(bytes, language: language) }
    }
  }

  /// The finders never read past the tokens they are given, wherever a construct is cut off: each
  /// fixture source's tokens, cut after every token, through its language's finder. (The fuzz target
  /// found `import` as the last token read one past the end.)
  @Test func findersReadEveryPrefixOfTheTokens() throws {
    for source in AppFixture.all.flatMap({ $0.sourceFiles() }) {
      let bytes = try Fixtures.bytes(source)
      let language = try #require(SourceLanguage(fileName: source.lastPathComponent))
      let tokens = try AppSourceLexer.tokenize(bytes, language: language).get()
      for count in 0...tokens.count {
        _ = AppSourceUses.uses(
          in: SourceTokenView(bytes: bytes, tokens: Array(tokens.prefix(count)), language: language))
      }
    }
  }

  /// The check can fail: bytes between tokens that are not trivia, a literal that is not one token alone.
  @Test func theCheckCatchesViolations() throws {
    #expect(throws: AppSourcePropertyViolation.self) {
      try AppSourceFuzzChecks.triviaOnly(Array("x".utf8), language: .swift)
    }
    #expect(throws: AppSourcePropertyViolation.self) {
      try AppSourceFuzzChecks.literalAlone(SourceToken(.string, 0, 2), Array("\"a\"".utf8), language: .kotlin)
    }
    #expect(throws: Never.self) {
      try AppSourceFuzzChecks.literalAlone(SourceToken(.string, 0, 3), Array("\"a\"".utf8), language: .kotlin)
    }
    #expect(AppSourceFuzzChecks.split([6] + Array("x".utf8))?.0 == SourceLanguage.allCases[1])
  }
}
