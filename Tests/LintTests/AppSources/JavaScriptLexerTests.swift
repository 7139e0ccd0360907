import Testing

@testable import InertiaLint

/// The JavaScript and TypeScript lexer: regex literals against division, template literals, JSX (its text,
/// attributes, expressions, fragments), TypeScript generics against JSX.
@Suite struct JavaScriptLexerTests {
  func tokens(_ source: String, _ language: SourceLanguage = .javaScript) -> String {
    LexerTesting.tokens(source, language)
  }
  func literals(_ source: String, _ language: SourceLanguage = .javaScript) -> [String] {
    LexerTesting.literals(source, language)
  }

  @Test func regexLiteralsAgainstDivision() {
    #expect(tokens("a = b / c / d") == "id:a p:= id:b p:/ id:c p:/ id:d")
    #expect(tokens("a = /b/g.test(c)") == "id:a p:= re:/b/g p:. id:test p:( id:c p:)")
    #expect(tokens("x = (a) / 2") == "id:x p:= p:( id:a p:) p:/ num:2")
    #expect(tokens("if (a) /re/.exec(b)") == "id:if p:( id:a p:) re:/re/ p:. id:exec p:( id:b p:)")
    #expect(tokens("return /[/]/") == "id:return re:/[/]/")
    #expect(tokens("a[0] / 2; i++ / 2") == "id:a p:[ num:0 p:] p:/ num:2 p:; id:i p:++ p:/ num:2")
    #expect(
      tokens("function f() {}\n/x/.test(s)") == "id:function id:f p:( p:) p:{ p:} re:/x/ p:. id:test p:( id:s p:)")
    #expect(tokens("o = {a: 1} / 2") == "id:o p:= p:{ id:a p:: num:1 p:} p:/ num:2")
    #expect(
      tokens(#"s = "a/b" / 2; t = '/' + "//""#) == #"id:s p:= str:"a/b" p:/ num:2 p:; id:t p:= str:'/' p:+ str:"//""#)
    #expect(LexerTesting.failure("x = /open\n", .javaScript) == "1:5 unterminated regular expression literal")
  }

  @Test func templateLiteralsNest() throws {
    let source = "t = `a ${`b ${c + `}`} d`} e` + f"
    #expect(tokens(source) == "id:t p:= str:`a ${`b ${c + `}`} d`} e` p:+ id:f")
    let template = try AppSourceLexer.tokenize(Array(source.utf8), language: .javaScript).get()[2]
    #expect(template.flags == [.template, .interpolated])
    #expect(literals("t = `line\none ${'}'} two`") == ["`line\none ${'}'} two`"])
    #expect(LexerTesting.failure("t = `a ${b", .javaScript) == "1:5 unterminated string literal")
  }

  /// Found by the fuzz target (a property: a literal lexes alone as it does in place): a `)`, `]` or `}`
  /// inside a template's `${…}` or a JSX `{…}` with nothing open inside it for it to close closed a bracket
  /// opened before the template, so what followed (`/` as a regex or a division) depended on code outside.
  @Test func strayClosersInsideAnEmbeddedExpressionCloseNothingOutsideIt() throws {
    for literal in ["`${a) / 2}`", "`${a] / 2}`", "`${(b)) !/re/ }`", "`${x)} ${y]}`"] {
      let alone = literals(literal)
      #expect(alone == [literal], "\(literal) alone")
      for opener in ["(", "[", "{", "if (", "f({ a: ["] {
        #expect(literals(opener + literal) == alone, "after \(opener)")
      }
    }
    let jsx = "<Inertia id={a) / 2}>x</Inertia>"
    #expect(tokens("(" + jsx) == "p:( " + tokens(jsx))
  }

