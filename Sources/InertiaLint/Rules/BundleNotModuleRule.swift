import InertiaFormat

/// `bundle-not-module`: a SwiftUI container in a Swift package target whose file is among the target's
/// resources, which does not pass `bundle: .module`.
struct BundleNotModuleRule: AppRule {
  static let description = RuleDescription(
    identifier: "bundle-not-module",
    name: "Bundle not module",
    severity: .error,
    summary: "A SwiftUI container in a Swift package target does not read the target's resources.",
    rationale: """
      The SwiftUI container reads `ID.inertia` from its `bundle:` argument, `Bundle.main` by default \
      (Inertia.swift:991-992 at e310d13), and the modifier `.inertiaContainer(dev:id:hierarchyId:)` \
      always from `Bundle.main` (2589). A Swift package target's resources are in `Bundle.module`, not in \
      the app's main bundle: a container in such a target whose file is among the target's resources, and \
      that does not pass `bundle: .module`, does not see it, and traps at launch outside editor mode \
      (an error; a warning when `dev` is an expression). In a folder walk a source is in a package target \
      by SwiftPM's layout (`Sources/NAME` beside a `Package.swift`), and the target's resources are the \
      files in its folder; the SwiftPM build plugin knows both exactly.
      """,
    nonTriggeringExamples: [
      Example(
        AppExample(
          sources: [
            "Package.swift": "// swift-tools-version:5.9",
            "Sources/App/App.swift": RuleText.swiftContainer(#"bundle: .module, dev: false, id: "animation""#),
          ],
          animationFiles: ["Sources/App/Resources/animation.inertia": ["card0"]])),
      // An app target (not a package's): its resources are in Bundle.main.
      Example(
        AppExample(
          sources: ["App/App.swift": RuleText.swiftContainer(#"dev: false, id: "animation""#)],
          animationFiles: ["App/Resources/animation.inertia": ["card0"]])),
    ],
    triggeringExamples: [
      Example(
        AppExample(
          sources: [
            "Package.swift": "// swift-tools-version:5.9",
            "Sources/App/App.swift": RuleText.swiftContainer(#"dev: false, id: "animation""#, marked: true),
          ],
          animationFiles: ["Sources/App/Resources/animation.inertia": ["card0"]])),
      Example(
        AppExample(
          sources: ["Sources/App/App.swift": RuleText.swiftContainer(#"dev: false, id: "animation""#, marked: true)],
          animationFiles: ["Sources/App/animation.inertia": ["card0"]], targetBundle: "module")),
    ],
    scope: .app)

  static func check(_ app: AppProject, _ findings: inout AppFindingSink) {
    for container in app.containers where container.source.language == .swift && container.mode != .editor {
      guard AppProject.bundle(of: container) == .main else { continue }
      let name = "\(container.id).\(InertiaFileName.fileExtension)"
      let inTarget: [AnimationFile]
      switch app.bundling {
      case .folder:
        guard let target = container.source.packageTarget else { continue }
        inTarget = app.animationFiles(named: name).filter { $0.packageTarget == target }
      case .target(.module): inTarget = app.animationFiles(named: name)
      case .target(.main): continue
      }
      guard let file = inTarget.first else { continue }
      let fix =
        container.arguments.form == .modifier
        ? "the modifier has no bundle parameter: use InertiaContainer(bundle: .module, …)"
        : "pass bundle: .module"
      let consequence =
        container.mode == .bundle ? "it traps at launch" : "in a build where dev is false it traps at launch"
      findings.report(
        "\(container.written) reads \(name) from Bundle.main, but \(file.path) is a resource of this Swift package "
          + "target, which is in Bundle.module: unless the app bundles the file too, \(consequence); \(fix)",
        in: container.source, at: container.use.position, about: container.id,
        severity: container.mode == .bundle ? .error : .warning)
    }
  }
}
