import InertiaFormat
import InertiaLint

/// The machine-readable report, version 1:
///
/// ```json
/// {
///   "version": 1,
///   "files": 12,
///   "findings": [
///     {"file": "a.inertia", "rule": "non-positive-duration", "severity": "error", "message": "…",
///      "pointer": "/0/keyframes/1/duration", "line": 3, "column": 14, "fixable": true, "fixed": false}
///   ],
///   "summary": {"errors": 1, "warnings": 0, "infos": 0, "fixed": 0}
/// }
/// ```
///
/// Keys come in this order. A finding in JSON input has `line` and `column` (1-based, columns in
/// Unicode scalars); one in MessagePack input has `offset` (bytes from the start) instead. `fixed` says
/// whether `--fix` fixed the finding (with `--dry-run`, whether it would); a fixed finding is listed
/// so the report says what changed, but is not counted in `errors`, `warnings` or `infos`, which count
/// what remains; `summary.fixed` counts the fixed ones. Both `fixed` keys were added within version 1.
/// New keys may be added within version 1; renaming or removing one makes version 2.
struct JSONReporter: Reporter {
  static let version = 1

  func render(_ report: LintReport) -> String {
    var findings: [MessagePackValue] = []
    findings.reserveCapacity(report.findings.count)
    for finding in report.findings {
      var entries: [MessagePackValue.MapEntry] = [
        .init("file", .string(finding.file)),
        .init("rule", .string(finding.ruleID)),
        .init("severity", .string(finding.severity.rawValue)),
        .init("message", .string(finding.message)),
        .init("pointer", .string(finding.pointer.description)),
      ]
      if let line = finding.line, let column = finding.column {
        entries.append(.init("line", .int(Int64(line))))
        entries.append(.init("column", .int(Int64(column))))
      } else {
        entries.append(.init("offset", .int(Int64(finding.offset))))
      }
      entries.append(.init("fixable", .bool(finding.isFixable)))
      entries.append(.init("fixed", .bool(finding.isFixed)))
      findings.append(.map(entries))
    }
    let document: MessagePackValue = [
      "version": .int(Int64(Self.version)),
      "files": .int(Int64(report.fileCount)),
      "findings": .array(findings),
      "summary": [
        "errors": .int(Int64(report.count(.error))),
        "warnings": .int(Int64(report.count(.warning))),
        "infos": .int(Int64(report.count(.info))),
        "fixed": .int(Int64(report.fixedCount)),
      ],
    ]
    return JSONOutput.pretty(document)
  }
}
