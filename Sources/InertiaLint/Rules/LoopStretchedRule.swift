import InertiaFormat

/// `loop-stretched`: a track longer than the loop, which stretches the loop for every track.
struct LoopStretchedRule: LintRule {
  static let description = RuleDescription(
    identifier: "loop-stretched",
    name: "Track stretches the loop",
    severity: .info,
    summary:
      "A played track is longer than the loop duration (the file's own, 3 s by default), so every track loops at its length.",
    rationale: """
      The runtimes loop every track over max(loopDuration, longest track) (the spec's Looping). The spec \
      says loopDuration starts at 3 s and changes when the editor sends a timeline length or the app sets \
      `inertia.loopDuration` (SwiftUI only); the code also seeds it from the file: the editor writes its \
      timeline's length as `loopDuration` on every animation, and a container starts from the largest of \
      them, clamped to 0.1...60 s, an animation without one counting as 3 s (Inertia.swift:401-403 and \
      950-954 of the SwiftUI runtime at e310d13; Compose does the same; React's shared player, as far as \
      its stored older snapshot shows, skips an animation without one). The longest track is measured \
      over the file's animations only (Inertia.swift:2764-2770): a shape's own track neither sets nor stretches the loop. A track longer \
      than the loop duration stretches the loop for every track in the container, so shorter tracks hold \
      their final pose for longer than they did in the editor. Where the app sets its own, set \
      `loopDuration` in `.inertia-lint.json` to it; it is then taken as given, as the runtime takes it. The \
      track is measured as the runtime plays it, with its 1 ms repairs, and a difference of less than one \
      frame at 60 Hz (16.7 ms), which nobody can see, is not reported: the spec's own 3 s track that starts \
      with a duration of 0 plays 3.001 s and is not flagged, and `--fix` writing out the repair changes \
      nothing here. A keyframe whose values are not finite is not played, nor its duration (`guard \
      keyframe.values.isFinite else { return nil }`, Inertia.swift:2694), so it does not count. Info: this \
      is often intended.
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
      // The editor writes its timeline's length on the animation: a 6 s track on a 6 s timeline fills the loop.
      Example(
        #"[{"id": "card0", "invokeType": "trigger", "loopDuration": 6, "initialValues": \#(RuleText.pose), "#
          + #""keyframes": [\#(RuleText.keyframe("A", "0")), \#(RuleText.keyframe("B", "6"))]}]"#),
    ],
    triggeringExamples: [
      Example(RuleText.trackMarkedAtKeyframes(["0", "2", "2"])),
      // The app's loop duration is taken as given, over the file's own.
      Example(
        #"[{"id": "card0", "invokeType": "trigger", "loopDuration": 6, "initialValues": \#(RuleText.pose), "#
          + #""keyframes": ↓[\#(RuleText.keyframe("A", "0")), \#(RuleText.keyframe("B", "6"))]}]"#,
        settings: LintSettings(loopDuration: 3)),
    ],
    reads: .outline, cost: 24)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    // The loop duration the container starts from: the app's, or the file's own (as ``InertiaLoop`` takes it).
    let loop =
      context.settings.loopDuration
      ?? InertiaPlayback.loopDuration(written: context.outline.animations.map(\.loopDuration))
    // The tracks the loop is measured over are the library's loop rule's (``InertiaLoop``).
    for (track, keyframes, played) in context.playedTracks(longerThan: loop)
    where (track.shapeIndex == nil ? InertiaTrackPlacement.animation : .shape).setsLoop {
      let length = RuleText.seconds(played)
      findings.report(
        """
        \(RuleText.trackName(track, context)) runs \(length), longer than the \(RuleText.seconds(loop)) loop: \
        every track in the container loops every \(length) or more, holding its final pose until then
        """, at: keyframes)
    }
  }
}
