import InertiaFormat

/// `vertex-shape`: an element of `vertices` that is not `{position: {x, y}, color: {…}}`, which the SwiftUI
/// runtime's decoder refuses.
struct VertexShapeRule: LintRule {
  static let description = RuleDescription(
    identifier: "vertex-shape",
    name: "Vertex not a position and a colour",
    severity: .error,
    summary: "An element of `vertices` is not `{position: {x, y}, color: {red, green, blue, alpha}}`.",
    rationale: """
      The spec lists `vertices` as "Corners authored one by one" and does not give a corner's form. The \
      SwiftUI runtime decodes each as its `Vertex` type, whose `position` (an `InertiaPoint`, `x` and `y`) \
      and `color` (an `InertiaColor`, `red`, `green`, `blue` and `alpha`, each a `Float`) are required \
      (InertiaVertexRenderer.swift:11-48 at e310d13, decoded by `decodeIfPresent([Vertex].self, forKey: \
      ._vertices)`, InertiaShapes.swift:341). A corner written any other way (a bare pair `[x, y]`, a \
      missing colour, a number as a string) fails the decode, and a `dev: false` container calls \
      `fatalError()` at launch (Inertia.swift:1020-1023). Extra keys in a corner are ignored, and so are \
      `vertices: []` and `nil`. Compose refuses the file as well, logging it and playing nothing, without \
      crashing (Library.kt:232-233, 3726-3734); React decodes without a schema, and what its drawing \
      makes of such a corner could not be checked at its HEAD. Error: the app crashes. No fix: what the \
      corner should be is a guess.
      """,
    nonTriggeringExamples: [
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "vertices": [{"position": {"x": 0, "y": 0}, "#
          + #""color": {"red": 1, "green": 0, "blue": 0, "alpha": 1}, "note": "extra keys are ignored"}]}]}]"#),
      Example(#"[{"id": "c", "shapes": [{"id": "S", "vertices": []}]}]"#),
    ],
    triggeringExamples: [
      Example(#"[{"id": "c", "shapes": [{"id": "S", "vertices": [↓[0, 0], ↓{"position": {"x": 0, "y": 1}}]}]}]"#),
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "vertices": [{"position": {"x": ↓"0", "y": 0}, "#
          + #""color": {"red": 1, "green": 0, "blue": 0, "alpha": 1}}]}]}]"#),
    ],
    reads: .schemaWalk, cost: 0, findsUndecodableFiles: true
  ).reporting(.vertexShape)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    findings.forEachEvent(.vertexShape, in: context.schemaEvents) { findings, event in
      switch event {
      case .mismatch(let node, let place, _, let message):
        findings.report("\(place): \(message); \(consequence)", at: node)
      case .missingField(let object, let kind, let field):
        findings.report("\(kind.description) has no \"\(field)\", which is required; \(consequence)", at: object)
      default:
        break
      }
    }
  }

  /// What every finding ends with.
  static let consequence =
    "a vertex is `{position: {x, y}, color: {red, green, blue, alpha}}`, and \(RuleText.swiftUITrap)"
}
