import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint
@testable import InertiaTool

/// Each output format against golden files, on one small tree of JSON and MessagePack files.
@Suite("Output formats")
struct OutputFormatTests {
  /// A tree with findings in JSON input, MessagePack input, a file that does not read, and a path that
  /// needs escaping.
  static func sandbox() throws -> LintSandbox {
    let sandbox = try LintSandbox()
    try sandbox.write("animation.json", Documents.mixed)
    try sandbox.write("clean/animation.inertia", Documents.clean)
    try sandbox.write("broken.inertia", [0x91, 0x84, 0xA2, 0x69])
    try sandbox.writeMessagePack(
      "Screens/onboarding.inertia",
      json: """
        [{"id": "card0", "invokeType": "trigger", "initialValues": \(Documents.pose), "keyframes": [
          {"id": "A", "duration": 0, "values": \(Documents.pose)},
          {"id": "A", "duration": 1, "values": \(Documents.pose)}],
          "shapes": [{"id": "S", "shape": {"id": "D", "type": "circle", "width": 1, "height": 1,
            "fill": {"red": 1, "green": 1, "blue": 1, "alpha": 1}},
            "shapes": [{"id": "T", "animation": {"id": "T", "invokeType": "trigger", "initialValues": \(Documents.pose),
              "keyframes": []}}]}]}]
        """)
    try sandbox.write("Sign Up/animation.inertia", Documents.infoOnly)
    // A repository, so that SARIF locations are relative to its root.
    try FileManager.default.createDirectory(atPath: sandbox.path(".git"), withIntermediateDirectories: true)
    return sandbox
  }

  static let arguments = ["--no-config", "--include", "*.inertia", "--include", "*.json"]

  @Test("text", arguments: [false, true])
  func text(color: Bool) throws {
    let run = try Self.sandbox().run(Self.arguments + ["--color", color ? "always" : "never"])
    #expect(run.status == 1)
    snapshots.assert(run.stdout, named: color ? "text-color.txt" : "text.txt")
  }

