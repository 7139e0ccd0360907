import InertiaFormat

/// `non-finite-value`: a pose value or shape size that is NaN or infinite.
struct NonFiniteValueRule: LintRule {
  static let poseFields = ["scale", "rotate", "rotateCenter", "opacity"]

  static let description = RuleDescription(
    identifier: "non-finite-value",
    name: "Non-finite value",
    severity: .error,
    summary: "A pose value (scale, translate, rotate, rotateCenter, opacity) or a shape size is NaN or infinite.",
    rationale: """
      The runtimes interpolate poses and build transforms and geometry from these numbers; they repair \
      only durations. A NaN or infinite value turns the view's transform into NaN, and the view vanishes. \
      JSON cannot write such a number, but MessagePack can, and so can a script. Durations are \
      `non-positive-duration`'s and colours `colour-out-of-range`'s. Error: the view does not draw.
      """,
    nonTriggeringExamples: [
      Example("[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "0")]))]")
    ],
    triggeringExamples: [
      Example(
        #"[{"id": "c", "initialValues": {"scale": ↓{"$float64": "NaN"}, "translate": [0, "#
          + #"↓{"$float64": "-Infinity"}], "rotate": 0, "rotateCenter": 0, "opacity": 1}, "keyframes": []}]"#,
        messagePack: true),
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shape": {"id": "D", "width": ↓{"$float32": "Infinity"}, "#
          + #""height": 1}}]}]"#,
        messagePack: true),
    ],
    reads: .outline, cost: 15)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let document = context.document
    // The index notes whether the document holds a NaN or an infinity anywhere; most hold none.
    guard document.containsNonFiniteNumbers else { return }
    let outline = context.outline
    for track in outline.tracks {
      if let initial = track.initialValues { checkPose(initial, context, &findings) }
      for keyframe in outline.keyframes(of: track) {
        if let values = keyframe.values { checkPose(values, context, &findings) }
      }
    }
    for shape in outline.shapes {
      if let transforms = shape.transforms {
        checkPose(transforms, context, &findings)
      }
      guard let description = shape.description else { continue }
      let sizes = [
        ("width", description.width), ("height", description.height), ("strokeWidth", description.strokeWidth),
      ]
      for (name, field) in sizes {
        guard let field, document.isNonFiniteNumber(field) else { continue }
        report(name, field, document, consequence: "the shape's geometry becomes NaN and it does not draw", &findings)
      }
    }
  }

  private static func checkPose(_ pose: IndexedDocument.Node, _ context: LintContext, _ findings: inout FindingSink) {
    let document = context.document
    document.forEachEntry(of: pose) { entry in
      switch document.kind(of: entry.value) {
      case .float32, .float64:
        if document.isNonFiniteNumber(entry.value), let name = document.string(of: entry.key), poseFields.contains(name)
        {
          report(name, entry.value, document, consequence: poseConsequence, &findings)
        }
      case .array:
        guard document.isString(entry.key, equalTo: "translate") else { return }
        document.forEachElement(of: entry.value) { element in
          if document.isNonFiniteNumber(element) {
            report("translate", element, document, consequence: poseConsequence, &findings)
          }
        }
      default:
        break
      }
    }
  }

  private static let poseConsequence = "the transform becomes NaN and what it moves vanishes"

  private static func report(
    _ name: String, _ field: IndexedDocument.Node, _ document: IndexedDocument, consequence: String,
    _ findings: inout FindingSink
  ) {
    let value = document.double(of: field).map(RuleText.number) ?? "?"
    findings.report("\(name) is \(value): the runtimes do not repair it, so \(consequence)", at: field)
  }
}
