import InertiaFormat
import InertiaLint

/// SARIF 2.1.0, as GitHub code scanning accepts it (`github/codeql-action/upload-sarif`).
///
/// One run, whose driver lists the rules that ran (id, name, short and full description, help and
/// default level); each result has its `ruleId`, `ruleIndex`, `level` (`error`, `warning`, `note`), a
/// message ending in the JSON Pointer of the value, and one location: the file relative to the current
/// directory (`uriBaseId` `%SRCROOT%`, which is the repository root when run there) and a region. Code
/// scanning needs a line, so a finding in MessagePack input, which has none, is placed at line 1 and
/// its byte offset is given in the message and in the result's `properties`.
///
/// Every result's `properties` say whether it is `fixable` and whether it was `fixed`. A finding that
/// `--fix` fixed is kept as a result of kind `pass` with level `none` ("the rule was evaluated, and no
/// problem was found" now), so that it is on record without raising an alert; its message says what
/// the fix did.
struct SARIFReporter: Reporter {
  static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

  /// The directory paths are made relative to.
  var currentDirectory: String

  func render(_ report: LintReport) -> String {
    var ruleIndex: [String: Int] = [:]
    var rules: [MessagePackValue] = []
    for (index, (description, severity)) in report.rules.enumerated() {
      ruleIndex[description.identifier] = index
      rules.append([
        "id": .string(description.identifier),
        "name": .string(Self.pascalCase(description.identifier)),
        "shortDescription": ["text": .string(description.summary)],
        "fullDescription": ["text": .string(description.rationale)],
        "help": [
          "text": .string(
            "\(description.rationale)\n\nRun `inertia-lint --explain \(description.identifier)` for examples.")
        ],
        "defaultConfiguration": ["level": .string(severity.sarifLevel)],
        "properties": ["tags": ["inertia"]],
      ])
    }
    var results: [MessagePackValue] = []
    results.reserveCapacity(report.findings.count)
    for finding in report.findings {
      var message = finding.message
      if finding.line == nil { message = "offset \(finding.offset): " + message }
      if !finding.pointer.isRoot { message += " (at \(finding.pointer.description))" }
      var region: [MessagePackValue.MapEntry] = [.init("startLine", .int(Int64(finding.line ?? 1)))]
      if let column = finding.column { region.append(.init("startColumn", .int(Int64(column)))) }
      var result: [MessagePackValue.MapEntry] = [
        .init("ruleId", .string(finding.ruleID))
      ]
      if let index = ruleIndex[finding.ruleID] { result.append(.init("ruleIndex", .int(Int64(index)))) }
      if finding.isFixed {
        result.append(.init("kind", "pass"))
        if let fix = finding.fix { message = "Fixed (\(fix.summary)): " + message }
      }
      result += [
        .init("level", .string(finding.isFixed ? "none" : finding.severity.sarifLevel)),
        .init("message", ["text": .string(message)]),
        .init(
          "locations",
          [
            [
              "physicalLocation": [
                "artifactLocation": ["uri": .string(uri(for: finding.file)), "uriBaseId": "%SRCROOT%"],
                "region": .map(region),
              ]
            ]
          ]),
      ]
      var properties: [MessagePackValue.MapEntry] = [.init("pointer", .string(finding.pointer.description))]
      if finding.line == nil { properties.append(.init("offset", .int(Int64(finding.offset)))) }
      properties.append(.init("fixable", .bool(finding.isFixable)))
      properties.append(.init("fixed", .bool(finding.isFixed)))
      result.append(.init("properties", .map(properties)))
      results.append(.map(result))
    }
    let log: MessagePackValue = [
      "$schema": .string(Self.schema),
      "version": "2.1.0",
      "runs": [
        [
          "tool": [
            "driver": [
              "name": "inertia-lint",
              "version": .string(ToolVersion.current),
              "rules": .array(rules),
            ]
          ],
          "columnKind": "unicodeCodePoints",
          "results": .array(results),
        ]
      ],
    ]
    return JSONOutput.pretty(log)
  }

  /// The artifact URI of a reported path: relative to the current directory when it lies inside it.
  func uri(for path: String) -> String {
    if path.hasPrefix("/") {
      if let relative = FilePath.relative(FilePath.normalized(path), to: FilePath.normalized(currentDirectory)) {
        return Self.percentEncoded(relative)
      }
      return "file://" + Self.percentEncoded(FilePath.normalized(path))
    }
    if path == "<stdin>" { return "stdin" }
    return Self.percentEncoded(FilePath.normalized(path))
  }

  /// A path with everything but unreserved characters and `/` percent-encoded.
  static func percentEncoded(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return out
  }

  /// `non-positive-duration` as `NonPositiveDuration`.
  static func pascalCase(_ identifier: String) -> String {
    identifier.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }
}
