import InertiaFormat

/// Collects one rule's findings in one document, and then the next rule's, after them in the same array
/// (the linter starts each rule on the sink in turn).
public struct FindingSink {
  let document: IndexedDocument
  let pointers: IndexedDocument.PointerCache
  let file: String
  private(set) var ruleID: String
  private(set) var severity: Severity
  /// The severity configured for the rule, which replaces every finding's own.
  private(set) var configuredSeverity: Severity?
  /// The most findings kept (0: all); past it, findings are only counted (see ``Linter/maxFindingsPerRule``).
  let limit: Int
  /// The findings left out (see ``Linter/suppression``); `nil` when none of this rule's are.
  var suppression: FindingSuppression?
  /// Whether findings get their ``Finding/subject`` (see ``Linter/worksOutSubjects``).
  var worksOutSubjects = true
  /// What has been reported so far, by this rule and the ones before it (line and column are filled in
  /// by the ``Linter``), without the ones past the limit.
  private(set) var findings: [Finding]
  /// Where the current rule's findings start in `findings`.
  private var ruleStart = 0
  /// How many findings were left out by ``suppression``.
  private(set) var suppressedCount = 0
  /// How many findings were past the limit, and the first of them.
  private var omitted = 0
  /// How many of those had a safe fix (see ``Finding/omittedFixableCount``).
  private var omittedFixable = 0
  private var firstOmitted: (node: IndexedDocument.Node, severity: Severity)?

  /// A sink for the findings in `context`'s document, named `file`, each with its subject when
  /// `worksOutSubjects`; `start(ruleID:severity:configuredSeverity:suppression:)` says whose they are.
  init(context: LintContext, file: String, limit: Int = 0, worksOutSubjects: Bool = true) {
    self.document = context.document
    self.pointers = context.pointers
    self.file = file
    self.ruleID = ""
    self.severity = .info
    self.limit = limit
    self.worksOutSubjects = worksOutSubjects
    self.findings = []
  }

  /// Takes the findings of the rule `ruleID`, which are `severity` unless they say otherwise, and left out
  /// as `suppression` says (`nil`: none are).
  mutating func start(
    ruleID: String, severity: Severity, configuredSeverity: Severity?, suppression: FindingSuppression?
  ) {
    self.ruleID = ruleID
    self.severity = severity
    self.configuredSeverity = configuredSeverity
    self.suppression = suppression
    ruleStart = findings.count
  }

  /// Ends the rule's findings with one saying how many more there were, when there were more: where in
  /// ``findings`` the rule's are, and how many it left out. The sink is then ready for the next rule.
  mutating func finish() -> (range: Range<Int>, suppressed: Int) {
    if omitted > 0, let (node, severity) = firstOmitted {
      findings.append(
        Finding.omitting(
          omitted, fixable: omittedFixable, like: makeFinding("", at: node, severity: severity, fix: nil)))
    }
    defer {
      suppressedCount = 0
      omitted = 0
      omittedFixable = 0
      firstOmitted = nil
    }
    return (ruleStart..<findings.count, suppressedCount)
  }

  /// Takes the findings of every rule so far out of the sink, which is left empty.
  mutating func takeFindings() -> [Finding] {
    defer {
      findings = []
      ruleStart = 0
    }
    return findings
  }

  /// Reports a finding at a value.
  /// - Parameters:
  ///   - message: what is wrong and what the runtime does about it.
  ///   - node: the value the finding is about.
  ///   - severity: the finding's severity when it is not the rule's.
  ///   - fix: the change that resolves it, if the rule offers one.
  ///
  /// Past the limit, a finding is only counted: its message is never made (it is an autoclosure), so a
  /// file of a million faults costs a count, not a million messages.
  public mutating func report(
    _ message: @autoclosure () -> String, at node: IndexedDocument.Node, severity: Severity? = nil,
    fix: Fix? = nil
  ) {
    let severity = configuredSeverity ?? severity ?? self.severity
    if let suppression, suppression.suppresses(ruleID, at: node, pointers) {
      suppressedCount += 1
      return
    }
    guard limit == 0 || findings.count - ruleStart < limit else {
      if omitted == 0 { firstOmitted = (node, severity) }
      omitted += 1
      if fix?.safety == .safe { omittedFixable += 1 }
      return
    }
    // Room for a few at the first: a file's findings are a handful, which growing the array one at a
    // time would allocate three times.
    if findings.capacity == 0 { findings.reserveCapacity(8) }
    findings.append(makeFinding(message(), at: node, severity: severity, fix: fix))
  }

