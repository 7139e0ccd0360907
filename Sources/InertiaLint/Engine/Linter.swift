#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InertiaFormat

/// Lints one document at a time with the rules of ``RuleRegistry``, as configured.
///
/// A linter is a value and can be shared by any number of threads.
public struct Linter: Sendable {
  /// The rules that run, each with the severity configured for it (`nil` keeps the rule's own).
  public let rules: [(rule: any LintRule.Type, severity: Severity?)]
  public var settings: LintSettings
  /// Makes fresh identifiers for fixes; an uppercase UUID unless replaced (tests make them predictable).
  public var makeIdentifier: @Sendable () -> String

  /// A linter running every registered rule except the ones switched off.
  /// - Parameters:
  ///   - severities: a severity per rule id, or `nil` to switch the rule off. Rules not named keep their
  ///     default severity.
  ///   - settings: what the configuration says about container ids and the loop.
  public init(severities: [String: Severity?] = [:], settings: LintSettings = .default) {
    var rules: [(rule: any LintRule.Type, severity: Severity?)] = []
    for rule in RuleRegistry.rules {
      let id = rule.description.identifier
      if let configured = severities[id] {
        if let severity = configured { rules.append((rule, severity)) }
      } else {
        rules.append((rule, nil))
      }
    }
    self.rules = rules
    self.settings = settings
    self.makeIdentifier = { UUID().uuidString }
  }

  /// Lints a document given as bytes, in whichever encoding its content shows.
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - file: the name findings carry (the path as the user gave it or as found).
  ///   - fileName: the file's own name, whose stem is its container id; `nil` for unnamed input.
  /// - Returns: the findings, in ``Finding/reportOrder(_:_:)``.
  public func lint(_ bytes: [UInt8], file: String, fileName: String?) -> [Finding] {
    let indexed: IndexedDocument
    do {
      indexed = try IndexedDocument.read(bytes)
    } catch {
      return invalidFileFindings(error, file: file)
    }
    return lint(indexed, file: file, fileName: fileName)
  }

  /// Lints a document already read.
  public func lint(_ indexed: IndexedDocument, file: String, fileName: String?) -> [Finding] {
    let context = LintContext(
      document: LocatedDocument(indexed), fileName: fileName, settings: settings, makeIdentifier: makeIdentifier)
    var findings: [Finding] = []
    for (rule, severity) in rules {
      var sink = FindingSink(document: context.document, rule: rule.description)
      rule.check(context, &sink)
      for var finding in sink.findings {
        finding.file = file
        if let severity { finding.severity = severity }
        findings.append(finding)
      }
    }
    findings.sort(by: Finding.reportOrder)
    if indexed.encoding == .json { LineIndex.fill(&findings, in: indexed.input) }
    return findings
  }

  private func invalidFileFindings(_ error: FormatError, file: String) -> [Finding] {
    guard let configured = rules.first(where: { $0.rule.description.identifier == InvalidFileRule.description.identifier }) else { return [] }
    var finding = InvalidFileRule.finding(for: error)
    finding.file = file
    if let severity = configured.severity { finding.severity = severity }
    return [finding]
  }
}

/// Turns byte offsets into lines and columns for findings in JSON input, in one pass over the bytes.
enum LineIndex {
  /// Fills in `line` and `column` of findings sorted by offset.
  static func fill(_ findings: inout [Finding], in bytes: [UInt8]) {
    guard !findings.isEmpty else { return }
    bytes.withUnsafeBytes { buffer in
      var line = 1
      var column = 1
      var position = 0
      for index in findings.indices {
        let target = min(findings[index].offset, buffer.count)
        if target < position {  // not sorted by offset: start over for this one
          (line, column, position) = (1, 1, 0)
        }
        while position < target {
          let byte = buffer[position]
          if byte == UInt8(ascii: "\n") {
            line &+= 1
            column = 1
          } else if byte & 0xC0 != 0x80 {
            column &+= 1
          }
          position &+= 1
        }
        findings[index].line = line
        findings[index].column = column
      }
    }
  }
}
