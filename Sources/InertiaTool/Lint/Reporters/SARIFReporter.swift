import InertiaFormat
import InertiaLint

/// SARIF 2.1.0, as GitHub code scanning accepts it (`github/codeql-action/upload-sarif`), written as the
/// run goes.
///
/// - One run, whose driver lists every rule (id, name, short and full description, help as text and as
///   Markdown, default level), `io-error` included.
/// - Each result has its `ruleId`, `ruleIndex`, `level` (`error`, `warning`, `note`), a message ending in
///   the JSON Pointer of the value, one location and `partialFingerprints`.
/// - Locations are relative to the repository root (the nearest folder above the file that holds `.git`),
///   with `uriBaseId` `%SRCROOT%`, which `originalUriBaseIds` declares; so a run from the root and one from
///   a sub-folder give the same URIs. A file in no repository (or in another one) gets an absolute `file:`
///   URI and no `uriBaseId`, as SARIF §3.4.4 requires of absolute URIs. Path bytes are percent-encoded.
/// - Code scanning needs a line, so a finding in MessagePack input, which has none, is placed at line 1,
///   and its byte offset is given in the message and in the result's `properties`.
/// - The fingerprint is made of the rule, the JSON Pointer and the message's subject rather than of lines,
///   so unrelated edits to a binary file do not move its alerts.
/// - Fixed findings are left out: GitHub's SARIF subset does not read `kind`, so a `pass` result could
///   still raise an alert. The text and JSON reports say what was fixed.
/// - A run stopped by a usage, configuration or I/O error still writes a whole log, with
///   `invocations[0].executionSuccessful` `false` and the error as a `toolExecutionNotifications` entry.
struct SARIFReporter: Reporter {
  static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

  /// The rules, in the order of the driver's list.
  let rules: [(description: RuleDescription, severity: Severity)]
  /// The working directory: where the repository is looked for when no file names it.
  let currentDirectory: String
  private var ruleIndex: [String: Int] = [:]
  /// The repository root relative URIs are made against, once the first file has settled it.
  private var root: String?
  private var rootIsSettled = false
  private var wroteResult = false

  init(rules: [(description: RuleDescription, severity: Severity)], currentDirectory: String) {
    var all = rules
    if !all.contains(where: { $0.description.identifier == IOErrorFinding.ruleID }) {
      all.append((IOErrorFinding.description, .error))
    }
    self.rules = all
    self.currentDirectory = currentDirectory
    for (index, rule) in all.enumerated() { ruleIndex[rule.description.identifier] = index }
  }

  func head() -> String {
    let driver: MessagePackValue = [
      "name": "inertia-lint",
      "version": .string(ToolVersion.current),
      "rules": .array(rules.map { Self.rule($0.description, $0.severity) }),
    ]
    return """
      {
        "$schema": "\(Self.schema)",
        "version": "2.1.0",
        "runs": [
          {
            "tool": {
              "driver": \(JSONOutput.nested(driver, depth: 4))
            },
            "columnKind": "unicodeCodePoints",
            "results": [
      """
  }

  mutating func file(_ findings: [Finding], _ file: ReportedFile) -> String {
    let physical = file.physicalPath ?? FileIO.physicalPath(FilePath.join(currentDirectory, file.path))
    if !rootIsSettled {
      root = physical.flatMap { Self.repositoryRoot(of: FilePath.directory(of: $0)) }
      rootIsSettled = true
    }
    let location = self.location(of: physical, named: file.path)
    var text = ""
    for finding in findings where !finding.isFixed {
      text += wroteResult ? ",\n        " : "\n        "
      wroteResult = true
      text += JSONOutput.nested(result(finding, location), depth: 4)
    }
    return text
  }

  mutating func tail(_ report: LintReport, errors: [String]) -> String {
    if !rootIsSettled { root = Self.repositoryRoot(of: FileIO.physicalPath(currentDirectory) ?? currentDirectory) }
    var text = wroteResult ? "\n      ]" : "]"
    if let root {
      let base: MessagePackValue = [
        "%SRCROOT%": ["uri": .string(Self.fileURI(root.hasSuffix("/") ? root : root + "/"))]
      ]
      text += ",\n      \"originalUriBaseIds\": " + JSONOutput.nested(base, depth: 3)
    }
    var invocation: [MessagePackValue.MapEntry] = [
      .init("executionSuccessful", .bool(errors.isEmpty && report.countsByRule[IOErrorFinding.ruleID] == nil))
    ]
    if !errors.isEmpty {
      invocation.append(
        .init(
          "toolExecutionNotifications",
          .array(errors.map { ["level": "error", "message": ["text": .string($0)]] })))
    }
    text += ",\n      \"invocations\": " + JSONOutput.nested(.array([.map(invocation)]), depth: 3)
    return text + "\n    }\n  ]\n}\n"
  }

