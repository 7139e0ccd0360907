import InertiaFormat
import InertiaLint
import InertiaPreview

/// What `--list-rules` and `--explain` print, from each rule's ``RuleDescription``.
enum RuleDocumentation {
  /// One line per rule: id, default severity, whether it fixes (`fix`, or `unsafe fix` for a fix that
  /// needs `--unsafe-fixes`), and its summary.
  static func list() -> String {
    let descriptions = RuleRegistry.descriptions
    let width = descriptions.map(\.identifier.count).max() ?? 0
    var out = ""
    for rule in descriptions {
      let id = rule.identifier.padding(to: width)
      let severity = rule.severity.rawValue.padding(to: 7)
      let fix = fixColumn(rule).padding(to: 10)
      out += "\(id)  \(severity)  \(fix)  \(rule.summary)\n"
    }
    let io = IOErrorFinding.description
    out += "\(io.identifier.padding(to: width))  \(io.severity.rawValue.padding(to: 7))  \("".padding(to: 10))  "
    out += io.summary + "\n"
    out += "\nRun inertia-lint --explain RULE for why each rule exists and examples.\n"
    return out
  }

  /// `--list-rules --format json`: every rule's id, name, default severity, fix (`safe`, `unsafe` or
  /// `null`), scope (`file`, or `app` for a rule about the app's code) and summary, `io-error` last.
  static func listJSON() -> String {
    let rules = (RuleRegistry.descriptions + [IOErrorFinding.description]).map { rule -> MessagePackValue in
      [
        "id": .string(rule.identifier),
        "name": .string(rule.name),
        "severity": .string(rule.severity.rawValue),
        "fix": rule.fixSafety.map { .string($0.rawValue) } ?? .nil,
        "scope": .string(rule.scope.rawValue),
        "summary": .string(rule.summary),
      ]
    }
    return JSONOutput.pretty(["version": 1, "rules": .array(rules)])
  }

  /// A rule's whole documentation.
  static func explain(_ rule: RuleDescription) -> String {
    var out = "\(rule.identifier): \(rule.name)\n"
    out += "Default severity: \(rule.severity.rawValue).\n"
    switch rule.fixSafety {
    case .safe?: out += "Fixable: safe fix (inertia-lint --fix applies it).\n\n"
    case .unsafe?: out += "Fixable: unsafe fix (applied only with inertia-lint --fix --unsafe-fixes).\n\n"
    case nil: out += "Not fixable.\n\n"
    }
    out += rule.summary + "\n\n" + wrap(rule.rationale, width: 100) + "\n"
    func examples(_ title: String, _ examples: [Example]) {
      guard !examples.isEmpty else { return }
      out += "\n\(title)\n"
      for example in examples {
        var notes: [String] = []
        if example.fileName != "animation.inertia" { notes.append("in \(example.fileName)") }
        if example.isMessagePack { notes.append("as MessagePack, written here in the extended JSON form") }
        if example.settings.containerIDs != LintSettings.default.containerIDs {
          notes.append("with containerId \(example.settings.containerIDs)")
        }
        if let loopDuration = example.settings.loopDuration {
          notes.append("with loopDuration \(loopDuration)")
        }
        if example.app != nil {
          // A small app: each source and file on lines of their own, an example set apart from the next.
          notes.removeAll { $0.hasPrefix("in ") }
          out += example.text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? "\n" : "  \($0)\n"
          }.joined()
          if !notes.isEmpty { out += "  (\(notes.joined(separator: ", ")))\n" }
          if example.line != examples.last?.line { out += "\n" }
          continue
        }
        out += "  \(example.text)\n"
        if !notes.isEmpty { out += "    (\(notes.joined(separator: ", ")))\n" }
      }
    }
    examples("Triggers (↓ marks where):", rule.triggeringExamples)
    examples("Does not trigger:", rule.nonTriggeringExamples)
    if !rule.corrections.isEmpty {
      out += "\nFixes:\n"
      for correction in rule.corrections {
        out += "  \(correction.before.text)\n  becomes\n  \(correction.after)\n"
      }
    }
    return out
  }
}

extension RuleDocumentation {
  /// `text` with each paragraph (line) broken between words so that no line is longer than `width`.
  static func wrap(_ text: String, width: Int) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
      WordWrap.lines(of: paragraph, width: width).joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// What `--list-rules` shows in the fix column.
  static func fixColumn(_ rule: RuleDescription) -> String {
    switch rule.fixSafety {
    case .safe?: return "fix"
    case .unsafe?: return "unsafe fix"
    case nil: return ""
    }
  }
}

extension String {
  /// The string padded with spaces to at least `width` characters.
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
