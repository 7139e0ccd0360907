import InertiaFormat

/// `invalid-file`: the bytes are neither valid MessagePack nor valid JSON.
struct InvalidFileRule: LintRule {
  static let description = RuleDescription(
    identifier: "invalid-file",
    name: "Invalid file",
    severity: .error,
    summary: "The file is neither valid MessagePack nor valid JSON.",
    rationale: """
      Outside editor mode the SwiftUI container reads its animation file while it initializes and traps \
      if it cannot decode it, so a file that does not even parse is an app crash (the React container \
      logs the failed fetch and leaves every view at its initial pose). The encoding is detected from \
      the content, whatever the file's extension; the message carries the reader's byte offset \
      (MessagePack) or line and column (JSON). No other rule can run on such a file. Error: the file is \
      unusable.
      """,
    nonTriggeringExamples: [
      Example("[]"),
      Example("[\(RuleText.animation())]"),
    ],
    triggeringExamples: [
      Example(#"[{"id": "card0",↓]"#),
      Example(#"[{"id": "card0"}]↓]"#),
      Example(#"[{"id": ↓'card0'}]"#),
    ],
    findsUndecodableFiles: true)

  /// A document that was read is valid: this rule's finding is about contents that are none.
  static func check(_ context: LintContext, _ findings: inout FindingSink) {}

  /// The finding for contents that could not be read as a document.
  static func findings(unreadable error: FormatError) -> [Finding] {
    let encoding = error.format == .json ? "JSON" : "MessagePack"
    return [
      Finding(
        file: "", ruleID: description.identifier, severity: description.severity,
        message: "not a valid file (read as \(encoding)): \(error.message); the SwiftUI container traps on a "
          + "file it cannot decode",
        pointer: error.path, offset: error.offset, line: error.line, column: error.column)
    ]
  }
}
