import InertiaFormat

extension Linter {
  /// The findings of some of a document's rules, so that a later lint of other rules of the same document
  /// adds to them, sharing what the first worked out (its ``RuleInputs``). ``DocumentFixer`` lints with
  /// the rules that fix first, and with the others only once nothing is left to fix.
  struct PartLinted: Sendable {
    let document: IndexedDocument
    let file: String
    let fileName: String?
    /// How many threads the rules are shared out among: the runner's, for a large document.
    let threads: Int
    var inputs: RuleInputs
    /// The findings of the rules run so far, in no particular order (``finished(_:)`` puts them in order).
    var findings: [Finding] = []
    /// The positions in ``Linter/enabled`` of the rules run so far.
    var ran: [Int] = []
    var suppressedCount = 0
  }

  /// A context for one thread linting the part's document.
  func makeContext(_ part: PartLinted) -> LintContext {
    LintContext(
      document: part.document, inputs: part.inputs, fileName: part.fileName, settings: settings,
      makeIdentifier: makeIdentifier)
  }

  /// A sink for the rules one thread runs, one after another (see ``run(_:_:_:)``).
  func makeSink(_ context: LintContext, _ part: PartLinted) -> FindingSink {
    FindingSink(context: context, file: part.file, limit: maxFindingsPerRule, worksOutSubjects: worksOutSubjects)
  }
}
