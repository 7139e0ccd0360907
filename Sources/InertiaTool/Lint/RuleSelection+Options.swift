import InertiaFormat
import InertiaLint

/// The rules a run uses and their severities: the configuration file's, then `--disable` and `--enable`.
extension RuleSelection {
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
}
