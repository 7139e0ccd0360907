import InertiaFormat

/// `unaddressable-id`: an id nothing can address: empty, repeated, or a container the editor never
/// sends to.
struct UnaddressableIDRule: LintRule {
  static let description = RuleDescription(
    identifier: "unaddressable-id",
    name: "Unaddressable id",
    severity: .error,
    summary: "An id is empty or repeated, or the file's container id is not one the editor sends to.",
    rationale: """
      Views find their animation by id (`.inertia("card0")`), and the editor's selection points at shapes \
      by id. An empty animation or shape id cannot be addressed; an id with surrounding spaces does not \
      match the tag written without them (a warning); two animations in one file with the same id leave \
      one of them unreachable; two shapes in one animation with the same id, at any depth, are one shape \
      to the editor. Repeats are reported at each later use. These are errors: part of the file cannot \
      be reached.
      The file's container id is its name without the extension, and the editor sends every schema to \
      the container id `animation` only: a container with another id loads its bundled file but receives \
      nothing from the editor. That case is a warning, since a file played only from the bundle works; \
      set `containerId` in `.inertia-lint.json` when your containers are meant to have other ids.
      """,
    nonTriggeringExamples: [
      Example("[\(RuleText.animation("card0")), \(RuleText.animation("card1"))]"),
      Example(
        #"[{"id": "a", "shapes": [{"id": "S", "shapes": [{"id": "T"}]}]}, {"id": "b", "shapes": [{"id": "S"}]}]"#),
      Example("[]", fileName: "onboarding.inertia", settings: LintSettings(containerIDs: ["animation", "onboarding"])),
    ],
    triggeringExamples: [
      Example(#"[{"id": ↓""}]"#),
      Example(#"[{"id": "card0"}, {"id": "card1"}, {"id": ↓"card0"}]"#),
      Example(#"[{"id": "a", "shapes": [{"id": "S", "shapes": [{"id": ↓"S"}]}, {"id": ↓""}]}]"#),
      Example(#"[{"id": ↓" card0"}]"#),
      Example("↓[]", fileName: "onboarding.inertia"),
    ])

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let document = context.document
    checkContainer(context, &findings)
    var animationIDs: [String: Int] = [:]
    for (index, object) in context.outline.animations {
      guard let id = document.field("id", of: object), let text = document.string(of: id) else { continue }
      if checkText(text, of: "animation", at: id, &findings) { continue }
      if let first = animationIDs[text] {
        findings.report(
          "animation id '\(text)' is already used by the animation at /\(first): a view tagged '\(text)' "
            + "plays only one of them",
          at: id)
      } else {
        animationIDs[text] = index
      }
    }
    var shapeIDs: [Int: [String: Located]] = [:]
    for shape in context.outline.shapes {
      guard let id = document.field("id", of: shape.object), let text = document.string(of: id) else { continue }
      if checkText(text, of: "shape", at: id, &findings) { continue }
      if let first = shapeIDs[shape.animationIndex, default: [:]][text] {
        findings.report(
          "shape id '\(text)' is already used by the shape at \(document.pointer(of: first)) in the same animation: the editor "
            + "selects shapes by id and takes the two for one",
          at: id)
      } else {
        shapeIDs[shape.animationIndex, default: [:]][text] = shape.object
      }
    }
  }

  /// Reports an empty id or one with surrounding whitespace; returns whether the id is empty.
  private static func checkText(_ text: String, of kind: String, at id: Located, _ findings: inout FindingSink)
    -> Bool
  {
    if text.isEmpty {
      let consequence =
        kind == "animation" ? "no view can be tagged to play it" : "the editor's selection cannot point at it"
      findings.report("\(kind) id is empty: \(consequence)", at: id)
      return true
    }
    if let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
      first.properties.isWhitespace || last.properties.isWhitespace
    {
      let trimmed = text.trimmingWhitespace
      findings.report(
        "\(kind) id '\(text)' has leading or trailing whitespace: it does not match '\(trimmed)'",
        at: id, severity: .warning)
    }
    return false
  }

  private static func checkContainer(_ context: LintContext, _ findings: inout FindingSink) {
    guard let container = context.containerID, !context.settings.containerIDs.contains(container),
      let root = context.document.root
    else { return }
    let expected = context.settings.containerIDs.map { "'\($0)'" }.joined(separator: " or ")
    findings.report(
      "the file's container id '\(container)' (its name) is not \(expected): the editor sends schemas only "
        + "to the container 'animation', so a container with this id loads the file but receives nothing "
        + "from the editor",
      at: root, severity: .warning)
  }
}

extension String {
  /// The string without leading and trailing whitespace.
  var trimmingWhitespace: String {
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[start...end])
  }
}
