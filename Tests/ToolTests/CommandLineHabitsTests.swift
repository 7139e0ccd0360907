import Foundation
import InertiaFormat
import InertiaLint
import TestSupport
import Testing

@testable import InertiaTool

#if canImport(Glibc)
  import Glibc
#endif

/// What users bring from Ruff and SwiftLint, and what no file name or file content may do to a terminal.
@Suite("Command-line habits")
struct CommandLineHabitsTests {
  @Test("-V, -q, --exit-zero, --statistics and attached short options")
  func options() throws {
    let sandbox = try LintSandbox(animation: Documents.mixed)
    #expect(sandbox.run(["-V"]).stdout == "inertia-lint \(ToolVersion.current)\n")
    let quiet = sandbox.run(["--no-config", "-q", "-j4"])
    #expect(
      quiet.status == 1 && !quiet.stdout.contains("in 1 file") && quiet.stdout.contains("[non-positive-duration]"))
    let zero = sandbox.run(["--no-config", "--exit-zero", "--strict"])
    #expect(zero.status == 0 && zero.stdout.contains("1 error"))
    let statistics = sandbox.run(["--no-config", "--statistics"])
    #expect(statistics.status == 1)
    #expect(!statistics.stdout.contains("animation.json:"))
    #expect(statistics.stdout.contains("1  non-positive-duration  error"))
    let json = try JSONReader().read(
      Array(sandbox.run(["--no-config", "--statistics", "--format", "json"]).stdout.utf8))
    let rows = try #require(json["statistics"]?.arrayValue)
    #expect(rows.contains { $0["rule"] == "unknown-field" && $0["count"] == 1 && $0["severity"] == "warning" })
    #expect(json["findings"] == nil)
    // --exit-zero does not hide an I/O error.
    #expect(sandbox.run(["--no-config", "--exit-zero", "missing.inertia"]).status == 2)
  }

  @Test("--output-file writes the report atomically; a usage error still leaves a whole SARIF log there")
  func outputFile() throws {
    let sandbox = try LintSandbox(animation: Documents.mixed)
    let run = sandbox.run(["--no-config", "--format", "sarif", "--output-file", "report.sarif"])
    #expect(run.status == 1 && run.stdout.isEmpty)
    let log = try JSONReader().read(try sandbox.read("report.sarif"))
    #expect(log["runs"]?.arrayValue?.first?["results"]?.arrayValue?.isEmpty == false)
    let failed = sandbox.run(["--format", "sarif", "--output-file", "failed.sarif", "--jobs", "0"])
    #expect(failed.status == 2)
    let failedLog = try JSONReader().read(try sandbox.read("failed.sarif"))
    let invocation = failedLog["runs"]?.arrayValue?.first?["invocations"]?.arrayValue?.first
    #expect(invocation?["executionSuccessful"] == false)
    #expect(
      invocation?["toolExecutionNotifications"]?.arrayValue?.first?["message"]?["text"]
        == "--jobs takes a positive number")
    // The JSON report carries its errors too.
    let json = sandbox.run(["--format", "json", "--config", "nope.json"])
    #expect(json.status == 2)
    #expect(try JSONReader().read(Array(json.stdout.utf8))["errors"]?.arrayValue?.count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.root).filter { $0.contains(".tmp-") }.isEmpty)
  }

  @Test("An output file that cannot be written is named as the command line gives it, in every error")
  func outputErrorsNameTheGivenPath() throws {
    let sandbox = try LintSandbox(animation: Documents.mixed)
    try FileManager.default.createDirectory(atPath: sandbox.path("sub/taken"), withIntermediateDirectories: true)
    for (arguments, message) in [
      (["--output-file", "taken"], "inertia-lint: taken: cannot write: it is a directory"),
      (["--write-baseline", "taken"], "inertia-lint: --write-baseline: taken: cannot write: it is a directory"),
      (["--output-file", "../sub/taken"], "inertia-lint: ../sub/taken: cannot write: it is a directory"),
    ] {
      let run = sandbox.run(["--no-config"] + arguments + ["../animation.inertia"], in: "sub")
      #expect(run.status == 2)
      #expect(run.stderr == message + "\n", "\(arguments)")
      #expect(!run.stderr.contains(sandbox.root))
    }
  }

  @Test("--list-rules --format json lists every rule, io-error included")
  func listRulesJSON() throws {
    let sandbox = try LintSandbox()
    let list = try JSONReader().read(Array(sandbox.run(["--list-rules", "--format", "json"]).stdout.utf8))
    let ids = list["rules"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    #expect(ids == RuleRegistry.identifiers + ["io-error"])
  }

  @Test(
    "Colour: --color, then FORCE_COLOR or CLICOLOR_FORCE, then NO_COLOR or TERM=dumb, then the terminal",
    arguments: [
      ([:], false, false), ([:], true, true), (["FORCE_COLOR": "1"], false, true),
      (["CLICOLOR_FORCE": "1"], false, true), (["FORCE_COLOR": "0"], false, false),
      (["NO_COLOR": "1"], true, false), (["TERM": "dumb"], true, false),
    ] as [([String: String], Bool, Bool)])
  func color(_ variables: [String: String], _ terminal: Bool, _ colored: Bool) throws {
    let sandbox = try LintSandbox(animation: Documents.mixed)
    let run = sandbox.run(["--no-config"], variables: variables, terminal: terminal)
    #expect(run.stdout.contains("\u{1B}[") == colored)
  }

  @Test("--stdin-filename alone reads standard input")
  func standardInputName() throws {
    let sandbox = try LintSandbox()
    let run = sandbox.run(["--no-config", "--stdin-filename", "animation.json"], stdin: Documents.mixed)
    #expect(run.status == 1 && run.stdout.contains("animation.json:8:31: error:"))
  }

  @Test("A keyframe id cannot forge a finding line or drive the terminal, in any text output")
  func controlCharactersEscaped() throws {
    let sandbox = try LintSandbox()
    let id = "A\\n/x.inertia:1:1: error: forged [schema]\\u001b[2J"
    let document = Documents.mixed.replacingOccurrences(of: #""id": "B""#, with: #""id": "\#(id)""#)
      .replacingOccurrences(of: #""id": "A""#, with: #""id": "\#(id)""#)
    try sandbox.write("animation.inertia", document)
    for arguments in [["--color", "never"], ["--format", "github"], ["--format", "xcode"], ["--statistics"]] {
      let run = sandbox.run(["--no-config"] + arguments)
      #expect(!run.stdout.contains("\u{1B}"), "\(arguments)")
      #expect(!run.stdout.split(separator: "\n").contains { $0.hasPrefix("/x.inertia") }, "\(arguments)")
    }
    let text = sandbox.run(["--no-config", "--color", "never"]).stdout
    #expect(text.contains(#"\n/x.inertia:1:1: error: forged [schema]\u{1B}[2J"#))
    // The converter's error lines escape keys and file names too.
    let bad = try sandbox.write("bad\u{1B}[2J.json", "{\"k\u{7}\": ")
    let converted = runConvert(["to-msgpack", bad])
    #expect(converted.status == 1)
    #expect(!converted.stderr.joined().contains("\u{1B}") && !converted.stderr.joined().contains("\u{7}"))
    #expect(converted.stderr.first?.contains(#"bad\u{1B}[2J.json"#) == true)
  }

  @Test("A file whose name is not UTF-8 is linted and fixed by its own bytes, and reported escaped or percent-encoded")
  func namesThatAreNotUTF8() throws {
    let sandbox = try LintSandbox()
    let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".inertia".utf8)  // Latin-1 é
    let path = Array(sandbox.root.utf8) + [UInt8(ascii: "/")] + name
    let fd = path.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer -> Int32 in
      var cString = Array(buffer) + [0]
      return open(&cString, O_WRONLY | O_CREAT, 0o644)
    }
    #expect(fd >= 0)
    let bytes = Array(FixCommandTests.fixable().utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    let text = sandbox.run(["--no-config", "--disable", "unaddressable-id", "--include", "*"])
    #expect(text.status == 1)
    #expect(text.stdout.contains(#"caf\xE9.inertia:8:31: error:"#))
    let json = try JSONReader().read(
      Array(sandbox.run(["--no-config", "--format", "json", "--include", "*"]).stdout.utf8))
    let finding = try #require(json["findings"]?.arrayValue?.first)
    #expect(finding["file"] == "caf%E9.inertia" && finding["fileEncoding"] == "percent")
    // The same bytes given as an argument reach the same file.
    #expect(sandbox.run(["--no-config", "--fix", PathText.decode(name)]).status == 0)
    let fixed = try #require(
      FileManager.default.contents(atPath: String(decoding: path, as: UTF8.self)) ?? readRaw(path))
    #expect(String(decoding: fixed, as: UTF8.self) == FixCommandTests.fixable(duration: "0.001"))
  }

  private func readRaw(_ path: [UInt8]) -> Data? {
    var cString = path.map { CChar(bitPattern: $0) } + [0]
    let fd = open(&cString, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let n = read(fd, &buffer, buffer.count)
    return n >= 0 ? Data(buffer[..<n]) : nil
  }

  @Test("--diff of a JSON file without a final newline says so, as patch and git apply need")
  func diffWithoutFinalNewline() throws {
    let sandbox = try LintSandbox()
    var text = FixCommandTests.fixable()
    text.removeLast()
    try sandbox.write("animation.json", text)
    let run = sandbox.run(["--no-config", "--diff", "animation.json"])
    #expect(run.status == 1)
    #expect(run.stdout.hasSuffix("   }\n ]\n\\ No newline at end of file\n"))
    let changed = UnifiedDiff.make(old: "a\nb", new: "a\nc", oldName: "o", newName: "n")
    #expect(
      changed
        == "--- o\n+++ n\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n")
    let added = UnifiedDiff.make(old: "a", new: "a\n", oldName: "o", newName: "n")
    #expect(added == "--- o\n+++ n\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n")
  }

  @Test(
    "A report that cannot be written (a full disk) is an error, exit 2",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full") && builtConvertTool != nil))
  func fullDisk() throws {
    let lint = builtConvertTool!.deletingLastPathComponent().appendingPathComponent("inertia-lint").path
    let sandbox = try LintSandbox(animation: Documents.mixed)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "\"$0\" --no-config --format sarif > /dev/full", lint]
    process.currentDirectoryURL = URL(fileURLWithPath: sandbox.root)
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(message.contains("cannot write the report: No space left on device"))
  }
}
