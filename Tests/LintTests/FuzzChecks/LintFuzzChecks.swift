// Properties the `lint` fuzz target checks on every input, shared with the test suite, which replays
// every input that ever failed (`Tests/Fuzz/Regressions/lint`). Compiled into both: no test framework.
// The fuzz target compiles `PositionOracle` in with this file; the tests import it from TestSupport.
@testable import InertiaFormat
@testable import InertiaLint

#if canImport(TestSupport)
  import TestSupport
#endif

/// A property that did not hold for an input.
struct LintPropertyViolation: Error, CustomStringConvertible {
  var description: String
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(LintPropertyViolation) {
  if !condition { throw LintPropertyViolation(description: message()) }
}

/// Whether any map in the value has two entries whose keys name the same pointer token.
func hasRepeatedKeys(_ value: MessagePackValue) -> Bool {
  var pending = [value]
  while let next = pending.popLast() {
    switch next {
    case .array(let elements): pending += elements
    case .map(let entries):
      var seen = Set<String>()
      for entry in entries {
        if !seen.insert(entry.key.pointerToken).inserted { return true }
        pending.append(entry.key)
        pending.append(entry.value)
      }
    default: break
    }
  }
  return false
}

enum LintFuzzChecks {
  static let linter: Linter = {
    var linter = Linter()
    linter.makeIdentifier = { "00000000-0000-0000-0000-000000000000" }
    return linter
  }()

  /// Linting arbitrary bytes never crashes, and every finding is well formed: it names a known rule,
  /// a position inside the input, and a pointer that resolves in the document. A document that is
  /// valid MessagePack and fits plain JSON gets the same findings (rules, pointers, messages) when
  /// linted in its JSON form.
  static func lint(_ bytes: [UInt8]) throws(LintPropertyViolation) {
    let findings = linter.lint(bytes, file: "animation.inertia", fileName: "animation.inertia")
    let known = Set(RuleRegistry.identifiers)
    let document = try? PositionOracle.parse(bytes)
    // A pointer names the first of two entries with one key, so with repeated keys a finding inside a
    // later entry has a pointer that leads elsewhere; its offset is what places it then.
    let pointersAreUnique = document.map { !hasRepeatedKeys($0.value) } ?? false
    for finding in findings {
      try require(known.contains(finding.ruleID), "unknown rule \(finding.ruleID)")
      try require(!finding.message.isEmpty, "empty message from \(finding.ruleID)")
      try require(finding.offset >= 0 && finding.offset <= bytes.count, "offset \(finding.offset) outside the input")
      if let document, pointersAreUnique, finding.ruleID != "invalid-file" {
        try require(
          document.node(at: finding.pointer) != nil,
          "\(finding.ruleID) points at \(finding.pointer), which is not in the document")
      }
    }
    guard let document, document.encoding == .messagePack,
      let json = try? Converter.toJSON(messagePack: bytes)
    else { return }
    let jsonFindings = linter.lint(json, file: "animation.inertia", fileName: "animation.inertia")
    // Messages name a nil `null` in JSON input, as JSON spells it. A colour component stored as a float64
    // that no float32 equals is refused in MessagePack, but in the JSON form it is a number that `to-msgpack`
    // writes as a float32: the one finding the two forms differ in by design.
    func summary(_ findings: [Finding]) -> [String] {
      findings.filter { !$0.message.contains("which no float32 equals") }
        .map { "\($0.ruleID) \($0.pointer) \($0.message.replacing("null", with: "nil"))" }.sorted()
    }
    try require(
      summary(findings) == summary(jsonFindings),
      "MessagePack and JSON forms lint differently:\n\(summary(findings))\nvs\n\(summary(jsonFindings))")
  }
}
