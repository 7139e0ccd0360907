import InertiaFormat

/// `duplicate-keyframe-id`: two keyframes of one track share an id.
struct DuplicateKeyframeIDRule: LintRule {
  /// A keyframe repeating the id `A`, marked.
  private static let repeated = #"{"id": ↓"A", "duration": 1, "values": \#(RuleText.pose)}"#

  static let description = RuleDescription(
    identifier: "duplicate-keyframe-id",
    name: "Duplicate keyframe id",
    severity: .error,
    summary: "Two keyframes of one track share an id.",
    rationale: """
      A keyframe's id is unique within its track, and the editor writes a UUID for each keyframe; a \
      repeated id makes two keyframes one to the editor and to any runtime that finds keyframes by id. \
      Reported at each later keyframe with an id already used in the same track (tracks written on \
      shapes included). Error: the file breaks a rule of the format. The fix gives each later keyframe \
      a fresh uppercase UUID, as the editor writes them; the first keeps its id, and nothing outside the \
      file refers to keyframe ids, so it is safe, and `inertia-lint --fix` applies it.
      """,
    nonTriggeringExamples: [
      Example("[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "0"), RuleText.keyframe("B", "1")]))]"),
      Example(
        "[\(RuleText.animation("one", keyframes: [RuleText.keyframe("A", "0")])), "
          + "\(RuleText.animation("two", keyframes: [RuleText.keyframe("A", "0")]))]"),
    ],
    triggeringExamples: [
      Example(
        "[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "0"), RuleText.keyframe("B", "1"), repeated]))]"),
      Example(
        #"[{"id": "c", "keyframes": [{"id": "X", "duration": 0}, {"id": ↓"X", "duration": 1}, "#
          + #"{"id": ↓"X", "duration": 1}]}]"#),
    ],
    corrections: [
      Correction(
        Example(#"[{"id": "c", "keyframes": [{"id": "X", "duration": 0}, {"id": "X", "duration": 1}]}]"#),
        #"[{"id": "c", "keyframes": [{"id": "X", "duration": 0}, "#
          + #"{"id": "00000000-0000-4000-8000-000000000001", "duration": 1}]}]"#)
    ],
    fixSafety: .safe)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let document = context.document
    let outline = context.outline
    // The outline's arrays read once, and a track's keyframes by position in them: a slice of them for
    // each track (`outline.keyframes(of:)`) retained and released the array for every track of every file.
    let (tracks, allKeyframes) = (outline.tracks, outline.keyframes)
    // One list for every track, emptied for each: a list of its own allocated and freed for each track
    // took longer than finding its repeats.
    var ids = RepeatedStrings(capacity: min(allKeyframes.count, RepeatedStrings.fewLimit))
    for trackIndex in tracks.indices where tracks[trackIndex].keyframeRange.count > 1 {
      let range = tracks[trackIndex].keyframeRange
      ids.removeAll()
      for position in range {
        guard let id = allKeyframes[position].id, let hash = document.stringHash(of: id),
          let first = ids.earlier(id, hash: hash, in: document)
        else { continue }
        let firstIndex = allKeyframes[range].first { $0.id == first }?.index ?? 0
        findings.report(
          "keyframe id '\(document.string(of: id) ?? "")' is already used by keyframe \(firstIndex) of this track: ids "
            + "must be unique within a track, and the editor and any runtime that finds keyframes by id take the two "
            + "for one",
          at: id,
          fix: findings.fix(
            "give the keyframe a fresh id", .safe, replacing: id, with: .string(context.makeIdentifier())))
      }
    }
  }
}
