import InertiaFormat
import InertiaLint

/// The machine-readable report, version 1:
///
/// ```json
/// {
///   "version": 1,
///   "findings": [
///     {"file": "a.inertia", "rule": "RULE", "severity": "error", "message": "…",
///      "pointer": "/0/keyframes/1/duration", "line": 3, "column": 14, "fixable": true, "fixed": false}
///   ],
///   "files": 12,
///   "summary": {"errors": 1, "warnings": 0, "infos": 0, "fixed": 0}
/// }
/// ```
///
/// Keys come in this order; the report is written as the run goes, file by file, so `files` follows the
/// findings. A finding in JSON input has `line` and `column` (1-based, columns in Unicode scalars); one in
/// MessagePack input has `offset` (bytes from the start) instead; one about a file that could not be read
/// (`io-error`) has neither. A finding of an app rule in an app source has the source's `line` and
/// `column` and the pointer `""` (a source is no document); they follow the animation files' findings.
/// A run that read app sources adds `appSources`, `uncheckedIds` (uses whose id is not a literal) and
/// `unreadableSources` to `summary`; `files` counts animation files only. `fixed` says whether `--fix` fixed the finding (with `--dry-run`, whether it
/// would); a fixed finding is listed so the report says what changed, but is not counted in `errors`,
/// `warnings` or `infos`, which count what remains; `summary.fixed` counts the fixed ones. A finding that
/// stands for more of its rule in its file (past `--max-findings`) has `omitted`, how many more. A file
/// name that is not valid UTF-8 is given percent-encoded, with `"fileEncoding": "percent"`. A run stopped
/// by a usage, configuration or I/O error still writes a whole report, with an `errors` list.
/// With `--statistics`, `statistics` replaces `findings`: a row per rule and severity the findings have,
/// most first, with the rule's id, the severity, the count, and `fixable`, how many of them `--fix` fixes
/// (those with a safe fix).
/// New keys may be added within version 1; renaming or removing one makes version 2.
struct JSONReporter: Reporter, FileRenderer {
  static let version = 1
  var style = ReportStyle()
  private var wroteFinding = false

  init(style: ReportStyle = ReportStyle()) {
    self.style = style
  }

  func head() -> String {
    style.statistics ? "{\n  \"version\": \(Self.version)" : "{\n  \"version\": \(Self.version),\n  \"findings\": ["
  }

  /// The file's findings, each after a comma but the first: ``join(_:)`` gives the first its comma when
  /// findings came before.
  func render(_ findings: [Finding], _ file: ReportedFile) -> RenderedPart {
    guard !style.statistics, !findings.isEmpty else { return RenderedPart() }
    var text = ""
    for (index, finding) in findings.enumerated() {
      text += (index == 0 ? "\n    " : ",\n    ") + JSONOutput.nested(Self.object(finding), depth: 2)
    }
    return RenderedPart(text: text, hasItems: true)
  }

  mutating func join(_ part: RenderedPart) -> String {
    guard part.hasItems else { return part.text }
    defer { wroteFinding = true }
    return wroteFinding ? "," + part.text : part.text
  }

  func tail(_ report: LintReport, errors: [String]) -> String {
    var text: String
    if style.statistics {
      // The severity the findings have, which a configuration sets, not the rule's own.
      let statistics: [MessagePackValue] = report.statistics.map { row in
        [
          "rule": .string(row.rule), "severity": .string(row.severity.rawValue), "count": .int(Int64(row.count)),
          "fixable": .int(Int64(row.fixable)),
        ]
      }
      text = ",\n  \"statistics\": " + JSONOutput.nested(.array(statistics), depth: 1)
    } else {
      text = wroteFinding ? "\n  ]" : "]"
    }
    text += ",\n  \"files\": \(report.fileCount),\n  \"summary\": "
    var summary: [MessagePackValue.MapEntry] = [
      .init("errors", .int(Int64(report.count(.error)))),
      .init("warnings", .int(Int64(report.count(.warning)))),
      .init("infos", .int(Int64(report.count(.info)))),
      .init("fixed", .int(Int64(report.fixedCount))),
      .init("suppressed", .int(Int64(report.suppressedCount))),
    ]
    if let appCode = report.appCode {
      summary += [
        .init("appSources", .int(Int64(appCode.sources))),
        .init("uncheckedIds", .int(Int64(appCode.uncheckedIDs))),
        .init("unreadableSources", .int(Int64(appCode.unreadableSources))),
      ]
    }
    text += JSONOutput.nested(.map(summary), depth: 1)
    if !errors.isEmpty {
      text += ",\n  \"errors\": " + JSONOutput.nested(.array(errors.map { .string($0) }), depth: 1)
    }
    return text + "\n}\n"
  }

  /// One finding's object.
  static func object(_ finding: Finding) -> MessagePackValue {
    var entries: [MessagePackValue.MapEntry] = [.init("file", .string(finding.reportedFile))]
    if finding.reportedFileIsPercentEncoded { entries.append(.init("fileEncoding", "percent")) }
    entries += [
      .init("rule", .string(finding.ruleID)),
      .init("severity", .string(finding.severity.rawValue)),
      .init("message", .string(finding.message)),
      .init("pointer", .string(finding.pointer.description)),
    ]
    if !finding.hasPosition {
      // A file that could not be read has no place to point at.
    } else if let line = finding.line, let column = finding.column {
      entries.append(.init("line", .int(Int64(line))))
      entries.append(.init("column", .int(Int64(column))))
    } else {
      entries.append(.init("offset", .int(Int64(finding.offset))))
    }
    if finding.omittedCount > 0 { entries.append(.init("omitted", .int(Int64(finding.omittedCount)))) }
    entries.append(.init("fixable", .bool(finding.isFixable)))
    entries.append(.init("fixed", .bool(finding.isFixed)))
    return .map(entries)
  }
}
