import InertiaFormat
import InertiaLint

/// The rules a run uses and their severities: the configuration file's, then `--disable` and `--enable`.
extension RuleSelection {
  /// The severities after applying `--disable` and `--enable` to a configuration's.
  /// - Throws: a message naming an unknown rule.
  static func severities(
    configured: [String: RuleSeverity], enable: [String], disable: [String]
  ) throws(UsageError) -> [String: RuleSeverity] {
    var severities = configured
    for id in disable {
      guard RuleRegistry.description(of: id) != nil else { throw UsageError("--disable: " + unknownRuleMessage(id)) }
      severities[id] = .off
    }
    for id in enable {
      guard RuleRegistry.description(of: id) != nil else { throw UsageError("--enable: " + unknownRuleMessage(id)) }
      if severities[id] == .off { severities[id] = nil }
    }
    return severities
  }
}
