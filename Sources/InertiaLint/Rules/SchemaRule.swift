import InertiaFormat

/// `schema`: the file decodes, but not into the documented structure.
struct SchemaRule: LintRule {
  /// What every `schema` message ends with: what the runtime does.
  static let consequence = "the SwiftUI container cannot decode this file and traps on load (an app crash)"

  static let description = RuleDescription(
    identifier: "schema",
    name: "Schema",
    severity: .error,
    summary: "The file reads, but not into the documented structure.",
    rationale: """
      The SwiftUI container decodes its file during initialization and traps if it cannot, so a file \
      that does not have the documented structure is an app crash. The rule checks the file against the \
      format's field table, shared with the typed model: the file is an array of animation objects; \
      required fields are present (every keyframe carries `id`, `duration` and all five `values`); every \
      value has its field's type (colour components numbers a `Float` holds, other numbers ones a double \
      holds); `invokeType`, `position` and a shape's `type` are from their documented sets; every key is a \
      string or an integer. A required field must not be `null`; `null` in \
      an optional field is `null-optional-field`'s, since a decoder reads it as absent. Four faults have \
      rules of their own: a `zIndex` that is no integer (`integer-field`), a `translate` of fewer than two \
      numbers (`translate-length`), a malformed element of `vertices` (`vertex-shape`) and a repeated key \
      (`duplicate-key`). Error: this \
      crashes an app.
      """,
    nonTriggeringExamples: [
      Example("[]"),
      Example("[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "0"), RuleText.keyframe("B", "1")]))]"),
      Example(
        #"[{"id": "card0", "invokeType": "auto", "initialValues": \#(RuleText.pose), "keyframes": [], "#
          + #""shapes": [{"id": "S", "zIndex": 2, "position": "top", "shape": {"id": "D", "#
          + #""type": "circle", "width": 0.5, "height": 0.5, "#
          + #""fill": {"red": 1, "green": 1, "blue": 1, "alpha": 1}}}]}]"#
      ),
    ],
    triggeringExamples: [
      Example(#"↓{"id": "card0"}"#),
      Example(
        #"[{"id": "card0", "invokeType": ↓"autoplay", "initialValues": \#(RuleText.pose), "keyframes": ["#
          + #"↓{"id": "A", "values": \#(RuleText.pose)}]}]"#),
      Example(
        #"[{"id": "card0", "invokeType": "trigger", "initialValues": {"scale": 1, "translate": [0], "#
          + #""rotate": 0, "rotateCenter": 0, "opacity": ↓"1"}, "keyframes": [{"id": "A", "duration": 0, "#
          + #""values": ↓{"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0}}]}]"#),
      Example(
        #"[{"id": "card0", "invokeType": "trigger", "initialValues": \#(RuleText.pose), "#
          + #""keyframes": [], "shapes": [{"id": "S", "zIndex": 1, "shape": {"id": "D", "type": ↓"star", "#
          + #""width": 1, "height": ↓null, "fill": null}}]}]"#),
    ],
    reads: .schemaWalk, cost: 30, findsUndecodableFiles: true
      // The sorts of issue 28 that have no rule of their own yet.
  ).reporting(
    .schema, .float32Field, .integerPrecision,
    .mapKeyType)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let walked = context.schemaEvents
    let events = walked.list
    // The keys each object has that its table does not list, in file order: one may be a misspelt field.
    var unknownNames: [IndexedDocument.Node: [String]] = [:]
    for case .unknownField(_, let name, let object, _) in events { unknownNames[object, default: []].append(name) }
    let sorts = description.reportedSchemaEvents
    defer { for sort in sorts { findings.countUnkept(walked, sort) } }
    // The events of the sorts this rule reports: the others are other rules' (`integer-field`'s among them).
    for (event, sort) in zip(events, walked.sorts) where sorts.contains(sort) {
      switch event {
      case .mismatch(let node, let context, _, let message), .refusedNumber(let node, let context, _, let message):
        findings.report("\(context): \(message); \(consequence)", at: node)
      case .missingField(let object, let kind, let field):
        let fieldNames = InertiaSchema.object(kind).fieldNames
        let misspelling = unknownNames[object]?.first { NameSuggestion.closest(to: $0, in: fieldNames) == field }
        let note = misspelling.map { " (\"\($0)\" is there: a misspelling?)" } ?? ""
        findings.report("\(kind.description) has no \"\(field)\", which is required\(note); \(consequence)", at: object)
      case .nonStringKey(let entry, _, let kind):
        let found = context.document.kind(of: entry.key).description
        findings.report("a key of \(kind.description) is \(found), not a string; \(consequence)", at: entry.key)
      case .unreadableKey(let entry, _):
        let found = context.document.kind(of: entry.key).description
        findings.report("a key is \(found) that the decoder cannot read; \(consequence)", at: entry.key)
      case .unknownField, .integerKey, .nullInOptionalField, .duplicateKey:
        break
      }
    }
  }
}
