/// Finds uses of the React runtime (`hpennington/inertia-react`, `src/index.tsx`, the npm package
/// `inertia-react`) in a JavaScript or TypeScript source's tokens. Only names the source imports from
/// `inertia-react` are read: `import { Inertia, InertiaContainer as Box } from "inertia-react"`,
/// `import * as I from "inertia-react"` (then `<I.Inertia>`, `I.useInertia()`), and
/// `const { Inertia } = require("inertia-react")`; `import type` brings no values. The forms, each from the
/// runtime's own declaration:
///
/// - a container, `<InertiaContainer id dev hierarchyId baseURL>` (`index.tsx:1187`, props at `index.tsx:5`):
///   `id="x"`, `id={"x"}`, `` id={`x`} `` are literals, `id={expr}` is dynamic; `dev` alone is `true`,
///   `dev={true}` and `dev={false}` are literals, a quoted `dev="…"` is a string, true unless empty;
///   a later attribute wins, and a `{...spread}` after one may replace it (so it is then unknown);
/// - a tag, `<Inertia id="card0">` (`index.tsx:3260`, props at `index.tsx:15`);
/// - a playback call, `trigger(id)`, `cancel(id)`, `restart(id)`, `isCancelled(id)` with one argument
///   (`index.tsx:965`), and an assignment to `loopDuration` (`index.tsx:1011`), on `useInertia()`
///   (`index.tsx:988`) or on a name the source binds to it: `const NAME = useInertia()`,
///   `const NAME = OTHER` for a name that holds it; and a call of a method the source destructures from
///   it: `const { trigger, restart: rewind } = useInertia()`, then `trigger("card0")`, `rewind("card0")`.
///
/// As in Swift, names are not scoped: a name the source also declares otherwise (another `const`, `let`
/// or `var`, a function or class, a function's or arrow function's parameter, a `catch` binding) is not
/// read. Elements made without JSX (`React.createElement(Inertia, …)`) are not read.
struct JavaScriptUseFinder {
  private var view: SourceTokenView
  private var uses: [InertiaUse] = []
  /// Local names of the runtime's exports, by the export's own name.
  private var imported: [Substring: [UInt8]] = [:]
  /// The local name of `useInertia`.
  private var useInertiaName: [UInt8]? = nil
  /// Names of the runtime's module object (`import * as I`).
  private var namespaces: Set<[UInt8]> = []
  /// Names bound to the playback handle (`true`) or also declared otherwise (`false`).
  private var receivers: [[UInt8]: Bool] = [:]
  /// Names bound to one of the handle's methods (or, `nil`, also declared otherwise).
  private var methods: [[UInt8]: InertiaUse.PlaybackMethod?] = [:]
  /// The names that hold the handle, and those bound to its methods, once every declaration is read.
  private var handleNames = NameTable<Void>()
  private var methodNames = NameTable<InertiaUse.PlaybackMethod>()

  private static let runtimeNames: [Substring] = ["InertiaContainer", "Inertia", "useInertia"]

  private init(_ view: SourceTokenView) {
    self.view = view
  }

  /// The uses in `view`, a JavaScript or TypeScript source's tokens.
  static func uses(in view: SourceTokenView) -> (uses: [InertiaUse], steps: Int) {
    var finder = JavaScriptUseFinder(view)
    finder.findImports()
    guard !finder.imported.isEmpty || !finder.namespaces.isEmpty else { return ([], finder.view.steps) }
    finder.useInertiaName = finder.imported["useInertia"]
    finder.findReceivers()
    finder.handleNames = NameTable(finder.receivers.filter(\.value).keys.map { ($0, ()) })
    finder.methodNames = NameTable(finder.methods.compactMap { name, method in method.map { (name, $0) } })
    finder.findUses()
    return (finder.uses, finder.view.steps + 3 * view.count)
  }

  // MARK: Imports

  private func isRuntimeModule(_ index: Int) -> Bool {
    guard let module = view.stringValue(of: index) else { return false }
    return module == "inertia-react" || module.hasPrefix("inertia-react/")
  }

  private mutating func findImports() {
    for index in 0..<view.count {
      if view.isName(index, "import"), !view.isPunctuation(index - 1, "."), !view.isPunctuation(index + 1, "(") {
        importDeclaration(at: index)
      } else if view.isName(index, "require"), view.isPunctuation(index + 1, "("), isRuntimeModule(index + 2),
        view.isPunctuation(index + 3, ")"), view.isPunctuation(index - 1, "=")
      {
        requireDeclaration(endingAt: index - 1)
      }
    }
  }

