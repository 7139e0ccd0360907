import InertiaFormat

/// `auto-invoke-type`: `invokeType: "auto"`, which the SwiftUI runtime does not honour.
struct AutoInvokeTypeRule: LintRule {
  static let description = RuleDescription(
    identifier: "auto-invoke-type",
    name: "auto invokeType on SwiftUI",
    severity: .info,
    summary: "An animation's `invokeType` is \"auto\", which the SwiftUI runtime ignores.",
    rationale: """
      Compose and React start an "auto" animation as soon as they hold its schema. The SwiftUI runtime \
      stores the field and ignores it: an "auto" track on iOS still waits for `trigger(_:)`. Info: the \
      file is right for Compose and React; on iOS the app has to trigger the animation itself. Raise it \
      to a warning in `.inertia-lint.json` if your files ship to iOS apps.
      """,
    nonTriggeringExamples: [
      Example("[\(RuleText.animation(invokeType: "trigger"))]")
    ],
    triggeringExamples: [
      Example(#"[{"id": "card0", "invokeType": ↓"auto", "initialValues": \#(RuleText.pose), "keyframes": []}]"#)
    ],
    reads: .outline)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    for animation in context.outline.animations {
      guard let invokeType = animation.invokeType,
        context.document.isString(invokeType, equalTo: "auto")
      else { continue }
      findings.report(
        "invokeType \"auto\" is ignored by the SwiftUI runtime: on iOS this animation waits for trigger(_:) "
          + "like a \"trigger\" one (Compose and React start it as soon as they hold its schema)",
        at: invokeType)
    }
  }
}
