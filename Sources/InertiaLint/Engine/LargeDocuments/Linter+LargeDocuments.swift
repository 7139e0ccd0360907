import InertiaFormat

/// The rules of a large document, shared out among the threads of the linter's ``Linter/runner``: the one
/// place where the engine runs anything side by side.
///
/// A document of ``largeDocumentNodeCount`` values or more is linted in two steps, each on every thread:
/// first what the rules read (``RuleInputs``) is worked out, one thread making the outline while the
/// others walk the schema in pieces (and then it joins them); then each thread takes the next rule not
/// yet taken, costliest first (``RuleDescription/cost``), with a context and a sink of its own.
extension Linter {
  /// Documents with at least this many values have their rules shared out among the runner's threads.
  static let largeDocumentNodeCount = 500_000

  /// How many pieces threads share the schema walk of a large document in: enough that the thread which
  /// makes the outline still takes its share once it is done.
  static let schemaWalkPieces = 64

  /// Lints a document with its rules run on up to `threads` threads, whatever its size.
  func lint(_ indexed: IndexedDocument, file: String, fileName: String?, threads: Int) -> [Finding] {
    var part = beginLint(indexed, file: file, fileName: fileName, threads: threads)
    lint(&part) { _ in true }
    return finished(part).findings
  }

  /// Runs the rules at `picked` (positions in ``enabled``) on the part's document, on the part's threads.
  func lintSideBySide(_ part: inout PartLinted, _ picked: [Int]) {
    let reads = picked.reduce(into: RuleDescription.Reads()) { $0.formUnion(enabled[$1].reads) }
    workOutSideBySide(reads, &part)
    let order = heaviestFirst(picked)
    let next = IndexDispenser()
    let found = Locked([(findings: [Finding], suppressed: Int)](repeating: ([], 0), count: order.count))
    let running = part
    runner.run(min(part.threads, order.count)) { _ in
      let context = makeContext(running)
      var sink = makeSink(context, running)
      while case let index = next.next(), index < order.count {
        let suppressed = run(order[index], context, &sink)
        let findings = sink.takeFindings()
        found.withLock { $0[index] = (findings, suppressed) }
      }
    }
    for (findings, suppressed) in found.withLock({ $0 }) {
      part.findings += findings
      part.suppressedCount += suppressed
    }
  }

  /// Works out what `reads` names and the part does not hold yet: the first thread makes the outline, and
  /// every thread walks pieces of the schema walk until none is left.
  private func workOutSideBySide(_ reads: RuleDescription.Reads, _ part: inout PartLinted) {
    let document = part.document
    let makesOutline = reads.contains(.outline) && part.inputs.outline == nil
    let pieces =
      reads.contains(.schemaWalk) && part.inputs.schemaEvents == nil
      ? SchemaWalk.Pieces(document, count: Self.schemaWalkPieces) : nil
    guard makesOutline || pieces != nil else { return }
    let (outlineTaker, nextPiece) = (IndexDispenser(), IndexDispenser())
    let outline = Locked<DocumentOutline?>(nil)
    let walked = Locked([SchemaWalk.Events?](repeating: nil, count: pieces?.count ?? 0))
    runner.run(part.threads) { _ in
      if makesOutline && outlineTaker.next() == 0 {
        let made = DocumentOutline(document)
        outline.withLock { $0 = made }
      }
      guard let pieces else { return }
      // A filter of each thread's own: its pointer cache is not shared between threads.
      let filter = schemaWalkFilter(document)
      while case let index = nextPiece.next(), index < pieces.count {
        let events = SchemaWalk.events(
          of: index, in: pieces, document: document, limit: maxFindingsPerRule, filter: filter)
        walked.withLock { $0[index] = events }
      }
    }
    if makesOutline { part.inputs.outline = outline.withLock { $0 } }
    if pieces != nil {
      part.inputs.schemaEvents = SchemaWalk.merged(walked.withLock { $0.compactMap { $0 } }, limit: maxFindingsPerRule)
    }
  }

  /// The rules at `positions` (in ``enabled``), costliest first, in registry order among equals.
  func heaviestFirst(_ positions: [Int]) -> [Int] {
    positions.sorted { a, b in
      enabled[a].cost != enabled[b].cost ? enabled[a].cost > enabled[b].cost : a < b
    }
  }
}
