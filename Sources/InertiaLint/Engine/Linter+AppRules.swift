import InertiaFormat

/// The app rules as a ``Linter`` runs them: which run, at which severities, and their findings as the
/// linter reports a file's.
extension Linter {
  /// The app rules that `severities` (a configuration's `rules`) leave on, each with the severity it sets.
  static func appRules(severities: [String: RuleSeverity]) -> [(rule: any AppRule.Type, severity: Severity?)] {
    var appRules: [(rule: any AppRule.Type, severity: Severity?)] = []
    for rule in RuleRegistry.appRules {
      switch severities[rule.description.identifier] {
      case .off?: continue
      case let configured?: appRules.append((rule, configured.severity))
      case nil: appRules.append((rule, nil))
      }
    }
    return appRules
  }

  /// The app rules' findings in one file (``AppLinter/findings(in:rules:)``, all of them the file's) as
  /// this linter reports them: without the findings of the app rules it does not run, at the severities
  /// configured, without what ``suppression`` leaves out (counted), at most ``maxFindingsPerRule`` of a
  /// rule, in ``Finding/reportOrder(_:_:)``.
  package func configured(appFindings findings: [Finding]) -> Linted {
    var linted = Linted(findings: [])
    for var finding in findings {
      guard let rule = appRules.first(where: { $0.rule.description.identifier == finding.ruleID }) else { continue }
      if let severity = rule.severity { finding.severity = severity }
      if suppression.suppresses(finding) { linted.suppressedCount += 1 } else { linted.findings.append(finding) }
    }
    linted.findings = Finding.limited(linted.findings.sorted(by: Finding.reportOrder), to: maxFindingsPerRule)
    return linted
  }
}
