import Testing

@testable import InertiaLint

/// The Kotlin lexer: nested comments, string templates, raw strings, character literals.
@Suite struct KotlinLexerTests {
  func tokens(_ source: String) -> String { LexerTesting.tokens(source, .kotlin) }
  func literals(_ source: String) -> [String] { LexerTesting.literals(source, .kotlin) }

  @Test func nestedBlockCommentsAreOneComment() {
    #expect(tokens("a /* one /* Inertia(id = \"x\") */ still */ b") == "id:a id:b")
    #expect(LexerTesting.failure("val a = 1\n/* /* */", .kotlin) == "2:1 unterminated block comment")
  }

  @Test func templatesHoldCodeWithStringsAndBraces() throws {
    let source = #"val s = "x${f("}", mapOf(1 to "{"))}y $name \$z" + 1"#
    #expect(tokens(source) == #"id:val id:s p:= str:"x${f("}", mapOf(1 to "{"))}y $name \$z" p:+ num:1"#)
    let string = try AppSourceLexer.tokenize(Array(source.utf8), language: .kotlin).get()[3]
    #expect(string.flags.contains(.interpolated))
    #expect(try AppSourceLexer.tokenize(Array(#""a\$b""#.utf8), language: .kotlin).get()[0].flags == [])
  }

  @Test func rawStringsEndAtTheLastThreeQuotes() {
    #expect(literals(#"val a = """raw "quoted" \n""""# + "\nval b = 1") == [#""""raw "quoted" \n""""#])
    // One literal: the `'$'` is code inside a template, whose tokens are not kept.
    #expect(literals("val a = \"\"\"\n  Inertia(id = \"fake\")\n  ${'$'}x\n\"\"\".trimIndent()").count == 1)
    #expect(LexerTesting.failure("val a = \"\"\"open\n\"\"", .kotlin) == "1:9 unterminated string literal")
  }

  @Test func characterLiterals() {
    #expect(literals(#"f('a', '\n', '\'', '"', '\u0041')"#) == ["'a'", #"'\n'"#, #"'\''"#, #"'"'"#, #"'\u0041'"#])
    #expect(LexerTesting.failure("val c = 'a\n", .kotlin) == "1:9 unterminated string literal")
  }

  @Test func operatorsByLongestMatch() {
    #expect(
      tokens("a?.b ?: c!!.d::e x..<y a=-1")
        == "id:a p:?. id:b p:?: id:c p:!! p:. id:d p::: id:e id:x p:..< id:y id:a p:= p:- num:1")
    #expect(tokens("Inertia(id = \"card0\") { }") == #"id:Inertia p:( id:id p:= str:"card0" p:) p:{ p:}"#)
    #expect(tokens("1_000L 0xFF 1.5e-3f `odd name`") == "num:1_000L num:0xFF num:1.5e-3f id:`odd name`")
  }

  @Test func unterminatedStringsFailAtTheirQuote() {
    #expect(LexerTesting.failure("val s = \"open\nval t = 1", .kotlin) == "1:9 unterminated string literal")
    #expect(LexerTesting.failure("val s = \"${f(\"\")", .kotlin) == "1:9 unterminated string literal")
  }
}
