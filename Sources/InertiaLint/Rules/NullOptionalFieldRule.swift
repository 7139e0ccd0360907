import InertiaFormat

/// `null-optional-field`: `null` as the value of an optional field, which the format does not document.
struct NullOptionalFieldRule: LintRule {
  static let description = RuleDescription(
    identifier: "null-optional-field",
    name: "null in an optional field",
    severity: .warning,
    summary: "An optional field is `null`, which the format never writes: a decoder reads it as absent.",
    rationale: """
      The format documents optional fields by their absence: "Every field above except id is optional on \
      the wire, and each absent one means what shapes did before it existed" (the spec's Backwards \
      compatibility), so an absent `zIndex` is 0, an absent `position` "bottom", an absent `fill` no fill. \
      It says nothing of `null`, and the editor never writes it. A runtime that decodes optional fields \
      as Swift's `Decodable` does, with `decodeIfPresent`, reads `null` exactly as an absent key \
      ("returns nil if the container does not have a value associated with key, or if the value is null", \
      from the documentation of `KeyedDecodingContainer.decodeIfPresent`), so the field falls back to its \
      default and the file plays; the typed model reads it so too, and writes the `null` back. A decoder \
      that is not so lenient may refuse it. Warning: it works, by an undocumented path; write the default \
      or leave the key out. (`null` in a required field is a `schema` error: nothing stands in for it.)
      """,
    nonTriggeringExamples: [
      Example(
        #"[{"id": "card0", "invokeType": "auto", "initialValues": \#(RuleText.pose), "keyframes": [], "#
          + #""shapes": [{"id": "S", "zIndex": 1, "shape": {"id": "D", "type": "circle", "width": 1, "#
          + #""height": 1, "fill": {"red": 1, "green": 1, "blue": 1, "alpha": 1}}}]}]"#)
    ],
    triggeringExamples: [
      Example(
        #"[{"id": "card0", "invokeType": "auto", "initialValues": \#(RuleText.pose), "keyframes": [], "#
          + #""shapes": [{"id": "S", "zIndex": ↓null, "position": ↓null, "shape": {"id": "D", "type": "circle", "#
          + #""width": 1, "height": 1, "fill": {"red": 1, "green": 1, "blue": 1, "alpha": 1}, "stroke": ↓null}}]}]"#),
      Example(
        #"[{"id": "card0", "invokeType": "auto", "initialValues": \#(RuleText.pose), "keyframes": [], "shapes": ↓null}]"#
      ),
    ],
    reads: .schemaWalk, cost: 0
  ).reporting(.nullInOptionalField)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let walked = context.schemaEvents
    let null = context.document.encoding == .json ? "null" : "nil"
    defer { findings.countUnkept(walked, .nullInOptionalField) }
    for case .nullInOptionalField(let node, let place) in walked.list {
      guard let kind = place.kind else { continue }
      let field = InertiaSchema.object(kind).fields[place.field]
      let fallback: String
      if let value = field.defaultValue {
        fallback = "its default, \(RuleText.json(value))"
      } else {
        fallback = "absent (none)"
      }
      findings.report(
        "\(place) is \(null), which the format does not document (it leaves an optional field out): a "
          + "runtime that decodes with decodeIfPresent reads it as absent, so it falls back to \(fallback); "
          + "a stricter decoder may refuse it",
        at: node)
    }
  }
}
