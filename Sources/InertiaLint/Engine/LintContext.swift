import InertiaFormat

/// What a rule sees: the document with positions, its outline, the file's name and the settings.
///
/// A context belongs to the thread that lints with it: it keeps that thread's cache of pointers. The
/// threads that share out the rules of one large document each have their own, and share what is worked
/// out once (the outline, the schema walk's events, the track timings).
public struct LintContext {
  /// The document, to read and walk.
  public let document: IndexedDocument
  /// Finds the pointers of this thread's findings.
  let pointers: IndexedDocument.PointerCache
  /// Where its animations, tracks, keyframes and shapes are (worked out when a rule first asks).
  public var outline: DocumentOutline { shared.outline(document) }
  /// The file's name (its last path component), or `nil` for unnamed standard input.
  public let fileName: String?
  /// What the configuration says about container ids and the loop.
  public let settings: LintSettings
  /// Makes a fresh identifier for fixes that need one: an uppercase UUID, as the editor writes.
  public let makeIdentifier: @Sendable () -> String
  /// What more than one rule works out from the document, worked out once.
  let shared: Shared

  /// What the rules of one document work out once and share, whichever thread asks first: the others
  /// wait for it rather than work it out again.
  ///
  /// The outline and the schema walk's events are held here, each with a lock of its own when threads
  /// share the document (so that working out one holds up only those waiting for that one), rather than
  /// in a cell object each: two cells made and freed for every small file cost more than their values'
  /// checks. Each is read and written only under its lock, or by the one thread of an unthreaded document.
  final class Shared: @unchecked Sendable {
    /// The most findings of a rule reported in the document (0: all), which bounds the events kept.
    let findingLimit: Int
    /// The findings left out, which the schema walk leaves out of its events too.
    let suppression: FindingSuppression
    /// The locks of ``outline(_:)`` and ``schemaEvents(_:)``; `nil` for a document one thread lints.
    private let outlineLock, schemaEventsLock: Lock?
    // No run-time exclusivity checks (a thread-local look-up at each use): the locks keep threads apart.
    @exclusivity(unchecked) private var outlineValue: DocumentOutline?
    @exclusivity(unchecked) private var schemaEventsValue: SchemaWalk.Events?
    /// The schema walk in pieces, when threads share it out (see ``prepare(_:outline:walk:)``), cut by the
    /// first thread that walks one; `nil` when the walk is not shared out.
    private let piecesCell: Once<Box<SchemaWalk.Pieces>>?
    /// The events of each piece (at most this many), worked out by the thread that takes it; none when the
    /// first thread that needs the events walks the whole document.
    private let pieceEvents: [Once<Box<SchemaWalk.Events>>]
    /// Hand out the walk's pieces and the outline to the threads (see ``prepare(_:outline:walk:)``); `nil` for
    /// a document one thread lints, which works out each when it first needs it.
    private let nextPiece, outlineTaker: IndexDispenser?

    /// What the rules of one document share; `threaded` when more than one thread may ask for it at once,
    /// which its cells then take locks for (a small file, linted on one thread, takes none).
    init(
      findingLimit: Int = 0, suppression: FindingSuppression = FindingSuppression(),
      walkPieces: Int = 0, threaded: Bool = true, outline: DocumentOutline? = nil
    ) {
      outlineValue = outline
      self.findingLimit = findingLimit
      self.suppression = suppression
      (outlineLock, schemaEventsLock) = threaded ? (Lock(), Lock()) : (nil, nil)
      piecesCell = walkPieces > 0 ? Once(locked: threaded) : nil
      pieceEvents = (0..<walkPieces).map { _ in Once(locked: threaded) }
      (nextPiece, outlineTaker) = threaded ? (IndexDispenser(), IndexDispenser()) : (nil, nil)
    }

    /// The outline, worked out by the first thread that asks (the others wait for it).
    @inline(__always)
    func outline(_ document: IndexedDocument) -> DocumentOutline {
      // Small enough to inline where rules read it: one thread's outline, once made, is read with no lock.
      if outlineLock == nil, let outlineValue { return outlineValue }
      return lockedOutline(document)
    }

    /// The outline, if a thread has made it (or it was given).
    var madeOutline: DocumentOutline? {
      outlineLock?.lock()
      defer { outlineLock?.unlock() }
      return outlineValue
    }

    /// ``outline(_:)`` under its lock, made if no thread has made it yet.
    @inline(never)
    private func lockedOutline(_ document: IndexedDocument) -> DocumentOutline {
      outlineLock?.lock()
      defer { outlineLock?.unlock() }
      if let outlineValue { return outlineValue }
      let made = DocumentOutline(document)
      outlineValue = made
      return made
    }

    /// The schema walk's events, worked out by the first thread that asks (the others wait for them).
    func schemaEvents(_ document: IndexedDocument) -> SchemaWalk.Events {
      schemaEventsLock?.lock()
      defer { schemaEventsLock?.unlock() }
      if let schemaEventsValue { return schemaEventsValue }
      let made: SchemaWalk.Events
      if pieceEvents.isEmpty {
        made = SchemaWalk.events(in: document, limit: findingLimit, filter: Self.filter(suppression, document))
      } else {
        walkSchemaPieces(document)
        // A piece that another thread is still walking holds its cell's lock: this waits for it.
        let pieces = pieces(document)
        let parts = (0..<pieces.count).map { piece($0, of: pieces, document) }
        made = SchemaWalk.merged(parts, limit: findingLimit)
      }
      schemaEventsValue = made
      return made
    }

