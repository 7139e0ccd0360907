/// `unused-animation`: an animation no view in the app's code is tagged with.
struct UnusedAnimationRule: AppRule {
  static let description = RuleDescription(
    identifier: "unused-animation",
    name: "Unused animation",
    severity: .info,
    summary: "An animation's id is the tag of no view in the app's code.",
    rationale: """
      An animation plays on the views tagged with its id. One that no tag names is dead weight in the \
      file, or the other half of a misspelt tag (see `unknown-animation-id`). Reported only when the app's \
      code was seen (a folder walk found sources that use a runtime), at the animation's id; the tags \
      counted are every literal one of every source (a view cannot be told to belong to one container \
      without running the app), and the message says how many tags were not literals, since one of those \
      may name the animation at run time. An info: the app works.
      """,
    nonTriggeringExamples: [
      Example(
        AppExample(
          sources: ["Card.swift": "import Inertia\n\nlet card = Text(\"Card\").inertia(\"card0\")"],
          animationFiles: ["animation.inertia": ["card0"]])),
      // No source uses a runtime: the app's code was not seen.
      Example(
        AppExample(
          sources: ["Tool.swift": "let card = \"card1\""], animationFiles: ["animation.inertia": ["card1"]])),
    ],
    triggeringExamples: [
      Example(
        AppExample(
          sources: ["Card.swift": "import Inertia\n\nlet card = Text(\"Card\").inertia(\"card0\")"],
          animationFiles: ["animation.inertia": ["card0", "↓card1"]]))
    ],
    scope: .app)

  static func check(_ app: AppProject, _ findings: inout AppFindingSink) {
    guard app.usesRuntime else { return }
    var tagged: Set<String> = []
    var dynamic = 0
    for source in app.sources {
      for use in source.uses where use.kind == .tag {
        switch use.id {
        case .literal(let id): tagged.insert(id)
        case .dynamic: dynamic += 1
        case .absent: break
        }
      }
    }
    let caveat =
      dynamic == 0
      ? ""
      : " (\(dynamic) \(dynamic == 1 ? "tag's id is not a literal" : "tags' ids are not literals") and may name it)"
    for file in app.animationFiles {
      for animation in file.animations where !tagged.contains(animation.id) {
        findings.report(
          "no view in the app's code is tagged '\(animation.id)'\(caveat): this animation plays on nothing",
          in: file, at: animation)
      }
    }
  }
}
