/// A rule that was taken out of the linter, and why.
///
/// Its id stays accepted wherever a rule id is named (`.inertia-lint.json`'s `rules` and `ignore`,
/// `--enable` and `--disable`, ``Linter/init(severities:settings:)``) and does nothing: a configuration
/// written for an older version keeps working, and the tool says once, on standard error, that the id can
/// go and why. A misspelt id is still an error (``UnknownRuleError``).
public struct RemovedRule: Sendable, Equatable {
  /// The id the rule had.
  public let identifier: String
  /// Why it was removed, in one clause, with where to read more.
  public let reason: String

  /// `removed: <reason>`, as the tool's warning ends.
  public var note: String { "removed: \(reason)" }
}

extension RuleRegistry {
  /// The rules removed, by id: never listed, never run, their ids accepted and ignored with a warning.
  public static let removedRules: [RemovedRule] = [
    // Said that SwiftUI ignores `invokeType: "auto"`, as the user guide does; since the runtime's "Fix auto
    // trigger" (2026-08-06) it starts every auto animation when the first view registers (Inertia.swift:929-939
    // at e310d13), so every finding was false.
    RemovedRule(
      identifier: "auto-invoke-type",
      reason: "the SwiftUI runtime starts auto animations since 2026-08-06; see docs/runtime.md")
  ]

  /// The removed rule with the given id; `nil` when no removed rule had it.
  public static func removedRule(_ identifier: String) -> RemovedRule? {
    removedRules.first { $0.identifier == identifier }
  }
}
