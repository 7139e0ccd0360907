import InertiaFormat

/// `duplicate-key`: a map with the same key twice, which the SwiftUI runtime's decoder refuses in a map it reads.
struct DuplicateKeyRule: LintRule {
  static let description = RuleDescription(
    identifier: "duplicate-key",
    name: "Repeated key",
    severity: .error,
    summary: "A map has the same key twice, which SwiftUI cannot decode in a map it reads.",
    rationale: """
      The spec does not speak of repeated keys, and the editor never writes one (it keeps each map in a \
      Swift `Dictionary`). The SwiftUI runtime's decoder, msgpack-swift 2.0.6, notes `duplicateMapKey` \
      as it builds a map (Decoder Implementation/DecodedMessagePackValue+FromBytes.swift:363-373) and \
      throws it when the runtime reads that map (DecodedMessagePackValue+Validation.swift:24-31), so a \
      repeated key in any map the runtime reads, a key it ignores included, fails the decode, and a \
      `dev: false` InertiaContainer calls `fatalError()` at launch (Inertia.swift:1020-1023 at e310d13). \
      Compose's decoder and React's `@msgpack/msgpack` read the file and keep the last value. Error: the \
      app crashes. A repeat inside a value no runtime reads (an unknown field's) decodes everywhere, and \
      is reported as a warning: the file plays, but tools that read the whole file disagree on which value \
      the key holds. No fix yet: which value was meant is a guess unless they are the same.
      """,
    nonTriggeringExamples: [
      Example(#"[{"id": "c", "x-note": {"a": 1, "b": 2}, "keyframes": []}]"#)
    ],
    triggeringExamples: [
      Example(#"[{"id": "c", ↓"id": "d", "keyframes": [{"id": "K", "duration": 1, ↓"duration": 2}]}]"#),
      Example(#"[{"id": "c", "x-note": {"a": 1, ↓"a": 2}, ↓"x-note": 3}]"#),
    ],
    reads: .schemaWalk, cost: 0, findsUndecodableFiles: true
  ).reporting(.duplicateKey, .ignoredDuplicateKey)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let walked = context.schemaEvents
    defer {
      findings.countUnkept(walked, .duplicateKey)
      findings.countUnkept(walked, .ignoredDuplicateKey)
    }
    for (event, sort) in zip(walked.list, walked.sorts) where sort == .duplicateKey || sort == .ignoredDuplicateKey {
      guard case .duplicateKey(let entry, let first, _, _) = event else { continue }
      let key =
        context.document.string(of: entry.key).map { "\"\($0)\"" }
        ?? context.document.kind(of: entry.key).description
      let repeated = "key \(key) appears again in this map (first as entry \(first))"
      if sort == .ignoredDuplicateKey {
        findings.report(
          "\(repeated), inside a value no runtime reads: the file plays, but tools that read the whole file "
            + "disagree on which value the key holds",
          at: entry.key, severity: .warning)
      } else {
        findings.report(
          "\(repeated): \(RuleText.swiftUITrap), since its decoder refuses a map with a repeated key; "
            + "Compose and React keep the last value",
          at: entry.key)
      }
    }
  }
}
