/// Which Swift code is compiled only in builds that define `DEBUG`: the `#if` blocks around each token.
///
/// Every branch of every `#if` is lexed and searched for uses; this only says, for each token, whether
/// the branches around it can be compiled at all in a build without `DEBUG` (a release build, as Xcode and
/// SwiftPM configure them). It is worked out without knowing anything else about the build: each branch's
/// condition is evaluated with `DEBUG` false and every other condition unknown (`os(iOS)`,
/// `targetEnvironment(simulator)`, `canImport(X)`, a custom flag such as `INERTIA_EDITOR`), in three-valued
/// logic (Kleene's: `unknown && false` is false, `unknown || true` is true). A token is *debug-only* when
/// the conjunction of its enclosing branches is false: no build without `DEBUG` compiles it. So:
///
/// - `#if DEBUG`, `#if DEBUG && os(iOS)`, the `#else` of `#if !DEBUG`, `#elseif DEBUG`, and anything
///   nested inside one of these, are debug-only;
/// - `#if !DEBUG`, the `#else` of `#if DEBUG`, `#if DEBUG || targetEnvironment(simulator)` (a release build
///   for the simulator compiles it), `#if INERTIA_EDITOR` and `#if os(iOS)` are not;
/// - `#if false` is, vacuously: nothing compiles it, with or without `DEBUG`.
///
/// A condition that does not parse (`#if swift(>=5.9) garbage`) is unknown, never debug-only. This is a
/// sufficient test, not a complete one: `#if (X || DEBUG) && (!X || DEBUG)` is debug-only, but three-valued
/// logic cannot tell, and calls it not debug-only, the side on which a rule reports rather than stays quiet.
struct SwiftConditionalCompilation {
  /// A condition's value in a build without `DEBUG`.
  enum Truth: Equatable {
    case yes, no, unknown

    static prefix func ! (value: Truth) -> Truth {
      switch value {
      case .yes: .no
      case .no: .yes
      case .unknown: .unknown
      }
    }

    static func && (left: Truth, right: Truth) -> Truth {
      if left == .no || right == .no { return .no }
      return left == .yes && right == .yes ? .yes : .unknown
    }

    static func || (left: Truth, right: Truth) -> Truth {
      if left == .yes || right == .yes { return .yes }
      return left == .no && right == .no ? .no : .unknown
    }
  }

  /// One open `#if` block.
  private struct Block {
    /// The value of the branches around the block: every enclosing block's current branch.
    var enclosing: Truth
    /// Whether any earlier branch of the block was taken.
    var earlier: Truth
    /// Whether the current branch is taken.
    var current: Truth
    /// Whether the current branch is the `#else`.
    var inElse: Bool
    /// The `#if`'s offset, for a block never closed.
    var start: Int
  }

  private var blocks: [Block] = []

  /// Whether code at this point is compiled only in builds that define `DEBUG`.
  private(set) var isDebugOnly = false

  /// The `#if` of the innermost open block, or `nil` when none is open.
  var openBlockStart: Int? { blocks.last?.start }

  /// `#if condition` at `offset`.
  mutating func openIf(_ condition: Truth, at offset: Int) throws(SourceLexFailure) {
    guard blocks.count < SourceLimits.maximumNestingDepth else { throw SourceLexFailure(.nestingTooDeep, at: offset) }
    let enclosing = blocks.last.map { $0.enclosing && $0.current } ?? .yes
    blocks.append(Block(enclosing: enclosing, earlier: condition, current: condition, inElse: false, start: offset))
    update()
  }

  /// `#elseif condition` at `offset`.
  mutating func elseIf(_ condition: Truth, at offset: Int) throws(SourceLexFailure) {
    guard var block = blocks.popLast(), !block.inElse else {
      throw SourceLexFailure(.unbalancedConditional, at: offset)
    }
    block.current = !block.earlier && condition
    block.earlier = block.earlier || condition
    blocks.append(block)
    update()
  }

