import InertiaFormat
import InertiaLint

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
///
/// After `--fix`, each file with fixes gets one line before its remaining findings, and the summary says
/// how many problems were fixed:
///
///     FILE: fixed 3 problems (2 non-positive-duration, 1 duplicate-keyframe-id)
///     3 errors, 0 warnings and 0 infos in 12 files; fixed 3 problems in 1 file.
struct TextReporter: Reporter {
  var color: Bool

  func render(_ report: LintReport) -> String {
    let findings = report.findings
    // The line that opens each file with fixes, by the index of the file's first finding. The findings of
    // one file are together: they are sorted by file first.
    var openers: [Int: String] = [:]
    var start = findings.startIndex
    while start < findings.endIndex {
      let file = findings[start].file
      let end = findings[start...].firstIndex { $0.file != file } ?? findings.endIndex
      if findings[start..<end].contains(where: \.isFixed) {
        openers[start] = fixedLine(file: file, findings[start..<end], dryRun: report.fixing?.isDryRun ?? false)
      }
      start = end
    }
    let opening = openers
    // Long reports are written in pieces across the cores, then joined in order.
    let pieces = max(1, min(ThreadPool.processorCount * 2, findings.count / 4096))
    let ranges = (0..<pieces).map { findings.count * $0 / pieces..<findings.count * ($0 + 1) / pieces }
    var out = ThreadPool.forEach(ranges, jobs: ThreadPool.processorCount) { range in
      var text = ""
      text.reserveCapacity(range.reduce(0) { $0 + findings[$1].file.utf8.count + findings[$1].message.utf8.count + 64 })
      for index in range {
        if let opener = opening[index] {
          text += opener
          text += "\n"
        }
        guard !findings[index].isFixed else { continue }
        append(findings[index], to: &text)
        text += "\n"
      }
      return text
    }.joined()
    out += paint(report.summary + ".", report.fails ? "1" : "2") + "\n"
    return out
  }

  /// `FILE: fixed 3 problems (2 non-positive-duration, 1 duplicate-keyframe-id)`: the rules by how many
  /// problems each fixed, most first.
  func fixedLine(file: String, _ findings: ArraySlice<Finding>, dryRun: Bool) -> String {
    var byRule: [String: Int] = [:]
    for finding in findings where finding.isFixed { byRule[finding.ruleID, default: 0] += 1 }
    let total = byRule.values.reduce(0, +)
    let rules = byRule.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) \($0.key)" }
    return paint(file, "1") + ": " + paint(dryRun ? "would fix" : "fixed", "1;32")
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
    paint(finding.file, "1", into: &text)
    if let line = finding.line, let column = finding.column {
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
    text += finding.message
    text += " "
    if color { text += "\u{1B}[2m" }
    text += "["
    text += finding.ruleID
    text += "]"
    if color { text += "\u{1B}[0m" }
    if !finding.pointer.isRoot {
      text += " at "
      finding.pointer.append(to: &text)
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
    color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  private func paint(_ piece: String, _ code: String, into text: inout String) {
    if color {
      text += "\u{1B}["
      text += code
      text += "m"
    }
    text += piece
    if color { text += "\u{1B}[0m" }
  }
}
