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
/// how many problems were fixed, by rule, most first:
///
///     FILE: fixed 3 problems (2 RULE, 1 OTHER-RULE)
///     3 errors, 0 warnings and 0 infos in 12 files; fixed 3 problems in 1 file.
///
/// A finding with a fix that `--fix` applies (a safe one) has `[*]` before its message, and the summary is
/// followed by how many there are, as Ruff reports them:
///
///     a.inertia:4:17: error: [*] MESSAGE [RULE] at /0/keyframes/0/duration
///     [*] 1 fixable with `--fix`.
///
/// With `--statistics`, the findings give way to a row per rule and severity, most first: the count, the
/// rule, the severity the findings have, and whether `--fix` fixes them (`[*]` all, `[~]` some, `[ ]`
/// none).
struct TextReporter: Reporter, FileRenderer {
  var style = ReportStyle()
  var dryRun = false

  func head() -> String { "" }

  func render(_ findings: [Finding], _ file: ReportedFile) -> RenderedPart {
    guard !style.statistics else { return RenderedPart() }
    // A report of small files is mostly these lines: they are written as bytes (``ReportBytes``), with
    // room made for them at once, which costs a fifth of putting them together as strings.
    var text = ReportBytes(capacity: findings.count * 256)
    if findings.contains(where: \.isFixed) { text.append(fixedLine(file: file.path, findings) + "\n") }
    for index in findings.indices where !findings[index].isFixed {
      append(findings[index], to: &text)
      text.append(byte: UInt8(ascii: "\n"))
    }
    return RenderedPart(text: text.string)
  }

  func tail(_ report: LintReport, errors: [String]) -> String {
    var text = ""
    if style.statistics {
      // The severity the findings have, which a configuration sets, not the rule's own.
      let rows = report.statistics
      let countWidth = rows.map { String($0.count).count }.max() ?? 0
      let ruleWidth = rows.map(\.rule.count).max() ?? 0
      let severityWidth = rows.map(\.severity.rawValue.count).max() ?? 0
      for row in rows {
        let number = String(row.count)
        text += String(repeating: " ", count: countWidth - number.count) + number + "  "
        text += row.rule.padding(to: ruleWidth) + "  " + row.severity.rawValue.padding(to: severityWidth) + "  "
        text += Self.fixableMark(row) + "\n"
      }
    }
    if !style.quiet {
      text += paint(report.summary + ".", report.fails ? "1" : "2") + "\n"
      if style.marksFixable && report.fixableCount > 0 {
        text += "[*] \(report.fixableCount) fixable with `--fix`.\n"
      }
    }
    return text
  }

  /// `[*]` when `--fix` fixes all of a row's findings, `[~]` some, `[ ]` none.
  static func fixableMark(_ row: LintReport.RuleCount) -> String {
    row.fixable == 0 ? "[ ]" : row.fixable < row.count ? "[~]" : "[*]"
  }

  /// `FILE: fixed 3 problems (2 RULE, 1 OTHER-RULE)`: the rules by how many problems each fixed, most
  /// first.
  func fixedLine(file: String, _ findings: [Finding]) -> String {
    var byRule: [String: Int] = [:]
    for finding in findings where finding.isFixed { byRule[finding.ruleID, default: 0] += 1 }
    let total = byRule.values.reduce(0, +)
    let rules = byRule.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) \($0.key)" }
    return paint(TextEscaping.line(file), "1") + ": " + paint(dryRun ? "would fix" : "fixed", "1;32")
      + " \(counted(total, "problem")) (\(rules.joined(separator: ", ")))"
  }

  /// The one line for a finding.
  func line(_ finding: Finding) -> String {
    var text = ReportBytes()
    append(finding, to: &text)
    return text.string
  }

  /// Appends the line for a finding to `text`, each piece taken from the file (its name, the message, the
  /// pointer) escaped as it needs (see ``TextEscaping``), and in colour when asked.
  private func append(_ finding: borrowing Finding, to text: inout ReportBytes) {
    paint("1", &text) { $0.appendEscaped(finding.file) }
    if !finding.hasPosition {
      text.append(": ")
    } else if let line = finding.line, let column = finding.column {
      text.append(byte: UInt8(ascii: ":"))
      text.append(line)
      text.append(byte: UInt8(ascii: ":"))
      text.append(column)
      text.append(": ")
    } else {
      text.append(": offset ")
      text.append(finding.offset)
      text.append(": ")
    }
    paint(Self.colorCode(finding.severity), &text) { $0.append(finding.severity.rawValue) }
    text.append(": ")
    if style.marksFixable && finding.hasSafeFix { text.append("[*] ") }
    text.appendEscaped(finding.message)
    text.append(byte: UInt8(ascii: " "))
    paint("2", &text) { text in
      text.append(byte: UInt8(ascii: "["))
      text.append(finding.ruleID)
      text.append(byte: UInt8(ascii: "]"))
    }
    if !finding.pointer.isRoot {
      text.append(" at ")
      text.appendEscaped(finding.pointer)
    }
  }

  /// Appends what `write` writes in colour `code`, when colour is on.
  private func paint(_ code: String, _ text: inout ReportBytes, _ write: (inout ReportBytes) -> Void) {
    if style.color { text.append("\u{1B}[" + code + "m") }
    write(&text)
    if style.color { text.append("\u{1B}[0m") }
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
}
