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
