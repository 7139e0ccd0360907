import InertiaFormat

/// `ineffective-stroke`: half a stroke: a colour without a width, or a width without a colour.
struct IneffectiveStrokeRule: LintRule {
  static let description = RuleDescription(
    identifier: "ineffective-stroke",
    name: "Stroke that draws nothing",
    severity: .warning,
    summary: "A filled shape has a `stroke` without a positive `strokeWidth`, or a `strokeWidth` without a `stroke`.",
    rationale: """
      The outline is drawn only when a shape has both a `stroke` colour and a positive `strokeWidth` \
      (absent means 0). A filled shape with only one of the two draws its fill and no outline. Shapes \
      with no fill are reported by `invisible-shape` instead, and an explicit `strokeWidth: 0`, which the \
      editor writes on unstroked shapes, is not flagged. Warning: the file is valid but says more than \
      is drawn.
      """,
    nonTriggeringExamples: [
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "type": "circle", "width": 1, "height": 1, "#
          + #""fill": {"red": 1, "green": 1, "blue": 1, "alpha": 1}, "strokeWidth": 0}}]}]"#),
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "type": "circle", "width": 1, "height": 1, "#
          + #""fill": {"red": 1, "green": 1, "blue": 1, "alpha": 1}, "#
          + #""stroke": {"red": 0, "green": 0, "blue": 0, "alpha": 1}, "strokeWidth": 0.05}}]}]"#),
    ],
    triggeringExamples: [
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "type": "circle", "width": 1, "height": 1, "#
          + #""fill": {"red": 1, "green": 1, "blue": 1, "alpha": 1}, "#
          + #""stroke": ↓{"red": 0, "green": 0, "blue": 0, "alpha": 1}}}]}]"#),
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "type": "circle", "width": 1, "height": 1, "#
          + #""fill": {"red": 1, "green": 1, "blue": 1, "alpha": 1}, "strokeWidth": ↓0.1}}]}]"#),
    ],
    reads: .outline)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    for shape in context.outline.shapes {
      guard let description = shape.description, description.fill != nil else { continue }
      let stroke = description.stroke
      let width = description.strokeWidth
      let widthValue = description.strokeWidthValue ?? 0
      if let stroke, !(widthValue > 0) {
        findings.report(
          "stroke has no positive strokeWidth, so no outline is drawn; only the fill shows", at: stroke)
      } else if let width, widthValue > 0, stroke == nil {
        findings.report(
          "strokeWidth \(RuleText.number(widthValue)) has no stroke colour, so no outline is drawn", at: width)
      }
    }
  }
}
