/// A rule id that names no rule, which ``Linter/init(severities:settings:)`` refuses rather than ignore: a
/// misspelt id would otherwise leave the rule it meant at its default without a word.
public struct UnknownRuleError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The id as it was given.
  public var id: String

  /// An error for the rule id `id`.
  public init(id: String) {
    self.id = id
  }

  /// `unknown rule 'loop-strechted'; did you mean 'loop-stretched'?`, as the command line and the
  /// configuration say it.
  public var description: String { RuleSelection.unknownRuleMessage(id) }
}
