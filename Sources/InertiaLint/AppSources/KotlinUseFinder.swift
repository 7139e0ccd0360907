/// Finds uses of the Compose runtime (`hpennington/inertia-compose`,
/// `lib/src/main/kotlin/org/example/Library.kt`, package `org.inertiagraphics.inertia`) in a Kotlin source's
/// tokens. Only names the source imports from that package (`import org.inertiagraphics.inertia.Inertia`,
/// with `as` aliases, or `.*`), or every name in a source of the package itself, are read. The forms, each
/// from the runtime's own declaration:
///
/// - a container, `InertiaContainer(dev, id, hierarchyId, content)` (`Library.kt:3682`): arguments by
///   position or by name (`id = "animation"`), in any order Kotlin allows; a positional argument after a
///   named one out of its place makes the call unreadable, and its id dynamic. Compose's container never
///   loads a file (it takes schemas from the editor), so it has no `bundle`;
/// - a tag, `Inertia(id, content)` (`Library.kt:4006`): `Inertia(id = "card0") { … }` or `Inertia("card0")`;
/// - a playback call, `trigger(id)`, `cancel(id)`, `restart(id)`, `isCancelled(id)` with one argument,
///   positional or `id =` (`Library.kt:2238`, `2252`, `2271`, `2352`), and an assignment to `loopDuration`
///   (`Library.kt:2152`), on `LocalInertia.current` (`Library.kt:3555`) or a name the source binds to it.
///
/// The playback controller reaches app code through `LocalInertia.current`; a name is taken to hold it
/// when the source declares it so: `val NAME = LocalInertia.current`, a property or parameter
/// `NAME: InertiaPlaybackController`, `val NAME = make(…)` for a function the source declares
/// `: InertiaPlaybackController` (or the constructor, which only the runtime's own package can call), or
/// `val NAME = OTHER` for a name that holds it. Calls are found on
/// `NAME.`, `NAME?.` and `this.NAME.`. As in Swift, names are not scoped: a name the source also declares
/// otherwise (another `val` or `var`, a function's or lambda's parameter, a `for` variable) is not read.
struct KotlinUseFinder {
  private var view: SourceTokenView
  private var uses: [InertiaUse] = []
  /// Local names of the runtime's declarations, by the declaration's own name.
  private var imported: [Substring: [UInt8]] = [:]
  /// The local names of `InertiaContainer`, `Inertia`, `LocalInertia`, `InertiaPlaybackController`.
  private var containerName: [UInt8]? = nil
  private var tagName: [UInt8]? = nil
  private var localInertiaName: [UInt8]? = nil
  private var controllerName: [UInt8]? = nil
  /// The names the source binds to the controller (`true`) or also declares otherwise (`false`).
  private var receivers: [[UInt8]: Bool] = [:]
  /// The names that hold the controller, once every declaration is read.
  private var controllerNames = NameTable<Void>()
  /// The functions the source declares to return the controller.
  private var factories: Set<[UInt8]> = []

  private static let runtimeNames: [Substring] = [
    "InertiaContainer", "Inertia", "LocalInertia", "InertiaPlaybackController",
  ]

  private init(_ view: SourceTokenView) {
    self.view = view
  }

  /// The uses in `view`, a Kotlin source's tokens.
  static func uses(in view: SourceTokenView) -> (uses: [InertiaUse], steps: Int) {
    var finder = KotlinUseFinder(view)
    finder.findImports()
    guard !finder.imported.isEmpty else { return ([], finder.view.steps) }
    finder.containerName = finder.imported["InertiaContainer"]
    finder.tagName = finder.imported["Inertia"]
    finder.localInertiaName = finder.imported["LocalInertia"]
    finder.controllerName = finder.imported["InertiaPlaybackController"]
    finder.findReceivers()
    finder.controllerNames = NameTable(finder.receivers.filter(\.value).keys.map { ($0, ()) })
    finder.findUses()
    return (finder.uses, finder.view.steps + 3 * view.count)
  }

  /// Whether tokens from `index` spell `org.inertiagraphics.inertia`; the index after it if so.
  private func runtimePackage(at index: Int) -> Int? {
    guard view.isName(index, "org"), view.isPunctuation(index + 1, "."), view.isName(index + 2, "inertiagraphics"),
      view.isPunctuation(index + 3, "."), view.isName(index + 4, "inertia")
    else { return nil }
    return index + 5
  }

