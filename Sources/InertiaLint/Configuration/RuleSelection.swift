/// The rules a run uses and their severities: the configuration file's, then `--disable` and `--enable`.
enum RuleSelection {
  /// The severities after applying `--disable` and `--enable` to a configuration's.
  /// - Throws: a message naming an unknown rule.
  static func severities(
    configured: [String: Severity?], enable: [String], disable: [String]
  ) throws(UsageError) -> [String: Severity?] {
    var severities = configured
    for id in disable {
      guard RuleRegistry.rule(id) != nil else { throw UsageError("--disable: " + unknownRuleMessage(id)) }
      severities[id] = .some(nil)
    }
    for id in enable {
      guard RuleRegistry.rule(id) != nil else { throw UsageError("--enable: " + unknownRuleMessage(id)) }
      if case .some(.none) = severities[id] { severities[id] = nil }
    }
    return severities
  }

  /// "unknown rule 'x'", with a suggestion when a rule id is close.
  static func unknownRuleMessage(_ id: String) -> String {
    let suggestion = NameSuggestion.closest(to: id, in: RuleRegistry.identifiers).map { "; did you mean '\($0)'?" }
    return "unknown rule '\(id)'\(suggestion ?? " (see --list-rules)")"
  }
}

/// A command line that cannot be used.
struct UsageError: Error, Equatable {
  let message: String

  init(_ message: String) {
    self.message = message
  }
}
