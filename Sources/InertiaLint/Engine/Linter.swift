import InertiaFormat

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Lints one document at a time with the rules of ``RuleRegistry``, as configured.
///
/// A linter is a value and can be shared by any number of threads.
public struct Linter: Sendable {
  /// The rules that run, each with the severity configured for it (`nil` keeps the rule's own).
  public let rules: [(rule: any LintRule.Type, severity: Severity?)]
  /// The app rules that run, each with the severity configured for it (`nil` keeps the rule's own).
  package let appRules: [(rule: any AppRule.Type, severity: Severity?)]
  /// The rules as ``lint(_:including:)`` runs them, in registry order.
  let enabled: [EnabledRule]
  /// The id of the rule that reports each sort of the schema walk's events (by the sort's raw value), for
  /// the walk to leave out what that rule's suppressions leave out; `nil` for a sort no rule run reports.
  let schemaEventRules: [String?]
  /// What the rules read from the configuration.
  public var settings: LintSettings
  /// Makes fresh identifiers for fixes; an uppercase UUID unless replaced (tests make them predictable).
  public var makeIdentifier: @Sendable () -> String
  /// Runs the rules of a large document (half a million values or more) side by side. The linter owns no
  /// threads: by default everything runs on the calling thread, and a tool passes a runner that spreads
  /// the work over the machine's cores.
  public var runner: any ParallelRunner = SerialRunner()
  /// The most findings of one rule reported in one document (100 unless changed; 0 for all): past it, one
  /// finding says how many more there are (see ``Finding/omitting(_:fixable:like:)``), so that what a document
  /// costs to lint and report is bounded whatever it holds.
  public var maxFindingsPerRule = 100
  /// The findings left out: neither reported, nor counted against ``maxFindingsPerRule``, nor fixed by a
  /// ``DocumentFixer`` (a configuration's ignores and a baseline's entries for one file).
  public var suppression = FindingSuppression()
  /// Whether findings carry their ``Finding/subject``, which only SARIF fingerprints and baselines read.
  package var worksOutSubjects = true

  /// A linter running every registered rule at its default severity.
  /// - Parameter settings: what the configuration says about container ids and the loop.
  public init(settings: LintSettings = .default) {
    self.init(checkedSeverities: [:], settings: settings)
  }

  /// A linter running every registered rule at the severity given for it, except the ones given as
  /// ``RuleSeverity/off``. Rules not named keep their default severity.
  /// - Parameters:
  ///   - severities: a ``RuleSeverity`` per rule id, as `.inertia-lint.json`'s `rules` gives them.
  ///   - settings: what the configuration says about container ids and the loop.
  ///   The id of a rule that was removed (``RuleRegistry/removedRules``) is accepted and has no effect.
  /// - Throws: ``UnknownRuleError`` for an id that names no rule (the first, in alphabetical order), as
  ///   the command line and the configuration refuse one.
  public init(severities: [String: RuleSeverity], settings: LintSettings = .default) throws(UnknownRuleError) {
    if let unknown = severities.keys.sorted().first(where: {
      RuleRegistry.description(of: $0) == nil && RuleRegistry.removedRule($0) == nil
    }) {
      throw UnknownRuleError(id: unknown)
    }
    self.init(checkedSeverities: severities, settings: settings)
  }

  private init(checkedSeverities severities: [String: RuleSeverity], settings: LintSettings) {
    var rules: [(rule: any LintRule.Type, severity: Severity?)] = []
    var enabled: [EnabledRule] = []
    var schemaEventRules = [String?](repeating: nil, count: SchemaWalk.Sort.allCases.count)
    for rule in RuleRegistry.rules {
      let description = rule.description
      let severity: Severity?
      switch severities[description.identifier] {
      case .off?: continue
      case let configured?: severity = configured.severity
      case nil: severity = nil
      }
      rules.append((rule, severity))
      enabled.append(EnabledRule(rule, description, severity: severity))
      for sort in description.reportedSchemaEvents { schemaEventRules[sort.rawValue] = description.identifier }
    }
    (self.rules, self.enabled, self.schemaEventRules) = (rules, enabled, schemaEventRules)
    self.appRules = Self.appRules(severities: severities)
    self.settings = settings
    self.makeIdentifier = { UUID().uuidString }
  }

  /// What linting a document came to: its findings, and how many more ``Linter/suppression`` left out.
  public struct Linted: Sendable {
    /// The findings, in ``Finding/reportOrder(_:_:)``.
    public var findings: [Finding]
    /// How many findings were left out by the linter's ``Linter/suppression``.
    public var suppressedCount = 0
  }

  /// Lints a document given as bytes, in whichever encoding its content shows.
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - file: the name findings carry (the path as the user gave it or as found).
  ///   - fileName: the file's own name, whose stem is its container id; `nil` for unnamed input.
  /// - Returns: the findings, in ``Finding/reportOrder(_:_:)``.
  public func lint(_ bytes: [UInt8], file: String, fileName: String?) -> [Finding] {
    linted(FileContents(copying: bytes), file: file, fileName: fileName).findings
  }

