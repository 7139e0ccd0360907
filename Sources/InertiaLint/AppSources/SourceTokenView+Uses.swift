// What the use finders read the same way in every language.

extension SourceTokenView {
  /// Token `index`, or `nil` past either end.
  subscript(safe index: Int) -> SourceToken? {
    index >= 0 && index < count ? self[index] : nil
  }

  /// Whether the expression that ends at token `index` ends there: the next token starts a line, is `;`,
  /// `}` or `,`, or is `closer` (`)` in Kotlin and JavaScript, `{` in Swift), or there is none.
  func endsExpression(after index: Int, orBefore closer: StaticString) -> Bool {
    let next = index + 1
    return next >= count || self[next].flags.contains(.afterNewline) || isPunctuation(next, ";")
      || isPunctuation(next, "}") || isPunctuation(next, closer) || isPunctuation(next, ",")
  }

  /// The indices of the tokens at the top level of the bracketed list whose opening bracket is at `open`:
  /// a bracket nested in it is there, what it holds is not. None where the list is never closed.
  mutating func topLevel(ofList open: Int) -> [Int] {
    guard let close = closing(of: open) else { return [] }
    var indices: [Int] = []
    var index = open + 1
    while index < close {
      steps += 1
      indices.append(index)
      if isPunctuation(index, "(") || isPunctuation(index, "[") || isPunctuation(index, "{") {
        index = (closing(of: index) ?? close) + 1
      } else {
        index += 1
      }
    }
    return indices
  }

  /// The use of `kind` (a tag or a playback call) whose name is token `name` and whose id is the argument
  /// `value` (see ``id(of:)``).
  mutating func use(_ kind: InertiaUse.Kind, at name: Int, idArgument value: Range<Int>) -> InertiaUse {
    InertiaUse(
      kind: kind, id: id(of: value), position: position(of: name), idPosition: position(of: value.lowerBound),
      isDebugOnly: self[name].flags.contains(.debugOnly))
  }

  /// The assignment to `loopDuration` whose name is token `name`, with its `=` next: its value is a number
  /// literal with an optional sign that ends the expression (see ``endsExpression(after:orBefore:)``), or
  /// an expression.
  mutating func loopDurationUse(at name: Int, endingBefore closer: StaticString) -> InertiaUse {
    var number = name + 2
    var sign = 1.0
    if isPunctuation(number, "-") || isPunctuation(number, "+") {
      if isPunctuation(number, "-") { sign = -1 }
      number += 1
    }
    var value = InertiaUse.LoopDuration.expression
    if self[safe: number]?.kind == .number, endsExpression(after: number, orBefore: closer),
      let literal = NumberLiteral.value(text(number), language: language)
    {
      value = .literal(sign * literal)
    }
    return InertiaUse(
      kind: .loopDuration(value), id: .absent, position: position(of: name),
      isDebugOnly: self[name].flags.contains(.debugOnly))
  }
}
