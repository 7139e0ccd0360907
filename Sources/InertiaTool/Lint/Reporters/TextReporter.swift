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
struct TextReporter: Reporter, FileRenderer {
  var style = ReportStyle()
  var dryRun = false

  func head() -> String { "" }

  func render(_ findings: [Finding], _ file: ReportedFile) -> RenderedPart {
    guard !style.statistics else { return RenderedPart() }
    // Room for the lines at once, rather than growing the bytes as pieces are added: a line is its file's
    // name and its message, and at most about a hundred bytes more (the position, severity, rule and
    // pointer), unless it has something to escape.
    var capacity = 0
    for index in findings.indices {
      capacity += findings[index].file.utf8.count + findings[index].message.utf8.count + 128
    }
    var text = ReportBytes(capacity: capacity)
    if findings.contains(where: \.isFixed) {
      text.append(fixedLine(file: file.path, findings[...], dryRun: dryRun))
      text.append(byte: UInt8(ascii: "\n"))
    }
    findings.withUnsafeBufferPointer { findings in
      // The file's name, once a line has found it plain: a file's findings all name it, with the same string.
      var plainFile: String?
      for index in findings.indices where !findings[index].isFixed {
        let finding = findings.baseAddress.unsafelyUnwrapped + index
        if style.color || !appendPlain(finding, to: &text, plainFile: plainFile) {
          appendPiecewise(finding, to: &text)
        } else if plainFile == nil {
          plainFile = finding.pointee.file
        }
        text.append(byte: UInt8(ascii: "\n"))
      }
    }
    return RenderedPart(bytes: text)
  }

  func tail(_ report: LintReport, errors: [String]) -> String {
    var text = ""
    if style.statistics {
      // The severity the findings have, which a configuration sets, not the rule's own.
      let rows = report.statistics
      let countWidth = rows.map { String($0.count).count }.max() ?? 0
      let ruleWidth = rows.map(\.rule.count).max() ?? 0
      for (rule, severity, count) in rows {
        let number = String(count)
        text += String(repeating: " ", count: countWidth - number.count) + number + "  "
        text += rule.padding(to: ruleWidth) + "  " + severity.rawValue + "\n"
      }
    }
    if !style.quiet { text += paint(report.summary + ".", report.fails ? "1" : "2") + "\n" }
    return text
  }

  /// `FILE: fixed 3 problems (2 non-positive-duration, 1 duplicate-keyframe-id)`: the rules by how many
  /// problems each fixed, most first.
  func fixedLine(file: String, _ findings: ArraySlice<Finding>, dryRun: Bool) -> String {
    // Counted in a small array rather than a dictionary: a file's fixes come from a rule or two.
    var byRule: [(rule: String, count: Int)] = []
    var total = 0
    for index in findings.indices where findings[index].isFixed {
      total += 1
      if let rule = byRule.firstIndex(where: { $0.rule == findings[index].ruleID }) {
        byRule[rule].count += 1
      } else {
        byRule.append((findings[index].ruleID, 1))
      }
    }
    byRule.sort { ($1.count, $0.rule) < ($0.count, $1.rule) }
    var rules = ""
    for (rule, count) in byRule {
      if !rules.isEmpty { rules += ", " }
      rules += "\(count) \(rule)"
    }
    return paint(TextEscaping.line(file), "1") + ": " + paint(dryRun ? "would fix" : "fixed", "1;32")
      + " \(counted(total, "problem")) (\(rules))"
  }

  /// The one line for a finding.
  func line(_ finding: Finding) -> String {
    var text = ReportBytes()
    withUnsafePointer(to: finding) { append($0, to: &text) }
    return text.string
  }

  /// Appends the line for a finding to `text`, piece by piece (reports can run to many thousands of lines).
  ///
  /// The finding is read where it is, through a pointer: passed as a value, each finding was copied whole
  /// for the call (all its strings retained, then released), as the compiler does for a struct of another
  /// module taken from an array; read in place, only the strings appended are retained, for their append.
  func append(_ finding: UnsafePointer<Finding>, to text: inout ReportBytes) {
    if !style.color && appendPlain(finding, to: &text) { return }
    appendPiecewise(finding, to: &text)
  }

