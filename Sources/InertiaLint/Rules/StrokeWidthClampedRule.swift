import InertiaFormat

/// `stroke-width-clamped`: a stroke wider than half the shape's smaller side.
struct StrokeWidthClampedRule: LintRule {
  static let description = RuleDescription(
    identifier: "stroke-width-clamped",
    name: "Stroke width clamped",
    severity: .warning,
    summary: "A `strokeWidth` is more than half the shape's smaller side, where the runtimes hold it.",
    rationale: """
      The stroke is drawn inside the outline, and its width is held at half the shape's smaller side, \
      where it already fills the shape. A wider value is drawn as that maximum. Warning: the file plays, \
      not as written. The fix writes the width the runtimes draw, so it is safe, and \
      `inertia-lint --fix` applies it.
      """,
    nonTriggeringExamples: [
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "type": "oval", "width": 1, "height": 0.5, "#
          + #""stroke": {"red": 0, "green": 0, "blue": 0, "alpha": 1}, "strokeWidth": 0.25}}]}]"#)
    ],
    triggeringExamples: [
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "type": "oval", "width": 1, "height": 0.5, "#
          + #""stroke": {"red": 0, "green": 0, "blue": 0, "alpha": 1}, "strokeWidth": ↓0.3}}]}]"#)
    ],
    corrections: [
      Correction(
        Example(
          #"[{"id": "c", "shapes": [{"id": "S", "shape": {"width": 0.5, "height": 2, "#
            + #""stroke": {"red": 0, "green": 0, "blue": 0, "alpha": 1}, "strokeWidth": 1}}]}]"#),
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"width": 0.5, "height": 2, "#
          + #""stroke": {"red": 0, "green": 0, "blue": 0, "alpha": 1}, "strokeWidth": 0.25}}]}]"#)
    ],
    fixSafety: .safe, reads: .outline)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    for shape in context.outline.shapes {
      guard let description = shape.description, description.stroke != nil, let strokeWidth = description.strokeWidth,
        let width = description.strokeWidthValue,
        let sideA = description.widthValue, let sideB = description.heightValue,
        sideA.isFinite, sideB.isFinite, sideA > 0, sideB > 0, width.isFinite
      else { continue }
      let limit = min(sideA, sideB) / 2
      guard width > limit else { continue }
      findings.report(
        "strokeWidth \(RuleText.number(width)) is more than half the shape's smaller side: the runtimes hold "
          + "it at \(RuleText.number(limit)), where the stroke fills the shape",
        at: strokeWidth,
        fix: findings.fix(
          "set the stroke width to \(RuleText.number(limit))", .safe, replacing: strokeWidth,
          with: .float64(limit)))
    }
  }
}