  private mutating func findImports() {
    for index in 0..<view.count {
      if view.isName(index, "package"), let end = runtimePackage(at: index + 1), !view.isPunctuation(end, ".") {
        for name in Self.runtimeNames { imported[name] = Array(name.utf8) }
        return
      }
      guard view.isName(index, "import"), let end = runtimePackage(at: index + 1), view.isPunctuation(end, ".") else {
        continue
      }
      if view.isPunctuation(end + 1, "*") {
        for name in Self.runtimeNames { imported[name] = Array(name.utf8) }
      } else if view[safe: end + 1]?.kind == .identifier {
        let name = view.text(end + 1)
        guard Self.runtimeNames.contains(name) else { continue }
        let hasAlias = view.isName(end + 2, "as") && view[safe: end + 3]?.kind == .identifier
        imported[name] = view.name(hasAlias ? end + 3 : end + 1)
      }
    }
  }

  private func isImported(_ index: Int, as local: [UInt8]?) -> Bool {
    guard let local else { return false }
    return view.isName(index, local)
  }

  // MARK: Receivers

  /// Whether `LocalInertia.current` starts at `index`; the index of `current` if so.
  private func localInertiaCurrent(at index: Int) -> Int? {
    guard index < view.count, isImported(index, as: localInertiaName), view.isPunctuation(index + 1, "."),
      view.isName(index + 2, "current")
    else { return nil }
    return index + 2
  }

  private func isControllerType(at index: Int) -> Bool {
    index < view.count && isImported(index, as: controllerName)
  }

  private func holdsController(_ index: Int) -> Bool {
    view[safe: index]?.kind == .identifier && receivers[view.name(index)] == true
  }

  private func endsExpression(after index: Int) -> Bool { view.endsExpression(after: index, orBefore: ")") }

  private mutating func bind(_ index: Int) {
    if receivers[view.name(index)] == nil { receivers[view.name(index)] = true }
  }

  private mutating func veto(_ index: Int) { receivers[view.name(index)] = false }

  /// Whether a call of the controller's constructor, or of a function the source declares to return one,
  /// starts at `index` and ends the expression.
  private mutating func isControllerCall(at index: Int) -> Bool {
    guard index < view.count, view[index].kind == .identifier else { return false }
    let isFactory = isControllerType(at: index) || factories.contains(view.name(index))
    guard isFactory, view.isPunctuation(index + 1, "("), let close = view.closing(of: index + 1) else { return false }
    return endsExpression(after: close)
  }

  /// The functions the source declares to return the controller: `fun controller(): InertiaPlaybackController`.
  private mutating func findFactories() {
    for index in 0..<view.count where view.isName(index, "fun") && view[safe: index + 1]?.kind == .identifier {
      guard view.isPunctuation(index + 2, "("), let close = view.closing(of: index + 2),
        view.isPunctuation(close + 1, ":"), isControllerType(at: close + 2)
      else { continue }
      factories.insert(view.name(index + 1))
    }
  }

  private mutating func findReceivers() {
    findFactories()
    for index in 0..<view.count {
      if view.isName(index, "val") || view.isName(index, "var") {
        let name = index + 1
        guard view[safe: name]?.kind == .identifier else { continue }
        if (view.isPunctuation(name + 1, ":") && isControllerType(at: name + 2))
          || (view.isPunctuation(name + 1, "=") && localInertiaCurrent(at: name + 2).map(endsExpression) == true)
          || (view.isPunctuation(name + 1, "=") && isControllerCall(at: name + 2))
          || (view.isPunctuation(name + 1, "=") && name + 2 < view.count && holdsController(name + 2)
            && endsExpression(after: name + 2))
        {
          bind(name)
        } else {
          veto(name)
        }
      } else if view[index].kind == .identifier, view.isPunctuation(index + 1, ":") {
        // A parameter: `model: InertiaPlaybackController` binds, any other type vetoes (only in a
        // declaration's parameter list: `(` or `,` before it, and not a call's named argument, which is `=`).
        guard view.isPunctuation(index - 1, "(") || view.isPunctuation(index - 1, ",") else { continue }
        if isControllerType(at: index + 2) { bind(index) } else { veto(index) }
      } else if view.isName(index, "for"), view.isPunctuation(index + 1, "("),
        view[safe: index + 2]?.kind == .identifier,
        view.isName(index + 3, "in")
      {
        veto(index + 2)
      } else if view.isPunctuation(index, "->") {
        // A lambda's parameters: `{ a, b -> …`.
        var name = index - 1
        while view[safe: name]?.kind == .identifier {
          veto(name)
          guard view.isPunctuation(name - 1, ",") else { break }
          name -= 2
        }
      }
    }
  }

