import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaTool

/// The CI snippets of docs/integrations.md, read out of the page and run as a workflow would run them, so
/// that what users copy works.
@Suite("CI snippets")
struct CISnippetTests {
  /// The "## In CI" section of docs/integrations.md.
  static func ciSection() throws -> String {
    try DocumentationPage("docs/integrations.md").section("## In CI")
  }

  /// The `run:` command of each step whose line contains `marker`, YAML quoting removed.
  static func runCommands(containing marker: String, in text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      guard let range = line.range(of: "run: "), line.contains(marker) || marker.isEmpty else { return nil }
      var command = String(line[range.upperBound...])
      if command.hasPrefix("'") && command.hasSuffix("'") {
        command = String(command.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
      }
      return command
    }
  }

  @Test(
    "The workflow lints the animations folder only, fails on findings and leaves SARIF for the upload",
    .enabled(if: builtConvertTool != nil, "the tools are not built beside the tests"))
  func workflow() throws {
    let section = try Self.ciSection()
    // The shape GitHub needs: the tool checked out into a hidden folder, the upload even after a failure.
    #expect(section.contains("path: .inertia-tools"))
    #expect(section.contains("if: always()"))
    #expect(section.contains("sarif_file: inertia-lint.sarif"))
    #expect(section.contains(".inertia-tools/Scripts/build-tools.sh --install \"$RUNNER_TEMP\""))
    let lint = section.components(separatedBy: "name: Lint animations").dropFirst().first ?? ""
    let command = try #require(Self.runCommands(containing: "", in: lint).first)
    let sandbox = try Self.workspace()
    let run = try Self.run(command, in: sandbox)
    #expect(run.status == 1, "\(run.output)")
    let log = try JSONReader().read(try sandbox.read("inertia-lint.sarif"))
    let results = try #require(log["runs"]?.arrayValue?.first?["results"]?.arrayValue)
    let uris = results.compactMap {
      $0["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"]?["uri"]?.stringValue
    }
    #expect(!uris.isEmpty && uris.allSatisfy { $0.hasPrefix("Animations/") }, "\(uris)")
    // The annotations variant.
    let github = try #require(Self.runCommands(containing: "--format github", in: section).first)
    let annotations = try Self.run(github, in: sandbox)
    #expect(annotations.status == 1)
    #expect(annotations.output.contains("::error file=Animations/animation.inertia"))
    #expect(!annotations.output.contains(".inertia-tools"))
  }

  /// A project as a workflow sees it: its animations, a checkout of the tool (with its broken corpus)
  /// in `.inertia-tools`, and the built tool in `$RUNNER_TEMP/bin`.
  static func workspace() throws -> LintSandbox {
    let sandbox = try LintSandbox()
    try sandbox.write("Animations/animation.inertia", Documents.mixed)
    try sandbox.write(".inertia-tools/Corpus/lint/animation.inertia", Documents.mixed)
    try FileManager.default.createDirectory(atPath: sandbox.path(".git"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: sandbox.path("runner/bin"), withIntermediateDirectories: true)
    let tool = builtConvertTool!.deletingLastPathComponent().appendingPathComponent("inertia-lint").path
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("runner/bin/inertia-lint"), withDestinationPath: tool)
    return sandbox
  }

  static func run(_ command: String, in sandbox: LintSandbox) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = URL(fileURLWithPath: sandbox.root)
    process.environment = ["RUNNER_TEMP": sandbox.path("runner"), "PATH": "/usr/bin:/bin"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }
}