  /// Lints a file's contents, in whichever encoding they show.
  public func lint(_ contents: FileContents, file: String, fileName: String?) -> [Finding] {
    linted(contents, file: file, fileName: fileName).findings
  }

  /// Lints a file's contents, counting the findings left out (see ``suppression``) as well. Contents that
  /// are no document get the findings of the rules about such contents (``LintRule/findings(unreadable:)``).
  public func linted(_ contents: FileContents, file: String, fileName: String?) -> Linted {
    do throws(FormatError) {
      return linted(try IndexedDocument.read(contents), file: file, fileName: fileName)
    } catch {
      return linted(unreadable: error, file: file)
    }
  }

  /// The findings of the rules about contents that are no document (``LintRule/findings(unreadable:)``).
  private func linted(unreadable error: FormatError, file: String) -> Linted {
    var linted = Linted(findings: [])
    for rule in enabled {
      for var finding in rule.rule.findings(unreadable: error) {
        finding.file = file
        if let severity = rule.severity { finding.severity = severity }
        if suppression.suppresses(finding) { linted.suppressedCount += 1 } else { linted.findings.append(finding) }
      }
    }
    return linted
  }

  /// Lints a document already read.
  public func lint(_ indexed: IndexedDocument, file: String, fileName: String?) -> [Finding] {
    linted(indexed, file: file, fileName: fileName).findings
  }

  /// Lints a document already read, counting the findings left out (see ``suppression``) as well.
  public func linted(_ indexed: IndexedDocument, file: String, fileName: String?) -> Linted {
    var part = beginLint(indexed, file: file, fileName: fileName)
    lint(&part) { _ in true }
    return finished(part)
  }

  /// A lint of `indexed` with no rule run yet, on `threads` threads (by default the runner's for a large
  /// document, one otherwise); its outline is `outline` when one is given (see
  /// ``DocumentOutline/replacingValues(_:in:)``).
  func beginLint(
    _ indexed: IndexedDocument, file: String, fileName: String?, threads: Int? = nil, outline: DocumentOutline? = nil
  ) -> PartLinted {
    PartLinted(
      document: indexed, file: file, fileName: fileName,
      threads: threads ?? (indexed.nodeCount >= Self.largeDocumentNodeCount ? runner.width : 1),
      inputs: RuleInputs(outline: outline))
  }

  /// Runs the rules `including` picks, of those not run yet, on the part's document.
  func lint(_ part: inout PartLinted, including: (EnabledRule) -> Bool) {
    var picked: [Int] = []
    picked.reserveCapacity(enabled.count)
    for position in enabled.indices where !part.ran.contains(position) && including(enabled[position]) {
      picked.append(position)
    }
    guard !picked.isEmpty else { return }
    part.ran += picked
    guard part.threads == 1 else { return lintSideBySide(&part, picked) }
    part.inputs.workOut(picked.reduce(into: []) { $0.formUnion(enabled[$1].reads) }, part.document, for: self)
    let context = makeContext(part)
    var sink = makeSink(context, part)
    for position in picked { part.suppressedCount += run(position, context, &sink) }
    if part.findings.isEmpty { part.findings = sink.takeFindings() } else { part.findings += sink.takeFindings() }
  }

  /// The findings of the rules run so far, in ``Finding/reportOrder(_:_:)`` (a stable sort: findings alike
  /// in every way in their rule's order), with their lines and columns in a JSON document.
  func finished(_ part: consuming PartLinted) -> Linted {
    var findings: [Finding] = []
    swap(&findings, &part.findings)
    // A part's findings are all in one file: by offset first, a comparison of two numbers.
    findings.sort { $0.offset != $1.offset ? $0.offset < $1.offset : Finding.reportOrder($0, $1) }
    if part.document.encoding == .json {
      for (index, place) in part.document.lineAndColumn(ofOffsets: findings.map(\.offset)).enumerated() {
        (findings[index].line, findings[index].column) = place
      }
    }
    return Linted(findings: findings, suppressedCount: part.suppressedCount)
  }

  /// Runs the rule at `position` in ``enabled``, reporting to `sink`, which it leaves ready for the next
  /// rule; returns how many findings it left out.
  func run(_ position: Int, _ context: LintContext, _ sink: inout FindingSink) -> Int {
    let id = enabled[position].id
    sink.start(
      ruleID: id, severity: enabled[position].defaultSeverity, configuredSeverity: enabled[position].severity,
      suppression: !suppression.isEmpty && suppression.concerns(id) ? suppression : nil)
    enabled[position].rule.check(context, &sink)
    return sink.finish().suppressed
  }
}
