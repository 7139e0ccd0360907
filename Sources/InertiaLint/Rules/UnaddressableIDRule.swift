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
      be reached. \
      The file's container id is its name without the extension, and the editor sends every schema to \
      the container id `animation` only: a container with another id loads its bundled file but receives \
      nothing from the editor. That case is an info: a file alone does not say how the app runs its \
      container, and one played only from the bundle (`dev: false`) works, so it must not fail a \
      `--strict` run; set `containerId` in `.inertia-lint.json` when your containers are meant to have \
      other ids. A folder walk that reads the app's code leaves the case to `container-not-addressed`, \
      which warns at each container the code may run in editor mode under such an id.
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
    ],
    reads: .outline, cost: 25)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let document = context.document
    checkContainer(context, &findings)
    let outline = context.outline
    let shapes = outline.shapes
    // One list of ids for the animations' and then for each animation's shapes, with room for the
    // animations or for one animation's shapes when they are few (it is emptied, keeping its room, for each),
    // rather than growing it one allocation at a time. The ids are hashed here rather than by the outline, so
    // that a run without this rule does not hash them.
    var ids = RepeatedStrings(
      capacity: max(outline.animations.count, min(shapes.count, RepeatedStrings.fewLimit)))
    for animation in outline.animations {
      guard let id = animation.id, let hash = document.stringHash(of: id),
        checkText(id, of: "animation", document, &findings)
      else { continue }
      if let first = ids.earlier(id, hash: hash, in: document) {
        let text = document.string(of: id) ?? ""
        let firstPointer = context.pointer(of: first).components.first.map { JSONPointer([$0]) } ?? .root
        findings.report(
          "animation id '\(text)' is already used by the animation at \(firstPointer.description): a view tagged "
            + "'\(text)' plays only one of them",
          at: id)
      }
    }
    // Shapes are unique within their animation; the shapes of one animation come one after another.
    var animationIndex = -1
    for shape in shapes {
      guard let id = shape.id, let hash = document.stringHash(of: id), checkText(id, of: "shape", document, &findings)
      else { continue }
      if shape.animationIndex != animationIndex {
        animationIndex = shape.animationIndex
        ids.removeAll()
      }
      if let first = ids.earlier(id, hash: hash, in: document) {
        let shapePointer = context.pointer(of: first).components.dropLast()
        findings.report(
          "shape id '\(document.string(of: id) ?? "")' is already used by the shape at "
            + "\(JSONPointer(Array(shapePointer))) in the same animation: the editor selects shapes by id and "
            + "takes the two for one",
          at: id)
      }
    }
  }

  /// Reports an empty id or one with surrounding whitespace; returns whether the id, a string, is worth
  /// comparing with the others.
  private static func checkText(
    _ id: IndexedDocument.Node, of kind: String, _ document: IndexedDocument, _ findings: inout FindingSink
  ) -> Bool {
    guard let (first, last) = document.utf8Ends(of: id) else {
      let consequence =
        kind == "animation" ? "no view can be tagged to play it" : "the editor's selection cannot point at it"
      findings.report("\(kind) id is empty: \(consequence)", at: id)
      return false
    }
    // Decoded only when a byte at either end may belong to whitespace.
    if mayBeSpace(first) || mayBeSpace(last), let text = document.string(of: id),
      let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
      first.properties.isWhitespace || last.properties.isWhitespace
    {
      findings.report(
        "\(kind) id '\(text)' has leading or trailing whitespace: it does not match '\(text.trimmingWhitespace)'",
        at: id, severity: .warning)
    }
    return true
  }

  /// Whether a byte at either end of a string may belong to whitespace: ASCII whitespace, or any byte of a
  /// character beyond ASCII (decoded to tell).
  private static func mayBeSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte) || byte >= 0x80
  }

  private static func checkContainer(_ context: LintContext, _ findings: inout FindingSink) {
    // With the app's code in view, `container-not-addressed` reports exactly the containers that need an
    // id the editor sends to, at their lines.
    guard !context.settings.appCodeIsChecked, let container = context.containerID,
      !context.settings.containerIDs.contains(container), let root = context.document.root
    else { return }
    // (A loop rather than `joined(separator:)`, whose first call in a process costs more than linting a small
    // file: every file of a tree of containers has this finding, and a tool run on one file pays that.)
    var expected = ""
    for id in context.settings.containerIDs { expected += expected.isEmpty ? "'\(id)'" : " or '\(id)'" }
    findings.report(
      """
      the file's container id '\(container)' (its name) is not \(expected): the editor sends schemas only to the \
      container 'animation', so a container with this id loads the file but receives nothing from the editor
      """, at: root, severity: .info)
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
