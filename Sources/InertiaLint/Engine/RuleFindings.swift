/// The findings of each rule of one document, stored by whichever thread ran the rule.
final class RuleFindings: @unchecked Sendable {
  /// Every access holds `lock`.
  private var findings: [[Finding]]
  private var suppressed = 0
  private let lock = Lock()

  /// Room for the findings of `ruleCount` rules, none stored yet.
  init(ruleCount: Int) {
    findings = Array(repeating: [], count: ruleCount)
  }

  /// Stores the findings of the rule numbered `rule`.
  func store(_ found: [Finding], suppressed count: Int = 0, forRule rule: Int) {
    lock.withLock {
      findings[rule] = found
      suppressed += count
    }
  }

  /// How many findings the rules left out (see ``Linter/suppression``).
  var suppressedCount: Int { lock.withLock { suppressed } }

  /// The findings of every rule, by rule number.
  var byRule: [[Finding]] { lock.withLock { findings } }
}