  /// Appends the line for a finding with nothing to escape and no colour, nearly every line, in one step:
  /// room is made once for the line's pieces (whose lengths are known beforehand, to within a few bytes)
  /// and each piece copied into it (``ReportBytes/append(atMost:_:)``), the same bytes as
  /// ``appendPiecewise(_:to:)`` appends for it. The text from the file (its name, the message and the
  /// pointer's keys) is checked where it landed; when any of it is not all printable ASCII, or a key holds
  /// a `~` or `/`, which that one escapes, this returns `false`, having appended nothing.
  ///
  /// `plainFile` is a file name an earlier line found all printable ASCII: a finding naming it (the same
  /// string, compared in a step) has its name copied without the check.
  func appendPlain(_ finding: UnsafePointer<Finding>, to text: inout ReportBytes, plainFile: String? = nil) -> Bool {
    let severity = finding.pointee.severity.rawValue
    // The pieces, a bound for the pointer (a slash and a key, or a slash, a sign and twenty digits), and at
    // most 64 bytes more: the position (two numbers of twenty bytes and four separators, at the most) and
    // the punctuation around the severity, the rule and the pointer.
    var bound =
      finding.pointee.file.utf8.count + finding.pointee.message.utf8.count + finding.pointee.ruleID.utf8.count
      + severity.utf8.count + 64
    for component in finding.pointee.pointer.components {
      switch component {
      case .index: bound += 22
      case .key(let key): bound += 1 + key.utf8.count
      }
    }
    var plain = false
    text.append(atMost: bound) { line in
      line.write(finding.pointee.file)
      guard plainFile == finding.pointee.file || line.isPrintableASCII(from: 0) else { return false }
      if !finding.pointee.hasPosition {
        line.write(": " as StaticString)
      } else if let number = finding.pointee.line, let column = finding.pointee.column {
        line.write(byte: UInt8(ascii: ":"))
        line.write(number)
        line.write(byte: UInt8(ascii: ":"))
        line.write(column)
        line.write(": " as StaticString)
      } else {
        line.write(": offset " as StaticString)
        line.write(finding.pointee.offset)
        line.write(": " as StaticString)
      }
      line.write(severity)
      line.write(": " as StaticString)
      let message = line.count
      line.write(finding.pointee.message)
      guard line.isPrintableASCII(from: message) else { return false }
      line.write(" [" as StaticString)
      line.write(finding.pointee.ruleID)
      line.write(byte: UInt8(ascii: "]"))
      if !finding.pointee.pointer.isRoot {
        line.write(" at " as StaticString)
        for component in finding.pointee.pointer.components {
          line.write(byte: UInt8(ascii: "/"))
          switch component {
          case .index(let index):
            line.write(index)
          case .key(let key):
            let start = line.count
            line.write(key)
            guard line.isPrintableASCII(from: start), !line.holdsPointerEscape(from: start) else { return false }
          }
        }
      }
      plain = true
      return true
    }
    return plain
  }

  /// Appends the line for a finding piece by piece, each escaped as it needs and in colour when asked.
  func appendPiecewise(_ finding: UnsafePointer<Finding>, to text: inout ReportBytes) {
    paint(finding.pointee.file, "1", into: &text)
    if !finding.pointee.hasPosition {
      text.append(": ")
    } else if let line = finding.pointee.line, let column = finding.pointee.column {
      text.append(byte: UInt8(ascii: ":"))
      text.append(line)
      text.append(byte: UInt8(ascii: ":"))
      text.append(column)
      text.append(": ")
    } else {
      text.append(": offset ")
      text.append(finding.pointee.offset)
      text.append(": ")
    }
    if style.color { text.append("\u{1B}[" + Self.colorCode(finding.pointee.severity) + "m") }
    text.append(finding.pointee.severity.rawValue)
    if style.color { text.append("\u{1B}[0m") }
    text.append(": ")
    text.appendEscaped(finding.pointee.message)
    text.append(byte: UInt8(ascii: " "))
    if style.color { text.append("\u{1B}[2m") }
    text.append(byte: UInt8(ascii: "["))
    text.append(finding.pointee.ruleID)
    text.append(byte: UInt8(ascii: "]"))
    if style.color { text.append("\u{1B}[0m") }
    if !finding.pointee.pointer.isRoot {
      text.append(" at ")
      text.appendEscaped(finding.pointee.pointer)
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

  /// Appends text from a file's name, escaped (see ``TextEscaping``), in colour when colour is on.
  private func paint(_ piece: String, _ code: String, into text: inout ReportBytes) {
    if style.color { text.append("\u{1B}[" + code + "m") }
    text.appendEscaped(piece)
    if style.color { text.append("\u{1B}[0m") }
  }
}
