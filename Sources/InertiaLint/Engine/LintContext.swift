import InertiaFormat

/// What a rule sees: the document with positions, its outline, the file's name and the settings.
///
/// A context belongs to the thread that lints with it: it keeps that thread's cache of pointers.
public struct LintContext {
  /// The document, to read and walk.
  public let document: IndexedDocument
  /// Finds the pointers of this thread's findings.
  let pointers: IndexedDocument.PointerCache
  /// The file's name (its last path component), or `nil` for unnamed standard input.
  public let fileName: String?
  /// What the configuration says about container ids and the loop.
  public let settings: LintSettings
  /// Makes a fresh identifier for fixes that need one: an uppercase UUID, as the editor writes.
  public let makeIdentifier: @Sendable () -> String
  /// What the linter worked out for the rules that read it.
  let inputs: RuleInputs

  /// A context for one document, whose outline and schema walk are worked out whenever a rule reads them.
  public init(
    document: IndexedDocument, fileName: String?, settings: LintSettings,
    makeIdentifier: @escaping @Sendable () -> String
  ) {
    self.init(
      document: document, inputs: RuleInputs(), fileName: fileName, settings: settings,
      makeIdentifier: makeIdentifier)
  }

  /// A context for one thread linting a document, with what the linter worked out for its rules.
  init(
    document: IndexedDocument, inputs: RuleInputs, fileName: String?, settings: LintSettings,
    makeIdentifier: @escaping @Sendable () -> String
  ) {
    self.document = document
    self.pointers = IndexedDocument.PointerCache(document)
    self.inputs = inputs
    self.fileName = fileName
    self.settings = settings
    self.makeIdentifier = makeIdentifier
  }

  /// Where the document's animations, tracks, keyframes and shapes are: worked out once by the linter for
  /// the rules that declare they read it (``RuleDescription/Reads/outline``), or here for a rule that does
  /// not (which the registry test finds).
  public var outline: DocumentOutline {
    if let outline = inputs.outline { return outline }
    inputs.undeclaredRead?(.outline)
    return DocumentOutline(document)
  }

  /// The document checked against the field table: worked out once by the linter for the rules that declare
  /// they read it (``RuleDescription/Reads/schemaWalk``), or here for a rule that does not.
  var schemaEvents: SchemaWalk.Events {
    if let events = inputs.schemaEvents { return events }
    inputs.undeclaredRead?(.schemaWalk)
    return SchemaWalk.events(in: document)
  }

  /// The JSON Pointer of a value; for a map key, the pointer of its entry's value.
  public func pointer(of value: IndexedDocument.Node) -> JSONPointer {
    pointers.pointer(of: value)
  }

  /// The container id the file serves: its name without the `.inertia` (or `.json`) extension.
  public var containerID: String? {
    fileName.map(InertiaFileName.containerID(forFileName:))
  }
}

/// What rules read of a document besides its values (``RuleDescription/reads``), worked out once for all
/// the rules of a lint that read it, before they run.
struct RuleInputs: Sendable {
  var outline: DocumentOutline?
  var schemaEvents: SchemaWalk.Events?
  /// Told of each read of an input that was not worked out (the rule's description does not declare it):
  /// how the registry test finds such a rule.
  var undeclaredRead: (@Sendable (RuleDescription.Reads) -> Void)?

  /// Works out what `reads` names and is not worked out yet, on this thread.
  mutating func workOut(_ reads: RuleDescription.Reads, _ document: IndexedDocument, for linter: Linter) {
    if reads.contains(.outline) && outline == nil { outline = DocumentOutline(document) }
    if reads.contains(.schemaWalk) && schemaEvents == nil {
      schemaEvents = SchemaWalk.events(
        in: document, limit: linter.maxFindingsPerRule, filter: linter.schemaWalkFilter(document))
    }
  }
}

extension Linter {
  /// The schema walk's filter for the linter's suppression: the events of a sort whose rule has findings
  /// left out are kept only where a finding is not, so that they do not count against the rule's limit.
  /// `nil` when nothing is left out.
  func schemaWalkFilter(_ document: IndexedDocument) -> SchemaWalk.Filter? {
    guard !suppression.isEmpty else { return nil }
    let suppression = suppression
    let rules = schemaEventRules.map { rule in rule.flatMap { suppression.concerns($0) ? $0 : nil } }
    guard rules.contains(where: { $0 != nil }) else { return nil }
    let pointers = IndexedDocument.PointerCache(document)
    return { sort, node in
      guard let rule = rules[sort.rawValue] else { return true }
      return !suppression.suppresses(rule, at: node, pointers)
    }
  }
}
