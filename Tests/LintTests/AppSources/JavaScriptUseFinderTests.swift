import Testing

@testable import InertiaLint

/// The React runtime's uses, at their exact lines and columns.
@Suite struct JavaScriptUseFinderTests {
  func uses(_ source: String, _ language: SourceLanguage = .typeScriptJSX) -> [String] {
    LexerTesting.uses(source, language)
  }

  @Test func containersAndTheirAttributes() {
    let source = """
      import { InertiaContainer } from "inertia-react";
      export const A = () => <InertiaContainer id="animation" dev baseURL={url}><App /></InertiaContainer>;
      export const B = () => <InertiaContainer id={'b'} dev={false}><App /></InertiaContainer>;
      export const C = () => <InertiaContainer id={name} dev={isDev} />;
      export const D = () => <InertiaContainer id={`d`} dev="false" />;
      export const E = () => <InertiaContainer id="e" dev={true} {...props} />;
      export const F = () => <InertiaContainer id="f" />;
      """
    let at = Positions(source)
    #expect(
      uses(source) == [
        #"\#(at("InertiaContainer id=\"animation")) container "animation" @\#(at("\"animation")) dev=true @\#(at("dev "))"#,
        #"\#(at("InertiaContainer id={'b")) container "b" @\#(at("'b'")) dev=false @\#(at("false"))"#,
        "\(at("InertiaContainer id={name")) container dynamic @\(at("name}")) dev=expression @\(at("isDev"))",
        #"\#(at("InertiaContainer id={`d")) container "d" @\#(at("`d`")) dev=true @\#(at("\"false"))"#,
        // The spread after `id` and `dev` may set either.
        "\(at("InertiaContainer id=\"e")) container dynamic dev=expression",
        #"\#(at("InertiaContainer id=\"f")) container "f" @\#(at("\"f\"")) dev=absent"#,
      ])
  }

  @Test func tagsAfterJSXTextWithApostrophes() {
    let source = """
      import { Inertia as Tag } from 'inertia-react';
      const x = (
        <div>
          <p>Don't tag "me" <Tag id="card0"><Card /></Tag> it's fine</p>
          <Tag id={item.id} />
          <Tag id={"card" + n} />
          <Tag id={`card${n}`} />
          <Tag {...rest} />
          <Tag />
          <Inertia id="not imported under this name" />
          {/* <Tag id="comment" /> */}
        </div>
      );
      const s = '<Tag id="string" />';
      """
    let at = Positions(source)
    #expect(
      uses(source) == [
        #"\#(at("Tag id=\"card0")) tag "card0" @\#(at("\"card0"))"#,
        "\(at("Tag id={item")) tag dynamic @\(at("item.id"))",
        "\(at("Tag id={\"card")) tag dynamic @\(at("\"card\" +"))",
        "\(at("Tag id={`")) tag dynamic @\(at("`card$"))",
        "\(at("Tag {...")) tag dynamic",
        "\(at("Tag />")) tag",
      ])
  }

  @Test func namespaceAndRequireImports() {
    let namespace =
      "import * as I from 'inertia-react';\nconst a = <I.Inertia id=\"x\" />;\nI.useInertia().trigger('y');"
    #expect(uses(namespace, .javaScript) == [#"2:12 tag "x" @2:25"#, #"3:16 trigger "y" @3:24"#])
    let required = "const { Inertia: T } = require('inertia-react');\nconst a = <T id=\"x\" />;"
    #expect(uses(required, .javaScript) == [#"2:12 tag "x" @2:17"#])
    #expect(uses("import type { Inertia } from 'inertia-react';\nconst a = <Inertia id=\"x\" />;") == [])
    #expect(uses("import { Inertia } from 'other';\nconst a = <Inertia id=\"x\" />;") == [])
  }

  @Test func playbackOnUseInertia() {
    let source = """
      import { useInertia } from "inertia-react";
      function Demo() {
        const inertia = useInertia();
        const { trigger, restart: rewind } = useInertia();
        useEffect(() => { inertia.loopDuration = 0.05; }, [inertia]);
        return <button onClick={() => {
          inertia.trigger("card0");
          inertia?.cancel(`card1`);
          trigger("card2");
          rewind(name);
          useInertia().isCancelled("card3");
          other.trigger("not the handle");
        }} />;
      }
      function Other(trigger) { trigger("a parameter"); }
      """
    let at = Positions(source)
    // `trigger` is also a parameter elsewhere, so calls of it are not read.
    #expect(
      uses(source) == [
        "\(at("loopDuration")) loopDuration =0.05",
        #"\#(at("trigger(\"card0")) trigger "card0" @\#(at("\"card0"))"#,
        #"\#(at("cancel(")) cancel "card1" @\#(at("`card1`"))"#,
        "\(at("rewind(name")) restart dynamic @\(at("name)"))",
        #"\#(at("isCancelled(")) isCancelled "card3" @\#(at("\"card3"))"#,
      ])
    let unshadowed = source.replacingOccurrences(of: "function Other(trigger) { trigger(\"a parameter\"); }", with: "")
    #expect(uses(unshadowed).count == 6)
  }

  @Test func mentionsInCommentsStringsTemplatesAndRegexesAreNotUses() {
    let source = """
      import { Inertia, useInertia } from "inertia-react";
      // <Inertia id="line comment" />
      /* <Inertia id="block" /> */
      const a = "<Inertia id='string' />";
      const b = `<Inertia id="template" /> ${"useInertia().trigger('x')"}`;
      const c = /<Inertia id="regex" \\/>/;
      const d = <p>{"<Inertia id='expression string' />"}</p>;
      """
    #expect(uses(source) == [])
  }
}
