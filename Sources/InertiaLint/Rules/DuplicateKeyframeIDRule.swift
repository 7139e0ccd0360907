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
    fixSafety: .safe, reads: .outline, cost: 15)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let document = context.document
    let outline = context.outline
    // One list for every track, emptied for each.
    var ids = RepeatedStrings(capacity: min(outline.keyframes.count, RepeatedStrings.fewLimit))
    for track in outline.tracks where track.keyframeRange.count > 1 {
      let keyframes = outline.keyframes(of: track)
      ids.removeAll()
      for keyframe in keyframes {
        guard let id = keyframe.id, let hash = document.stringHash(of: id),
          let first = ids.earlier(id, hash: hash, in: document)
        else { continue }
        let firstIndex = keyframes.first { $0.id == first }?.index ?? 0
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
