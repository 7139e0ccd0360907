/// `container-not-addressed`: a container that may run in editor mode under an id the editor never sends
/// to.
struct ContainerNotAddressedRule: AppRule {
  static let description = RuleDescription(
    identifier: "container-not-addressed",
    name: "Container not addressed",
    severity: .warning,
    summary: "A container that may run in editor mode has an id the editor never sends to.",
    rationale: """
      The runtimes drop every schema whose container id is not their own, and the editor sends every \
      schema to the container id `animation`: a container in editor mode with another id connects, shows \
      its hierarchy, and plays nothing the editor sends. Reported at each container whose `dev` is `true`, \
      or an expression the code does not spell out, and whose id is not one `containerId` in \
      `.inertia-lint.json` allows (`animation` by default); a container that only plays its bundled file \
      (`dev: false`) is fine under any id. This is the exact form of the file-level note \
      `unaddressable-id` gives a file not named after an allowed id, which a run that reads the app's code \
      leaves to this rule. A warning: the app works, but cannot be authored.
      """,
    nonTriggeringExamples: [
      Example(AppExample(sources: ["App.swift": RuleText.swiftContainer(#"dev: true, id: "animation""#)])),
      Example(AppExample(sources: ["App.swift": RuleText.swiftContainer(#"dev: false, id: "onboarding""#)])),
      Example(
        AppExample(sources: ["App.swift": RuleText.swiftContainer(#"dev: isEditor, id: "onboarding""#)]),
        settings: LintSettings(containerIDs: ["animation", "onboarding"])),
    ],
    triggeringExamples: [
      Example(
        AppExample(sources: ["App.swift": RuleText.swiftContainer(#"dev: true, id: "onboarding""#, marked: true)])),
      Example(
        AppExample(
          sources: [
            "MainActivity.kt": """
            import org.inertiagraphics.inertia.InertiaContainer

            fun Screen() { ↓InertiaContainer(dev = BuildConfig.DEBUG, id = "onboarding", hierarchyId = "root") { } }
            """
          ])),
    ],
    scope: .app)

  static func check(_ app: AppProject, _ findings: inout AppFindingSink) {
    for container in app.containers where container.mode != .bundle {
      let allowed = container.source.settings.containerIDs
      guard !allowed.contains(container.id) else { continue }
      let when = container.mode == .editor ? "in editor mode" : "in a build where dev is true"
      findings.report(
        "\(container.written): \(when), the container connects and shows its hierarchy but plays nothing from "
          + "the editor, which sends schemas only to the container 'animation' (allowed here: "
          + "\(allowed.map { "'\($0)'" }.joined(separator: ", ")))",
        in: container.source, at: container.use.position, about: container.id)
    }
  }
}
