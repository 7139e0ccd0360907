import InertiaFormat
import InertiaLint

/// The default output: one line per finding, then a summary.
///
/// Each finding is one line:
///
///     FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE] at POINTER      (JSON input)
///     FILE: offset OFFSET: SEVERITY: MESSAGE [RULE] at POINTER   (MessagePack input)
///     FILE: SEVERITY: MESSAGE [RULE]                             (a file that could not be read)
///
/// where ` at POINTER` is left out for the document itself (the empty pointer). The summary line reads
/// `3 errors, 1 warning and 0 infos in 12 files.`. Colour is used only when asked for (on a terminal
/// without `NO_COLOR`, by default). Everything taken from a file or its name has its control characters
/// escaped (see ``TextEscaping``), so no line can be forged and no terminal driven.
///
/// After `--fix`, each file with fixes gets one line before its remaining findings, and the summary says
/// how many problems were fixed:
///
///     FILE: fixed 3 problems (2 non-positive-duration, 1 duplicate-keyframe-id)
///     3 errors, 0 warnings and 0 infos in 12 files; fixed 3 problems in 1 file.
///
/// With `--statistics`, the findings give way to a count per rule, most first.
struct TextReporter: Reporter {
  var style = ReportStyle()
  var dryRun = false

  func head() -> String { "" }

  func file(_ findings: [Finding], _ file: ReportedFile) -> String {
    guard !style.statistics else { return "" }
    var text = ""
    // Room for the usual lines at once, rather than growing the string as each piece is added.
    text.reserveCapacity(findings.count * 256)
    if findings.contains(where: \.isFixed) {
      text += fixedLine(file: file.path, findings[...], dryRun: dryRun)
      text += "\n"
    }
    for finding in findings where !finding.isFixed {
      append(finding, to: &text)
      text += "\n"
    }
    return text
  }

  func tail(_ report: LintReport, errors: [String]) -> String {
    var text = ""
    if style.statistics {
      let severities = Dictionary(report.rules.map { ($0.description.identifier, $0.severity) }) { a, _ in a }
      let rows = report.countsByRule.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
      let countWidth = rows.map { String($0.value).count }.max() ?? 0
      let ruleWidth = rows.map(\.key.count).max() ?? 0
      for (rule, count) in rows {
        let number = String(count)
        text += String(repeating: " ", count: countWidth - number.count) + number + "  "
        text += rule.padding(to: ruleWidth) + "  " + (severities[rule]?.rawValue ?? "error") + "\n"
      }
    }
    if !style.quiet { text += paint(report.summary + ".", report.fails ? "1" : "2") + "\n" }
    return text
  }

  /// `FILE: fixed 3 problems (2 non-positive-duration, 1 duplicate-keyframe-id)`: the rules by how many
  /// problems each fixed, most first.
  func fixedLine(file: String, _ findings: ArraySlice<Finding>, dryRun: Bool) -> String {
    var byRule: [String: Int] = [:]
    for finding in findings where finding.isFixed { byRule[finding.ruleID, default: 0] += 1 }
    let total = byRule.values.reduce(0, +)
    let rules = byRule.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) \($0.key)" }
    return paint(TextEscaping.line(file), "1") + ": " + paint(dryRun ? "would fix" : "fixed", "1;32")
      + " \(counted(total, "problem")) (\(rules.joined(separator: ", ")))"
  }

  /// The one line for a finding.
  func line(_ finding: Finding) -> String {
    var text = ""
    append(finding, to: &text)
    return text
  }

  /// Appends the line for a finding to `text`, piece by piece (reports can run to many thousands of lines).
  func append(_ finding: Finding, to text: inout String) {
    paint(TextEscaping.line(finding.file), "1", into: &text)
    if !finding.hasPosition {
      text += ": "
    } else if let line = finding.line, let column = finding.column {
      text += ":"
      text += String(line)
      text += ":"
      text += String(column)
      text += ": "
    } else {
      text += ": offset "
      text += String(finding.offset)
      text += ": "
    }
    paint(finding.severity.rawValue, Self.colorCode(finding.severity), into: &text)
    text += ": "
    text += TextEscaping.line(finding.message)
    text += " "
    if style.color { text += "\u{1B}[2m" }
    text += "["
    text += finding.ruleID
    text += "]"
    if style.color { text += "\u{1B}[0m" }
    if !finding.pointer.isRoot {
      text += " at "
      text += TextEscaping.line(finding.pointer.description)
    }
  }

  static func colorCode(_ severity: Severity) -> String {
    switch severity {
    case .error: return "1;31"
    case .warning: return "1;33"
    case .info: return "1;36"
    }
  }

  private func paint(_ text: String, _ code: String) -> String {
    style.color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  private func paint(_ piece: String, _ code: String, into text: inout String) {
    if style.color {
      text += "\u{1B}["
      text += code
      text += "m"
    }
    text += piece
    if style.color { text += "\u{1B}[0m" }
  }
}
