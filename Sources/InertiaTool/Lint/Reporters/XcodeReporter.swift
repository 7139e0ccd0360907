import InertiaFormat
import InertiaLint

/// Diagnostics in the shape compilers print, which SwiftPM and Xcode show as errors and warnings on the
/// file (Xcode in its issue navigator); the build-tool plugin asks for it. One line per finding:
///
///     FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE] at POINTER               (JSON input)
///     FILE:1:1: SEVERITY: MESSAGE [RULE] at POINTER (offset OFFSET)       (MessagePack input)
///
/// MessagePack has no lines, so its findings point at the file's start and say where they are by the
/// JSON Pointer (and the byte offset); ` at POINTER` is left out for the document itself. Only errors and
/// warnings are printed: a build log has no place for infos, which `--format text` shows. Fixed findings
/// and the summary are left out too, so a run with nothing to say prints nothing.
struct XcodeReporter: Reporter, FileRenderer {
  func head() -> String { "" }

  func render(_ findings: [Finding], _ file: ReportedFile) -> RenderedPart {
    var text = ""
    for finding in findings where !finding.isFixed && finding.severity != .info { text += line(finding) + "\n" }
    return RenderedPart(text: text)
  }

  func tail(_ report: LintReport, errors: [String]) -> String {
    errors.map { "inertia-lint: error: " + TextEscaping.line($0) + "\n" }.joined()
  }

  /// The one line for a finding.
  func line(_ finding: Finding) -> String {
    var text = TextEscaping.line(finding.file)
    if let line = finding.line, let column = finding.column {
      text += ":\(line):\(column): "
    } else {
      text += ":1:1: "
    }
    text += "\(finding.severity.rawValue): \(TextEscaping.line(finding.message)) [\(finding.ruleID)]"
    if !finding.pointer.isRoot { text += " at \(TextEscaping.line(finding.pointer.description))" }
    if finding.line == nil && finding.hasPosition { text += " (offset \(finding.offset))" }
    return text
  }
}
