import InertiaFormat

/// `duplicate-keyframe-id`: two keyframes of one track share an id.
struct DuplicateKeyframeIDRule: LintRule {
  static let description = RuleDescription(
    identifier: "duplicate-keyframe-id",
    name: "Duplicate keyframe id",
    severity: .error,
    summary: "Two keyframes of one track share an id.",
    rationale: """
      A keyframe's id is unique within its track, and the editor writes a UUID for each keyframe; a \
      repeated id makes two keyframes one to the editor and to any runtime that finds keyframes by id. Reported at each later keyframe with an id already used in the \
      same track (tracks written on shapes included). Error: the file breaks a rule of the format. The \
      fix gives the later keyframe a fresh uppercase UUID; nothing outside the file refers to keyframe \
      ids, so it is safe.
      """,
    nonTriggeringExamples: [
      Example("[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "0"), RuleText.keyframe("B", "1")]))]"),
      Example(
        "[\(RuleText.animation("one", keyframes: [RuleText.keyframe("A", "0")])), "
          + "\(RuleText.animation("two", keyframes: [RuleText.keyframe("A", "0")]))]"),
    ],
    triggeringExamples: [
      Example(
        "[\(RuleText.animation(keyframes: [RuleText.keyframe("A", "0"), RuleText.keyframe("B", "1"), #"{"id": ↓"A", "duration": 1, "values": \#(RuleText.pose)}"#]))]"
      ),
      Example(
        #"[{"id": "c", "keyframes": [{"id": "X", "duration": 0}, {"id": ↓"X", "duration": 1}, "#
          + #"{"id": ↓"X", "duration": 1}]}]"#),
    ],
    corrections: [
      Correction(
        Example(#"[{"id": "c", "keyframes": [{"id": "X", "duration": 0}, {"id": "X", "duration": 1}]}]"#),
        #"[{"id": "c", "keyframes": [{"id": "X", "duration": 0}, "#
          + #"{"id": "00000000-0000-4000-8000-000000000001", "duration": 1}]}]"#)
    ])

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let document = context.document
    for track in context.outline.tracks where track.keyframes.count > 1 {
      // Ids by the hash of their bytes, so that no id is decoded unless it repeats.
      var byHash: [Int: [(index: Int, id: Located)]] = [:]
      byHash.reserveCapacity(track.keyframes.count)
      for (index, keyframe) in track.keyframes.enumerated() {
        guard let id = document.field("id", of: keyframe),
          let hash = document.indexed.withUTF8(of: id.node, { bytes -> Int in
            var hasher = Hasher()
            hasher.combine(bytes: bytes)
            return hasher.finalize()
          })
        else { continue }
        let earlier = byHash[hash, default: []]
        let first = earlier.first { candidate in
          document.indexed.withUTF8(of: candidate.id.node) { document.indexed.isString(id.node, equalTo: $0) } ?? false
        }
        if let first, let text = document.string(of: id) {
          findings.report(
            "keyframe id '\(text)' is already used by keyframe \(first.index) of this track: ids must be unique "
              + "within a track, and the editor and any runtime that finds keyframes by id take the two for one",
            at: id,
            fix: findings.fix("give the keyframe a fresh id", .safe, replacing: id, with: .string(context.makeIdentifier())))
        } else {
          byHash[hash, default: []].append((index, id))
        }
      }
    }
  }
}
