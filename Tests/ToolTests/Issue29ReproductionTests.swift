import Foundation
import InertiaFormat
import InertiaLint
import TestSupport
import Testing

@testable import InertiaTool

/// Issue 29's reproductions not covered by a class test of their own (see ``OutputPlanClassTests``,
/// ``ResultsFromWhatWasReadTests``, ``StandardOutputTests``, ``BoundedWorkTests``,
/// ``SpecialFileReaderTests``, ``OptionEffectTests`` and ``GlobMatchingTests`` for the rest).
@Suite("Issue 29 reproductions")
struct Issue29ReproductionTests {
  /// Runs `script` with bash, the built tools first on `PATH`, in `directory`.
  static func bash(_ script: String, in directory: String) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let tools = builtConvertTool!.deletingLastPathComponent().path
    process.arguments = ["bash", "-c", "PATH=\"$0:$PATH\"; " + script, tools]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
  }

  @Test(
    "inertia-lint reads /dev/stdin (a pipe), /dev/fd/N and <(…) by the path given, as inertia-convert does",
    .enabled(if: builtConvertTool != nil && FileManager.default.fileExists(atPath: "/usr/bin/bash")))
  func streamsByTheirPath() throws {
    let directory = try TemporaryDirectory()
    try directory.write("animation.json", Documents.mixed)
    for script in [
      "cat animation.json | inertia-lint --no-config /dev/stdin",
      "inertia-lint --no-config <(cat animation.json)",
      "inertia-lint --no-config /dev/fd/3 3< <(cat animation.json)",
    ] {
      let run = try Self.bash(script, in: directory.path)
      #expect(run.status == 1, "\(script): \(run.stdout) \(run.stderr)")
      #expect(run.stdout.contains("error: [*] keyframe duration -1 is not positive"), "\(script): \(run.stdout)")
      #expect(!run.stdout.contains("No such file or directory"), "\(script)")
    }
    // The converter, as before.
    let converted = try Self.bash(
      "cat animation.json | inertia-convert to-msgpack /dev/stdin | wc -c", in: directory.path)
    #expect(converted.status == 0 && Int(converted.stdout.trimmingCharacters(in: .whitespacesAndNewlines))! > 100)
    // A FIFO as --config or --baseline (no writer) is refused at once, not waited on.
    let fifo = try Self.bash(
      "mkfifo f && inertia-lint --config f animation.json; echo \"[$?]\"; inertia-lint --baseline f animation.json; echo \"[$?]\"",
      in: directory.path)
    #expect(fifo.stdout.components(separatedBy: "[2]").count == 3, "\(fifo.stdout) \(fifo.stderr)")
    #expect(fifo.stderr.contains("it is a FIFO, not a regular file"))
  }

  @Test("-o a -o b, and any option that takes a value given twice, is a usage error, not b")
  func repeatedOptions() throws {
    let directory = try TemporaryDirectory()
    let input = try directory.write("a.json", Documents.clean)
    let run = runTool(.toJSON, ["-o", directory.file("x"), "-o", directory.file("y"), input], in: directory.path)
    #expect(
      run.isUsageError
        && run.stderr == ["inertia-convert: -o or --output is given more than once; give it once (see --help)"])
    #expect(!FileManager.default.fileExists(atPath: directory.file("x")))
    #expect(!FileManager.default.fileExists(atPath: directory.file("y")))
    // Every command: each value option that does not accumulate, given twice.
    for command in ToolCommand.allCases {
      for option in command.arguments.options where option.value != nil && !option.accumulates {
        let arguments = [option.name, "1", option.name, "2"]
        let repeated = runTool(command, arguments, in: directory.path)
        #expect(repeated.isUsageError, "\(command.rawValue) \(option.name) twice: \(repeated.stderr)")
        #expect(repeated.stderrText.contains("given more than once"), "\(command.rawValue) \(option.name)")
      }
      // An option that accumulates says so in its help.
      for option in command.arguments.options {
        #expect(
          option.accumulates == option.help.lowercased().contains("repeatable"), "\(command.rawValue) \(option.name)")
      }
    }
  }

  @Test("--diff --output-file writes the diff there; --diff --exit-zero exits 0; --diff --statistics is a usage error")
  func diffOptions() throws {
    let sandbox = try LintSandbox(animation: FixCommandTests.fixable())
    let written = sandbox.run(["--no-config", "--diff", "--output-file", "changes.diff"])
    #expect(written.status == 1 && written.stdout.isEmpty)
    #expect(try sandbox.text("changes.diff").hasPrefix("--- a/animation.inertia\n+++ b/animation.inertia\n"))
    #expect(sandbox.run(["--no-config", "--diff", "--exit-zero"]).status == 0)
    let statistics = sandbox.run(["--no-config", "--diff", "--statistics"])
    #expect(statistics.status == 2)
    #expect(statistics.stderr.contains("--diff prints a diff, not a report: it cannot be used with --statistics"))
  }

  @Test("--statistics gives the severity the findings have, which a configuration sets, in text and JSON")
  func statisticsSeverity() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("animation.inertia", FixCommandTests.fixable())
    try sandbox.write("sub/animation.inertia", FixCommandTests.fixable())
    try sandbox.write(".inertia-lint.json", #"{"rules": {"non-positive-duration": "warning"}}"#)
    try sandbox.write("sub/.inertia-lint.json", #"{"rules": {"non-positive-duration": "info"}}"#)
    let text = sandbox.run(["--statistics"])
    // (The last column says whether --fix fixes the row's findings: issue 31.)
    #expect(text.stdout.contains("1  non-positive-duration  warning  [*]\n"), "\(text.stdout)")
    #expect(text.stdout.contains("1  non-positive-duration  info     [*]\n"), "\(text.stdout)")
    #expect(!text.stdout.contains("  error  "))
    let json = try JSONReader().read(Array(sandbox.run(["--statistics", "--format", "json"]).stdout.utf8))
    let rows = try #require(json["statistics"]?.arrayValue)
    let severities = Set(
      rows.filter { $0["rule"] == "non-positive-duration" }.compactMap { $0["severity"]?.stringValue })
    #expect(severities == ["warning", "info"])
  }

  @Test("textconv caps a JSON-form file's output by the file's own size, and names that size")
  func textconvCapOfJSON() throws {
    let directory = try TemporaryDirectory()
    // Pretty JSON of this compact file is larger than the file, by more than the bounds allow.
    let compact = try Converter.toJSON(
      messagePack: AnimationVersion().messagePack, options: JSONWriter.Options(style: .compact))
    let input = try directory.write("animation.json", compact)
    var bounds = TextconvCommand.Bounds()
    bounds.outputBase = 0
    bounds.outputPerInputByte = 1
    let output = CommandOutput.inMemory()
    let status = TextconvCommand.run(arguments: [input], stdout: output, stderr: { _ in }, bounds: bounds)
    let stdout = output.bytes
    let text = String(decoding: stdout, as: UTF8.self)
    #expect(status == 0)
    #expect(text.contains("the limit for a file of \(compact.count) bytes"), "\(text)")
    #expect(stdout.count <= compact.count + 200)
  }
}
