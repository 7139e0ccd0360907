import Testing

@testable import InertiaLint

/// Sources that cannot be read give a failure with its kind, line and column; never a crash, a hang or an
/// allocation without bound.
@Suite struct SourceLimitsTests {
  @Test func languagesByExtension() {
    let names = [
      "A.swift", "b.kt", "c.kts", "d.js", "e.jsx", "f.mjs", "g.cjs", "h.ts", "i.tsx", "j.json", "k", "l.inertia",
    ]
    #expect(
      names.map { SourceLanguage(fileName: $0)?.rawValue ?? "-" } == [
        "swift", "kotlin", "kotlin", "javaScript", "javaScript", "javaScript", "javaScript", "typeScript",
        "typeScriptJSX", "-", "-", "-",
      ])
  }

  @Test(arguments: SourceLanguage.allCases)
  func invalidUTF8FailsAtTheFirstBadByte(_ language: SourceLanguage) {
    let bytes = Array("let a = 1\nlet b = ".utf8) + [0xC3, 0x28] + Array(" Inertia".utf8)
    guard case .failure(let failure) = AppSourceUses.find(in: bytes, language: language) else {
      Issue.record("lexed")
      return
    }
    #expect(failure.kind == .invalidUTF8)
    #expect((failure.line, failure.column) == (2, 9))
  }

  @Test(arguments: SourceLanguage.allCases)
  func sourcesOverTheLimitFailWithoutBeingRead(_ language: SourceLanguage) {
    let bytes = [UInt8](repeating: UInt8(ascii: " "), count: SourceLimits.maximumSourceBytes + 1)
    guard case .failure(let failure) = AppSourceUses.find(in: bytes, language: language) else {
      Issue.record("read")
      return
    }
    #expect(failure.kind == .tooLarge)
    #expect(failure.offset == SourceLimits.maximumSourceBytes)
    // The lexer alone checks the size before it makes anything in proportion to it.
    let (lexed, work) = AppSourceLexer.tokenizeCountingWork(bytes, language: language)
    #expect(lexed == .failure(SourceLexFailure(.tooLarge, at: SourceLimits.maximumSourceBytes)))
    #expect(work == 0)
  }

  /// A source nested `depth` deep in the language's deepest construct, which must lex at the limit and fail
  /// one past it.
  static func nested(_ language: SourceLanguage, depth: Int) -> String {
    switch language {
    case .swift:
      String(repeating: #""\("#, count: depth) + "x" + String(repeating: #")""#, count: depth)
    case .kotlin:
      String(repeating: #""${"#, count: depth) + "x" + String(repeating: #"}""#, count: depth)
    case .javaScript, .typeScriptJSX:
      "x = " + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
    case .typeScript:
      String(repeating: "`${", count: depth) + "x" + String(repeating: "}`", count: depth)
    }
  }

  @Test(arguments: SourceLanguage.allCases)
  func nestingIsBounded(_ language: SourceLanguage) {
    let limit = SourceLimits.maximumNestingDepth
    #expect(LexerTesting.failure(Self.nested(language, depth: limit - 1), language) == "lexes")
    #expect(LexerTesting.failure(Self.nested(language, depth: limit + 1), language).hasSuffix("nesting too deep"))
  }

  @Test func bracketsDeepInJavaScriptAreBoundedToo() {
    let depth = SourceLimits.maximumNestingDepth + 1
    let source = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
    #expect(LexerTesting.failure(source, .javaScript) == "1:\(depth) nesting too deep")
  }

  @Test func unterminatedLiteralsFailAtTheirOpening() {
    #expect(LexerTesting.failure("a\n  \"open", .swift) == "2:3 unterminated string literal")
    #expect(LexerTesting.failure("a\n  'o", .kotlin) == "2:3 unterminated string literal")
    #expect(LexerTesting.failure("a\n  `open ${x}", .typeScript) == "2:3 unterminated string literal")
    #expect(LexerTesting.failure("a = (\n  /open", .javaScript) == "2:3 unterminated regular expression literal")
  }

  @Test func aSourceThatCannotNameTheRuntimeIsNotLexed() {
    // No `nertia` anywhere: nothing to find, so an unterminated string there does not matter.
    #expect(AppSourceUses.find(in: Array("let s = \"open".utf8), language: .swift) == .success([]))
    #expect(LexerTesting.uses("// Inertia\nlet s = \"open", .swift) == ["failure 2:9: unterminated string literal"])
  }
}
