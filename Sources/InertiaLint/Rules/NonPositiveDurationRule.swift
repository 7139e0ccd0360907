import InertiaFormat

/// `non-positive-duration`: a keyframe duration the runtime rewrites to 1 ms.
struct NonPositiveDurationRule: LintRule {
  static let description = RuleDescription(
    identifier: "non-positive-duration",
    name: "Non-positive keyframe duration",
    severity: .error,
    summary: "A keyframe duration is zero, negative or not finite.",
    rationale: """
      A duration is the time taken to travel from the previous keyframe. Interpolation divides by it, so \
      the runtime rewrites any duration that is zero, negative or not finite to 0.001 s before playing \
      the track: the keyframe becomes an instant jump, and every keyframe after it lands 1 ms later than \
      the file says. A leading keyframe with a duration of exactly 0 is the normal starting pose and is \
      not flagged. Error: the file does not play as written. The fix writes the 0.001 the runtime plays \
      anyway, so playback does not change while the file stops saying otherwise: it is safe, and \
      `inertia-lint --fix` applies it.
      """,
    nonTriggeringExamples: [
      Example("[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "0"), RuleText.keyframe("B", "1.5")]))]"),
      Example("[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "0.25")]))]"),
      Example("[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "0.0"), RuleText.keyframe("B", "2")]))]"),
    ],
    triggeringExamples: [
      Example("[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "0"), RuleText.keyframe("B", "↓0")]))]"),
      Example(
        "[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "↓-1"), RuleText.keyframe("B", "↓-0.5")]))]"),
      Example(
        #"[{"id": "card0", "invokeType": "trigger", "initialValues": \#(RuleText.pose), "keyframes": [], "#
          + #""shapes": [{"id": "S", "animation": "#
          + "\(RuleText.animation(keyframes: [RuleText.keyframe("A", "↓-2")]))}]}]"),
    ],
    corrections: [
      Correction(
        Example(
          #"[{"id": "c", "keyframes": [{"id": "A", "duration": 0}, {"id": "B", "duration": 0}, "#
            + #"{"id": "C", "duration": -3}]}]"#),
        #"[{"id": "c", "keyframes": [{"id": "A", "duration": 0}, {"id": "B", "duration": 0.001}, "#
          + #"{"id": "C", "duration": 0.001}]}]"#)
    ],
    fixSafety: .safe, reads: .outline)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let outline = context.outline
    for track in outline.tracks {
      let keyframes = outline.keyframes(of: track)
      let last = keyframes.last?.index ?? 0
      for keyframe in keyframes {
        let index = keyframe.index
        guard let duration = keyframe.duration, let seconds = keyframe.seconds, !(seconds.isFinite && seconds > 0)
        else { continue }
        if index == 0 && seconds == 0 { continue }
        let consequence =
          index == last
          ? "so the track ends 1 ms later than the file says"
          : "and every later keyframe lands 1 ms later than the file says"
        findings.report(
          "keyframe duration \(RuleText.number(seconds)) is not positive: the runtime plays it as 0.001 s, an "
            + "instant jump, \(consequence)",
          at: duration,
          fix: findings.fix(
            "set the duration to 0.001", .safe, replacing: duration,
            with: .float64(InertiaPlayback.minimumKeyframeDuration)))
      }
    }
  }
}
