import InertiaFormat

/// `nested-shape-animation`: an `animation` on a shape drawn inside another shape.
struct NestedShapeAnimationRule: LintRule {
  static let description = RuleDescription(
    identifier: "nested-shape-animation",
    name: "Animation on a nested shape",
    severity: .warning,
    summary: "An `animation` is written on a nested shape, which no runtime plays.",
    rationale: """
      A shape's own animation plays on a rendering layer of its own. A nested shape is drawn into its \
      parent's vertex buffer and has no layer, so every runtime ignores an animation written on it; only \
      its `transforms` moves it. The editor never writes one, so it was written by hand. Warning: the \
      file is valid and plays, just not the way it reads.
      """,
    nonTriggeringExamples: [
      Example(
        #"[{"id": "card0", "keyframes": [], "shapes": [{"id": "S", "animation": \#(RuleText.animation("S"))}]}]"#),
      Example(#"[{"id": "card0", "keyframes": [], "shapes": [{"id": "S", "shapes": [{"id": "T"}]}]}]"#),
    ],
    triggeringExamples: [
      Example(
        #"[{"id": "card0", "keyframes": [], "shapes": [{"id": "S", "shapes": [{"id": "T", "animation": "#
          + #"↓\#(RuleText.animation("T"))}]}]}]"#),
      Example(
        #"[{"id": "card0", "keyframes": [], "shapes": [{"id": "S", "shapes": [{"id": "T", "shapes": "#
          + #"[{"id": "U", "animation": ↓{}}]}]}]}]"#),
    ],
    reads: .outline)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    for shape in context.outline.shapes where shape.isNested {
      guard let animation = shape.animation else { continue }
      findings.report(
        "a nested shape has no rendering layer of its own, so no runtime plays its animation; only its "
          + "`transforms` moves it",
        at: animation)
    }
  }
}