  /// `import … from "inertia-react"`.
  private mutating func importDeclaration(at start: Int) {
    var index = start + 1
    if view.isName(index, "type"), !view.isPunctuation(index + 1, ","), !view.isName(index + 1, "from") { return }
    var specifiers: [(name: Substring, local: [UInt8])] = []
    var namespace: [UInt8]? = nil
    while index < view.count && index < start + 512 && !view.isName(index, "from") && !view.isPunctuation(index, ";") {
      view.steps += 1
      if view.isPunctuation(index, "*"), view.isName(index + 1, "as"), view[safe: index + 2]?.kind == .identifier {
        namespace = view.name(index + 2)
        index += 3
      } else if view.isPunctuation(index, "{") {
        index += 1
        while index < view.count && !view.isPunctuation(index, "}") {
          if view.isName(index, "type"), view[safe: index + 1]?.kind == .identifier, !view.isName(index + 1, "as") {
            index += 2  // a type-only specifier
          } else if view[index].kind == .identifier {
            let name = view.text(index)
            if view.isName(index + 1, "as"), view[safe: index + 2]?.kind == .identifier {
              specifiers.append((name, view.name(index + 2)))
              index += 3
            } else {
              specifiers.append((name, view.name(index)))
              index += 1
            }
          } else {
            index += 1
          }
        }
        index += 1
      } else {
        index += 1
      }
    }
    guard view.isName(index, "from"), isRuntimeModule(index + 1) else { return }
    if let namespace { namespaces.insert(namespace) }
    for (name, local) in specifiers where Self.runtimeNames.contains(name) { imported[name] = local }
  }

  /// `const { Inertia, useInertia: use } = require("inertia-react")` or `const I = require(…)`, whose `=`
  /// is at `equals`.
  private mutating func requireDeclaration(endingAt equals: Int) {
    if view[safe: equals - 1]?.kind == .identifier, isDeclarationKeyword(equals - 2) {
      namespaces.insert(view.name(equals - 1))
      return
    }
    guard view.isPunctuation(equals - 1, "}"), let open = view.opening(of: equals - 1), isDeclarationKeyword(open - 1)
    else { return }
    for (name, local) in destructured(from: open, to: equals - 1) where Self.runtimeNames.contains(name) {
      imported[name] = view.name(local)
    }
  }

  private func isDeclarationKeyword(_ index: Int) -> Bool {
    view.isName(index, "const") || view.isName(index, "let") || view.isName(index, "var")
  }

  /// The names of an object pattern `{ a, b: c }` between `open` and `close`: each property's name, and
  /// the index of the local name it is bound to: `(a, a)`, `(b, c)`.
  private mutating func destructured(from open: Int, to close: Int) -> [(name: Substring, local: Int)] {
    var names: [(Substring, Int)] = []
    var index = open + 1
    view.steps += close - open
    while index < close {
      if view[index].kind == .identifier, view.isPunctuation(index - 1, "{") || view.isPunctuation(index - 1, ",") {
        if view.isPunctuation(index + 1, ":"), view[safe: index + 2]?.kind == .identifier {
          names.append((view.text(index), index + 2))
        } else {
          names.append((view.text(index), index))
        }
      }
      index += 1
    }
    return names
  }

  // MARK: Receivers

  /// Whether a call of `useInertia()` (or `I.useInertia()`) starts at `index`; the index of its `)` if so.
  private func useInertiaCall(at index: Int) -> Int? {
    var call = index
    if !namespaces.isEmpty, view[safe: index]?.kind == .identifier, view.isPunctuation(index + 1, "."),
      namespaces.contains(view.name(index))
    {
      call = index + 2
      guard view.isName(call, "useInertia") else { return nil }
    } else {
      guard index < view.count, let useInertiaName, view.isName(index, useInertiaName) else { return nil }
    }
    guard view.isPunctuation(call + 1, "("), view.isPunctuation(call + 2, ")") else { return nil }
    return call + 2
  }

  private func holdsHandle(_ index: Int) -> Bool {
    view[safe: index]?.kind == .identifier && receivers[view.name(index)] == true
  }

  private func endsExpression(after index: Int) -> Bool { view.endsExpression(after: index, orBefore: ")") }

  private mutating func bind(_ index: Int) {
    if receivers[view.name(index)] == nil { receivers[view.name(index)] = true }
  }

