import InertiaFormat

/// `loop-stretched`: a track longer than the loop, which stretches the loop for every track.
struct LoopStretchedRule: LintRule {
  static let description = RuleDescription(
    identifier: "loop-stretched",
    name: "Track stretches the loop",
    severity: .info,
    summary: "A played track is longer than the loop duration (3 s by default), so every track loops at its length.",
    rationale: """
      The file does not record a loop length. The runtimes loop every track over \
      max(loopDuration, longest track), with loopDuration 3 s unless the editor sends a timeline length \
      or the app sets `inertia.loopDuration` (SwiftUI only). A track longer than that stretches the loop \
      for every track in the container, so shorter tracks hold their final pose for longer than they did \
      in the editor. Set `loopDuration` in `.inertia-lint.json` to the length your app plays at. The \
      track is measured as the runtime plays it, with its 1 ms repairs, and a difference of less than \
      one frame at 60 Hz (16.7 ms), which nobody can see, is not reported: the spec's own 3 s track that \
      starts with a duration of 0 plays 3.001 s and is not flagged, and `--fix` writing out the repair \
      changes nothing here. A keyframe whose values are not finite is not played, nor its duration \
      (`guard keyframe.values.isFinite else { return nil }`, Inertia.swift:2694 of the SwiftUI runtime at \
      e310d13), so it does not count. Info: this is often intended.
      """,
    nonTriggeringExamples: [
      Example("[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "0"), RuleText.keyframe("B", "3")]))]"),
      Example(
        "[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "0"), RuleText.keyframe("B", "5")]))]",
        settings: LintSettings(loopDuration: 5)),
      // The runtimes drop a keyframe whose values are not finite, and its duration with it: this track plays 2 s.
      Example(
        "[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "0"), RuleText.keyframe("B", "2"), RuleText.nonFiniteKeyframe("C", "2")]))]",
        messagePack: true),
    ],
    triggeringExamples: [Example(RuleText.trackMarkedAtKeyframes(["0", "2", "2"]))],
    reads: .outline, cost: 24)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let loop = context.settings.loopDuration
    let loopText = RuleText.seconds(loop)
    // The tracks the loop is measured over are the library's loop rule's (``InertiaLoop``).
    for (track, keyframes, played) in context.playedTracks(longerThan: loop)
    where (track.shapeIndex == nil ? InertiaTrackPlacement.animation : .shape).setsLoop {
      let length = RuleText.seconds(played)
      findings.report(
        """
        \(RuleText.trackName(track, context)) runs \(length), longer than the \(loopText) loop: every track in \
        the container loops every \(length) or more, holding its final pose until then
        """, at: keyframes)
    }
  }
}
