/// Naming rules in messages.
package enum RuleSelection {
  /// "unknown rule 'x'", with a suggestion when a rule id is close.
  package static func unknownRuleMessage(_ id: String) -> String {
    let suggestion = NameSuggestion.closest(to: id, in: RuleRegistry.identifiers).map { "; did you mean '\($0)'?" }
    return "unknown rule '\(id)'\(suggestion ?? " (see --list-rules)")"
  }
}