  /// Counts the events of a sort that the schema walk did not keep: past its limit, or left out by the
  /// suppression. The rule reporting that sort calls this once.
  mutating func countUnkept(_ walked: SchemaWalk.Events, _ sort: SchemaWalk.Sort) {
    suppressedCount += walked.filtered(sort)
    if let omitted = walked.omitted(sort) { omit(omitted.count, firstAt: omitted.first) }
  }

  /// Calls `body` with each event of `sort` the schema walk kept, in the order it met them, then counts the ones
  /// it did not keep (``countUnkept(_:_:)``): the loop of a rule that reports one sort.
  mutating func forEachEvent(
    _ sort: SchemaWalk.Sort, in walked: SchemaWalk.Events, _ body: (inout FindingSink, SchemaWalk.Event) -> Void
  ) {
    for (event, eventSort) in zip(walked.list, walked.sorts) where eventSort == sort { body(&self, event) }
    countUnkept(walked, sort)
  }

  /// Counts `count` findings past the limit without reporting them, the first of them at `node` (for a
  /// rule whose source kept only so many, such as the schema walk's events). Their fixes are not known, so
  /// none of them is counted as fixable.
  mutating func omit(_ count: Int, firstAt node: IndexedDocument.Node, severity: Severity? = nil) {
    guard count > 0 else { return }
    if omitted == 0 { firstOmitted = (node, configuredSeverity ?? severity ?? self.severity) }
    omitted += count
  }

  private func makeFinding(_ message: String, at node: IndexedDocument.Node, severity: Severity, fix: Fix?)
    -> Finding
  {
    // Made whole in one initializer: setting the subject afterwards had the finding copied and the
    // original freed, twice, for every finding.
    Finding(
      file: file, ruleID: ruleID, severity: severity, message: message, pointer: pointers.pointer(of: node),
      offset: document.byteRange(of: node).lowerBound, fix: fix,
      subject: worksOutSubjects ? pointers.subject(of: node) : nil)
  }

  /// A fix that writes the number `value` over the value at `node`, a field the runtime reads as `type`, in
  /// the format the editor writes that field in (see `InertiaNumberRule`): in MessagePack, a float32 for a
  /// `Float` (the nearest one), a float32 for a `CGFloat` or `Double` when it is exactly one and a float64
  /// otherwise, and an integer for an `Int` (which ``FixApplier`` writes in the signed formats); in JSON, the
  /// number as text, which `to-msgpack` then writes by the same rule.
  package func fix(
    _ summary: String, _ safety: Fix.Safety, replacing node: IndexedDocument.Node, withNumber value: Double,
    as type: SchemaWalk.NumberSite.FieldType
  ) -> Fix {
    let replacement: MessagePackValue
    switch (type, document.encoding) {
    case (.int, _): replacement = .int(Int64(value))
    case (.float, .messagePack): replacement = .float32(Float(value))
    case (.double, .messagePack): replacement = Float(exactly: value).map { .float32($0) } ?? .float64(value)
    case (_, .json): replacement = .float64(value)
    }
    return fix(summary, safety, replacing: node, with: replacement)
  }

  /// A fix that drops the entries at `positions` of the map `map` and keeps every byte of the others
  /// (``IndexedDocument/encoding(of:droppingEntriesAt:)``); `nil` when they cannot be dropped (the first
  /// entry, or a position the map does not have).
  package func fix(
    _ summary: String, _ safety: Fix.Safety, dropping positions: Set<Int>, from map: IndexedDocument.Node
  ) -> Fix? {
    guard let bytes = document.encoding(of: map, droppingEntriesAt: positions),
      let entries = document.value(of: map).mapEntries
    else { return nil }
    let kept = entries.indices.filter { !positions.contains($0) }.map { entries[$0] }
    return Fix(
      summary: summary, safety: safety, pointer: pointers.pointer(of: map), byteRange: document.byteRange(of: map),
      replacement: .map(kept), replacementBytes: bytes)
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
