import Testing

@testable import InertiaLint

/// The SwiftUI runtime's uses, at their exact lines and columns (`LINE:COLUMN kind id @ID_POSITION …`, see
/// ``LexerTesting/describe(_:)``; the expected positions are found in the source by their text).
@Suite struct SwiftUseFinderTests {
  func uses(_ source: String) -> [String] { LexerTesting.uses(source, .swift) }

  @Test func containersWithTheInitializersArguments() {
    let source = """
      import Inertia
      let a = InertiaContainer(dev: false, id: "animation", hierarchyId: "root") { Text("a") }
      let b = InertiaContainer(
        bundle: .module,
        dev: true,
        id: "onboarding",
        hierarchyId: "root",
        content: { Text("b") })
      let c = InertiaContainer(bundle: Bundle.main, dev: isEditor, id: name, hierarchyId: "r") {}
      let d = Text("d").inertiaContainer(dev: false, id: "modifier", hierarchyId: "r")
      let e = Inertia.InertiaContainer(bundle: custom, dev: false, id: "qualified", hierarchyId: "r") {}
      """
    let at = Positions(source)
    #expect(
      uses(source) == [
        #"\#(at("InertiaContainer")) container "animation" @\#(at("\"animation")) dev=false @\#(at("false"))"#,
        #"\#(at("InertiaContainer", 2)) container "onboarding" @\#(at("\"onboarding")) dev=true @\#(at("true")) bundle=module"#,
        "\(at("InertiaContainer", 3)) container dynamic @\(at("name")) dev=expression @\(at("isEditor")) bundle=main",
        #"\#(at("inertiaContainer")) containerModifier "modifier" @\#(at("\"modifier")) dev=false @\#(at("false", 2))"#,
        #"\#(at("InertiaContainer", 4)) container "qualified" @\#(at("\"qualified")) dev=false @\#(at("false", 3)) bundle=other"#,
      ])
  }

  @Test func argumentsTheInitializerDoesNotTakeMakeTheContainerUnread() {
    let source = """
      import Inertia
      let a = InertiaContainer(id: "animation", dev: false, hierarchyId: "r") {}
      let b = InertiaContainer(dev: false, id: "animation") {}
      let c = InertiaContainer(false, "animation", "r") {}
      """
    #expect(
      uses(source) == [
        "2:9 container dynamic dev=expression bundle=other",
        "3:9 container dynamic dev=expression bundle=other",
        "4:9 container dynamic dev=expression bundle=other",
      ])
  }

  @Test func tagsWithLiteralAndDynamicIDs() {
    let source = ##"""
      import Inertia
      Text("a").inertia("card0")
        .inertia(#"raw"#)
        .inertia("esc\u{61}ped\n")
        .inertia(item.id)
        .inertia("card\(index)")
        .inertia("a" + "b")
        .inertia(id: "labelled")
        .inertia()
      inertia("no receiver")
      """##
    let at = Positions(source)
    #expect(
      uses(source) == [
        #"\#(at("inertia(\"card0")) tag "card0" @\#(at("\"card0"))"#,
        #"\#(at("inertia(#")) tag "raw" @\#(at("#\"raw"))"#,
        "\(at("inertia(\"esc")) tag \"escaped\n\" @\(at("\"esc"))",
        "\(at("inertia(item")) tag dynamic @\(at("item.id"))",
        "\(at("inertia(\"card\\(")) tag dynamic @\(at("\"card\\("))",
        "\(at("inertia(\"a\" +")) tag dynamic @\(at("\"a\" +"))",
      ])
  }

  @Test func mentionsInCommentsStringsAndRegexesAreNotUses() {
    let source = ##"""
      import Inertia
      // Text("a").inertia("comment")  InertiaContainer(dev: true, id: "x", hierarchyId: "y") {}
      /* .inertia("block") /* nested .inertia("nested") */ still .inertia("comment") */
      let s = "Text(\"a\").inertia(\"string\")"
      let raw = #".inertia("raw") InertiaViewModel()"#
      let doc = """
        InertiaContainer(dev: true, id: "multi", hierarchyId: "line") {}
        inertia.trigger("multi")
        """
      let r = /.inertia\("regex"\)/
      let t = "\(".inertia(\"interpolated string\")")"
      Text("real").inertia("real")
      """##
    let at = Positions(source)
    #expect(uses(source) == [#"\#(at("inertia(\"real")) tag "real" @\#(at("\"real\")", 2))"#])
  }

  @Test func sourcesThatDoNotImportTheRuntimeHaveNoUses() {
    #expect(uses(#"Text("a").inertia("card0") // Inertia"#) == [])
    #expect(uses("import InertiaKit\nText(\"a\").inertia(\"card0\")") == [])
    #expect(uses("@testable import Inertia\nText(\"a\").inertia(\"card0\")") == [#"2:11 tag "card0" @2:19"#])
    #expect(uses("import struct Inertia.InertiaContainer\nText(\"a\").inertia(\"c\")") == [#"2:11 tag "c" @2:19"#])
  }

  @Test func playbackOnTheEnvironmentsDataModel() {
    let source = """
      import Inertia
      struct V: View {
        @Environment(\\.inertiaDataModel) private var inertia: InertiaDataModel!
        @Environment(\\EnvironmentValues.inertiaDataModel) var model
        var body: some View {
          Button("go") {
            inertia.trigger("card0")
            model?.cancel("card1")
            self.inertia!.restart(name)
            if inertia.isCancelled("card2") {}
            inertia.trigger(id: "labelled")
            other.inertia.trigger("member of something else")
          }
          .onAppear { inertia.loopDuration = 90 }
          .onAppear { model?.loopDuration = -1.5; inertia.loopDuration = length }
          .onAppear { inertia.loopDuration = 2 * 3 }
        }
      }
      """
    let at = Positions(source)
    #expect(
      uses(source) == [
        #"\#(at("trigger(\"card0")) trigger "card0" @\#(at("\"card0"))"#,
        #"\#(at("cancel(")) cancel "card1" @\#(at("\"card1"))"#,
        "\(at("restart(")) restart dynamic @\(at("name)"))",
        #"\#(at("isCancelled(")) isCancelled "card2" @\#(at("\"card2"))"#,
        "\(at("loopDuration = 90")) loopDuration =90.0",
        "\(at("loopDuration = -1.5")) loopDuration =-1.5",
        "\(at("loopDuration = length")) loopDuration =expression",
        "\(at("loopDuration = 2")) loopDuration =expression",
      ])
  }

  @Test func otherWaysOfHoldingTheDataModel() {
    let source = """
      import Inertia
      func makeModel() -> InertiaDataModel { InertiaDataModel(containerId: "a", inertiaSchemas: [:]) }
      func play(_ given: InertiaDataModel?) {
        given?.trigger("parameter")
        guard let given else { return }
        given.trigger("unwrapped")
      }
      let made = makeModel()
      let direct = InertiaDataModel(containerId: "a", inertiaSchemas: [:])
      let alias = direct
      made.trigger("factory")
      direct.trigger("constructor")
      alias.restart("alias")
      """
    let at = Positions(source)
    #expect(
      uses(source) == [
        #"\#(at("trigger(\"parameter")) trigger "parameter" @\#(at("\"parameter"))"#,
        #"\#(at("trigger(\"unwrapped")) trigger "unwrapped" @\#(at("\"unwrapped"))"#,
        #"\#(at("trigger(\"factory")) trigger "factory" @\#(at("\"factory"))"#,
        #"\#(at("trigger(\"constructor")) trigger "constructor" @\#(at("\"constructor"))"#,
        #"\#(at("restart(")) restart "alias" @\#(at("\"alias"))"#,
      ])
  }

  @Test func aNameAlsoDeclaredOtherwiseIsNotRead() {
    let source = """
      import Inertia
      struct A: View {
        @Environment(\\.inertiaDataModel) var model
        var body: some View { Button("a") { model.trigger("a") } }
      }
      struct B {
        let model = Player()
        func go() { model.trigger("not an animation") }
      }
      struct C {
        @Environment(\\.inertiaDataModel) var inertia
        func go(items: [Item]) { items.forEach { inertia in inertia.trigger("closure parameter") } }
      }
      struct D {
        @Environment(\\.inertiaDataModel) var handle
        func go(handle: Player) { handle.trigger("function parameter") }
      }
      """
    #expect(uses(source) == [])
  }

  @Test func viewModelMentions() {
    let source = """
      import Inertia
      @StateObject var legacy = InertiaViewModel()
      let typed: Inertia.InertiaViewModel? = nil
      // InertiaViewModel in a comment
      """
    let at = Positions(source)
    #expect(uses(source) == ["\(at("InertiaViewModel")) viewModel", "\(at("InertiaViewModel", 2)) viewModel"])
  }

  @Test func usesInDebugOnlyCode() {
    let source = """
      import Inertia
      #if DEBUG
      let a = InertiaContainer(dev: true, id: "animation", hierarchyId: "r") {}
      #else
      let b = InertiaContainer(dev: false, id: "animation", hierarchyId: "r") {}
      #endif
      #if DEBUG || targetEnvironment(simulator)
      let c = InertiaContainer(dev: true, id: "animation", hierarchyId: "r") {}
      #endif
      """
    let at = Positions(source)
    #expect(
      uses(source) == [
        #"3:9 container "animation" @\#(at("\"animation")) dev=true @\#(at("true")) debug-only"#,
        #"5:9 container "animation" @\#(at("\"animation", 2)) dev=false @\#(at("false"))"#,
        #"8:9 container "animation" @\#(at("\"animation", 3)) dev=true @\#(at("true", 2))"#,
      ])
  }

  @Test func columnsCountCharactersNotBytes() {
    let source = "import Inertia\nlet é = \"ü\"; Text(\"é\").inertia(\"карта\")"
    #expect(uses(source) == [#"2:24 tag "карта" @2:32"#])
    #expect(Positions(source)("inertia(") == "2:24")
  }
}