  @Test("A report of many files is written in blocks, not one write per file", arguments: ["text", "json"])
  func writtenInBlocks(format: String) throws {
    let sandbox = try LintSandbox()
    for index in 0..<60 { try sandbox.write("file\(index).json", Documents.mixed) }
    let run = sandbox.run(["--no-config", "--include", "*.json", "--format", format])
    #expect(run.status == 1)
    for index in 0..<60 { #expect(run.stdout.contains("file\(index).json")) }
    #expect(run.stdoutWrites <= 2, "\(run.stdoutWrites) writes")
  }

  @Test("json")
  func json() throws {
    let run = try Self.sandbox().run(Self.arguments + ["--format", "json"])
    #expect(run.status == 1)
    snapshots.assert(run.stdout, named: "report.json")
    // The report reads back, with the documented keys in order (written as the run goes: files after findings).
    let value = try JSONReader().read(Array(run.stdout.utf8))
    #expect(value.mapEntries?.compactMap(\.key.stringValue) == ["version", "findings", "files", "summary"])
    #expect(value["version"] == 1)
    #expect(value["files"] == 5)
    let findings = try #require(value["findings"]?.arrayValue)
    let json = try #require(findings.first { $0["file"] == "animation.json" })
    #expect(
      json.mapEntries?.compactMap(\.key.stringValue)
        == ["file", "rule", "severity", "message", "pointer", "line", "column", "fixable", "fixed"])
    let messagePack = try #require(findings.first { $0["file"] == "broken.inertia" })
    #expect(
      messagePack.mapEntries?.compactMap(\.key.stringValue)
        == ["file", "rule", "severity", "message", "pointer", "offset", "fixable", "fixed"])
    #expect(value["summary"] == ["errors": 3, "warnings": 3, "infos": 2, "fixed": 0, "suppressed": 0])
  }

  @Test("sarif")
  func sarif() throws {
    let sandbox = try Self.sandbox()
    let run = sandbox.run(Self.arguments + ["--format", "sarif"])
    #expect(run.status == 1)
    // The repository root's absolute URI differs from run to run; the rest must not.
    let root = "file://" + PathText.percentEncoded(try #require(FileIO.physicalPath(sandbox.root))) + "/"
    snapshots.assert(run.stdout.replacingOccurrences(of: root, with: "file:///SANDBOX/"), named: "report.sarif")
    let log = try JSONReader().read(Array(run.stdout.utf8))
    #expect(log["version"] == "2.1.0")
    let runs = try #require(log["runs"]?.arrayValue)
    #expect(runs.first?["originalUriBaseIds"]?["%SRCROOT%"]?["uri"] == .string(root))
    #expect(runs.first?["invocations"]?.arrayValue?.first?["executionSuccessful"] == true)
    let driver = try #require(runs.first?["tool"]?["driver"])
    let ruleIDs = driver["rules"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    // A run that reads no app source lists the file rules (one that does lists the app rules too, see
    // AppRuleRunTests).
    #expect(ruleIDs == RuleRegistry.rules.map { $0.description.identifier } + ["io-error"])
    for rule in driver["rules"]?.arrayValue ?? [] {
      #expect(rule["help"]?["markdown"]?.stringValue?.isEmpty == false)
    }
    let results = try #require(runs.first?["results"]?.arrayValue)
    #expect(!results.isEmpty)
    for result in results {
      let ruleID = try #require(result["ruleId"]?.stringValue)
      #expect(ruleIDs.firstIndex(of: ruleID).map { MessagePackValue.int(Int64($0)) } == result["ruleIndex"])
      let location = result["locations"]?.arrayValue?.first?["physicalLocation"]
      #expect(location?["artifactLocation"]?["uriBaseId"] == "%SRCROOT%")
      #expect(location?["region"]?["startLine"]?.isNumber == true)
      #expect(result["partialFingerprints"]?["inertiaFinding/v1"]?.stringValue?.count == 16)
    }
    #expect(run.stdout.contains("\"uri\": \"Sign%20Up/animation.inertia\""))
  }

  @Test("github")
  func github() throws {
    let run = try Self.sandbox().run(Self.arguments + ["--format", "github"])
    #expect(run.status == 1)
    snapshots.assert(run.stdout, named: "github.txt")
  }

  @Test("xcode: errors and warnings as compiler diagnostics, no infos, no summary")
  func xcode() throws {
    let run = try Self.sandbox().run(Self.arguments + ["--format", "xcode"])
    #expect(run.status == 1)
    snapshots.assert(run.stdout, named: "xcode.txt")
    #expect(!run.stdout.contains(": info: "))
    #expect(!run.stdout.contains("Sign Up/animation.inertia"), "a file with only infos prints nothing")
    let infoOnly = try LintSandbox()
    try infoOnly.write("animation.json", Documents.infoOnly)
    let quiet = infoOnly.run(["--no-config", "--format", "xcode", "animation.json"])
    #expect(quiet.status == 0)
    #expect(quiet.stdout.isEmpty)
  }

  @Test("xcode lines: JSON input at its line and column, MessagePack at 1:1 with the pointer and offset")
  func xcodeLines() {
    let json = Finding(
      file: "/app/animation.json", ruleID: "unknown-field", severity: .warning, message: "unknown field",
      pointer: JSONPointer(parsing: "/0/notes")!, offset: 40, line: 3, column: 5)
    #expect(XcodeReporter().line(json) == "/app/animation.json:3:5: warning: unknown field [unknown-field] at /0/notes")
    let messagePack = Finding(
      file: "/app/animation.inertia", ruleID: "duplicate-keyframe-id", severity: .error, message: "used twice",
      pointer: JSONPointer(parsing: "/0/keyframes/1/id")!, offset: 186, line: nil, column: nil)
    #expect(
      XcodeReporter().line(messagePack)
        == "/app/animation.inertia:1:1: error: used twice [duplicate-keyframe-id] at /0/keyframes/1/id (offset 186)")
    let whole = Finding(
      file: "broken.inertia", ruleID: "invalid-file", severity: .error, message: "not MessagePack",
      pointer: JSONPointer(parsing: "")!, offset: 0, line: nil, column: nil)
    #expect(XcodeReporter().line(whole) == "broken.inertia:1:1: error: not MessagePack [invalid-file] (offset 0)")
  }

  @Test("GitHub annotations escape data and properties as Actions requires")
  func githubEscaping() {
    #expect(GitHubReporter.escapeData("100% a\r\nb: c, d") == "100%25 a%0D%0Ab: c, d")
    #expect(GitHubReporter.escapeProperty("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae")
    let finding = Finding(
      file: "dir,1/a:b.inertia", ruleID: "schema", severity: .warning, message: "50% off\nnow",
      pointer: JSONPointer(parsing: "/0/id")!, offset: 12, line: 3, column: 4)
    #expect(
      GitHubReporter().annotation(finding)
        == "::warning file=dir%2C1/a%3Ab.inertia,line=3,col=4,title=schema::50%25 off%0Anow (at /0/id)")
  }

  @Test("SARIF locations are relative to the repository root, wherever the run starts; absolute outside one")
  func sarifURIs() throws {
    let sandbox = try LintSandbox()
    try FileManager.default.createDirectory(atPath: sandbox.path("repo/.git"), withIntermediateDirectories: true)
    try sandbox.write("repo/Animations/a b.inertia", Documents.mixed)
    try sandbox.write("repo/sub/keep", "")
    try sandbox.write("outside/x.inertia", Documents.mixed)
    func locations(_ arguments: [String], in directory: String) throws -> [MessagePackValue] {
      let run = sandbox.run(["--no-config", "--format", "sarif"] + arguments, in: directory)
      let log = try JSONReader().read(Array(run.stdout.utf8))
      let sarifRun = try #require(log["runs"]?.arrayValue?.first)
      let results = try #require(sarifRun["results"]?.arrayValue)
      return results.compactMap { $0["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"] }
    }
    let fromRoot = try locations(["Animations"], in: "repo")
    let fromSub = try locations(["../Animations/a b.inertia"], in: "repo/sub")
    #expect(!fromRoot.isEmpty && fromRoot == fromSub)
    #expect(fromRoot.first?["uri"] == "Animations/a%20b.inertia" && fromRoot.first?["uriBaseId"] == "%SRCROOT%")
    let run = sandbox.run(["--no-config", "--format", "sarif", "Animations"], in: "repo")
    let base = try JSONReader().read(Array(run.stdout.utf8))["runs"]?.arrayValue?.first?["originalUriBaseIds"]
    let root = try #require(FileIO.physicalPath(sandbox.path("repo")))
    #expect(base?["%SRCROOT%"]?["uri"] == .string("file://" + PathText.percentEncoded(root) + "/"))
    // A file in no repository: an absolute file URI, and no uriBaseId (SARIF 3.4.4).
    let outside = try locations(["x.inertia"], in: "outside")
    let physical = try #require(FileIO.physicalPath(sandbox.path("outside/x.inertia")))
    #expect(outside.first?["uri"] == .string("file://" + PathText.percentEncoded(physical)))
    #expect(outside.first?["uriBaseId"] == nil)
  }
}
