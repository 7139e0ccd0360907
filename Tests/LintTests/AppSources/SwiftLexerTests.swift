import Testing

@testable import InertiaLint

/// The Swift lexer on the cases that make grep wrong: comments, every string literal form, regex literals
/// against division, conditional compilation. Rules as swift-syntax's `Lexer/Cursor.swift` and
/// `RegexLiteralLexer.swift` decide them.
@Suite struct SwiftLexerTests {
  func tokens(_ source: String) -> String { LexerTesting.tokens(source, .swift) }
  func literals(_ source: String) -> [String] { LexerTesting.literals(source, .swift) }

  @Test func nestedBlockCommentsAreOneComment() {
    #expect(tokens("a /* one /* two */ still */ b") == "id:a id:b")
    #expect(tokens("a /* /* */ */ /**/ b // c /* d") == "id:a id:b")
    #expect(tokens("/* .inertia(\"x\") /* InertiaContainer( */ */") == "")
  }

  @Test func unterminatedNestedCommentFailsAtItsOpening() {
    #expect(LexerTesting.failure("let a = 1\n  /* open /* inner */\n", .swift) == "2:3 unterminated block comment")
  }

  @Test func stringsWithEscapes() {
    #expect(literals(#"f("a\"b", "c\\", "\u{1F600}", "")"#) == [#""a\"b""#, #""c\\""#, #""\u{1F600}""#, #""""#])
    #expect(literals("f('single', \"x'y\")") == ["'single'", "\"x'y\""])
  }

  @Test func interpolationHoldsCodeStringsAndClosures() {
    // A string, a closure with its own string and a nested interpolation, inside an interpolation.
    let source = #"let s = "a \(f("b)", { "\(g(")"))" }())) c" + d"#
    #expect(tokens(source) == #"id:let id:s p:= str:"a \(f("b)", { "\(g(")"))" }())) c" p:+ id:d"#)
    let flags = try? AppSourceLexer.tokenize(Array(source.utf8), language: .swift).get()[3].flags
    #expect(flags?.contains(.interpolated) == true)
  }

  /// Found by the app-sources fuzz target (an index out of range, so a crash of inertia-lint on a source):
  /// a `/` that begins the first interpolation of a file's first string has no token before it.
  @Test func aSlashWithNoTokenBeforeItIsARegexOrAFailureNeverACrash() {
    #expect(LexerTesting.failure(#"'"card\( /"#, .swift) != "lexes")
    #expect(literals(#""a\( /x/ )""#) == [#""a\( /x/ )""#])
    #expect(tokens("/x/.firstMatch(in: s)") == "re:/x/ p:. id:firstMatch p:( id:in p:: id:s p:)")
  }

  @Test func interpolationOfAOneLineStringCannotCrossALine() {
    #expect(LexerTesting.failure("let s = \"a \\(f(\n))\"", .swift) == "1:9 unterminated string literal")
    // In a multi-line string it can.
    #expect(literals("let s = \"\"\"\n  \\(f(\n  x))\n  \"\"\"") == ["\"\"\"\n  \\(f(\n  x))\n  \"\"\""])
  }

  @Test func multiLineStringsHoldQuotesAndFakeCalls() {
    let source = """
      let doc = \"\"\"
        .inertia("fake") "quoted" ""two""
        InertiaContainer(dev: true, id: "x", hierarchyId: "y") { }
        \"\"\"
      let b = 1
      """
    #expect(tokens(source).hasPrefix("id:let id:doc p:= str:\"\"\"\n"))
    #expect(tokens(source).hasSuffix("\"\"\" id:let id:b p:= num:1"))
    #expect(literals(source).count == 1)
  }

