/// `dev-mode-outside-debug`: a literal `dev: true` compiled into release builds.
struct DevModeOutsideDebugRule: AppRule {
  static let description = RuleDescription(
    identifier: "dev-mode-outside-debug",
    name: "Editor mode outside debug builds",
    severity: .warning,
    summary: "A container is in editor mode (a literal dev: true) in builds that do not define DEBUG.",
    rationale: """
      A container with `dev: true` takes nothing from its bundled file and dials the editor \
      (Inertia.swift:991-1029 at e310d13; the Compose and React containers likewise): shipped, it plays \
      nothing. A literal `true` is reported unless every build that compiles it defines `DEBUG` (Swift's \
      `#if DEBUG`, each `#if` condition read with `DEBUG` false and every other condition unknown). Kotlin \
      and JavaScript have no conditional compilation, so a literal `dev = true` or `dev` there is always \
      reported: write `dev = BuildConfig.DEBUG` or `dev={isDev}`, which the rule does not judge. A warning, \
      since editor mode is what authoring needs.
      """,
    nonTriggeringExamples: [
      Example(
        AppExample(
          sources: [
            "App.swift": """
            import Inertia

            #if DEBUG
              let root = InertiaContainer(dev: true, id: "animation", hierarchyId: "root") { Text("Hi") }
            #endif
            """
          ])),
      Example(AppExample(sources: ["App.swift": RuleText.swiftContainer(#"dev: isEditor, id: "animation""#)])),
    ],
    triggeringExamples: [
      Example(AppExample(sources: ["App.swift": RuleText.swiftContainer(#"dev: ↓true, id: "animation""#)])),
      Example(
        AppExample(
          sources: [
            "App.jsx": """
            import { InertiaContainer } from "inertia-react";
            export const App = () => <InertiaContainer id="animation" hierarchyId="root" baseURL="/a" ↓dev />;
            """
          ])),
    ],
    scope: .app)

  static func check(_ app: AppProject, _ findings: inout AppFindingSink) {
    for source in app.sources {
      for use in source.uses where !use.isDebugOnly {
        guard case .container(let arguments) = use.kind, arguments.dev == .literal(true) else { continue }
        let advice =
          source.language == .swift
          ? "put it under #if DEBUG, or pass a flag of the app's own"
          : "pass a flag of the app's own (\(source.language == .kotlin ? "BuildConfig.DEBUG" : "dev={isDev}"))"
        findings.report(
          "editor mode in every build: shipped, this container takes nothing from its bundled file and dials the "
            + "editor, so it plays nothing; \(advice)",
          in: source, at: arguments.devPosition ?? use.position, about: Self.subject(of: use))
      }
    }
  }

  /// What a finding is about: the container's id, or `InertiaContainer` when it is not a literal.
  static func subject(of use: InertiaUse) -> String {
    if case .literal(let id) = use.id { return id }
    return "InertiaContainer"
  }
}
