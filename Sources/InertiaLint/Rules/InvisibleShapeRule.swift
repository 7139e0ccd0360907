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
      positive `strokeWidth`; a shape object with neither `shape` nor `vertices` (nor shapes inside it) has \
      nothing to draw. The spec gives a description a `width` and a `height`; the runtimes draw a \
      `rectangle` and an `oval` in that box, so one with a side that is not positive has no area, but a \
      `square`, a `circle` and a `triangle` at the longer of the two (`let size = max(width, height)`, \
      InertiaShapes.swift:760 and 789-803 of the SwiftUI runtime at e310d13; the same in Compose, \
      Library.kt:1527 and 1556-1566), which the spec does not say: a filled one with one side 0 is drawn \
      and is not reported. Its stroke is held to half the shorter side, as the spec's "Held at half the \
      shape's smaller side" says (`min(strokeWidth, min(width, height) / 2)`, InertiaShapes.swift:834; \
      Compose Library.kt:1667), so a stroke-only one with a side 0 draws nothing. The runtimes still load \
      such a shape, and the editor still lists it. Warning: it is valid, but it is almost certainly not \
      what was meant.
      """,
    nonTriggeringExamples: [
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "type": "circle", "width": 1, "height": 1, "#
          + #""fill": {"red": 1, "green": 1, "blue": 1, "alpha": 1}}}]}]"#),
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "type": "square", "width": 1, "height": 1, "#
          + #""stroke": {"red": 1, "green": 1, "blue": 1, "alpha": 1}, "strokeWidth": 0.1}}]}]"#),
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "vertices": [{"position": {"x": 0, "y": 0}, "#
          + #""color": {"red": 1, "green": 0, "blue": 0, "alpha": 1}}]}]}]"#),
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "type": "circle", "width": 0, "height": 1, "#
          + #""fill": {"red": 1, "green": 1, "blue": 1, "alpha": 1}}}]}]"#),
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
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "type": "triangle", "width": 1, "height": ↓0, "#
          + #""stroke": {"red": 1, "green": 1, "blue": 1, "alpha": 1}, "strokeWidth": 0.1}}]}]"#),
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
      let hasFill = description.fill != nil
      let hasStroke = description.stroke != nil
      let strokeWidth = description.strokeWidthValue ?? 0
      // The sides that are not positive (an empty array, which allocates nothing, for most shapes).
      var flatSides: [(name: String, node: IndexedDocument.Node, value: Double)] = []
      if let node = description.width, let value = description.widthValue, value.isFinite, value <= 0 {
        flatSides.append(("width", node, value))
      }
      if let node = description.height, let value = description.heightValue, value.isFinite, value <= 0 {
        flatSides.append(("height", node, value))
      }
      // The type is read only for the one case it decides (most shapes have no flat side).
      if flatSides.count == 1, let type = description.type.flatMap({ document.string(of: $0) }),
        Self.drawnAtLongerSide.contains(type)
      {
        // Drawn at its longer side, which a fill covers; its stroke is held to half its shorter side, 0.
        let side = flatSides[0]
        if !hasFill, hasStroke, strokeWidth > 0, side.value == 0 {
          findings.report(
            "shape \(side.name) is 0: a \(type) is drawn at its longer side, but its stroke is held to half its "
              + "shorter side, 0, so without a fill it draws nothing",
            at: side.node)
          continue
        }
      } else if !flatSides.isEmpty {
        for side in flatSides {
          findings.report(
            "shape \(side.name) \(RuleText.number(side.value)) is not positive: the shape has no area and draws nothing",
            at: side.node)
        }
        continue
      }
      if !hasFill && !(hasStroke && strokeWidth > 0) {
        findings.report(
          hasStroke
            ? "shape draws nothing: it has no fill, and its stroke draws nothing without a positive strokeWidth"
            : "shape draws nothing: it has neither fill nor stroke",
          at: description.object)
      }
    }
  }

  /// The types drawn at `max(width, height)` (InertiaShapes.swift:760, 789-803 at e310d13).
  private static let drawnAtLongerSide: Set<String> = ["square", "circle", "triangle"]
}
