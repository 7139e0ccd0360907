/// Finds uses of the SwiftUI runtime (`hpennington/Inertia`, `Sources/Inertia/Inertia.swift`) in a Swift
/// source's tokens. Only a source that imports the module (`import Inertia`, `@testable import Inertia`,
/// `import struct Inertia.InertiaContainer`) is read: Swift resolves these names through the import, and
/// no other source can name them (one reached only through another file's `@_exported import` is not
/// read). The forms, each from the runtime's own declaration:
///
/// - a container, `InertiaContainer(bundle:dev:id:hierarchyId:content:)` (`Inertia.swift:991`): arguments
///   in that order, as Swift requires, `bundle` (default `Bundle.main`) and `content` (or a trailing
///   closure) optional. Another label, order or count is not the runtime's initializer: the use is
///   reported with a dynamic id and an unknown `dev`. The modifier `.inertiaContainer(dev:id:hierarchyId:)`
///   (`Inertia.swift:2589`) likewise, which has no `bundle`;
/// - a tag, `.inertia(_:)` with one unlabelled argument (`Inertia.swift:2585`);
/// - a playback call, `trigger(_:)`, `cancel(_:)`, `restart(_:)`, `isCancelled(_:)` with one unlabelled
///   argument (`Inertia.swift:478`, `490`, `507`, `543`), and an assignment to `loopDuration`
///   (`Inertia.swift:394`), on a name the source binds to the data model (see below);
/// - a mention of `InertiaViewModel` (`Inertia.swift:259`).
///
/// The data model reaches app code through `@Environment(\.inertiaDataModel)` (`Inertia.swift:221`); a
/// name is taken to hold it when the source declares it so: `@Environment(\.inertiaDataModel) var NAME`,
/// a property or parameter `NAME: InertiaDataModel` (optional or not), `let NAME = InertiaDataModel(…)`,
/// `let NAME = make(…)` for a function the source declares `-> InertiaDataModel`, and `let NAME = OTHER`, `if let NAME = OTHER`, `guard let NAME` for a name that holds it. Calls are found
/// on `NAME.`, `NAME?.`, `NAME!.` and `self.NAME.`. Names are not scoped: a name the source also declares
/// in any other way (another `let` or `var`, a function's or closure's parameter, a `for` variable) holds
/// something else somewhere, so calls on it are not read at all. A call on any other receiver (a model
/// passed in under another type, `env.model.trigger(…)`) is not read either.
struct SwiftUseFinder {
  private var view: SourceTokenView
  private var uses: [InertiaUse] = []
  /// The names the source binds to the data model (`true`) or also declares otherwise (`false`).
  private var receivers: [[UInt8]: Bool] = [:]
  /// The names that hold the data model, once every declaration is read.
  private var dataModelNames = NameTable<Void>()
  /// The functions the source declares to return the data model.
  private var factories: Set<[UInt8]> = []

  private init(_ view: SourceTokenView) {
    self.view = view
  }

  /// The uses in `view`, a Swift source's tokens.
  static func uses(in view: SourceTokenView) -> (uses: [InertiaUse], steps: Int) {
    var finder = SwiftUseFinder(view)
    guard finder.importsRuntime() else { return ([], finder.view.steps) }
    finder.findReceivers()
    finder.dataModelNames = NameTable(finder.receivers.filter(\.value).keys.map { ($0, ()) })
    finder.findUses()
    return (finder.uses, finder.view.steps + 3 * view.count)
  }

  private func importsRuntime() -> Bool {
    for index in 0..<view.count where view.isName(index, "import") {
      var module = index + 1
      // `import struct Inertia.InertiaContainer` and the other kinds.
      if view[safe: module]?.kind == .identifier, view.isPunctuation(module + 2, "."),
        view.isName(module + 1, "Inertia")
      {
        module += 1
      }
      if view.isName(module, "Inertia") { return true }
    }
    return false
  }

  // MARK: Receivers

  private mutating func bind(_ index: Int) {
    let name = view.name(index)
    if receivers[name] == nil { receivers[name] = true }
  }

  private mutating func veto(_ index: Int) {
    receivers[view.name(index)] = false
  }

