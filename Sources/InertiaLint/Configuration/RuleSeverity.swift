/// What a configuration sets one rule to: a severity, or off.
///
/// The cases are the words of `.inertia-lint.json`'s `rules` object (`"error"`, `"warning"`, `"info"`,
/// `"off"`), so `RuleSeverity(rawValue:)` reads them. In a `[String: RuleSeverity]` by rule id, a rule
/// that is not named keeps its default severity: removing an entry (`severities["loop-stretched"] = nil`)
/// gives the rule back its default, and only ``off`` switches it off.
///
/// ```swift
/// let linter = try Linter(severities: ["loop-stretched": .off, "hand-authored-vertices": .warning])
/// ```
public enum RuleSeverity: String, Sendable, Hashable, CaseIterable {
  /// The rule does not run.
  case off
  /// The rule's findings are infos.
  case info
  /// The rule's findings are warnings.
  case warning
  /// The rule's findings are errors.
  case error

  /// The rule running, with its findings at `severity`.
  public init(_ severity: Severity) {
    switch severity {
    case .info: self = .info
    case .warning: self = .warning
    case .error: self = .error
    }
  }

  /// The severity the rule's findings get; `nil` when the rule is off.
  public var severity: Severity? {
    switch self {
    case .off: return nil
    case .info: return .info
    case .warning: return .warning
    case .error: return .error
    }
  }
}
