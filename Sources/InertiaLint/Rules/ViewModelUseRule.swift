/// `view-model-use`: SwiftUI's `InertiaViewModel`, which plays nothing.
struct ViewModelUseRule: AppRule {
  static let description = RuleDescription(
    identifier: "view-model-use",
    name: "InertiaViewModel use",
    severity: .warning,
    summary: "The code uses InertiaViewModel, which has no playback and which no container provides.",
    rationale: """
      `InertiaViewModel` is public but holds only the editor's `device` and `layerOwner` \
      (Inertia.swift:259-270 at e310d13): it has no `trigger`, `cancel` or `restart` (the SwiftUI page's \
      "no-ops" are stale: they are gone), and `InertiaContainer` does not put it in the environment. \
      Playback is `InertiaDataModel`'s, reached through the environment value `inertiaDataModel`. \
      Reported at each \
      mention of the type in code (never in a comment or a string).
      """,
    nonTriggeringExamples: [
      Example(
        AppExample(
          sources: [
            "Legacy.swift": """
            import Inertia

            // InertiaViewModel is gone from this view.
            struct Legacy: View {
              @Environment(\\.inertiaDataModel) var inertia
            }
            """
          ]))
    ],
    triggeringExamples: [
      Example(
        AppExample(
          sources: [
            "Legacy.swift": """
            import Inertia

            struct Legacy: View {
              @StateObject private var model = ↓InertiaViewModel()
            }
            """
          ]))
    ],
    scope: .app)

  static func check(_ app: AppProject, _ findings: inout AppFindingSink) {
    for source in app.sources {
      for use in source.uses where use.kind == .viewModel {
        findings.report(
          "InertiaViewModel has no trigger, cancel or restart (Inertia.swift:259-270) and no container provides it: "
            + "play through @Environment(\\.inertiaDataModel) instead",
          in: source, at: use.position, about: "InertiaViewModel")
      }
    }
  }
}