    /// Works out, side by side with the other threads, what the rules about to run wait for: the first
    /// thread here works out the outline (when `outline`), and every thread then walks pieces of the
    /// schema walk (when `walk`) until none is left, so that no thread waits out a whole walk that another
    /// does alone.
    func prepare(_ document: IndexedDocument, outline needsOutline: Bool, walk: Bool) {
      if needsOutline && outlineTaker?.next() == 0 { _ = outline(document) }
      if walk { walkSchemaPieces(document) }
    }

    /// Walks the pieces no thread has taken yet.
    private func walkSchemaPieces(_ document: IndexedDocument) {
      guard !pieceEvents.isEmpty else { return }
      let pieces = pieces(document)
      while let index = nextPiece?.next(), index < pieces.count { _ = piece(index, of: pieces, document) }
    }

    /// The schema walk's pieces.
    private func pieces(_ document: IndexedDocument) -> SchemaWalk.Pieces {
      // Only asked for when there are pieces (`pieceEvents` is not empty), which is when the cell is made.
      piecesCell!.value { Box(SchemaWalk.Pieces(document, count: pieceEvents.count)) }.value
    }

    /// The events of one piece of the schema walk, walked by the first thread that asks.
    private func piece(_ index: Int, of pieces: SchemaWalk.Pieces, _ document: IndexedDocument) -> SchemaWalk.Events {
      pieceEvents[index].value {
        // A filter of its own: its pointer cache is not shared between threads.
        Box(
          SchemaWalk.events(
            of: index, in: pieces, document: document, limit: findingLimit,
            filter: Self.filter(suppression, document)))
      }.value
    }

    /// The schema walk's filter for `suppression`: the events of a sort whose rule has findings left out
    /// are kept only where a finding is not. `nil` when nothing is left out.
    private static func filter(_ suppression: FindingSuppression, _ document: IndexedDocument) -> SchemaWalk.Filter? {
      guard !suppression.isEmpty else { return nil }
      let rules = SchemaWalk.Sort.allCases.map { sort -> String? in
        let rule = ruleID(of: sort)
        return suppression.concerns(rule) ? rule : nil
      }
      guard rules.contains(where: { $0 != nil }) else { return nil }
      let pointers = IndexedDocument.PointerCache(document)
      return { sort, node in
        guard let rule = rules[sort.rawValue] else { return true }
        return !suppression.suppresses(rule, at: node, pointers)
      }
    }

    /// Whether a rule reads the schema walk's events.
    static func readsSchemaEvents(_ rule: String) -> Bool {
      SchemaWalk.Sort.allCases.contains { ruleID(of: $0) == rule }
    }

    /// The rule that reports the schema walk's events of a sort.
    static func ruleID(of sort: SchemaWalk.Sort) -> String {
      switch sort {
      case .schema: SchemaRule.description.identifier
      case .unknownField: UnknownFieldRule.description.identifier
      case .nullInOptionalField: NullOptionalFieldRule.description.identifier
      // The sorts of issue 28 are the `schema` rule's until rules of their own report them.
      case .integerField, .float32Field, .integerPrecision, .translateLength, .duplicateKey, .ignoredDuplicateKey,
        .mapKeyType, .vertexShape:
        SchemaRule.description.identifier
      }
    }
  }

  /// A value worked out by the first thread that asks for it, while the others that ask wait for it. Each
  /// has a lock of its own, so that working out one holds up only those waiting for that one.
  ///
  /// The value is an object (a ``Box`` for a struct): freeing a cell of any other kind of value looks up
  /// the metadata of its optional at run time, which cost more than the rest of the cell, per file.
  private final class Once<Value: AnyObject>: @unchecked Sendable {
    /// `nil` for a cell only one thread asks.
    private let lock: Lock?
    private var stored: Value?

    init(locked: Bool) {
      lock = locked ? Lock() : nil
    }

    func value(_ make: () -> Value) -> Value {
      lock?.lock()
      defer { lock?.unlock() }
      if let stored { return stored }
      let made = make()
      stored = made
      return made
    }
  }

  /// A value held by reference, for a ``Once`` cell.
  private final class Box<Value: Sendable>: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

  /// A context for one document.
  public init(
    document: IndexedDocument, fileName: String?, settings: LintSettings,
    makeIdentifier: @escaping @Sendable () -> String
  ) {
    self.init(
      document: document, shared: Shared(), fileName: fileName, settings: settings, makeIdentifier: makeIdentifier)
  }

  /// A context for one thread linting a document, sharing what is worked out once with the others.
  init(
    document: IndexedDocument, shared: Shared, fileName: String?, settings: LintSettings,
    makeIdentifier: @escaping @Sendable () -> String
  ) {
    self.document = document
    self.pointers = IndexedDocument.PointerCache(document)
    self.shared = shared
    self.fileName = fileName
    self.settings = settings
    self.makeIdentifier = makeIdentifier
  }

  /// The JSON Pointer of a value; for a map key, the pointer of its entry's value.
  public func pointer(of value: IndexedDocument.Node) -> JSONPointer {
    pointers.pointer(of: value)
  }

  /// The document checked against the field table (used by `schema` and `unknown-field`).
  var schemaEvents: SchemaWalk.Events { shared.schemaEvents(document) }

  /// The container id the file serves: its name without the `.inertia` (or `.json`) extension.
  public var containerID: String? {
    fileName.map(InertiaFileName.containerID(forFileName:))
  }
}