  private func holdsDataModel(_ index: Int) -> Bool {
    view[safe: index]?.kind == .identifier && receivers[view.name(index)] == true
  }

  /// Whether the type starting at `index` is `InertiaDataModel` or `Inertia.InertiaDataModel`.
  private func isDataModelType(at index: Int) -> Bool {
    view.isName(index, "InertiaDataModel")
      || (view.isName(index, "Inertia") && view.isPunctuation(index + 1, ".")
        && view.isName(index + 2, "InertiaDataModel"))
  }

  /// Whether the expression at `index` ends there: the next token starts a line or ends a statement.
  private func endsExpression(after index: Int) -> Bool { view.endsExpression(after: index, orBefore: "{") }

  /// Whether the call of `InertiaDataModel(…)`, or of a function the source declares to return one, starts
  /// at `index` and ends the expression.
  private mutating func isDataModelCall(at index: Int) -> Bool {
    guard index < view.count, view[index].kind == .identifier else { return false }
    let isFactory = view.isName(index, "InertiaDataModel") || factories.contains(view.name(index))
    guard isFactory, view.isPunctuation(index + 1, "("), let close = view.closing(of: index + 1) else { return false }
    return endsExpression(after: close)
  }

  /// The functions the source declares to return the data model: `func makeModel() -> InertiaDataModel`.
  private mutating func findFactories() {
    for index in 0..<view.count where view.isName(index, "func") && view[safe: index + 1]?.kind == .identifier {
      guard let open = (index + 2..<min(index + 24, view.count)).first(where: { view.isPunctuation($0, "(") }),
        let close = view.closing(of: open),
        let arrow = (close + 1..<min(close + 6, view.count)).first(where: { view.isPunctuation($0, "->") }),
        isDataModelType(at: arrow + 1)
      else { continue }
      factories.insert(view.name(index + 1))
    }
  }

  private mutating func findReceivers() {
    findFactories()
    var environmentAttribute = false
    var index = 0
    while index < view.count {
      defer { index += 1 }
      let token = view[index]
      if token.kind == .punctuation {
        // One byte decides which declarations a punctuation token can start.
        switch view.bytes[token.start] {
        case .at where environmentAttributeEnd(at: index) != nil:
          environmentAttribute = true
          index = environmentAttributeEnd(at: index)!
        case .openParen where token.end - token.start == 1:
          vetoParameters(of: index)
        case .openBrace:
          vetoClosureParameters(after: index)
        default:
          break
        }
        continue
      }
      guard token.kind == .identifier else { continue }
      if view.isName(index, "let") || view.isName(index, "var") {
        let name = index + 1
        defer { environmentAttribute = false }
        guard view[safe: name]?.kind == .identifier else { continue }
        if environmentAttribute
          || (view.isPunctuation(name + 1, ":") && isDataModelType(at: name + 2))
          || (view.isPunctuation(name + 1, "=") && isDataModelCall(at: name + 2))
          || (view.isPunctuation(name + 1, "=") && holdsDataModel(name + 2) && endsExpression(after: name + 2))
        {
          bind(name)
        } else if view.isName(index - 1, "if") || view.isName(index - 1, "guard") || view.isPunctuation(index - 1, ","),
          holdsDataModel(name), !view.isPunctuation(name + 1, "="), !view.isPunctuation(name + 1, ":")
        {
          // `if let model {`, `guard let model else`: the same value, unwrapped.
          continue
        } else {
          veto(name)
        }
      } else if view.isPunctuation(index + 1, ":") {
        // A parameter or property `name: InertiaDataModel`, `_ name: InertiaDataModel?`.
        if isDataModelType(at: index + 2),
          view.isPunctuation(index - 1, "(") || view.isPunctuation(index - 1, ",")
            || view[safe: index - 1]?.kind == .identifier
        {
          bind(index)
        }
      } else if view.isName(index, "for"), view[safe: index + 1]?.kind == .identifier, view.isName(index + 2, "in") {
        veto(index + 1)
      }
    }
  }

