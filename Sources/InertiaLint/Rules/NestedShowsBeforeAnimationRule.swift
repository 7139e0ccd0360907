import InertiaFormat

/// `nested-shows-before-animation`: a nested shape's `showsBeforeAnimation` that disagrees with what
/// actually happens.
struct NestedShowsBeforeAnimationRule: LintRule {
  static let description = RuleDescription(
    identifier: "nested-shows-before-animation",
    name: "showsBeforeAnimation on a nested shape",
    severity: .warning,
    summary: "A nested shape's `showsBeforeAnimation` says otherwise than its top-level shape, and is ignored.",
    rationale: """
      `showsBeforeAnimation` is read only on the shapes an animation holds directly. A nested shape is \
      drawn into its parent's vertex buffer, so it appears and disappears with the shape it is drawn \
      inside of, and its own value is never consulted. A value that agrees with the top-level shape it \
      belongs to is harmless and not flagged; one that disagrees (say `false` inside a backdrop shape) \
      promises something no runtime does. Warning: the file plays, not as it reads.
      """,
    nonTriggeringExamples: [
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "showsBeforeAnimation": false, "shapes": [{"id": "T", "#
          + #""showsBeforeAnimation": false}]}]}]"#),
      Example(#"[{"id": "c", "shapes": [{"id": "S", "shapes": [{"id": "T", "showsBeforeAnimation": true}]}]}]"#),
      Example(#"[{"id": "c", "shapes": [{"id": "S", "showsBeforeAnimation": false}]}]"#),
    ],
    triggeringExamples: [
      Example(#"[{"id": "c", "shapes": [{"id": "S", "shapes": [{"id": "T", "showsBeforeAnimation": ↓false}]}]}]"#),
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "showsBeforeAnimation": false, "shapes": [{"id": "T", "#
          + #""shapes": [{"id": "U", "showsBeforeAnimation": ↓true}]}]}]}]"#),
    ],
    reads: .outline)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let shapes = context.outline.shapes
    for shape in shapes where shape.isNested {
      guard let field = shape.showsBeforeAnimation,
        let written = context.document.bool(of: field)
      else { continue }
      var top = shape
      while let parent = top.parentIndex { top = shapes[parent] }
      let actual =
        top.showsBeforeAnimation.flatMap(context.document.bool(of:)) ?? true
      guard written != actual else { continue }
      let behaviour =
        actual
        ? "it is drawn with its parent before the animation plays"
        : "it appears only with its parent, once the animation plays"
      findings.report(
        "showsBeforeAnimation \(written) is never consulted on a nested shape: \(behaviour)", at: field)
    }
  }
}
