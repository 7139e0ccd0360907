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
  /// The rules in the order threads take them (see ``heaviestFirst(_:)``), with what every document needs
  /// of each rule's description, read once here: the description is a large value to copy per document.
  private let schedule: [Scheduled]

  /// A rule as ``linted(_:file:fileName:threads:)`` runs it.
  struct Scheduled {
    let rule: any LintRule.Type
    let id: String
    let defaultSeverity: Severity
    let severity: Severity?
    /// Whether the rule's fixes are safe or unsafe, for a rule that offers any.
    let fixSafety: Fix.Safety?
  }
  /// What the rules read from the configuration.
  public var settings: LintSettings
  /// Makes fresh identifiers for fixes; an uppercase UUID unless replaced (tests make them predictable).
  public var makeIdentifier: @Sendable () -> String
  /// Runs the rules of a large document (`parallelNodeCount` values or more) side by side. The linter
  /// owns no threads: by default everything runs on the calling thread, and a tool passes a runner
  /// that spreads the work over the machine's cores.
  public var runner: any ParallelRunner = SerialRunner()
  /// The most findings of one rule reported in one document (100 unless changed; 0 for all): past it, one
  /// finding says how many more there are (see ``Finding/omitting(_:like:)``), so that what a document
  /// costs to lint and report is bounded whatever it holds.
  public var maxFindingsPerRule = 100
  /// The findings left out: neither reported, nor counted against ``maxFindingsPerRule``, nor fixed by a
  /// ``DocumentFixer`` (a configuration's ignores and a baseline's entries for one file).
  public var suppression = FindingSuppression()
  /// Whether findings carry their ``Finding/subject``: working it out is about a twentieth of a small
  /// file's lint, and only SARIF fingerprints and baselines being written read it (left-out findings are
  /// matched on their own). A tool that needs neither leaves it off.
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
  /// - Throws: ``UnknownRuleError`` for an id that names no rule (the first, in alphabetical order), as
  ///   the command line and the configuration refuse one.
  public init(severities: [String: RuleSeverity], settings: LintSettings = .default) throws(UnknownRuleError) {
    if let unknown = severities.keys.sorted().first(where: { RuleRegistry.rule($0) == nil }) {
      throw UnknownRuleError(id: unknown)
    }
    self.init(checkedSeverities: severities, settings: settings)
  }

  private init(checkedSeverities severities: [String: RuleSeverity], settings: LintSettings) {
    var rules: [(rule: any LintRule.Type, severity: Severity?)] = []
    for rule in RuleRegistry.rules {
      switch severities[rule.description.identifier] {
      case .off?: continue
      case let configured?: rules.append((rule, configured.severity))
      case nil: rules.append((rule, nil))
      }
    }
    self.rules = rules
    self.schedule = Self.heaviestFirst(rules).map { rule, severity in
      let description = rule.description
      return Scheduled(
        rule: rule, id: description.identifier, defaultSeverity: description.severity, severity: severity,
        fixSafety: description.fixSafety)
    }
    self.settings = settings
    self.makeIdentifier = { UUID().uuidString }
  }

  /// Lints a document given as bytes, in whichever encoding its content shows.
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - file: the name findings carry (the path as the user gave it or as found).
  ///   - fileName: the file's own name, whose stem is its container id; `nil` for unnamed input.
  /// - Returns: the findings, in ``Finding/reportOrder(_:_:)``.
  public func lint(_ bytes: [UInt8], file: String, fileName: String?) -> [Finding] {
    lint(FileContents(copying: bytes), file: file, fileName: fileName)
  }

  /// Lints a file's contents, in whichever encoding they show.
  public func lint(_ contents: FileContents, file: String, fileName: String?) -> [Finding] {
    linted(contents, file: file, fileName: fileName).findings
  }

  /// What linting a document came to: its findings, and how many more ``Linter/suppression`` left out.
  public struct Linted: Sendable {
    /// The findings, in ``Finding/reportOrder(_:_:)``.
    public var findings: [Finding]
    /// How many findings were left out by the linter's ``Linter/suppression``.
    public var suppressedCount = 0
  }

  /// Lints a file's contents, counting the findings left out (see ``suppression``) as well.
  public func linted(_ contents: FileContents, file: String, fileName: String?) -> Linted {
    let indexed: IndexedDocument
    do {
      indexed = try IndexedDocument.read(contents)
    } catch {
      let findings = invalidFileFindings(error, file: file)
      if let finding = findings.first, suppression.suppresses(finding) {
        return Linted(findings: [], suppressedCount: 1)
      }
      return Linted(findings: findings)
    }
    return linted(indexed, file: file, fileName: fileName)
  }

  /// Lints a document already read.
  ///
  /// The rules of a large document are shared out among the ``runner``'s threads: each thread takes the
  /// next rule not yet taken, heaviest first, with its own view of the document (for the pointer cache)
  /// and the outline and other common results worked out once for all.
  public func lint(_ indexed: IndexedDocument, file: String, fileName: String?) -> [Finding] {
    linted(indexed, file: file, fileName: fileName).findings
  }

  /// Lints a document already read, counting the findings left out (see ``suppression``) as well.
  public func linted(_ indexed: IndexedDocument, file: String, fileName: String?) -> Linted {
    linted(
      indexed, file: file, fileName: fileName,
      threads: threads(for: indexed))
  }

  /// Lints a document with its rules run on up to `threads` threads.
  func lint(_ indexed: IndexedDocument, file: String, fileName: String?, threads: Int) -> [Finding] {
    linted(indexed, file: file, fileName: fileName, threads: threads).findings
  }

  /// Lints a document with its rules run on up to `threads` threads, counting what is left out.
  func linted(_ indexed: IndexedDocument, file: String, fileName: String?, threads: Int) -> Linted {
    var part = beginLint(indexed, file: file, fileName: fileName, threads: threads)
    lint(&part) { _ in true }
    return finished(consume part)
  }

  /// The findings of some of a document's rules, kept by rule, so that a later lint of other rules of the
  /// same document adds to them (sharing the outline and the schema walk the first worked out), and
  /// ``finished(_:)`` puts them in the order one lint of all those rules gives. ``DocumentFixer`` lints
  /// with the rules that fix first, and with the others only once nothing is left to fix.
  struct PartLinted: Sendable {
    fileprivate let document: IndexedDocument
    fileprivate let file: String
    fileprivate let fileName: String?
    fileprivate let threads: Int
    fileprivate let common: LintContext.Shared
    /// The findings of the rules run so far, one rule's after another's, in one array.
    fileprivate var findings: [Finding] = []
    /// Which rule's findings are where in `findings`.
    fileprivate var runs: [RuleRun] = []
    fileprivate var suppressedCount = 0
  }

  /// Where the findings of one rule of the schedule are.
  fileprivate struct RuleRun {
    /// The rule's position in the schedule.
    let position: Int
    /// Its findings' positions in ``PartLinted/findings``.
    let range: Range<Int>
  }

  /// A lint of `indexed` with no rule run yet; its outline is `outline` when one is given (see
  /// ``DocumentOutline/replacingValues(_:in:)``), made when a rule first needs it otherwise.
  func beginLint(
    _ indexed: IndexedDocument, file: String, fileName: String?, outline: DocumentOutline? = nil
  ) -> PartLinted {
    beginLint(indexed, file: file, fileName: fileName, threads: threads(for: indexed), outline: outline)
  }

  /// The outline of the part's document, if a rule has made it (or it was given).
  func outline(of part: PartLinted) -> DocumentOutline? { part.common.madeOutline }

  /// How many threads a document's rules are shared out among: the runner's, for a large document.
  private func threads(for indexed: IndexedDocument) -> Int {
    indexed.nodeCount >= Self.parallelNodeCount ? runner.width : 1
  }

  private func beginLint(
    _ indexed: IndexedDocument, file: String, fileName: String?, threads: Int, outline: DocumentOutline? = nil
  ) -> PartLinted {
    let sharesWalk = threads > 1 && schedule.contains { LintContext.Shared.readsSchemaEvents($0.id) }
    let common = LintContext.Shared(
      findingLimit: maxFindingsPerRule, suppression: suppression,
      walkPieces: sharesWalk ? Self.schemaWalkPieces : 0, threaded: threads > 1, outline: outline)
    var part = PartLinted(document: indexed, file: file, fileName: fileName, threads: threads, common: common)
    part.runs.reserveCapacity(schedule.count)
    return part
  }

  /// Runs the rules `including` picks, of those not run yet, on the part's document.
  func lint(_ part: inout PartLinted, including: (Scheduled) -> Bool) {
    var picked: [Int] = []
    picked.reserveCapacity(schedule.count)
    // Whether a rule has run is looked up in the runs (a few numbers to compare): an array of flags per
    // file cost more to make than the lookups.
    for position in schedule.indices
    where !part.runs.contains(where: { $0.position == position }) && including(schedule[position]) {
      picked.append(position)
    }
    guard !picked.isEmpty else { return }
    if part.threads > 1 {
      lintSideBySide(&part, picked)
    } else {
      // One thread (every small file): the rules in order, with no lock taken for each, adding their
      // findings to the part's (moved into the sink and back, not copied).
      let context = makeContext(part)
      var sink = makeSink(context, part, after: part.findings)
      part.findings = []
      for position in picked {
        let (range, suppressed) = run(schedule[position], context, &sink)
        part.runs.append(RuleRun(position: position, range: range))
        part.suppressedCount += suppressed
      }
      part.findings = sink.takeFindings()
    }
  }

  /// Runs the rules at `picked` (positions in the schedule) on the runner's threads, each taking the next
  /// rule not yet taken.
  private func lintSideBySide(_ part: inout PartLinted, _ picked: [Int]) {
    let (indexed, common) = (part.document, part.common)
    let ids = picked.map { schedule[$0].id }
    // Threads share out the schema walk in pieces, and one works out the outline meanwhile, before any
    // takes a rule (see ``LintContext/Shared/prepare(_:outline:walk:)``).
    let sharesWalk = ids.contains(where: LintContext.Shared.readsSchemaEvents)
    let needsOutline = ids.contains { !Self.rulesWithoutOutline.contains($0) }
    let results = RuleFindings(ruleCount: picked.count)
    let next = IndexDispenser()
    // The threads read the part as it is now; the findings are stored in it when all are done.
    let running = part
    runner.run(min(part.threads, picked.count)) { _ in
      let context = makeContext(running)
      if sharesWalk || needsOutline { common.prepare(indexed, outline: needsOutline, walk: sharesWalk) }
      var sink = makeSink(context, running)
      while case let index = next.next(), index < picked.count {
        let suppressed = run(schedule[picked[index]], context, &sink).suppressed
        results.store(sink.takeFindings(), suppressed: suppressed, forRule: index)
      }
    }
    for (position, findings) in zip(picked, results.byRule) {
      part.runs.append(RuleRun(position: position, range: part.findings.count..<part.findings.count + findings.count))
      part.findings += findings
    }
    part.suppressedCount += results.suppressedCount
  }

  /// A context for one thread linting the part's document.
  private func makeContext(_ part: PartLinted) -> LintContext {
    LintContext(
      document: part.document, shared: part.common, fileName: part.fileName, settings: settings,
      makeIdentifier: makeIdentifier)
  }

  /// A sink for one thread's rules, one after another (see ``run(_:_:_:)``), whose findings come after
  /// `findings`.
  private func makeSink(_ context: LintContext, _ part: PartLinted, after findings: [Finding] = []) -> FindingSink {
    var sink = FindingSink(context: context, file: part.file, limit: maxFindingsPerRule, after: findings)
    sink.worksOutSubjects = worksOutSubjects
    return sink
  }

  /// Runs one rule, reporting to `sink`, which it leaves ready for the next rule: where the rule's findings
  /// are in the sink's, and how many it left out. One sink serves all the rules a thread runs, rather than
  /// one made (with the document, its pointer cache and the file's name retained) and freed for each rule
  /// of each file.
  private func run(
    _ scheduled: Scheduled, _ context: LintContext, _ sink: inout FindingSink
  ) -> (range: Range<Int>, suppressed: Int) {
    sink.start(
      ruleID: scheduled.id, severity: scheduled.defaultSeverity, configuredSeverity: scheduled.severity,
      suppression: !suppression.isEmpty && suppression.concerns(scheduled.id) ? suppression : nil)
    scheduled.rule.check(context, &sink)
    return sink.finish()
  }

  /// The findings of the rules run so far, in ``Finding/reportOrder(_:_:)`` (rules in schedule order, and
  /// each rule's findings in its own order, where that leaves two alike), with their lines and columns
  /// in a JSON document.
  ///
  /// The part is consumed: when this is its last use, its findings are put in order where they are, moved
  /// rather than copied (a copy retains every string of a finding, and freeing the part releases them).
  func finished(_ part: consuming PartLinted) -> Linted {
    var findings: [Finding] = []
    swap(&findings, &part.findings)
    // Sort the findings' indices rather than the findings, which are large to move, and arrange the
    // findings by them: one array, the indices, made for it. The runs partition the findings, so each
    // finding's rule is found in them, for the last of the ties (which are rare: a tie of offsets first).
    var sources = Array(findings.indices)
    let runs = part.runs
    func position(_ index: Int) -> Int { runs.first { $0.range.contains(index) }.map(\.position) ?? 0 }
    sources.sort { a, b in
      let (offsetA, offsetB) = (findings[a].offset, findings[b].offset)
      if offsetA != offsetB { return offsetA < offsetB }
      let (first, second) = (findings[a], findings[b])
      if Finding.reportOrder(first, second) { return true }
      if Finding.reportOrder(second, first) { return false }
      // A rule's findings are in its order in `findings`.
      return (position(a), a) < (position(b), b)
    }
    Self.arrange(&findings, as: sources)
    if part.document.encoding == .json {
      for (index, place) in part.document.lineAndColumn(ofOffsets: findings.map(\.offset)).enumerated() {
        (findings[index].line, findings[index].column) = place
      }
    }
    return Linted(findings: findings, suppressedCount: part.suppressedCount)
  }

  /// Puts `elements` in the order `sources` gives (the element at each position is the one that was at
  /// `sources[position]`; `sources` is a permutation of the indices), in place: each cycle of the
  /// permutation is followed with swaps, which move the elements without copying them.
  static func arrange<Element>(_ elements: inout [Element], as sources: consuming [Int]) {
    elements.withUnsafeMutableBufferPointer { buffer in
      for start in sources.indices where sources[start] != start {
        // Each swap puts the element its position wants there, and the cycle's first element one step on.
        var position = start
        while sources[position] != start {
          let source = sources[position]
          buffer.swapAt(position, source)
          sources[position] = position
          position = source
        }
        sources[position] = position
      }
    }
  }

  /// Documents with at least this many values have their rules shared out among the cores.
  static let parallelNodeCount = 500_000

  /// How many pieces threads share the schema walk of a large document in: enough that a thread which
  /// starts late (after the outline) still takes its share.
  static let schemaWalkPieces = 64

  /// The rules that never read the outline, which threads need not work out before the rules when only
  /// these run.
  static let rulesWithoutOutline: Set<String> = [
    SchemaRule.description.identifier, UnknownFieldRule.description.identifier,
    NullOptionalFieldRule.description.identifier, InvalidFileRule.description.identifier,
  ]

  /// About how long each rule takes on a large file, relative to the others (unlisted rules: 4), so
  /// that the threads start on the long ones and end together. The rules that use a result another
  /// works out (`unknown-field` and `null-optional-field` after `schema`, `track-beyond-editor-range` after
  /// `loop-stretched`) come late, so they find it ready instead of waiting for it: a thread that took one
  /// early would wait out the whole schema walk, and a large file would lint on one thread.
  static let weights: [String: Int] = [
    "schema": 30, "unaddressable-id": 25, "loop-stretched": 24, "duplicate-keyframe-id": 15,
    "non-finite-value": 15, "invisible-shape": 10, "colour-out-of-range": 7,
    "unknown-field": 0, "null-optional-field": 0, "track-beyond-editor-range": 0,
  ]

  /// The rules, heaviest first, in registry order among equals.
  static func heaviestFirst(
    _ rules: [(rule: any LintRule.Type, severity: Severity?)]
  ) -> [(rule: any LintRule.Type, severity: Severity?)] {
    let weight = rules.map { weights[$0.rule.description.identifier] ?? 4 }
    // Positions sorted, not an enumerated sequence of the rules: the runtime makes the generic types of
    // the latter from their mangled names on first use, looking through every protocol conformance in the
    // binary, a tenth of a run on a small file.
    return rules.indices.sorted { a, b in weight[a] != weight[b] ? weight[a] > weight[b] : a < b }.map { rules[$0] }
  }

  private func invalidFileFindings(_ error: FormatError, file: String) -> [Finding] {
    guard
      let configured = rules.first(where: { $0.rule.description.identifier == InvalidFileRule.description.identifier })
    else { return [] }
    var finding = InvalidFileRule.finding(for: error)
    finding.file = file
    if let severity = configured.severity { finding.severity = severity }
    return [finding]
  }
}
