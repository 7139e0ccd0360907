import InertiaFormat

/// `unknown-field`: a key the format does not document.
struct UnknownFieldRule: LintRule {
  static let description = RuleDescription(
    identifier: "unknown-field",
    name: "Unknown field",
    severity: .warning,
    summary: "An object has a key the format does not document.",
    rationale: """
      The runtimes decode the documented fields and ignore any other key, so a misspelt field is silently \
      lost: `durations` leaves the keyframe without its `duration` (which `schema` then reports), and \
      `opactiy` leaves the pose without its opacity. The message suggests the field a near miss was \
      probably meant to be. An integer key, which MessagePack allows and JSON cannot hold, is read and ignored \
      the same way (msgpack-swift decodes it as a key of a map the runtime reads), and reported without a \
      suggestion. Keys inside an unknown field are not looked at. Warning: the file plays, but \
      something written in it is ignored. Where there is a suggestion and the object lacks that field, \
      the fix renames the key (only the first of several keys suggesting the same field); it changes \
      what the runtime reads, so it is unsafe: only `inertia-lint --fix --unsafe-fixes` applies it.
      """,
    nonTriggeringExamples: [
      Example("[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "0")]))]")
    ],
    triggeringExamples: [
      Example(#"[{"id": "A", "keyframes": [{"id": "K", ↓"durations": 1}]}]"#),
      Example(
        #"[{"id": "A", "initialValues": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "#
          + #"↓"opactiy": 1}, ↓"notes": "hello"}]"#),
    ],
    corrections: [
      Correction(
        Example(#"[{"id": "A", "keyframes": [{"id": "K", "durations": 1}], "keyFrames": []}]"#),
        #"[{"id": "A", "keyframes": [{"id": "K", "duration": 1}], "keyFrames": []}]"#)
    ],
    fixSafety: .unsafe, reads: .schemaWalk, cost: 0
  ).reporting(.unknownField)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    // The fields a fix already renames a key to, by object: two keys renamed to one would repeat it.
    var renamed: Set<RenamedField> = []
    let walked = context.schemaEvents
    defer { findings.countUnkept(walked, .unknownField) }
    for event in walked.list {
      if case .integerKey(let entry, _, let kind) = event {
        // A key MessagePack allows and JSON cannot hold: the runtimes' decoders read it, and ignore it.
        let key = context.document.value(of: entry.key)
        findings.report(
          "unknown field \(RuleText.json(key)) (an integer key) in \(kind.description): the runtimes ignore it",
          at: entry.key)
        continue
      }
      guard case .unknownField(let entry, let name, let object, let kind) = event else { continue }
      let suggestion = NameSuggestion.closest(to: name, in: InertiaSchema.object(kind).fieldNames)
      var message = "unknown field \"\(name)\" in \(kind.description): the runtimes ignore it"
      var fix: Fix?
      if let suggestion {
        message += "; did you mean \"\(suggestion)\"?"
        if context.document.value(forKeyNamed: suggestion, in: object) == nil,
          renamed.insert(RenamedField(object: object, name: suggestion)).inserted
        {
          fix = findings.fix(
            "rename the key to \(suggestion)", .unsafe, replacing: entry.key, with: .string(suggestion))
        }
      }
      findings.report(message, at: entry.key, fix: fix)
    }
  }

  private struct RenamedField: Hashable {
    let object: IndexedDocument.Node
    let name: String
  }
}
