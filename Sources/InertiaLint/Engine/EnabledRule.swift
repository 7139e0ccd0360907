extension Linter {
  /// A rule as the linter runs it, with what the engine reads of its description, read once (a description
  /// is a large value to copy for every document).
  struct EnabledRule: Sendable {
    let rule: any LintRule.Type
    let id: String
    let defaultSeverity: Severity
    /// The severity configured for the rule, which replaces every finding's own.
    let severity: Severity?
    let fixSafety: Fix.Safety?
    let reads: RuleDescription.Reads
    let cost: Int

    /// `rule`, whose description is `description`, run at `severity` (`nil`: the rule's own).
    init(_ rule: any LintRule.Type, _ description: RuleDescription, severity: Severity?) {
      (self.rule, id, defaultSeverity, self.severity) = (rule, description.identifier, description.severity, severity)
      (fixSafety, reads, cost) = (description.fixSafety, description.reads, description.cost)
    }
  }
}
