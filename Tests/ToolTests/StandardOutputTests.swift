import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaTool

/// Issue 29, class 3: standard output carries exactly what the command promises and nothing else, and
/// binary never goes to a terminal. Every mode that writes a document to standard output, byte-compared
/// with the file the same mode writes; every command on a terminal with a MessagePack input.
@Suite("Standard output")
struct StandardOutputTests {
  /// A fixable document in its JSON form and as MessagePack.
  static let json = Array(FixCommandTests.fixable().utf8)
  static var messagePack: [UInt8] { try! Converter.toMessagePack(json: json) }

  @Test("to-json, to-msgpack and to-svg write to standard output the bytes they write to -o")
  func conversions() throws {
    let directory = try TemporaryDirectory()
    for (name, bytes) in [("input.json", Self.json), ("input.inertia", Self.messagePack)] {
      let input = try directory.write(name, bytes)
      for command in [ToolCommand.toJSON, .toMessagePack, .toSVG] {
        let options = command == .toSVG ? ["--no-config"] : []
        let streamed = runTool(command, options + [input], in: directory.path)
        let output = directory.file("out")
        let written = runTool(command, options + ["-o", output, input], in: directory.path)
        #expect(streamed.status == 0 && written.status == 0, "\(command.rawValue) \(name)")
        #expect(streamed.stdout == (try directory.read("out")), "\(command.rawValue) \(name)")
        #expect(written.stdout.isEmpty && streamed.stderr.isEmpty)
      }
    }
  }

  @Test("--fix - writes the fixed document only, the bytes --fix writes to the file; the report goes to standard error")
  func fixStandardInput() throws {
    let directory = try TemporaryDirectory()
    for (name, bytes) in [("animation.json", Self.json), ("animation.inertia", Self.messagePack)] {
      let filter = runTool(.lint, ["--no-config", "--fix", "-"], in: directory.path, stdin: bytes)
      let file = try directory.write(name, bytes)
      let fixed = runTool(.lint, ["--no-config", "--fix", file], in: directory.path)
      #expect(filter.status == fixed.status, "\(name)")
      #expect(filter.stdout == (try directory.read(name)), "\(name): standard output is not the fixed document alone")
      #expect(filter.stderrText.contains("fixed 1 problem"), "\(name): \(filter.stderr)")
      // With a report file, the report goes there and the document still alone to standard output.
      let report = directory.file("report.json")
      let both = runTool(
        .lint, ["--no-config", "--fix", "--format", "json", "--output-file", report, "-"], in: directory.path,
        stdin: bytes)
      #expect(both.stdout == (try directory.read(name)))
      #expect(try JSONReader().read(try directory.read("report.json"))["findings"] != nil)
    }
    // A report file that is standard output itself, by any of its names (a hostile pass's find).
    for name in ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
      let run = runTool(
        .lint, ["--no-config", "--fix", "--output-file", name, "-"], in: directory.path, stdin: Self.json)
      #expect(run.status == 2 && run.stdout.isEmpty, "\(name): \(run.stderr)")
      #expect(run.stderrText.contains("is standard output, which --fix - keeps for the fixed document alone"))
    }
  }

  @Test("--diff writes to standard output the diff it writes to --output-file, and nothing else")
  func diff() throws {
    let directory = try TemporaryDirectory()
    let input = try directory.write("animation.json", Self.json)
    let streamed = runTool(.lint, ["--no-config", "--diff", input], in: directory.path)
    let written = runTool(.lint, ["--no-config", "--diff", "--output-file", "d.diff", input], in: directory.path)
    #expect(streamed.status == 1 && written.status == 1)
    #expect(written.stdout.isEmpty)
    #expect(streamed.stdout == (try directory.read("d.diff")))
    #expect(streamed.stdoutText.hasPrefix("--- a/"))
  }

  @Test("Every command, on a terminal, with a MessagePack input: standard output is text, or nothing")
  func binaryNeverToATerminal() throws {
    let directory = try TemporaryDirectory()
    let input = try directory.write("animation.inertia", Self.messagePack)
    for command in ToolCommand.allCases {
      // Each command's way of writing a document to standard output.
      let runs: [ToolRun]
      switch command {
      case .toJSON, .toMessagePack, .textconv:
        runs = [runTool(command, [input], in: directory.path, stdoutIsTerminal: true)]
      case .toSVG:
        runs = [runTool(command, ["--no-config", input], in: directory.path, stdoutIsTerminal: true)]
      case .merge:
        try directory.write("theirs", AnimationVersion().messagePack)
        runs = [runTool(command, [input, input, directory.file("theirs")], in: directory.path, stdoutIsTerminal: true)]
      case .diff:
        try directory.write("theirs", AnimationVersion().messagePack)
        runs = [
          runTool(command, [input, directory.file("theirs")], in: directory.path, stdoutIsTerminal: true),
          runTool(command, ["--format", "svg", input, input], in: directory.path, stdoutIsTerminal: true),
        ]
      case .lint:
        runs = [
          runTool(
            command, ["--no-config", "--fix", "-"], in: directory.path, stdin: Self.messagePack, stdoutIsTerminal: true),
          runTool(command, ["--no-config", input], in: directory.path, stdoutIsTerminal: true),
        ]
      }
      for run in runs {
        #expect(String(validating: run.stdout, as: UTF8.self) != nil, "\(command.rawValue): binary on a terminal")
        #expect(!run.stdout.contains(0), "\(command.rawValue): a NUL on a terminal")
      }
    }
    // What refuses says so, and writes nothing.
    let refused = runTool(
      .lint, ["--no-config", "--fix", "-"], in: directory.path, stdin: Self.messagePack, stdoutIsTerminal: true)
    #expect(refused.status == 2 && refused.stdout.isEmpty)
    #expect(
      refused.stderr == ["inertia-lint: --fix - would write binary MessagePack to a terminal; redirect standard output"]
    )
    let converted = runTool(.toMessagePack, [input], in: directory.path, stdoutIsTerminal: true)
    #expect(converted.status == 2 && converted.stdout.isEmpty)
  }
}
