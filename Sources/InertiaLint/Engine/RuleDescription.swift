/// Everything a rule says about itself, used both for documentation (`--list-rules`, `--explain`, SARIF
/// rule metadata) and for testing: one test walks every registered rule and checks that each triggering
/// example fires, each non-triggering example stays silent, and each correction gives its expected text.
public struct RuleDescription: Sendable {
  /// The stable id used in output, configuration and `--disable`: `non-positive-duration`.
  public let identifier: String
  /// A short title: "Non-positive keyframe duration".
  public let name: String
  /// The severity of the rule's findings unless configured otherwise. A rule may report some findings
  /// at a lower severity (``unaddressable-id`` reports the container case as a warning).
  public let severity: Severity
  /// One sentence: what the rule finds.
  public let summary: String
  /// Why it matters: the sentence of the format documentation the rule encodes, what the runtime does,
  /// and why the severity is what it is.
  public let rationale: String
  /// Documents that must not trigger the rule.
  public let nonTriggeringExamples: [Example]
  /// Documents that must trigger the rule, with `↓` before each value a finding must point at.
  public let triggeringExamples: [Example]
  /// Documents and what they read after applying the rule's fixes. Empty when the rule offers none.
  public let corrections: [Correction]
  /// Whether the rule's fixes are safe (`--fix` applies them) or unsafe (only with `--unsafe-fixes`);
  /// `nil` when it offers none. Every fix the rule offers has this safety.
  public let fixSafety: Fix.Safety?

  /// A rule's documentation; see the properties for what each part is for.
  public init(
    identifier: String, name: String, severity: Severity, summary: String, rationale: String,
    nonTriggeringExamples: [Example], triggeringExamples: [Example], corrections: [Correction] = [],
    fixSafety: Fix.Safety? = nil
  ) {
    self.identifier = identifier
    self.name = name
    self.severity = severity
    self.summary = summary
    self.rationale = rationale
    self.nonTriggeringExamples = nonTriggeringExamples
    self.triggeringExamples = triggeringExamples
    self.corrections = corrections
    self.fixSafety = fixSafety
  }

  /// Whether the rule can offer fixes.
  public var isFixable: Bool { !corrections.isEmpty }
}

/// A small JSON-form document used to document and test a rule.
///
/// In a triggering example, `↓` marks the start of each value a finding must point at; the marker is
/// removed before the text is linted. An example without markers only has to trigger the rule somewhere.
public struct Example: Sendable {
  /// The marker placed before a value a finding must point at.
  public static let marker = "↓"

  /// The document, with markers.
  public let text: String
  /// The file name the document is linted under (its container id is this without the extension).
  public let fileName: String
  /// The settings it is linted with.
  public let settings: LintSettings
  /// Whether the example is linted as MessagePack: its text is then the extended JSON form (see
  /// `inertia-convert --help`), which can write what plain JSON cannot, such as `{"$float64": "NaN"}`.
  public let isMessagePack: Bool
  /// Where the example is written, so a failing example points at itself.
  public let fileID: String
  public let filePath: String
  public let line: Int
  public let column: Int

  public init(
    _ text: String, fileName: String = "animation.inertia", settings: LintSettings = .default,
    messagePack: Bool = false,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) {
    self.text = text
    self.fileName = fileName
    self.settings = settings
    self.isMessagePack = messagePack
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The document without markers, and the byte offsets the markers stood at.
  public var withoutMarkers: (text: String, offsets: [Int]) {
    var text = ""
    var offsets: [Int] = []
    var rest = self.text[...]
    while let range = rest.firstRange(of: Self.marker) {
      text += rest[..<range.lowerBound]
      offsets.append(text.utf8.count)
      rest = rest[range.upperBound...]
    }
    return (text + rest, offsets)
  }
}

/// A document before and after applying a rule's fixes.
public struct Correction: Sendable {
  public let before: Example
  /// The expected text after every fix the rule offers in `before` is applied.
  public let after: String

  public init(_ before: Example, _ after: String) {
    self.before = before
    self.after = after
  }
}