  /// The index of the `)` that ends `@Environment(\.inertiaDataModel)` or
  /// `@Environment(\EnvironmentValues.inertiaDataModel)` at `index`, if one is there.
  private func environmentAttributeEnd(at index: Int) -> Int? {
    guard view.isPunctuation(index, "@"), view.isName(index + 1, "Environment"), view.isPunctuation(index + 2, "("),
      view.isPunctuation(index + 3, "\\")
    else { return nil }
    var key = index + 4
    if view.isName(key, "EnvironmentValues") { key += 1 }
    guard view.isPunctuation(key, "."), view.isName(key + 1, "inertiaDataModel"), view.isPunctuation(key + 2, ")")
    else {
      return nil
    }
    return key + 2
  }

  /// Vetoes the parameter names of a function's or initializer's parameter list at `open`
  /// (`func f(a: A, b c: B)`, `init(model: M)`), unless their type is the data model.
  private mutating func vetoParameters(of open: Int) {
    var before = open - 1
    if view.isPunctuation(before, ">") {
      // Generic parameters: `func f<T>(…)`; skip back to their `<`, a few tokens at most.
      var back = before
      while back > open - 32 && back > 0 && !view.isPunctuation(back, "<") { back -= 1 }
      before = back - 1
    }
    if view.isPunctuation(before, "?") { before -= 1 }  // `init?(…)`
    let isDeclaration =
      view.isName(before, "init") || view.isName(before, "subscript")
      || (view[safe: before]?.kind == .identifier && view.isName(before - 1, "func"))
    guard isDeclaration else { return }
    vetoNamesInParameterList(open)
  }

  /// Vetoes `name` in each `name: T` or `label name: T` at the top level of the list at `open`.
  private mutating func vetoNamesInParameterList(_ open: Int) {
    for index in view.topLevel(ofList: open) where view.isPunctuation(index, ":") {
      if view[index - 1].kind == .identifier, !isDataModelType(at: index + 1) { veto(index - 1) }
    }
  }

  /// Vetoes a closure's parameters: `{ a, b in`, `{ (a: T, b) in`, `{ [weak self] a in`.
  private mutating func vetoClosureParameters(after open: Int) {
    var index = open + 1
    if view.isPunctuation(index, "["), let capture = view.closing(of: index) { index = capture + 1 }
    if view.isPunctuation(index, "("), let close = view.closing(of: index) {
      var after = close + 1
      // `(a: T) throws -> U in`: a few tokens of effects and result type at most.
      while after < close + 12 && after < view.count && !view.isName(after, "in") && !view.isPunctuation(after, "{") {
        after += 1
      }
      guard view.isName(after, "in") else { return }
      view.steps += close - index
      for name in (index + 1)..<close where view[name].kind == .identifier {
        let isParameter = view.isPunctuation(name + 1, ":") || view.isPunctuation(name + 1, ",") || name + 1 == close
        if isParameter && !(view.isPunctuation(name + 1, ":") && isDataModelType(at: name + 2)) { veto(name) }
      }
      return
    }
    var names: [Int] = []
    while view[safe: index]?.kind == .identifier, !view.isName(index, "in") {
      view.steps += 1
      names.append(index)
      guard view.isPunctuation(index + 1, ",") else {
        index += 1
        break
      }
      index += 2
    }
    if view.isName(index, "in") {
      for name in names { veto(name) }
    }
  }

  // MARK: Uses

  private mutating func findUses() {
    for index in 0..<view.count where view[index].kind == .identifier {
      let isCall = view.isPunctuation(index + 1, "(")
      let isMember = view.isPunctuation(index - 1, ".")
      if isCall && view.isName(index, "InertiaContainer") && (!isMember || view.isName(index - 2, "Inertia")) {
        container(at: index, form: .container)
      } else if isCall && isMember && view.isName(index, "inertiaContainer") {
        container(at: index, form: .modifier)
      } else if isCall && isMember && view.isName(index, "inertia") {
        tag(at: index)
      } else if view.isName(index, "InertiaViewModel") {
        uses.append(
          InertiaUse(kind: .viewModel, id: .absent, position: view.position(of: index), isDebugOnly: isDebugOnly(index))
        )
      } else if dataModelNames.value(of: index, in: view) != nil {
        receiverUse(at: index)
      }
    }
  }