  // MARK: Uses

  private mutating func findUses() {
    for index in 0..<view.count where view[index].kind == .identifier {
      if view.isPunctuation(index - 1, ".") || view.isPunctuation(index - 1, "?.") {
        if !(view.isName(index - 2, "this") && controllerNames.value(of: index, in: view) != nil) { continue }
      }
      if view.isName(index - 1, "fun") { continue }  // the runtime's own declarations
      if isImported(index, as: containerName), view.isPunctuation(index + 1, "(") {
        container(at: index)
      } else if isImported(index, as: tagName), view.isPunctuation(index + 1, "(") {
        tag(at: index)
      } else if let current = localInertiaCurrent(at: index) {
        receiverUse(after: current)
      } else if controllerNames.value(of: index, in: view) != nil {
        receiverUse(after: index)
      }
    }
  }

  /// The arguments of the call at `open`, mapped to `parameters` by name or position; `nil` where a
  /// positional argument follows a named one out of its place, or a name is repeated.
  private mutating func parameterValues(of open: Int, parameters: [Substring]) -> [Substring: Range<Int>]? {
    guard let arguments = view.arguments(of: open, labelSeparator: "=") else { return nil }
    var values: [Substring: Range<Int>] = [:]
    var inPlace = true
    for (position, argument) in arguments.enumerated() {
      if let label = argument.label {
        let name = view.text(label)
        guard values[name] == nil else { return nil }
        values[name] = argument.value
        if position >= parameters.count || parameters[position] != name { inPlace = false }
      } else {
        guard inPlace, position < parameters.count, values[parameters[position]] == nil else { return nil }
        values[parameters[position]] = argument.value
      }
    }
    return values
  }

  private mutating func container(at name: Int) {
    var arguments = InertiaUse.ContainerArguments(dev: .expression, bundle: .absent, form: .container)
    var id = InertiaUse.ID.dynamic
    var idPosition: SourcePosition? = nil
    if let values = parameterValues(of: name + 1, parameters: ["dev", "id", "hierarchyId", "content"]) {
      if let dev = values["dev"], !dev.isEmpty {
        arguments.dev = view.booleanLiteral(dev).map { .literal($0) } ?? .expression
        arguments.devPosition = view.position(of: dev.lowerBound)
      } else {
        arguments.dev = .absent
      }
      if let value = values["id"], !value.isEmpty {
        id = view.id(of: value)
        idPosition = view.position(of: value.lowerBound)
      } else {
        id = .absent
      }
    }
    uses.append(
      InertiaUse(kind: .container(arguments), id: id, position: view.position(of: name), idPosition: idPosition))
  }

  private mutating func tag(at name: Int) {
    guard let values = parameterValues(of: name + 1, parameters: ["id", "content"]) else {
      uses.append(InertiaUse(kind: .tag, id: .dynamic, position: view.position(of: name)))
      return
    }
    guard let value = values["id"], !value.isEmpty else {
      uses.append(InertiaUse(kind: .tag, id: .absent, position: view.position(of: name)))
      return
    }
    uses.append(view.use(.tag, at: name, idArgument: value))
  }

  /// `.trigger(…)`, `?.cancel(…)`, `.loopDuration = …` after the receiver ending at `receiver`.
  private mutating func receiverUse(after receiver: Int) {
    let dot = receiver + 1
    guard view.isPunctuation(dot, ".") || view.isPunctuation(dot, "?.") else { return }
    let member = dot + 1
    guard view[safe: member]?.kind == .identifier else { return }
    if view.isName(member, "loopDuration") {
      guard view.isPunctuation(member + 1, "=") else { return }
      uses.append(view.loopDurationUse(at: member, endingBefore: ")"))
      return
    }
    guard let method = InertiaUse.PlaybackMethod.allCases.first(where: { view.text(member) == $0.rawValue }),
      view.isPunctuation(member + 1, "("),
      let values = parameterValues(of: member + 1, parameters: ["id"]), values.count == 1,
      let value = values["id"], !value.isEmpty
    else { return }
    uses.append(view.use(.playback(method), at: member, idArgument: value))
  }
}
