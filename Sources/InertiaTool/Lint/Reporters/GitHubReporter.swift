import InertiaFormat
import InertiaLint

/// GitHub Actions workflow commands: one annotation per finding, then the summary as a plain line.
///
///     ::error file=animation.inertia,line=12,col=5,title=RULE::MESSAGE (at /0/keyframes/1)
///
/// Errors are `::error`, warnings `::warning` and infos `::notice`. MessagePack input has no lines: its
/// annotations name only the file and put the byte offset in the message. Values are escaped as Actions
/// requires: `%`, CR and LF everywhere, and `:` and `,` in properties too. Fixed findings get no
/// annotation (there is nothing left to mark); the summary counts them.
struct GitHubReporter: Reporter, FileRenderer {
  var style = ReportStyle()

  func head() -> String { "" }

  func render(_ findings: [Finding], _ file: ReportedFile) -> RenderedPart {
    var text = ""
    for finding in findings where !finding.isFixed { text += annotation(finding) + "\n" }
    return RenderedPart(text: text)
  }

  func tail(_ report: LintReport, errors: [String]) -> String {
    var out = errors.map { "::error::" + Self.escapeData(TextEscaping.line($0)) + "\n" }.joined()
    if !style.quiet { out += report.summary + ".\n" }
    return out
  }

  func annotation(_ finding: Finding) -> String {
    let command: String
    switch finding.severity {
    case .error: command = "error"
    case .warning: command = "warning"
    case .info: command = "notice"
    }
    var properties = ["file=\(TextEscaping.line(Self.escapeProperty(finding.file)))"]
    var message = finding.message
    if !finding.hasPosition {
      // A file that could not be read: the annotation names the file only.
    } else if let line = finding.line, let column = finding.column {
      properties.append("line=\(line)")
      properties.append("col=\(column)")
    } else {
      message = "offset \(finding.offset): " + message
    }
    properties.append("title=\(Self.escapeProperty(finding.ruleID))")
    if !finding.pointer.isRoot { message += " (at \(finding.pointer.description))" }
    // Actions' own escapes first (so line breaks stay in the message), then every other control character.
    return "::\(command) \(properties.joined(separator: ","))::\(TextEscaping.line(Self.escapeData(message)))"
  }

  /// Escapes a message as Actions requires.
  static func escapeData(_ text: String) -> String { escape(text, inProperty: false) }

  /// Escapes a property value as Actions requires: as a message, and `:` and `,` too.
  static func escapeProperty(_ text: String) -> String { escape(text, inProperty: true) }

  private static func escape(_ text: String, inProperty: Bool) -> String {
    // Fast path: most text holds nothing to escape, which a look at its bytes tells (every character
    // escaped is ASCII, so no byte of another character can be taken for one).
    let needsEscape = text.utf8.contains { byte in
      byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
        || (inProperty && (byte == UInt8(ascii: ":") || byte == UInt8(ascii: ",")))
    }
    guard needsEscape else { return text }
    var out = ""
    for character in text.unicodeScalars {
      switch character {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      case ":" where inProperty: out += "%3A"
      case "," where inProperty: out += "%2C"
      default: out.unicodeScalars.append(character)
      }
    }
    return out
  }
}
