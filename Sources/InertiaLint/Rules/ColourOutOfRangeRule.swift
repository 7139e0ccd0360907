import InertiaFormat

/// `colour-out-of-range`: a colour component outside 0...1 or not finite.
struct ColourOutOfRangeRule: LintRule {
  static let components = ["red", "green", "blue", "alpha"]

  static let description = RuleDescription(
    identifier: "colour-out-of-range",
    name: "Colour component out of range",
    severity: .error,
    summary: "A `fill` or `stroke` colour component is outside 0...1 or not finite.",
    rationale: """
      A colour is four sRGB floats from 0 to 1. A component outside that range has no meaning in the \
      format: each runtime's graphics stack clamps, extends or rejects it in its own way, so the shape \
      is drawn in a different colour on each platform, or not at all when the value is not finite. \
      Error: the file does not describe a colour. The fix clamps the component into 0...1, which \
      changes the colour written in the file, so it is unsafe: only `inertia-lint --fix --unsafe-fixes` \
      applies it. A NaN component has no fix.
      """,
    nonTriggeringExamples: [
      Example(
        #"[{"id": "c", "keyframes": [], "shapes": [{"id": "S", "shape": {"id": "D", "type": "circle", "#
          + #""width": 1, "height": 1, "fill": {"red": 0, "green": 0.5, "blue": 1, "alpha": 1}}}]}]"#)
    ],
    triggeringExamples: [
      Example(
        #"[{"id": "c", "keyframes": [], "shapes": [{"id": "S", "shape": {"id": "D", "type": "circle", "#
          + #""width": 1, "height": 1, "fill": {"red": ↓255, "green": 0.5, "blue": 1, "alpha": ↓-0.1}}}]}]"#),
      Example(
        #"[{"id": "c", "keyframes": [], "shapes": [{"id": "S", "shapes": [{"id": "T", "shape": {"id": "D", "#
          + #""type": "square", "width": 1, "height": 1, "strokeWidth": 0.1, "#
          + #""stroke": {"red": 0, "green": ↓1.5, "blue": 0, "alpha": 1}}}]}]}]"#),
    ],
    corrections: [
      Correction(
        Example(#"[{"id": "c", "shapes": [{"id": "S", "shape": {"fill": {"red": 2, "green": -1, "blue": 0.5}}}]}]"#),
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"fill": {"red": 1.0, "green": 0.0, "blue": 0.5}}}]}]"#)
    ],
    fixSafety: .unsafe, reads: .outline, cost: 7)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let document = context.document
    func check(_ colourName: String, _ colour: IndexedDocument.Node?) {
      guard let colour else { return }
      document.forEachEntry(of: colour) { entry in
        guard let value = document.double(of: entry.value), !(value.isFinite && value >= 0 && value <= 1),
          let name = document.string(of: entry.key), components.contains(name)
        else { return }
        let fix =
          value.isNaN
          ? nil
          : findings.fix(
            "clamp the component into 0...1", .unsafe, replacing: entry.value, with: .float64(min(max(value, 0), 1)))
        findings.report(
          "\(colourName) \(name) \(RuleText.number(value)) is outside 0...1: colour components are sRGB "
            + "fractions, and each runtime draws an out-of-range one differently",
          at: entry.value, fix: fix)
      }
    }
    for shape in context.outline.shapes {
      check("fill", shape.description?.fill)
      check("stroke", shape.description?.stroke)
    }
  }

}
