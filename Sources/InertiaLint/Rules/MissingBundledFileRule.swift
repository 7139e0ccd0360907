import InertiaFormat

/// `missing-bundled-file`: a container that loads its file, whose `ID.inertia` is not bundled.
struct MissingBundledFileRule: AppRule {
  static let description = RuleDescription(
    identifier: "missing-bundled-file",
    name: "Missing bundled file",
    severity: .error,
    summary: "A container that loads its animation file has no ID.inertia where it looks.",
    rationale: """
      Outside editor mode a container loads the file named after its id: the SwiftUI container reads \
      `ID.inertia` from its `bundle` during initialization and traps if it is missing \
      (`fatalError()`, Inertia.swift:1024-1026 at e310d13: an app crash, an error); the Compose container \
      reads it from the app's assets (Library.kt:3722-3746) and React's fetches `baseURL/ID.inertia` \
      (index.tsx:1219-1256), and both log a failure and leave every view at its initial pose (a warning). \
      The runtimes read `.inertia` only (the SwiftUI page's `id.json` is stale): a file that exists only \
      as `ID.json` is missing too, and the message names the `inertia-convert to-msgpack` command that \
      writes the bundled one. In a folder walk a file is bundled when it is found anywhere under the \
      folders linted; the SwiftPM build plugin knows the target's resources exactly, so a file that is in \
      the repository but not among them fails the build at the container. A container whose `dev` is an \
      expression loads its file in the builds where it is false, so it is warned. Containers in editor \
      mode (`dev: true`) load no file.
      """,
    nonTriggeringExamples: [
      Example(.swiftContainerApp(#"dev: false, id: "animation""#)),
      Example(.swiftContainerApp(#"dev: true, id: "onboarding""#)),
      Example(.swiftContainerApp(#"dev: false, id: "animation""#, targetBundle: "main")),
      // A package target's container that reads Bundle.main looks where the build does not show.
      Example(
        AppExample(
          sources: ["Sources/App/App.swift": RuleText.swiftContainer(#"dev: false, id: "settings""#)],
          animationFiles: ["Sources/App/animation.inertia": ["card0"]], targetBundle: "module")),
    ],
    triggeringExamples: [
      Example(.swiftContainerApp(#"dev: false, id: "settings""#, marked: true)),
      Example(.swiftContainerApp(#"dev: false, id: "legacy""#, marked: true, otherFiles: ["Resources/legacy.json"])),
      Example(
        AppExample(
          sources: ["App.swift": RuleText.swiftContainer(#"dev: isEditor, id: "animation""#, marked: true)])),
      Example(
        AppExample(
          sources: [
            "App.tsx": """
            import { InertiaContainer } from "inertia-react";
            export const App = () => <↓InertiaContainer id="settings" hierarchyId="root" baseURL="/a" dev={false} />;
            """
          ],
          animationFiles: ["public/animation.inertia": ["card0"]])),
      // Found in the repository, but not among the build target's resources.
      Example(
        AppExample(
          sources: [
            "Sources/App/App.swift": RuleText.swiftContainer(
              #"bundle: .module, dev: false, id: "settings""#, marked: true)
          ],
          animationFiles: ["Sources/App/animation.inertia": ["card0"]], targetBundle: "module")),
    ],
    scope: .app)

  static func check(_ app: AppProject, _ findings: inout AppFindingSink) {
    for container in app.containers where container.mode != .editor {
      guard case .missing(let jsonForms) = app.lookup(container) else { continue }
      let runtime = container.source.language.runtime
      let consequence: String
      let severity: Severity
      switch (container.source.language, container.mode) {
      case (.swift, .bundle):
        consequence = "the container traps at launch (fatalError, Inertia.swift:1024-1026)"
        severity = .error
      case (.swift, _):
        consequence =
          "in a build where dev is false the container traps at launch (fatalError, Inertia.swift:1024-1026)"
        severity = .warning
      case (_, .bundle):
        consequence = "the \(runtime) container logs the failure and no view animates"
        severity = .warning
      default:
        consequence =
          "in a build where dev is false the \(runtime) container logs the failure and no view animates"
        severity = .warning
      }
      let name = "\(container.id).\(InertiaFileName.fileExtension)"
      var message = "\(container.written) \(container.loads), and no \(name) is \(app.whereBundled)"
      if let json = jsonForms.first {
        message +=
          ", only its JSON form \(json), which no runtime reads: \(consequence); "
          + "inertia-convert to-msgpack \(RuleText.shellQuoted(json)) -o "
          + "\(RuleText.shellQuoted(String(json.dropLast(".json".count)) + "." + InertiaFileName.fileExtension)) "
          + "writes the file to bundle"
      } else {
        message += ": \(consequence)"
      }
      findings.report(
        message, in: container.source, at: container.use.position, about: container.id, severity: severity)
    }
  }
}
