/// Everything a rule says about itself, used both for documentation (`--list-rules`, `--explain`, SARIF
/// rule metadata) and for testing: one test walks every registered rule and checks that each triggering
/// example fires, each non-triggering example stays silent, and each correction gives its expected text.
public struct RuleDescription: Sendable {
  /// The stable id used in output, configuration and `--disable`: `non-positive-duration`.
  public let identifier: String
  /// A short title: "Non-positive keyframe duration".
  public let name: String
  /// The severity of the rule's findings unless configured otherwise. A rule may report some findings
  /// at a lower severity (`unaddressable-id` reports the container case as a warning).
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
    fixSafety: Fix.Safety? = nil
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
  }

  /// Whether the rule can offer fixes.
  public var isFixable: Bool { !corrections.isEmpty }
}
