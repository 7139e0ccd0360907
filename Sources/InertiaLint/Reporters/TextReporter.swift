/// The default output: one line per finding, then a summary.
///
/// Each finding is one line:
///
///     FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE] at POINTER      (JSON input)
///     FILE: offset OFFSET: SEVERITY: MESSAGE [RULE] at POINTER   (MessagePack input)
///
/// where ` at POINTER` is left out for the document itself (the empty pointer). The summary line reads
/// `3 errors, 1 warning and 0 infos in 12 files.`. Colour is used only when asked for (on a terminal
/// without `NO_COLOR`, by default).
struct TextReporter: Reporter {
  var color: Bool

  func render(_ report: LintReport) -> String {
    var out = ""
    for finding in report.findings {
      out += line(finding)
      out += "\n"
    }
    out += paint(report.summary + ".", report.fails ? "1" : "2") + "\n"
    return out
  }

  /// The one line for a finding.
  func line(_ finding: Finding) -> String {
    var text = paint(finding.file, "1")
    if let line = finding.line, let column = finding.column {
      text += ":\(line):\(column): "
    } else {
      text += ": offset \(finding.offset): "
    }
    text += paint(finding.severity.rawValue, Self.colorCode(finding.severity)) + ": " + finding.message
    text += " " + paint("[\(finding.ruleID)]", "2")
    if !finding.pointer.isRoot { text += " at \(finding.pointer.text)" }
    return text
  }

  static func colorCode(_ severity: Severity) -> String {
    switch severity {
    case .error: return "1;31"
    case .warning: return "1;33"
    case .info: return "1;36"
    }
  }

  private func paint(_ text: String, _ code: String) -> String {
    color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
