import Testing

@testable import InertiaLint

/// Helpers for the app source tests: tokens as text, uses as text, failures as text.
enum LexerTesting {
  /// The tokens of `source` in `language` as `kind:text` joined by spaces (strings, regexes and JSX text
  /// in full), or `failure LINE:COLUMN KIND`.
  static func tokens(_ source: String, _ language: SourceLanguage) -> String {
    let bytes = Array(source.utf8)
    switch AppSourceLexer.tokenize(bytes, language: language) {
    case .success(let tokens):
      return tokens.map { "\(name($0.kind)):\(String(decoding: bytes[$0.start..<$0.end], as: UTF8.self))" }
        .joined(separator: " ")
    case .failure(let failure):
      let located = failure.located(in: bytes)
      return "failure \(located.line):\(located.column) \(located.kind.rawValue)"
    }
  }

  /// Only the literal tokens (strings, characters, regexes, JSX text) of `source`, in order.
  static func literals(_ source: String, _ language: SourceLanguage) -> [String] {
    let bytes = Array(source.utf8)
    guard case .success(let tokens) = AppSourceLexer.tokenize(bytes, language: language) else { return ["failure"] }
    return tokens.filter { [.string, .character, .regex, .jsxText].contains($0.kind) }.map {
      String(decoding: bytes[$0.start..<$0.end], as: UTF8.self)
    }
  }

  /// The failure of `source`, as `LINE:COLUMN KIND`, or `lexes` when it lexes.
  static func failure(_ source: String, _ language: SourceLanguage) -> String {
    let bytes = Array(source.utf8)
    guard case .failure(let failure) = AppSourceLexer.tokenize(bytes, language: language) else { return "lexes" }
    let located = failure.located(in: bytes)
    return "\(located.line):\(located.column) \(located.kind.rawValue)"
  }

  /// `LINE:COLUMN` of the `occurrence`th `needle` in `source`, counted from the text itself (lines by `\n`,
  /// columns in Unicode scalars): the tests' oracle for positions, independent of ``LineIndex``.
  static func position(of needle: String, in source: String, occurrence: Int = 1) -> String {
    var searchStart = source.startIndex
    var found: Range<String.Index>? = nil
    for _ in 0..<occurrence {
      guard let range = source.range(of: needle, range: searchStart..<source.endIndex) else {
        return "no \(needle) #\(occurrence)"
      }
      found = range
      searchStart = range.upperBound
    }
    let before = source.unicodeScalars[source.startIndex..<found!.lowerBound]
    let line = before.filter { $0 == "\n" }.count + 1
    let column = before.reversed().prefix { $0 != "\n" }.count + 1
    return "\(line):\(column)"
  }

  static func name(_ kind: SourceToken.Kind) -> String {
    switch kind {
    case .identifier: "id"
    case .number: "num"
    case .string: "str"
    case .character: "chr"
    case .regex: "re"
    case .punctuation: "p"
    case .directive: "dir"
    case .jsxText: "text"
    }
  }

  /// The uses in `source`, one a line: `LINE:COLUMN kind id [@ID_LINE:ID_COLUMN] [extras]`.
  static func uses(_ source: String, _ language: SourceLanguage) -> [String] {
    switch AppSourceUses.find(in: Array(source.utf8), language: language) {
    case .success(let uses): return uses.map(describe)
    case .failure(let failure): return ["failure \(failure)"]
    }
  }

  static func describe(_ use: InertiaUse) -> String {
    var parts = ["\(use.position)"]
    switch use.kind {
    case .container(let arguments):
      parts.append(arguments.form == .modifier ? "containerModifier" : "container")
    case .tag: parts.append("tag")
    case .playback(let method): parts.append(method.rawValue)
    case .viewModel: parts.append("viewModel")
    case .loopDuration: parts.append("loopDuration")
    }
    switch use.id {
    case .literal(let id): parts.append("\"\(id)\"")
    case .dynamic: parts.append("dynamic")
    case .absent: break
    }
    if let idPosition = use.idPosition { parts.append("@\(idPosition)") }
    if case .container(let arguments) = use.kind {
      switch arguments.dev {
      case .literal(let value): parts.append("dev=\(value)")
      case .expression: parts.append("dev=expression")
      case .absent: parts.append("dev=absent")
      }
      if let devPosition = arguments.devPosition { parts.append("@\(devPosition)") }
      switch arguments.bundle {
      case .absent: break
      case .main: parts.append("bundle=main")
      case .module: parts.append("bundle=module")
      case .other: parts.append("bundle=other")
      }
    }
    if case .loopDuration(let value) = use.kind {
      switch value {
      case .literal(let seconds): parts.append("=\(seconds)")
      case .expression: parts.append("=expression")
      }
    }
    if use.isDebugOnly { parts.append("debug-only") }
    return parts.joined(separator: " ")
  }
}

/// Positions in one test source, found by their text (``LexerTesting/position(of:in:occurrence:)``).
struct Positions {
  let source: String
  init(_ source: String) { self.source = source }
  /// `LINE:COLUMN` of the `occurrence`th `needle`.
  func callAsFunction(_ needle: String, _ occurrence: Int = 1) -> String {
    LexerTesting.position(of: needle, in: source, occurrence: occurrence)
  }
}
