import InertiaFormat

/// `track-beyond-editor-range`: a track longer than the editor's timeline can be.
struct TrackBeyondEditorRangeRule: LintRule {
  static let description = RuleDescription(
    identifier: "track-beyond-editor-range",
    name: "Track beyond the editor's range",
    severity: .warning,
    summary: "A played track runs longer than 60 s, the longest timeline the editor holds.",
    rationale: """
      The editor clamps its timeline to 0.1...60 s (`InertiaPlayback.loopDurationRange`). A track that \
      runs longer still plays, stretching the loop past anything the editor can show, but it cannot be \
      seen or edited in full there. The track is measured as the runtime plays it, with its 1 ms repairs, \
      and less than one frame at 60 Hz past the limit is not reported. Warning: the file plays, but can \
      no longer be authored.
      """,
    nonTriggeringExamples: [
      Example("[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "0"), RuleText.keyframe("B", "60")]))]")
    ],
    triggeringExamples: [Example(RuleText.trackMarkedAtKeyframes(["0", "45", "30"]))],
    reads: .outline, cost: 0)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let limit = InertiaPlayback.loopDurationRange.upperBound
    for (track, keyframes, length) in context.playedTracks(longerThan: limit) {
      findings.report(
        "\(RuleText.trackName(track, context)) runs \(RuleText.seconds(length)), beyond the "
          + "editor's 60 s timeline: it plays, but the editor cannot show or edit all of it",
        at: keyframes)
    }
  }
}