  /// `#else` at `offset`.
  mutating func openElse(at offset: Int) throws(SourceLexFailure) {
    guard var block = blocks.popLast(), !block.inElse else {
      throw SourceLexFailure(.unbalancedConditional, at: offset)
    }
    block.current = !block.earlier
    block.inElse = true
    blocks.append(block)
    update()
  }

  /// `#endif` at `offset`.
  mutating func endIf(at offset: Int) throws(SourceLexFailure) {
    guard blocks.popLast() != nil else { throw SourceLexFailure(.unbalancedConditional, at: offset) }
    update()
  }

  private mutating func update() {
    isDebugOnly = blocks.last.map { ($0.enclosing && $0.current) == .no } ?? false
  }

  /// The value, in a build without `DEBUG`, of the condition spelled by `tokens` of `bytes`: `DEBUG` is
  /// false, `true` and `false` are themselves, any other name or `name(…)` is unknown, and `!`, `&&`, `||`
  /// and parentheses combine them. Anything else makes the whole condition unknown.
  static func truthWithoutDEBUG(of tokens: ArraySlice<SourceToken>, in bytes: [UInt8]) -> Truth {
    var parser = ConditionParser(tokens: tokens, bytes: bytes, index: tokens.startIndex)
    guard let value = parser.parseOr(depth: 0), parser.index == tokens.endIndex else { return .unknown }
    return value
  }

  /// A recursive-descent parser of `#if` conditions over their tokens.
  private struct ConditionParser {
    let tokens: ArraySlice<SourceToken>
    let bytes: [UInt8]
    var index: Int

    private func isPunctuation(_ text: StaticString) -> Bool {
      index < tokens.endIndex && tokens[index].kind == .punctuation
        && bytes.isText(text, from: tokens[index].start, to: tokens[index].end)
    }

    mutating func parseOr(depth: Int) -> Truth? {
      guard depth < SourceLimits.maximumNestingDepth, var value = parseAnd(depth: depth) else { return nil }
      while isPunctuation("||") {
        index += 1
        guard let right = parseAnd(depth: depth) else { return nil }
        value = value || right
      }
      return value
    }

    private mutating func parseAnd(depth: Int) -> Truth? {
      guard var value = parseUnary(depth: depth) else { return nil }
      while isPunctuation("&&") {
        index += 1
        guard let right = parseUnary(depth: depth) else { return nil }
        value = value && right
      }
      return value
    }

    private mutating func parseUnary(depth: Int) -> Truth? {
      guard index < tokens.endIndex else { return nil }
      let token = tokens[index]
      // `!`, `!!`: one operator token, whose length gives the number of negations.
      if token.kind == .punctuation, (token.start..<token.end).allSatisfy({ bytes[$0] == .exclamation }) {
        index += 1
        guard let value = parsePrimary(depth: depth) else { return nil }
        return (token.end - token.start) % 2 == 1 ? !value : value
      }
      return parsePrimary(depth: depth)
    }

    private mutating func parsePrimary(depth: Int) -> Truth? {
      guard index < tokens.endIndex else { return nil }
      let token = tokens[index]
      index += 1
      switch token.kind {
      case .identifier:
        if isPunctuation("(") {
          // `os(iOS)`, `swift(>=5.9)`, `canImport(A.B)`: a platform or compiler test, unknown.
          var open = 0
          while index < tokens.endIndex {
            if isPunctuation("(") { open += 1 } else if isPunctuation(")") { open -= 1 }
            index += 1
            if open == 0 { return .unknown }
          }
          return nil
        }
        if bytes.isText("DEBUG", from: token.start, to: token.end) { return .no }
        if bytes.isText("true", from: token.start, to: token.end) { return .yes }
        if bytes.isText("false", from: token.start, to: token.end) { return .no }
        return .unknown
      case .punctuation where bytes.isText("(", from: token.start, to: token.end):
        guard let value = parseOr(depth: depth + 1), isPunctuation(")") else { return nil }
        index += 1
        return value
      default:
        return nil
      }
    }
  }
}
