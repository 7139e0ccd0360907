import InertiaFormat

/// `integer-field`: a `zIndex` that is not a MessagePack integer, which the SwiftUI runtime's decoder refuses.
struct IntegerFieldRule: LintRule {
  static let description = RuleDescription(
    identifier: "integer-field",
    name: "Integer field not an integer",
    severity: .error,
    summary: "A `zIndex` is a float (even `2.0`) or an integer too large for an `Int`, which SwiftUI cannot decode.",
    rationale: """
      The spec gives `zIndex` the type int. The SwiftUI runtime decodes it as a Swift `Int` \
      (`decodeIfPresent(Int.self, forKey: .zIndex)`, InertiaShapes.swift:350 at e310d13), and its decoder, \
      msgpack-swift 2.0.6, makes an integer only of a MessagePack integer \
      (BinaryInteger+FromDecodedMessagePackValue.swift:185-208): a float fails, even `2.0`, and so does an \
      integer beyond `Int64.max`. The decode fails, `decodeInertiaSchemas` returns nil and a `dev: false` \
      InertiaContainer calls `fatalError()` (Inertia.swift:1020-1023). The spec and the code agree on the \
      type; the spec does not say that a whole float is refused. The other runtimes read it: Compose's \
      decoder turns any number into an `Int`, truncating (inertia-compose at ffa3007 decodes with \
      `MsgPackConfiguration(ignoreUnknownKeys = true)`, Library.kt:1041, so kotlinx-serialization-msgpack \
      0.6.0 keeps its default `strictTypes = false`, and `unpackInt` reads a float as \
      `unpackNumber(…).toInt()`, internal/MsgUnpacker.kt:150-158), and React reads a JavaScript number. JSON \
      writes `2.0` for a float, and `inertia-convert to-msgpack` keeps it one. Error: the app crashes at \
      launch. Where the float is a whole number, the fix writes that integer, in the signed format the \
      editor writes a `zIndex` in (2 is `02`, 200 is `d1 00 c8`): every runtime reads the same number as \
      before, and SwiftUI plays the file instead of crashing, so it is safe and `inertia-lint --fix` \
      applies it. A fraction has no fix: which integer was meant is a guess.
      """,
    nonTriggeringExamples: [
      Example(#"[{"id": "c", "shapes": [{"id": "S", "zIndex": 2}, {"id": "T", "zIndex": -3}]}]"#),
      Example(#"[{"id": "c", "shapes": [{"id": "S", "zIndex": {"$int16": 200}}]}]"#, messagePack: true),
    ],
    triggeringExamples: [
      Example(#"[{"id": "c", "shapes": [{"id": "S", "zIndex": ↓2.0}, {"id": "T", "zIndex": ↓0.5}]}]"#),
      Example(
        #"[{"id": "c", "shapes": [{"id": "S", "shapes": [{"id": "T", "zIndex": ↓18446744073709551615}]}]}]"#),
      Example(#"[{"id": "c", "shapes": [{"id": "S", "zIndex": ↓{"$float32": 200}}]}]"#, messagePack: true),
    ],
    corrections: [
      Correction(
        Example(#"[{"id": "c", "shapes": [{"id": "S", "zIndex": 2.0}, {"id": "T", "zIndex": -3.0}]}]"#),
        #"[{"id": "c", "shapes": [{"id": "S", "zIndex": 2}, {"id": "T", "zIndex": -3}]}]"#)
    ],
    fixSafety: .safe, reads: .schemaWalk, cost: 0, findsUndecodableFiles: true
  ).reporting(.integerField)

  static func check(_ context: LintContext, _ findings: inout FindingSink) {
    findings.forEachEvent(.integerField, in: context.schemaEvents) { findings, event in
      guard case .refusedNumber(let node, let place, let problem, let message) = event else { return }
      let value = context.document.double(of: node)
      var fix: Fix?
      var others = "Compose and React read other numbers in its place"
      if problem == .floatForInteger, let value {
        // Compose reads a Kotlin `Int` (32 bits) of it, `toInt()`: truncated, and held at the ends of its range.
        let compose =
          value.isFinite && value.magnitude < 0x1p31
          ? "Compose reads it truncated, as \(RuleText.number(value.rounded(.towardZero)))"
          : "Compose reads another integer in its place"
        others = "\(compose), and React reads it as the number \(RuleText.number(value))"
        if let integer = Int64(exactly: value) {
          fix = findings.fix(
            "write the integer \(integer)", .safe, replacing: node, withNumber: Double(integer), as: .int)
        }
      }
      findings.report(
        "\(place): \(message); \(RuleText.swiftUITrap): its decoder makes an Int only of a MessagePack integer. "
          + others,
        at: node, fix: fix)
    }
  }
}