  /// The driver's entry for a rule.
  static func rule(_ description: RuleDescription, _ severity: Severity) -> MessagePackValue {
    let help = "\(description.rationale)\n\nRun `inertia-lint --explain \(description.identifier)` for examples."
    return [
      "id": .string(description.identifier),
      "name": .string(Self.pascalCase(description.identifier)),
      "shortDescription": ["text": .string(description.summary)],
      "fullDescription": ["text": .string(description.rationale)],
      "help": ["text": .string(help), "markdown": .string(help)],
      "defaultConfiguration": ["level": .string(severity.sarifLevel)],
      "properties": ["tags": ["inertia"]],
    ]
  }

  /// One result.
  func result(_ finding: Finding, _ location: MessagePackValue) -> MessagePackValue {
    var message = finding.message
    if finding.hasPosition && finding.line == nil { message = "offset \(finding.offset): " + message }
    if !finding.pointer.isRoot { message += " (at \(finding.pointer.description))" }
    var region: [MessagePackValue.MapEntry] = [.init("startLine", .int(Int64(finding.line ?? 1)))]
    if let column = finding.column { region.append(.init("startColumn", .int(Int64(column)))) }
    var physicalLocation: [MessagePackValue.MapEntry] = [.init("artifactLocation", location)]
    if finding.hasPosition { physicalLocation.append(.init("region", .map(region))) }
    var result: [MessagePackValue.MapEntry] = [.init("ruleId", .string(finding.ruleID))]
    if let index = ruleIndex[finding.ruleID] { result.append(.init("ruleIndex", .int(Int64(index)))) }
    result += [
      .init("level", .string(finding.severity.sarifLevel)),
      .init("message", ["text": .string(message)]),
      .init("locations", [["physicalLocation": .map(physicalLocation)]]),
      .init("partialFingerprints", ["inertiaFinding/v1": .string(Self.fingerprint(finding))]),
    ]
    var properties: [MessagePackValue.MapEntry] = [.init("pointer", .string(finding.pointer.description))]
    if finding.hasPosition && finding.line == nil {
      properties.append(.init("offset", .int(Int64(finding.offset))))
    }
    if finding.omittedCount > 0 { properties.append(.init("omitted", .int(Int64(finding.omittedCount)))) }
    properties.append(.init("fixable", .bool(finding.isFixable)))
    result.append(.init("properties", .map(properties)))
    return .map(result)
  }

  /// A finding's fingerprint: the rule, the path inside the document and what the finding is about (the
  /// ids along its pointer, when the linter knows them), hashed; never its line or offset.
  static func fingerprint(_ finding: Finding) -> String {
    let identity = finding.subject ?? finding.pointer.description
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a, 64-bit
    for byte in (finding.ruleID + "\u{0}" + identity).utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// A file's `artifactLocation`: relative to the repository root with `%SRCROOT%`, or an absolute URI.
  func location(of physical: String?, named path: String) -> MessagePackValue {
    if path == "<stdin>" || physical == nil && !FilePath.isAbsolute(path) {
      return ["uri": .string(PathText.percentEncoded(path == "<stdin>" ? "stdin" : path))]
    }
    let absolute = physical ?? path
    if let root, let relative = FilePath.relative(absolute, to: root) {
      return ["uri": .string(PathText.percentEncoded(relative)), "uriBaseId": "%SRCROOT%"]
    }
    return ["uri": .string(Self.fileURI(absolute))]
  }

  /// The nearest folder at or above `directory` (a physical path) that holds `.git`.
  static func repositoryRoot(of directory: String) -> String? {
    var current = directory
    while true {
      if FileIO.exists(FilePath.join(current, ".git")) { return current }
      let parent = FilePath.directory(of: current)
      if parent == current { return nil }
      current = parent
    }
  }

  /// `file:///abs/path`, its bytes percent-encoded.
  static func fileURI(_ absolute: String) -> String {
    "file://" + PathText.percentEncoded(absolute)
  }

  /// A rule id as a SARIF rule name: `some-rule-id` as `SomeRuleId`.
  static func pascalCase(_ identifier: String) -> String {
    identifier.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }
}