  private mutating func veto(_ index: Int) {
    receivers[view.name(index)] = false
    methods[view.name(index)] = .some(nil)
  }

  private mutating func findReceivers() {
    for index in 0..<view.count {
      if isDeclarationKeyword(index) {
        declaration(at: index + 1)
      } else if view.isName(index, "function") || view.isName(index, "class") {
        var next = index + 1
        if view[safe: next]?.kind == .identifier, !view.isPunctuation(next, "(") {
          veto(next)
          next += 1
        }
        if view.isPunctuation(next, "(") { vetoParameters(of: next) }
      } else if view.isName(index, "catch"), view.isPunctuation(index + 1, "("),
        view[safe: index + 2]?.kind == .identifier
      {
        veto(index + 2)
      } else if view.isPunctuation(index, "=>") {
        if view[safe: index - 1]?.kind == .identifier {
          veto(index - 1)
        } else if view.isPunctuation(index - 1, ")"), let open = view.opening(of: index - 1) {
          vetoParameters(of: open)  // `(a, b) => …`
        }
      }
    }
  }

  /// `const NAME = …` or `const { … } = …` with its pattern at `pattern`.
  private mutating func declaration(at pattern: Int) {
    if view[safe: pattern]?.kind == .identifier {
      if view.isPunctuation(pattern + 1, "="), let call = useInertiaCall(at: pattern + 2), endsExpression(after: call) {
        bind(pattern)
      } else if view.isPunctuation(pattern + 1, "="), pattern + 2 < view.count, holdsHandle(pattern + 2),
        endsExpression(after: pattern + 2)
      {
        bind(pattern)
      } else {
        veto(pattern)
      }
      return
    }
    guard view.isPunctuation(pattern, "{"), let close = view.closing(of: pattern) else { return }
    let names = destructured(from: pattern, to: close)
    let fromHandle = view.isPunctuation(close + 1, "=") && useInertiaCall(at: close + 2).map(endsExpression) == true
    for (name, local) in names {
      if fromHandle, let method = InertiaUse.PlaybackMethod(rawValue: String(name)), methods[view.name(local)] == nil {
        methods[view.name(local)] = .some(method)
      } else {
        veto(local)
      }
    }
  }

  /// Vetoes the names of a parameter list at `open`: each name right after `(` or `,` (defaults and
  /// destructuring aside).
  private mutating func vetoParameters(of open: Int) {
    for index in view.topLevel(ofList: open) where view[index].kind == .identifier {
      if view.isPunctuation(index - 1, "(") || view.isPunctuation(index - 1, ",")
        || view.isPunctuation(index - 1, "...")
      {
        veto(index)
      }
    }
  }

  // MARK: Uses

  private mutating func findUses() {
    for index in 0..<view.count {
      let token = view[index]
      if token.kind == .identifier && token.flags.contains(.jsx) {
        if view.isPunctuation(index - 1, "<") { element(at: index) }
        continue
      }
      guard token.kind == .identifier, !view.isPunctuation(index - 1, "."), !view.isPunctuation(index - 1, "?.") else {
        continue
      }
      if let call = useInertiaCall(at: index) {
        receiverUse(after: call)
      } else if handleNames.value(of: index, in: view) != nil {
        receiverUse(after: index)
      } else if let method = methodNames.value(of: index, in: view), view.isPunctuation(index + 1, "(") {
        playback(method, at: index)
      }
    }
  }

  /// What a JSX element is, from its name at `name`: the runtime's `Inertia`, `InertiaContainer`, or
  /// neither.
  private func runtimeElement(_ name: Int) -> Substring? {
    let text = view.name(name)
    for runtimeName in ["Inertia", "InertiaContainer"] as [Substring] {
      if let local = imported[runtimeName], text == local { return runtimeName }
      for namespace in namespaces where text == namespace + [.dot] + Array(runtimeName.utf8) { return runtimeName }
    }
    return nil
  }

  /// An attribute's value.
  private enum AttributeValue {
    /// `name` alone.
    case bare
    /// `name="…"`, the string token.
    case string(Int)
    /// `name={…}`, the tokens inside the braces.
    case expression(Range<Int>)
    /// `{...spread}`, or a value the finder does not read (an element).
    case unknown
  }

