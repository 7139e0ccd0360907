import InertiaFormat

/// `hand-authored-vertices`: `vertices`, which the editor never writes.
struct HandAuthoredVerticesRule: LintRule {
  static let description = RuleDescription(
    identifier: "hand-authored-vertices",
    name: "Hand-authored vertices",
    severity: .info,
    summary: "A shape carries `vertices`, corners authored by hand, which the editor does not write.",
    rationale: """
      `vertices` lists a shape's corners one by one, as an alternative to a `shape` description. The \
      runtimes draw it, but the editor never writes it, so it came from a script or a hand edit and the \
      editor cannot re-create it. A shape with both `shape` and `vertices` says two things about its \
      outline. Info: the file is valid; this is for review.
      """,
    nonTriggeringExamples: [
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "type": "circle", "width": 1, "height": 1}}]}]"#)
    ],
    triggeringExamples: [
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "vertices": ↓[{"position": {"x": 0, "y": 0}, "#
          + #""color": {"red": 1, "green": 0, "blue": 0, "alpha": 1}}]}]}]"#),
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "type": "circle", "width": 1, "height": 1}, "#
          + #""vertices": ↓[]}]}]"#),
    ],
    reads: .outline)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    for shape in context.outline.shapes {
      guard let vertices = shape.vertices, !context.document.isNil(vertices) else { continue }
      let both =
        shape.description != nil
        ? "; this shape also has a `shape` description, so it describes its outline twice" : ""
      findings.report(
        "vertices are authored by hand: the editor does not write them and cannot re-create this shape\(both)",
        at: vertices)
    }
  }
}
