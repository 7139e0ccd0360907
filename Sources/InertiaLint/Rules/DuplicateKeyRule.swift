import InertiaFormat

/// `duplicate-key`: a map with the same key twice, which the SwiftUI runtime's decoder refuses in a map it reads.
struct DuplicateKeyRule: LintRule {
  static let description = RuleDescription(
    identifier: "duplicate-key",
    name: "Repeated key",
    severity: .error,
    summary: "A map has the same key twice, which SwiftUI cannot decode in a map it reads.",
    rationale: """
      The spec does not speak of repeated keys, and the editor never writes one (it keeps each map in a \
      Swift `Dictionary`). The SwiftUI runtime's decoder, msgpack-swift 2.0.6, notes `duplicateMapKey` \
      as it builds a map (Decoder Implementation/DecodedMessagePackValue+FromBytes.swift:363-373) and \
      throws it when the runtime reads that map (DecodedMessagePackValue+Validation.swift:24-31), so a \
      repeated key in any map the runtime reads, a key it ignores included, fails the decode, and a \
      `dev: false` InertiaContainer calls `fatalError()` at launch (Inertia.swift:1020-1023 at e310d13). \
      Compose's decoder and React's `@msgpack/msgpack` read the file and keep the last value. Error: the \
      app crashes. A repeat inside a value no runtime reads (an unknown field's) decodes everywhere, and \
      is reported as a warning: the file plays, but tools that read the whole file disagree on which value \
      the key holds. Where every occurrence of a key holds the same value, the fix drops the later ones and \
      keeps every other byte: each runtime reads what it read before (and SwiftUI the file instead of \
      crashing), so it is safe and `inertia-lint --fix` applies it. Where the values differ there is no \
      fix: which one was meant is a guess.
      """,
    nonTriggeringExamples: [
      Example(#"[{"id": "c", "x-note": {"a": 1, "b": 2}, "keyframes": []}]"#)
    ],
    triggeringExamples: [
      Example(#"[{"id": "c", ↓"id": "d", "keyframes": [{"id": "K", "duration": 1, ↓"duration": 2}]}]"#),
      Example(#"[{"id": "c", "x-note": {"a": 1, ↓"a": 2}, ↓"x-note": 3}]"#),
      Example(#"[{"id": "c", "keyframes": [], ↓"keyframes": []}]"#),
    ],
    corrections: [
      Correction(
        Example(#"[{"id": "c", "keyframes": [], "id": "c", "x": {"a": 1, "a": 2}, "x": {"a": 1, "a": 2}}]"#),
        #"[{"id": "c", "keyframes": [], "x": {"a": 1, "a": 2}}]"#)
    ],
    fixSafety: .safe, reads: .schemaWalk, cost: 0, findsUndecodableFiles: true
  ).reporting(.duplicateKey, .ignoredDuplicateKey)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    let walked = context.schemaEvents
    defer {
      findings.countUnkept(walked, .duplicateKey)
      findings.countUnkept(walked, .ignoredDuplicateKey)
    }
    let document = context.document
    // The later entries of each repeated key, by map and first entry.
    var repeats: [IndexedDocument.Node: [Int: [Int]]] = [:]
    for case .duplicateKey(let entry, let first, let map, _) in walked.list {
      repeats[map, default: [:]][first, default: []].append(entry.position)
    }
    // The fix of each map: the later entries of every key whose occurrences all hold the same value, dropped.
    // Every finding in the map offers this one fix, which is applied once for all of them.
    var fixes: [IndexedDocument.Node: Fix?] = [:]
    func fix(for map: IndexedDocument.Node) -> Fix? {
      if let made = fixes[map] { return made }
      let entries = document.entries(of: map)
      var dropped: Set<Int> = []
      for (first, later) in repeats[map] ?? [:] where first < entries.count && later.allSatisfy({ $0 < entries.count })
      {
        let value = document.value(of: entries[first].value)
        if later.allSatisfy({ document.value(of: entries[$0].value) == value }) { dropped.formUnion(later) }
      }
      let made =
        dropped.isEmpty
        ? nil : findings.fix("drop the repeats holding the same value", .safe, dropping: dropped, from: map)
      fixes[map] = made
      return made
    }
    for (event, sort) in zip(walked.list, walked.sorts) where sort == .duplicateKey || sort == .ignoredDuplicateKey {
      guard case .duplicateKey(let entry, let first, let map, _) = event else { continue }
      let entries = document.entries(of: map)
      // The walk's places and the index's can disagree when a mapped input changes while it is linted
      // (a map the walk met now reads as something else, with no entries): such an event is passed over.
      // The tool reports the change and uses nothing of the lint (ChangingInputTests.betweenWalkAndRules).
      guard first < entries.count, entry.position < entries.count else { continue }
      let same = document.value(of: entries[first].value) == document.value(of: entries[entry.position].value)
      let fix = same ? fix(for: map) : nil
      let key =
        context.document.string(of: entry.key).map { "\"\($0)\"" }
        ?? context.document.kind(of: entry.key).description
      let repeated = "key \(key) appears again in this map (first as entry \(first))"
      if sort == .ignoredDuplicateKey {
        findings.report(
          "\(repeated), inside a value no runtime reads: the file plays, but tools that read the whole file "
            + "disagree on which value the key holds",
          at: entry.key, severity: .warning, fix: fix)
      } else {
        findings.report(
          "\(repeated): \(RuleText.swiftUITrap), since its decoder refuses a map with a repeated key; "
            + "Compose and React keep the last value",
          at: entry.key, fix: fix)
      }
    }
  }
}