  private func isDebugOnly(_ index: Int) -> Bool { view[index].flags.contains(.debugOnly) }

  private mutating func container(at name: Int, form: InertiaUse.ContainerForm) {
    guard let arguments = view.arguments(of: name + 1, labelSeparator: ":") else { return }
    let labels: [StaticString] =
      form == .container ? ["bundle", "dev", "id", "hierarchyId", "content"] : ["dev", "id", "hierarchyId"]
    let required: Set<Int> = form == .container ? [1, 2, 3] : [0, 1, 2]
    // Each argument's label, as a parameter index, in increasing order; every required one present.
    var parameters: [Int] = []
    var next = 0
    for argument in arguments {
      guard let label = argument.label,
        let parameter = labels.indices.first(where: { $0 >= next && view.isName(label, labels[$0]) })
      else { break }
      parameters.append(parameter)
      next = parameter + 1
    }
    let matches = parameters.count == arguments.count && required.isSubset(of: parameters)
    var containerArguments = InertiaUse.ContainerArguments(
      dev: .expression, bundle: matches ? .absent : .other, form: form)
    var id = InertiaUse.ID.dynamic
    var idPosition: SourcePosition? = nil
    if matches {
      for (argument, parameter) in zip(arguments, parameters) where !argument.value.isEmpty {
        let value = argument.value
        switch labels[parameter].description {
        case "bundle":
          containerArguments.bundle = bundle(value)
        case "dev":
          containerArguments.dev = view.booleanLiteral(value).map { .literal($0) } ?? .expression
          containerArguments.devPosition = view.position(of: value.lowerBound)
        case "id":
          id = view.id(of: value)
          idPosition = view.position(of: value.lowerBound)
        default:
          break
        }
      }
    }
    uses.append(
      InertiaUse(
        kind: .container(containerArguments), id: id, position: view.position(of: name), idPosition: idPosition,
        isDebugOnly: isDebugOnly(name)))
  }

  /// `.main`, `Bundle.main`, `.module`, `Bundle.module`, or something else.
  private func bundle(_ value: Range<Int>) -> InertiaUse.BundleArgument {
    var member = value.lowerBound
    if value.count == 3 && view.isName(member, "Bundle") { member += 1 }
    guard value.upperBound - member == 2, view.isPunctuation(member, ".") else { return .other }
    if view.isName(member + 1, "main") { return .main }
    if view.isName(member + 1, "module") { return .module }
    return .other
  }

  private mutating func tag(at name: Int) {
    guard let arguments = view.arguments(of: name + 1, labelSeparator: ":"), arguments.count == 1,
      arguments[0].label == nil, !arguments[0].value.isEmpty
    else { return }
    uses.append(view.use(.tag, at: name, idArgument: arguments[0].value))
  }

  /// `NAME.trigger(…)`, `NAME?.cancel(…)`, `self.NAME!.restart(…)`, `NAME.loopDuration = …`.
  private mutating func receiverUse(at name: Int) {
    if view.isPunctuation(name - 1, ".") {
      guard view.isName(name - 2, "self"), !view.isPunctuation(name - 3, ".") else { return }
    }
    var dot = name + 1
    if view.isPunctuation(dot, "?") || view.isPunctuation(dot, "!") { dot += 1 }
    guard view.isPunctuation(dot, ".") else { return }
    let member = dot + 1
    if view.isName(member, "loopDuration") {
      guard view.isPunctuation(member + 1, "=") else { return }
      uses.append(view.loopDurationUse(at: member, endingBefore: "{"))
      return
    }
    guard view[safe: member]?.kind == .identifier,
      let method = InertiaUse.PlaybackMethod.allCases.first(where: { view.text(member) == $0.rawValue }),
      view.isPunctuation(member + 1, "("),
      let arguments = view.arguments(of: member + 1, labelSeparator: ":"), arguments.count == 1,
      arguments[0].label == nil, !arguments[0].value.isEmpty
    else { return }
    uses.append(view.use(.playback(method), at: member, idArgument: arguments[0].value))
  }
}
