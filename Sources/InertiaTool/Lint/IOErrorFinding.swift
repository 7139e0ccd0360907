import InertiaFormat
import InertiaLint

/// `io-error`: a path that could not be linted at all: it does not exist, or it could not be opened or
/// read. Like Ruff's E902, it is reported as a finding, so a JSON or SARIF report stays whole and names
/// it, and the rest of the run goes on; the run then exits 2, whatever the severities.
enum IOErrorFinding {
  static let ruleID = "io-error"

  /// What `--list-rules`, `--explain` and SARIF say of it.
  static let description = RuleDescription(
    identifier: ruleID, name: "I/O error", severity: .error,
    summary: "A path that does not exist, or a file or folder that could not be opened or read.",
    rationale: """
      A file that cannot be read cannot be checked, so the run reports it rather than passing over it: a \
      misspelt path or a folder without permission must not turn CI green. The message gives the system's \
      reason. The other files are still linted, and the run exits 2 (an I/O error), whatever the \
      configuration says of severities.
      """,
    nonTriggeringExamples: [], triggeringExamples: [])

  /// The finding for `path`, which could not be read for `reason`.
  static func finding(path: String, reason: String) -> Finding {
    var finding = Finding(
      file: path, ruleID: ruleID, severity: .error, message: "cannot read: \(reason)", pointer: .root, offset: 0)
    finding.hasPosition = false
    return finding
  }
}