  @Test func jsxTextIsNotCode() {
    // The apostrophe of `Don't` is a character, not a string's opening quote.
    #expect(tokens("x = <p>Don't</p>;") == "id:x p:= p:< id:p p:> text:Don't p:</ id:p p:> p:;")
    #expect(
      tokens("x = <p>\"quoted\" // not a comment</p>")
        == #"id:x p:= p:< id:p p:> text:"quoted" // not a comment p:</ id:p p:>"#)
    #expect(
      tokens("x = <p>it's {n} o'clock</p>")
        == "id:x p:= p:< id:p p:> text:it's  p:{ id:n p:} text: o'clock p:</ id:p p:>")
  }

  @Test func jsxAttributesAndExpressions() {
    let source = #"x = <Inertia id="card0" n={'a'} t={`b`} e={f(1)} {...rest} on>y</Inertia>"#
    #expect(
      tokens(source)
        == #"id:x p:= p:< id:Inertia id:id p:= str:"card0" id:n p:= p:{ str:'a' p:} id:t p:= p:{ str:`b` p:} id:e p:= p:{ id:f p:( num:1 p:) p:} p:{ p:... id:rest p:} id:on p:> text:y p:</ id:Inertia p:>"#
    )
    // A quoted attribute has no escapes: `\` is a character.
    #expect(literals(#"x = <a b="c\" d='e'/>"#) == [#""c\""#, "'e'"])
  }

  @Test func jsxNestsInsideExpressionsInsideJSX() {
    let source = "x = <ul>{items.map(i => <li key={i}>{i > 1 ? <b>big</b> : 'small'}</li>)}</ul>"
    #expect(literals(source) == ["big", "'small'"])
    #expect(tokens("x = <></>") == "id:x p:= p:< p:> p:</ p:>")
    #expect(tokens("x = <a.b c:d=\"1\" data-x />") == #"id:x p:= p:< id:a.b id:c:d p:= str:"1" id:data-x p:/>"#)
  }

  @Test func malformedJSXFails() {
    #expect(LexerTesting.failure("x = <p>open", .javaScript) == "1:5 unterminated JSX element")
    #expect(LexerTesting.failure("x = <p>a</q>", .javaScript) == "1:9 mismatched JSX closing tag")
    #expect(LexerTesting.failure("x = <p a=\"open>", .javaScript) == "1:10 unterminated string literal")
  }

  @Test func lessThanWhereAnOperandEndedIsAComparison() {
    #expect(tokens("if (a <b) c()") == "id:if p:( id:a p:< id:b p:) id:c p:( p:)")
    #expect(
      tokens("x = a.index! < b.index!", .typeScriptJSX) == "id:x p:= id:a p:. id:index p:! p:< id:b p:. id:index p:!")
  }

  @Test func typeScriptGenericsAgainstJSX() {
    // In .tsx, `<T,>` and `<T extends U>` are type parameters; `<T>` would be an element.
    #expect(
      tokens("f = <T,>(x: T) => x < y", .typeScriptJSX)
        == "id:f p:= p:< id:T p:, p:> p:( id:x p:: id:T p:) p:=> id:x p:< id:y")
    #expect(
      tokens("f = <T extends U>(x: T) => x", .typeScriptJSX)
        == "id:f p:= p:< id:T id:extends id:U p:> p:( id:x p:: id:T p:) p:=> id:x")
    // A generic component's type arguments.
    #expect(
      tokens("x = <Select<Option> value={v} />", .typeScriptJSX)
        == "id:x p:= p:< id:Select p:< id:Option p:> id:value p:= p:{ id:v p:} p:/>")
    // In .ts, `<T>value` is a type assertion, and nothing is JSX.
    #expect(
      tokens("y = <RegExp>/x/ ; z = <T>v / 2", .typeScript)
        == "id:y p:= p:< id:RegExp p:> re:/x/ p:; id:z p:= p:< id:T p:> id:v p:/ num:2")
    #expect(
      tokens("let a: Array<Map<string, number>> = []", .typeScript)
        == "id:let id:a p:: id:Array p:< id:Map p:< id:string p:, id:number p:>> p:= p:[ p:]")
  }

  @Test func commentsAndStrings() {
    #expect(tokens("a /* <p> /* */ b // `c\n d") == "id:a id:b id:d")
    #expect(
      literals(#"f('it\'s', "a\"b", 'line \\#ncontinued')"#) == [#"'it\'s'"#, #""a\"b""#, "'line \\\ncontinued'"])
    #expect(LexerTesting.failure("a = 'open\n'", .javaScript) == "1:5 unterminated string literal")
    #expect(LexerTesting.failure("a /* open", .javaScript) == "1:3 unterminated block comment")
  }
}