  @Test func rawStringsWithAnyNumberOfPounds() {
    #expect(
      literals(###"f(#"a "quoted" \n"#, ##"has "# inside"##, #"\#(x) \(y)"#)"###)
        == [##"#"a "quoted" \n"#"##, ###"##"has "# inside"##"###, ##"#"\#(x) \(y)"#"##])
    // `#"""#` is a one-line raw string holding a quote; `#"""` then a line break opens a multi-line one.
    #expect(literals(##"a(#"""#) + b"##) == [##"#"""#"##])
    #expect(literals("x(#\"\"\"\n  \"\"\" not yet\n  \"\"\"#)") == ["#\"\"\"\n  \"\"\" not yet\n  \"\"\"#"])
  }

  @Test func rawInterpolationIsCodeAndMarksTheLiteral() throws {
    let source = ##"let s = #"a \#(f(#"}"#)) b"#"##
    #expect(literals(source) == [##"#"a \#(f(#"}"#)) b"#"##])
    let tokens = try AppSourceLexer.tokenize(Array(source.utf8), language: .swift).get()
    #expect(tokens[3].flags == [.interpolated, .raw])
    // `\(` in a raw string is not an interpolation.
    let plain = try AppSourceLexer.tokenize(Array(##"#"\(x)"#"##.utf8), language: .swift).get()
    #expect(plain[0].flags == [.raw])
  }

  @Test func regexLiteralsAgainstDivision() {
    // After `=`, `(`, `,`, a keyword: a regex. After a name, a number, `)`: a division.
    #expect(tokens("let r = /ab+c/") == "id:let id:r p:= re:/ab+c/")
    #expect(tokens("a / b / c") == "id:a p:/ id:b p:/ id:c")
    #expect(tokens("x = a/b/c") == "id:x p:= id:a p:/ id:b p:/ id:c")
    #expect(tokens("f(/x/, 1) / 2") == "id:f p:( re:/x/ p:, num:1 p:) p:/ num:2")
    #expect(tokens("return /[a-z]+/") == "id:return re:/[a-z]+/")
    // A `/` followed by a space, or a regex ending in one, is a division when it may be one.
    #expect(tokens("let q = x\n/ 2 /\ny") == "id:let id:q p:= id:x p:/ num:2 p:/ id:y")
    #expect(tokens("reduce(0, /)") == "id:reduce p:( num:0 p:, p:/ p:)")
    // An unbalanced `)` makes a `/` that may be a division one.
    #expect(tokens("(a /b) / c") == "p:( id:a p:/ id:b p:) p:/ id:c")
    // Inside a regex, `"` and `//` are characters.
    #expect(tokens(#"let r = /"a\/\/b"/"#) == #"id:let id:r p:= re:/"a\/\/b"/"#)
    // `try?` makes a regex where an operator could otherwise follow (`/^` bound on neither side).
    #expect(tokens("try? /^ x/") == "id:try p:? re:/^ x/")
    #expect(tokens("a? /^ x/") == "id:a p:? p:/^ id:x p:/")
  }

  @Test func extendedRegexLiterals() {
    #expect(tokens("let r = #/a/b/#") == "id:let id:r p:= re:#/a/b/#")
    #expect(tokens("let r = ##/a/#b/##.x") == "id:let id:r p:= re:##/a/#b/## p:. id:x")
    #expect(
      tokens("let r = #/\n  a b // not a comment\n  /#\nc")
        == "id:let id:r p:= re:#/\n  a b // not a comment\n  /# id:c")
    #expect(LexerTesting.failure("let r = #/abc", .swift) == "1:9 unterminated regular expression literal")
  }

  @Test func operatorsAfterFuncAreNotRegexes() {
    #expect(tokens("prefix func /(x: Int) {}") == "id:prefix id:func p:/ p:( id:x p:: id:Int p:) p:{ p:}")
  }

  @Test func namesNumbersAndPunctuation() {
    #expect(tokens("`class` $0 x_1 é") == "id:`class` id:$0 id:x_1 id:é")
    #expect(tokens("0x1Fp-2 1_000.5e-3 1..<2") == "num:0x1Fp-2 num:1_000.5e-3 num:1 p:..< num:2")
    #expect(tokens("a?.b!.c ?? d") == "id:a p:? p:. id:b p:! p:. id:c p:?? id:d")
    #expect(tokens("#available(iOS 17, *) #Preview") == "dir:#available p:( id:iOS num:17 p:, p:* p:) dir:#Preview")
    #expect(tokens("#!/usr/bin/swift\nlet a = 1") == "id:let id:a p:= num:1")
  }

  @Test func conditionalCompilationReadsEveryBranch() throws {
    let source = """
      #if DEBUG
      a
      #elseif os(iOS)
      b
      #else
      c
      #endif
      """
    #expect(tokens(source) == "dir:#if id:DEBUG id:a dir:#elseif id:os p:( id:iOS p:) id:b dir:#else id:c dir:#endif")
    let tokens = try AppSourceLexer.tokenize(Array(source.utf8), language: .swift).get()
    let names = tokens.filter { $0.kind == .identifier && $0.end - $0.start == 1 }
    #expect(names.map { $0.flags.contains(.debugOnly) } == [true, false, false])
  }

  @Test func unbalancedConditionalsFail() {
    #expect(LexerTesting.failure("a\n#endif", .swift) == "2:1 #elseif, #else or #endif without #if")
    #expect(
      LexerTesting.failure("#if X\na\n#else\nb\n#else\n#endif", .swift) == "5:1 #elseif, #else or #endif without #if")
    #expect(LexerTesting.failure("#if X\n  #if Y\n  #endif\n", .swift) == "1:1 #if without #endif")
    // In a string, `#if` is text.
    #expect(LexerTesting.failure("let s = \"#if\"", .swift) == "lexes")
  }

  @Test func malformedSourcesGiveAFailureAtTheirPlace() {
    #expect(LexerTesting.failure("let a = \"open\nlet b = 2", .swift) == "1:9 unterminated string literal")
    #expect(LexerTesting.failure("let a = #\"open\"", .swift) == "1:9 unterminated string literal")
    #expect(LexerTesting.failure("let a = \"\"\"\nopen", .swift) == "1:9 unterminated string literal")
    #expect(LexerTesting.failure("let é = \"ü\\(", .swift) == "1:9 unterminated string literal")
  }
}
