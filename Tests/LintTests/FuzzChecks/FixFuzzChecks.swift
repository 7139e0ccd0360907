// Properties the `fix` fuzz target checks on every input, shared with the test suite, which replays
// every input that ever failed (`Tests/Fuzz/Regressions/fix`). Compiled into both: no test framework.
import Foundation

@testable import InertiaFormat
@testable import InertiaLint

private func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(LintPropertyViolation) {
  if !condition { throw LintPropertyViolation(description: message()) }
}

enum FixFuzzChecks {
  /// A fixer applying every fix, safe and unsafe, with identifiers numbered from 1 for each document.
  static func fixer() -> DocumentFixer {
    var linter = Linter()
    let counter = IndexDispenser()
    linter.makeIdentifier = { String(format: "00000000-0000-4000-8000-%012X", counter.next() + 1) }
    return DocumentFixer(linter: linter, includesUnsafe: true)
  }

  /// Fixing arbitrary bytes never crashes and never fails its own verification (``FixVerification``:
  /// the fixed bytes read back as the original with exactly the replacements made, every other byte
  /// the same); an unreadable input is left as it is; what remains is what linting the fixed bytes
  /// finds; fixing again changes nothing; and a MessagePack document and its JSON form are fixed alike.
  static func fix(_ bytes: [UInt8]) throws(LintPropertyViolation) {
    let result = fixer().fix(bytes, file: "animation.inertia", fileName: "animation.inertia")
    try require(result.failure == nil, "the fixes failed verification: \(result.failure?.description ?? "")")
    guard result.encoding != nil else {
      try require(!result.isChanged, "an unreadable input was changed")
      return
    }
    guard result.isChanged else {
      try require(result.fixed == bytes, "an unchanged result differs from the input")
      return
    }
    let relinted = fixer().linter.lint(result.fixed, file: "animation.inertia", fileName: "animation.inertia")
    func summary(_ findings: [Finding]) -> [String] {
      findings.map { "\($0.ruleID) \($0.pointer) \($0.offset) \($0.message)" }.sorted()
    }
    try require(
      summary(relinted) == summary(result.remainingFindings),
      "the remaining findings are not what the fixed bytes lint to")
    if result.rounds.count < DocumentFixer.maximumRounds {
      let again = fixer().fix(result.fixed, file: "animation.inertia", fileName: "animation.inertia")
      try require(!again.isChanged, "fixing again changed \(again.fixedFindings.map { "\($0.ruleID) \($0.pointer)" })")
    }
    // The JSON form of a MessagePack document is fixed to the JSON form of its fixed self.
    guard result.encoding == .messagePack, let json = try? Converter.toJSON(messagePack: bytes),
      let fixedJSON = try? Converter.toJSON(messagePack: result.fixed)
    else { return }
    let jsonResult = fixer().fix(json, file: "animation.inertia", fileName: "animation.inertia")
    try require(
      jsonResult.failure == nil, "the JSON form failed verification: \(jsonResult.failure?.description ?? "")")
    let expected = try? JSONReader().read(fixedJSON)
    let actual = try? JSONReader().read(jsonResult.fixed)
    try require(expected != nil && expected == actual, "the JSON form was fixed differently from the MessagePack")
  }
}
