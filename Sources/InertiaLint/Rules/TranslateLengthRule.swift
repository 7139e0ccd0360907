import InertiaFormat

/// `translate-length`: a `translate` of fewer than two numbers, which crashes the SwiftUI runtime as it decodes it.
struct TranslateLengthRule: LintRule {
  static let description = RuleDescription(
    identifier: "translate-length",
    name: "translate with fewer than two numbers",
    severity: .error,
    summary: "A `translate` has fewer than two numbers, which crashes the SwiftUI runtime as it decodes the file.",
    rationale: """
      The spec writes `translate` as two numbers, `[x, y]` (`"translate": [0, 0]` in its examples; the \
      SwiftUI page's `translate: CGSize`), and does not say what fewer do. The SwiftUI runtime decodes the \
      array and reads its first two elements by index (`translate = CGSize(width: translateArray[0], \
      height: translateArray[1])`, Inertia.swift:2787-2788 at e310d13), so an array of 0 or 1 numbers is \
      an index out of range: a crash, not a decoding error, in `initialValues`, a keyframe's `values`, a \
      shape's `transforms` and a shape's own track alike. A `dev: false` container crashes at launch, and \
      the editor's live connection decodes schemas with the same code (InertiaWebSocketClient.swift:364), \
      so it crashes in editor mode too. The other runtimes do not crash: Compose counts such a pose as not \
      finite, dropping the keyframe, or playing the identity pose in place of `initialValues` \
      (Library.kt:1986-1992), and so does React's shared player (inertia-base, as far as its stored \
      snapshot, older than React's HEAD, shows). A third number and more are read by no runtime, and are \
      not reported. Error: the app crashes. No fix: which number is missing is a guess.
      """,
    nonTriggeringExamples: [
      Example("[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "1")]))]"),
      Example(
        #"[{"id": "c", "initialValues": {"scale": 1, "translate": [0, 0, 5], "rotate": 0, "rotateCenter": 0, "#
          + #""opacity": 1}, "keyframes": []}]"#),
    ],
    triggeringExamples: [
      Example(
        #"[{"id": "c", "initialValues": {"scale": 1, "translate": ↓[0], "rotate": 0, "rotateCenter": 0, "#
          + #""opacity": 1}, "keyframes": [], "shapes": [{"id": "S", "transforms": {"scale": 1, "translate": ↓[], "#
          + #""rotate": 0, "rotateCenter": 0, "opacity": 1}}]}]"#)
    ],
    reads: .schemaWalk, cost: 0, findsUndecodableFiles: true
  ).reporting(.translateLength)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    findings.forEachEvent(.translateLength, in: context.schemaEvents) { findings, event in
      guard case .mismatch(let node, let place, _, let message) = event else { return }
      findings.report(
        "\(place): \(message); the SwiftUI runtime reads its first two numbers by index and crashes as it decodes "
          + "the file (Inertia.swift:2788 at e310d13), at launch and in editor mode. Compose and React skip the "
          + "pose instead (a keyframe is dropped; `initialValues` are the identity pose)",
        at: node)
    }
  }
}
