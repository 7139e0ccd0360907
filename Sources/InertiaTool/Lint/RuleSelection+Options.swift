import InertiaFormat
import InertiaLint

/// The rules a run uses and their severities: the configuration file's, then `--disable` and `--enable`.
extension RuleSelection {
  /// The severities after applying `--disable` and `--enable` to a configuration's. A removed rule's id is
  /// accepted and left out (``optionWarnings(enable:disable:)`` says so).
  /// - Throws: a message naming an unknown rule.
  static func severities(
    configured: [String: RuleSeverity], enable: [String], disable: [String]
  ) throws(UsageError) -> [String: RuleSeverity] {
    var severities = configured
    for id in disable where RuleRegistry.removedRule(id) == nil {
      guard RuleRegistry.description(of: id) != nil else { throw UsageError("--disable: " + unknownRuleMessage(id)) }
      severities[id] = .off
    }
    for id in enable where RuleRegistry.removedRule(id) == nil {
      guard RuleRegistry.description(of: id) != nil else { throw UsageError("--enable: " + unknownRuleMessage(id)) }
      if severities[id] == .off { severities[id] = nil }
    }
    return severities
  }

  /// A warning for each removed rule `--disable` or `--enable` names, once each:
  /// `--disable: rule 'x' has no effect: removed: …`.
  static func optionWarnings(enable: [String], disable: [String]) -> [String] {
    var warned: Set<String> = []
    var warnings: [String] = []
    for (option, ids) in [("--disable", disable), ("--enable", enable)] {
      for id in ids {
        guard let removed = RuleRegistry.removedRule(id), warned.insert(option + " " + id).inserted else { continue }
        warnings.append("\(option): \(removedRuleMessage(removed))")
      }
    }
    return warnings
  }
}