  /// The attributes of the element whose name is at `name`, in order: the index of each one's name (or of
  /// a spread's `{`) and its value.
  private mutating func attributes(of name: Int) -> [(name: Int?, value: AttributeValue)] {
    var attributes: [(Int?, AttributeValue)] = []
    var index = name + 1
    while index < view.count, view[index].flags.contains(.jsx) {
      view.steps += 1
      if view.isPunctuation(index, ">") || view.isPunctuation(index, "/>") { break }
      if view.isPunctuation(index, "{") {
        attributes.append((nil, .unknown))
        guard let close = view.closing(of: index) else { break }
        index = close + 1
      } else if view[index].kind == .identifier {
        guard view.isPunctuation(index + 1, "=") else {
          attributes.append((index, .bare))
          index += 1
          continue
        }
        let value = index + 2
        if view[safe: value]?.kind == .string {
          attributes.append((index, .string(value)))
          index = value + 1
        } else if view.isPunctuation(value, "{"), let close = view.closing(of: value) {
          attributes.append((index, .expression((value + 1)..<close)))
          index = close + 1
        } else {
          attributes.append((index, .unknown))
          break
        }
      } else {
        break
      }
    }
    return attributes
  }

  /// The last value given to attribute `attribute`, `.unknown` if a spread follows it (or precedes it
  /// with no such attribute), `nil` if it is absent.
  private func value(of attribute: StaticString, in attributes: [(name: Int?, value: AttributeValue)]) -> (
    name: Int?, value: AttributeValue
  )? {
    var found: (name: Int?, value: AttributeValue)? = nil
    for entry in attributes {
      if let name = entry.name {
        if view.isName(name, attribute) { found = entry }
      } else {
        found = (nil, .unknown)  // a spread may set it
      }
    }
    return found
  }

  private mutating func element(at name: Int) {
    guard let kind = runtimeElement(name) else { return }
    let attributes = attributes(of: name)
    var id = InertiaUse.ID.absent
    var idPosition: SourcePosition? = nil
    if let entry = value(of: "id", in: attributes) {
      switch entry.value {
      case .string(let token):
        id = view.stringValue(of: token).map { .literal($0) } ?? .dynamic
        idPosition = view.position(of: token)
      case .expression(let tokens):
        id = tokens.isEmpty ? .dynamic : view.id(of: tokens)
        if !tokens.isEmpty { idPosition = view.position(of: tokens.lowerBound) }
      case .bare, .unknown:
        id = .dynamic
      }
    }
    guard kind == "InertiaContainer" else {
      uses.append(InertiaUse(kind: .tag, id: id, position: view.position(of: name), idPosition: idPosition))
      return
    }
    var arguments = InertiaUse.ContainerArguments(dev: .absent, bundle: .absent, form: .container)
    if let entry = value(of: "dev", in: attributes) {
      switch entry.value {
      case .bare:
        arguments.dev = .literal(true)
        arguments.devPosition = entry.name.map { view.position(of: $0) }
      case .string(let token):
        arguments.dev = view.stringValue(of: token).map { .literal(!$0.isEmpty) } ?? .expression
        arguments.devPosition = view.position(of: token)
      case .expression(let tokens):
        arguments.dev = view.booleanLiteral(tokens).map { .literal($0) } ?? .expression
        if !tokens.isEmpty { arguments.devPosition = view.position(of: tokens.lowerBound) }
      case .unknown:
        arguments.dev = .expression
      }
    }
    uses.append(
      InertiaUse(kind: .container(arguments), id: id, position: view.position(of: name), idPosition: idPosition))
  }

  /// `.trigger(…)`, `?.cancel(…)`, `.loopDuration = …` after the receiver ending at `receiver`.
  private mutating func receiverUse(after receiver: Int) {
    let dot = receiver + 1
    guard view.isPunctuation(dot, ".") || view.isPunctuation(dot, "?."), view[safe: dot + 1]?.kind == .identifier else {
      return
    }
    let member = dot + 1
    if view.isName(member, "loopDuration") {
      guard view.isPunctuation(member + 1, "=") else { return }
      uses.append(view.loopDurationUse(at: member, endingBefore: ")"))
    } else if let method = InertiaUse.PlaybackMethod(rawValue: String(view.text(member))) {
      playback(method, at: member)
    }
  }

  private mutating func playback(_ method: InertiaUse.PlaybackMethod, at name: Int) {
    guard view.isPunctuation(name + 1, "("), let arguments = view.arguments(of: name + 1, labelSeparator: nil),
      arguments.count == 1, !arguments[0].value.isEmpty
    else { return }
    uses.append(view.use(.playback(method), at: name, idArgument: arguments[0].value))
  }
}
