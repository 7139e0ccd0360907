import InertiaFormat

/// A rule: one sentence of the format documentation, checked against a document.
///
/// Each rule lives in its own file under `Rules/`, named after it, and is listed in ``RuleRegistry``.
public protocol LintRule: Sendable {
  /// The rule's documentation and examples.
  static var description: RuleDescription { get }

  /// Reports what the rule finds in a document that has been read.
  /// - Parameters:
  ///   - context: the document, its outline and the settings.
  ///   - findings: where the rule reports.
  static func check(_ context: LintContext, _ findings: inout FindingSink)
}

/// Settings some rules read, from the configuration file.
public struct LintSettings: Sendable, Equatable {
  /// The container ids a file may be named after: by default only `animation`, the one id the editor
  /// sends schemas to.
  public var containerIDs: [String]
  /// The loop duration the app plays at, in seconds: 3 unless the app sets `inertia.loopDuration`.
  public var loopDuration: Double

  /// Settings; the defaults are what a project without a configuration file gets.
  public init(containerIDs: [String] = ["animation"], loopDuration: Double = InertiaPlayback.defaultLoopDuration) {
    self.containerIDs = containerIDs
    self.loopDuration = loopDuration
  }

  /// The settings of a project without a configuration file.
  public static let `default` = LintSettings()
}

/// What a rule sees: the document with positions, its outline, the file's name and the settings.
public struct LintContext: Sendable {
  /// The document, to read and walk.
  public let document: LocatedDocument
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
  final class Shared: Sendable {
    private let outlineCell = Once<DocumentOutline>()
    private let schemaEventsCell = Once<[SchemaWalk.Event]>()
    private let trackTimingsCell = Once<[TrackTiming]>()

    func outline(_ document: LocatedDocument) -> DocumentOutline {
      outlineCell.value { DocumentOutline(document) }
    }

    func schemaEvents(_ document: LocatedDocument) -> [SchemaWalk.Event] {
      schemaEventsCell.value { SchemaWalk.events(in: document) }
    }

    func trackTimings(_ document: LocatedDocument) -> [TrackTiming] {
      let tracks = outline(document).tracks
      return trackTimingsCell.value { tracks.map(TrackTiming.init) }
    }
  }

  /// A value worked out by the first thread that asks for it, while the others that ask wait for it. Each
  /// has a lock of its own, so that working out one holds up only those waiting for that one.
  private final class Once<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var stored: Value?

    func value(_ make: () -> Value) -> Value {
      lock.lock()
      defer { lock.unlock() }
      if let stored { return stored }
      let made = make()
      stored = made
      return made
    }
  }

  /// A context for one document.
  public init(
    document: LocatedDocument, fileName: String?, settings: LintSettings,
    makeIdentifier: @escaping @Sendable () -> String
  ) {
    self.init(document: document, shared: Shared(), fileName: fileName, settings: settings, makeIdentifier: makeIdentifier)
  }

  /// A context for one thread linting a document, sharing what is worked out once with the others.
  init(
    document: LocatedDocument, shared: Shared, fileName: String?, settings: LintSettings,
    makeIdentifier: @escaping @Sendable () -> String
  ) {
    self.document = document
    self.shared = shared
    self.fileName = fileName
    self.settings = settings
    self.makeIdentifier = makeIdentifier
  }

  /// The document checked against the field table (used by `schema` and `unknown-field`).
  var schemaEvents: [SchemaWalk.Event] { shared.schemaEvents(document) }

  /// The timing of each track of ``outline`` (used by the loop and editor-range rules).
  var trackTimings: [TrackTiming] { shared.trackTimings(document) }

  /// The container id the file serves: its name without the `.inertia` (or `.json`) extension.
  public var containerID: String? {
    fileName.map(InertiaFileName.containerID(forFileName:))
  }
}

/// Collects one rule's findings in one document.
public struct FindingSink {
  let document: LocatedDocument
  let file: String
  let ruleID: String
  let severity: Severity
  /// The severity configured for the rule, which replaces every finding's own.
  let configuredSeverity: Severity?
  /// What has been reported so far (line and column are filled in by the ``Linter``).
  public private(set) var findings: [Finding] = []

  init(document: LocatedDocument, file: String, rule: RuleDescription, configuredSeverity: Severity?) {
    self.document = document
    self.file = file
    self.ruleID = rule.identifier
    self.severity = rule.severity
    self.configuredSeverity = configuredSeverity
  }

  /// Reports a finding at a value.
  /// - Parameters:
  ///   - message: what is wrong and what the runtime does about it.
  ///   - located: the value the finding is about.
  ///   - severity: the finding's severity when it is not the rule's.
  ///   - fix: the change that resolves it, if the rule offers one.
  public mutating func report(_ message: String, at located: Located, severity: Severity? = nil, fix: Fix? = nil) {
    findings.append(
      Finding(
        file: file, ruleID: ruleID, severity: configuredSeverity ?? severity ?? self.severity, message: message,
        pointer: document.pointer(of: located),
        offset: document.byteRange(of: located).lowerBound, fix: fix))
  }

  /// A fix that replaces the value at `located` with `replacement`.
  public func fix(
    _ summary: String, _ safety: Fix.Safety, replacing located: Located, with replacement: MessagePackValue
  )
    -> Fix
  {
    Fix(
      summary: summary, safety: safety, pointer: document.pointer(of: located),
      byteRange: document.byteRange(of: located),
      replacement: replacement)
  }
}
