import InertiaFormat

/// Collects one rule's findings in one document.
public struct FindingSink {
  let document: IndexedDocument
  let pointers: IndexedDocument.PointerCache
  let file: String
  let ruleID: String
  let severity: Severity
  /// The severity configured for the rule, which replaces every finding's own.
  let configuredSeverity: Severity?
  /// What has been reported so far (line and column are filled in by the ``Linter``).
  public private(set) var findings: [Finding] = []

  init(context: LintContext, file: String, rule: RuleDescription, configuredSeverity: Severity?) {
    self.document = context.document
    self.pointers = context.pointers
    self.file = file
    self.ruleID = rule.identifier
    self.severity = rule.severity
    self.configuredSeverity = configuredSeverity
  }

  /// Reports a finding at a value.
  /// - Parameters:
  ///   - message: what is wrong and what the runtime does about it.
  ///   - node: the value the finding is about.
  ///   - severity: the finding's severity when it is not the rule's.
  ///   - fix: the change that resolves it, if the rule offers one.
  public mutating func report(
    _ message: String, at node: IndexedDocument.Node, severity: Severity? = nil, fix: Fix? = nil
  ) {
    findings.append(
      Finding(
        file: file, ruleID: ruleID, severity: configuredSeverity ?? severity ?? self.severity, message: message,
        pointer: pointers.pointer(of: node),
        offset: document.byteRange(of: node).lowerBound, fix: fix))
  }

  /// A fix that replaces the value at `node` with `replacement`.
  public func fix(
    _ summary: String, _ safety: Fix.Safety, replacing node: IndexedDocument.Node, with replacement: MessagePackValue
  )
    -> Fix
  {
    Fix(
      summary: summary, safety: safety, pointer: pointers.pointer(of: node),
      byteRange: document.byteRange(of: node),
      replacement: replacement)
  }
}
