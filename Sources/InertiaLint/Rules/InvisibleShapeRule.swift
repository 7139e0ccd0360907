import InertiaFormat

/// `invisible-shape`: a shape that draws nothing.
struct InvisibleShapeRule: LintRule {
  static let description = RuleDescription(
    identifier: "invisible-shape",
    name: "Shape that draws nothing",
    severity: .warning,
    summary: "A shape has neither a fill nor a stroke with a width, no size, or nothing to draw.",
    rationale: """
      A shape with neither `fill` nor `stroke` draws nothing at all, and a stroke draws nothing without a \
      positive `strokeWidth`; a description whose `width` or `height` is not positive has no area; a \
      shape object with neither `shape` nor `vertices` (nor shapes inside it) has nothing to draw. The \
      runtimes still load it, and the editor still lists it. Warning: it is valid, but it is almost \
      certainly not what was meant.
      """,
    nonTriggeringExamples: [
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "type": "circle", "width": 1, "height": 1, "#
          + #""fill": {"red": 1, "green": 1, "blue": 1, "alpha": 1}}}]}]"#),
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "type": "square", "width": 1, "height": 1, "#
          + #""stroke": {"red": 1, "green": 1, "blue": 1, "alpha": 1}, "strokeWidth": 0.1}}]}]"#),
      Example(#"[{"id": "c", "shapes": [{"id": "S", "vertices": [[0, 0], [1, 0], [0, 1]]}]}]"#),
    ],
    triggeringExamples: [
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": ↓{"id": "D", "type": "circle", "width": 1, "height": 1, "#
          + #""strokeWidth": 0}}]}]"#),
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": ↓{"id": "D", "type": "oval", "width": 1, "height": 1, "#
          + #""stroke": {"red": 1, "green": 1, "blue": 1, "alpha": 1}}}]}]"#),
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "type": "oval", "width": ↓0, "height": 1, "#
          + #""fill": {"red": 1, "green": 1, "blue": 1, "alpha": 1}}}]}]"#),
      Example(#"[{"id": "c", "shapes": [↓{"id": "S", "zIndex": 1}]}]"#),
    ],
    reads: .outline, cost: 10)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let document = context.document
    for shape in context.outline.shapes {
      guard let description = shape.description else {
        if shape.shape == nil, shape.vertices == nil, (shape.shapes.flatMap { document.count(of: $0) } ?? 0) == 0 {
          findings.report("shape has neither `shape` nor `vertices`: it draws nothing", at: shape.object)
        }
        continue
      }
      var sizeIsZero = false
      func checkSide(_ name: String, _ field: IndexedDocument.Node?, _ value: Double?) {
        guard let size = field, let value, value.isFinite, value <= 0 else { return }
        sizeIsZero = true
        findings.report(
          "shape \(name) \(RuleText.number(value)) is not positive: the shape has no area and draws nothing", at: size)
      }
      checkSide("width", description.width, description.widthValue)
      checkSide("height", description.height, description.heightValue)
      if sizeIsZero { continue }
      let hasFill = description.fill != nil
      let hasStroke = description.stroke != nil
      let strokeWidth = description.strokeWidthValue ?? 0
      if !hasFill && !(hasStroke && strokeWidth > 0) {
        findings.report(
          hasStroke
            ? "shape draws nothing: it has no fill, and its stroke draws nothing without a positive strokeWidth"
            : "shape draws nothing: it has neither fill nor stroke",
          at: description.object)
      }
    }
  }

}
