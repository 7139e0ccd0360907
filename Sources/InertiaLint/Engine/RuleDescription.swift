import InertiaFormat

/// Everything a rule says about itself, used both for documentation (`--list-rules`, `--explain`, SARIF
/// rule metadata) and for testing: one test walks every registered rule and checks that each triggering
/// example fires, each non-triggering example stays silent, and each correction gives its expected text.
///
/// It also says what the engine needs to know to run the rule, so that adding a rule never touches the
/// engine: what the rule reads (``reads``), what it costs on a large document (``cost``), and what its
/// errors mean (``findsUndecodableFiles``). The registry test checks each against what the rule does.
public struct RuleDescription: Sendable {
  /// The stable id used in output, configuration and `--disable`: lowercase words joined by hyphens.
  public let identifier: String
  /// A short title, such as "Non-positive keyframe duration".
  public let name: String
  /// The severity of the rule's findings unless configured otherwise. A rule may report some findings
  /// at a lower severity (an error rule may report a case it cannot be sure of as a warning).
  public let severity: Severity
  /// One sentence: what the rule finds.
  public let summary: String
  /// Why it matters: the sentence of the format documentation the rule encodes, what the runtime does,
  /// and why the severity is what it is.
  public let rationale: String
  /// Documents that must not trigger the rule.
  public var nonTriggeringExamples: [Example] { makeNonTriggeringExamples() }
  /// Documents that must trigger the rule, with `↓` before each value a finding must point at.
  public var triggeringExamples: [Example] { makeTriggeringExamples() }
  /// Documents and what they read after applying the rule's fixes. Empty when the rule offers none.
  public var corrections: [Correction] { makeCorrections() }
  /// Whether the rule's fixes are safe (`--fix` applies them) or unsafe (only with `--unsafe-fixes`);
  /// `nil` when it offers none. Every fix the rule offers has this safety.
  public let fixSafety: Fix.Safety?
  /// What the rule reads of a document besides its values: the engine works each out once, before the
  /// rules that read it run.
  public let reads: Reads
  /// About how long the rule takes on a large document, relative to the others (4 for a pass over one of
  /// the outline's lists): the threads that share out a large document's rules start with the costliest,
  /// so that they end together. What the rule reads is worked out beforehand and not counted.
  public let cost: Int
  /// Whether the rule's errors mean that the SwiftUI container cannot decode the file and traps: a file
  /// with such an error has no preview (`inertia-convert to-svg` shows the errors instead).
  public let findsUndecodableFiles: Bool
  /// What the rule checks: one animation file, or an app's code against its animation files.
  public let scope: Scope
  /// The sorts of the schema walk's events the rule reports, if any: the walk leaves out the events at
  /// values where the rule's findings are suppressed, so that they do not count against its limit.
  package private(set) var reportedSchemaEvents: [SchemaWalk.Sort] = []

  /// What a rule checks.
  public enum Scope: String, Sendable {
    /// One animation file, on its own: every run checks every file it lints.
    case file
    /// An app's code (its Swift, Kotlin and JavaScript sources) against the animation files it ships: run
    /// once over a whole app, in a folder walk that finds app sources or for one target of a build, never
    /// on files named one by one. Its examples are small apps (``Example/app``).
    case app
  }

  /// What a rule reads of a document besides its values (``LintContext/document``).
  public struct Reads: OptionSet, Sendable {
    /// The set's bits, one for each thing read.
    public let rawValue: Int

    /// The set with the bits of `rawValue`.
    public init(rawValue: Int) {
      self.rawValue = rawValue
    }

    /// ``LintContext/outline``: where the animations, tracks, keyframes and shapes are.
    public static let outline = Reads(rawValue: 1)
    /// The document checked against the format's field table (the schema walk's events).
    public static let schemaWalk = Reads(rawValue: 2)
  }

  // The examples and corrections are made when asked for, by the documentation and the tests: every run
  // reads each rule's description to build its linter, and making them all (texts put together from
  // pieces) was the larger part of what a run on one small file executes before it reads the file.
  private let makeNonTriggeringExamples: @Sendable () -> [Example]
  private let makeTriggeringExamples: @Sendable () -> [Example]
  private let makeCorrections: @Sendable () -> [Correction]

  /// A rule's documentation; see the properties for what each part is for. The examples and corrections
  /// are worked out each time they are read.
  public init(
    identifier: String, name: String, severity: Severity, summary: String, rationale: String,
    nonTriggeringExamples: @autoclosure @escaping @Sendable () -> [Example],
    triggeringExamples: @autoclosure @escaping @Sendable () -> [Example],
    corrections: @autoclosure @escaping @Sendable () -> [Correction] = [],
    fixSafety: Fix.Safety? = nil, reads: Reads = [], cost: Int = 4, findsUndecodableFiles: Bool = false,
    scope: Scope = .file
  ) {
    self.identifier = identifier
    self.name = name
    self.severity = severity
    self.summary = summary
    self.rationale = rationale
    self.makeNonTriggeringExamples = nonTriggeringExamples
    self.makeTriggeringExamples = triggeringExamples
    self.makeCorrections = corrections
    self.fixSafety = fixSafety
    self.reads = reads
    self.cost = cost
    self.findsUndecodableFiles = findsUndecodableFiles
    self.scope = scope
  }

  /// The description of a rule that reports the schema walk's events of these sorts (and so reads the walk).
  package func reporting(_ sorts: SchemaWalk.Sort...) -> RuleDescription {
    var description = self
    description.reportedSchemaEvents = sorts
    return description
  }

  /// Whether the rule can offer fixes.
  public var isFixable: Bool { !corrections.isEmpty }
}
