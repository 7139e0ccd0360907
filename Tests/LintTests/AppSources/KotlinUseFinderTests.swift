import Testing

@testable import InertiaLint

/// The Compose runtime's uses, at their exact lines and columns.
@Suite struct KotlinUseFinderTests {
  func uses(_ source: String) -> [String] { LexerTesting.uses(source, .kotlin) }

  @Test func containersByPositionAndByName() {
    let source = """
      import org.inertiagraphics.inertia.InertiaContainer
      fun App() {
        InertiaContainer(true, "animation", "root") { Screen() }
        InertiaContainer(id = "named", dev = false, hierarchyId = "root") { }
        InertiaContainer(dev = BuildConfig.DEBUG, id = name, hierarchyId = "root") { }
        InertiaContainer(false, id = "mixed", hierarchyId = "root") { }
        InertiaContainer(id = "out of place", false, "root") { }
        InertiaContainer(id = "old", baseURL = "ws://127.0.0.1:8070", dev = true) { }
        InertiaContainer(hierarchyId = "root") { }
      }
      """
    let at = Positions(source)
    #expect(
      uses(source) == [
        #"\#(at("InertiaContainer(true")) container "animation" @\#(at("\"animation")) dev=true @\#(at("true"))"#,
        #"\#(at("InertiaContainer(id = \"named")) container "named" @\#(at("\"named")) dev=false @\#(at("false"))"#,
        "\(at("InertiaContainer(dev")) container dynamic @\(at("name,")) dev=expression @\(at("BuildConfig"))",
        #"\#(at("InertiaContainer(false")) container "mixed" @\#(at("\"mixed")) dev=false @\#(at("false", 2))"#,
        "\(at("InertiaContainer(id = \"out")) container dynamic dev=expression",
        #"\#(at("InertiaContainer(id = \"old")) container "old" @\#(at("\"old")) dev=true @\#(at("true", 2))"#,
        "\(at("InertiaContainer(hierarchyId")) container dev=absent",
      ])
  }

  @Test func tagsAndImportAliases() {
    let source = """
      import org.inertiagraphics.inertia.Inertia as Anim
      fun Screen(item: Item) {
        Anim(id = "card0") { Card() }
        Anim("card1") { Card() }
        Anim(id = item.id) { Card() }
        Anim(id = "card${item.index}") { Card() }
        Inertia(id = "not imported under this name") { }
        // Anim(id = "comment")
        val s = "Anim(id = \\"string\\")"
        val raw = \"\"\"
          Anim(id = "raw string")
        \"\"\"
      }
      """
    let at = Positions(source)
    #expect(
      uses(source) == [
        #"\#(at("Anim(id = \"card0")) tag "card0" @\#(at("\"card0"))"#,
        #"\#(at("Anim(\"card1")) tag "card1" @\#(at("\"card1"))"#,
        "\(at("Anim(id = item")) tag dynamic @\(at("item.id"))",
        "\(at("Anim(id = \"card$")) tag dynamic @\(at("\"card$"))",
      ])
  }

  @Test func sourcesThatDoNotImportTheRuntimeHaveNoUses() {
    #expect(uses("fun A() { Inertia(id = \"x\") { } }") == [])
    #expect(uses("import org.inertiagraphics.other.Inertia\nfun A() { Inertia(id = \"x\") { } }") == [])
    #expect(
      uses("import org.inertiagraphics.inertia.*\nfun A() { Inertia(id = \"x\") { } }") == [#"2:11 tag "x" @2:24"#])
    #expect(uses("package org.inertiagraphics.inertia\nfun A() { Inertia(\"x\") { } }") == [#"2:11 tag "x" @2:19"#])
    // The runtime's own declaration is not a use.
    #expect(
      uses("package org.inertiagraphics.inertia\n@Composable\nfun Inertia(id: String, content: () -> Unit) {}") == [])
  }

  @Test func playbackOnLocalInertia() {
    let source = """
      import org.inertiagraphics.inertia.LocalInertia
      import org.inertiagraphics.inertia.InertiaPlaybackController
      @Composable
      fun Screen() {
        val inertia = LocalInertia.current
        LaunchedEffect(inertia) { inertia.loopDuration = 120f }
        Button(onClick = {
          inertia.trigger("card0")
          inertia?.cancel(id = "card1")
          LocalInertia.current.restart("card2")
          inertia.trigger(name)
        }) { }
      }
      fun play(controller: InertiaPlaybackController) { controller.isCancelled("card3") }
      fun other(items: List<Item>) { items.forEach { inertia -> inertia.trigger("lambda") } }
      """
    let at = Positions(source)
    // `inertia` is also a lambda's parameter, so calls on it are not read; the others are.
    #expect(
      uses(source) == [
        #"\#(at("restart(")) restart "card2" @\#(at("\"card2"))"#,
        #"\#(at("isCancelled(")) isCancelled "card3" @\#(at("\"card3"))"#,
      ])
    let unshadowed = source.replacingOccurrences(of: "{ inertia -> inertia.trigger", with: "{ it.trigger")
    let at2 = Positions(unshadowed)
    #expect(
      uses(unshadowed) == [
        "\(at2("loopDuration")) loopDuration =120.0",
        #"\#(at2("trigger(\"card0")) trigger "card0" @\#(at2("\"card0"))"#,
        #"\#(at2("cancel(")) cancel "card1" @\#(at2("\"card1"))"#,
        #"\#(at2("restart(")) restart "card2" @\#(at2("\"card2"))"#,
        "\(at2("trigger(name")) trigger dynamic @\(at2("name)"))",
        #"\#(at2("isCancelled(")) isCancelled "card3" @\#(at2("\"card3"))"#,
      ])
  }
}
