import InertiaFormat

/// `loop-duration-range`: a literal `loopDuration` outside the editor's range.
struct LoopDurationRangeRule: AppRule {
  static let description = RuleDescription(
    identifier: "loop-duration-range",
    name: "Loop duration out of range",
    severity: .warning,
    summary: "The code sets loopDuration to a literal outside the editor's 0.1…60 s.",
    rationale: """
      `loopDuration` is stored as assigned, not clamped (SwiftUI's `public var loopDuration`, \
      Inertia.swift:394 at e310d13; Compose's `var loopDuration`, Library.kt:2152; React's setter, \
      index.tsx:1011), while the editor keeps its timeline to `InertiaPlayback.loopDurationRange`, \
      0.1…60 s, and clamps what it sends. The loop plays for the larger of it and the longest track: a \
      value past 60 s holds every track at its end for that long, and one at or under 0.1 s (0, or a \
      negative) leaves the loop to the longest track. Only number literals are checked; pass other values \
      through `InertiaPlayback.clampLoopDuration(_:)`.
      """,
    nonTriggeringExamples: [
      Example(
        AppExample(
          sources: [
            "Screen.kt": """
            import org.inertiagraphics.inertia.LocalInertia

            fun Screen() { val inertia = LocalInertia.current; inertia.loopDuration = 4f }
            """
          ]))
    ],
    triggeringExamples: [
      Example(
        AppExample(
          sources: [
            "Screen.kt": """
            import org.inertiagraphics.inertia.LocalInertia

            fun Screen() { val inertia = LocalInertia.current; inertia.↓loopDuration = 90f }
            """
          ]))
    ],
    scope: .app)

  static func check(_ app: AppProject, _ findings: inout AppFindingSink) {
    let range = InertiaPlayback.loopDurationRange
    for source in app.sources {
      for use in source.uses {
        guard case .loopDuration(.literal(let seconds)) = use.kind, !range.contains(seconds) else { continue }
        let consequence =
          seconds > range.upperBound
          ? "every track then holds its end until the loop comes round"
          : "the loop then lasts as long as the longest track"
        findings.report(
          "loopDuration = \(RuleText.number(seconds)) is outside the editor's \(RuleText.number(range.lowerBound))…"
            + "\(RuleText.number(range.upperBound)) s, and the runtime stores it as given: \(consequence)",
          in: source, at: use.position, about: "loopDuration")
      }
    }
  }
}
