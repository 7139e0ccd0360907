/// Naming rules in messages.
package enum RuleSelection {
  /// "unknown rule 'x'", with a suggestion when a rule id is close; for a removed rule's id, that it was
  /// removed and why (as `--explain` says it).
  package static func unknownRuleMessage(_ id: String) -> String {
    if let removed = RuleRegistry.removedRule(id) { return "rule '\(id)' was \(removed.note)" }
    let suggestion = NameSuggestion.closest(to: id, in: RuleRegistry.identifiers).map { "; did you mean '\($0)'?" }
    return "unknown rule '\(id)'\(suggestion ?? " (see --list-rules)")"
  }

  /// What a configuration or an option naming a removed rule is told: "rule 'x' has no effect: removed: …".
  package static func removedRuleMessage(_ removed: RemovedRule) -> String {
    "rule '\(removed.identifier)' has no effect: \(removed.note)"
  }
}
