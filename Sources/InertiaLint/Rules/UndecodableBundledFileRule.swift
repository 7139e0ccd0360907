import InertiaFormat

/// `undecodable-bundled-file`: a SwiftUI container that loads its file, whose bundled `ID.inertia` the
/// runtime cannot decode.
struct UndecodableBundledFileRule: AppRule {
  static let description = RuleDescription(
    identifier: "undecodable-bundled-file",
    name: "Undecodable bundled file",
    severity: .error,
    summary: "A SwiftUI container that loads its animation file would load one it cannot decode.",
    rationale: """
      Outside editor mode the SwiftUI container decodes `ID.inertia` during initialization and traps if \
      it cannot (`fatalError()`, Inertia.swift:1020-1023 at e310d13): a bundled file with an error of the \
      rules that find undecodable files (`inertia-lint FILE` lists them; `inertia-convert to-svg` refuses \
      such a file) is an app crash at launch, reported at the container's line, which is where the app \
      fails. An error for `dev: false`; a warning when `dev` is an expression, false in some builds. The \
      Compose and React runtimes read with other decoders, which take some files SwiftUI refuses, and only \
      log a failure: the rule is about SwiftUI containers.
      """,
    nonTriggeringExamples: [
      Example(.swiftContainerApp(#"dev: false, id: "animation""#)),
      Example(.swiftContainerApp(#"dev: true, id: "animation""#, undecodable: true)),
    ],
    triggeringExamples: [
      Example(.swiftContainerApp(#"dev: false, id: "animation""#, marked: true, undecodable: true))
    ],
    scope: .app)

  static func check(_ app: AppProject, _ findings: inout AppFindingSink) {
    for container in app.containers where container.source.language == .swift && container.mode != .editor {
      guard case .found(let files) = app.lookup(container) else { continue }
      for file in files {
        guard case .fails(let reason) = file.decoding else { continue }
        let consequence =
          container.mode == .bundle
          ? "the container traps at launch (fatalError, Inertia.swift:1020-1023)"
          : "in a build where dev is false the container traps at launch (fatalError, Inertia.swift:1020-1023)"
        findings.report(
          "\(container.written) loads \(file.path), which the SwiftUI runtime cannot decode (\(reason) in it): "
            + consequence,
          in: container.source, at: container.use.position, about: container.id,
          severity: container.mode == .bundle ? .error : .warning)
      }
    }
  }
}
