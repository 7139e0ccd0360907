import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint
@testable import InertiaTool

/// The command's exit codes, inputs and options, run in-process.
@Suite("Command")
struct CommandTests {
  @Test("A clean file exits 0")
  func cleanExitsZero() throws {
    let sandbox = try LintSandbox(animation: Documents.clean)
    let run = sandbox.run(["--no-config"])
    #expect(run.status == 0)
    #expect(run.stdout == "0 errors, 0 warnings and 0 infos in 1 file.\n")
    #expect(run.stderr.isEmpty)
  }

  @Test("An error exits 1")
  func errorExitsOne() throws {
    let sandbox = try LintSandbox(animation: Documents.mixed)
    #expect(sandbox.run(["--no-config"]).status == 1)
  }

  @Test("Warnings fail only under --strict; infos never")
  func strict() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("warning/animation.inertia", Documents.warningOnly)
    try sandbox.write("info/animation.inertia", Documents.infoOnly)
    #expect(sandbox.run(["--no-config", "warning"]).status == 0)
    #expect(sandbox.run(["--no-config", "--strict", "warning"]).status == 1)
    #expect(sandbox.run(["--no-config", "info"]).status == 0)
    #expect(sandbox.run(["--no-config", "--strict", "info"]).status == 0)
  }

  @Test(
    "Usage errors exit 2",
    arguments: [
      ["--frobnicate"], ["--format", "xml"], ["--disable", "no-such-rule"],
      ["--enable", "durations"], ["--explain", "non-positive-durations"], ["--jobs", "0"], ["--format"],
      ["--stdin-filename", "a.inertia", "b.inertia"], ["-", "-"], ["--config", "x.json", "--no-config"],
    ])
  func usageErrors(_ arguments: [String]) throws {
    let sandbox = try LintSandbox()
    let run = sandbox.run(["--no-config"] + arguments)
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("inertia-lint: "))
    #expect(run.stdout.isEmpty)
  }

  @Test("Unknown names get a suggestion")
  func suggestions() throws {
    let sandbox = try LintSandbox()
    #expect(sandbox.run(["--disable", "loop-streched"]).stderr.contains("did you mean 'loop-stretched'?"))
    #expect(sandbox.run(["--strikt"]).stderr.contains("did you mean --strict?"))
  }

  @Test("A nonexistent path is an io-error finding naming it; the rest is linted, and the run exits 2")
  func nonexistentPath() throws {
    let sandbox = try LintSandbox(animation: Documents.clean)
    let run = sandbox.run(["--no-config", "Animations/missing.inertia", "animation.inertia"])
    #expect(run.status == 2)
    #expect(
      run.stdout == """
        Animations/missing.inertia: error: cannot read: No such file or directory [io-error]
        1 error, 0 warnings and 0 infos in 1 file.

        """)
    // JSON and SARIF stay whole and name it.
    let json = sandbox.run(["--no-config", "--format", "json", "Animations/missing.inertia", "animation.inertia"])
    let report = try JSONReader().read(Array(json.stdout.utf8))
    #expect(json.status == 2 && report["findings"]?.arrayValue?.first?["rule"] == "io-error" && report["files"] == 1)
    let sarif = sandbox.run(["--no-config", "--format", "sarif", "Animations/missing.inertia"])
    let log = try JSONReader().read(Array(sarif.stdout.utf8))
    #expect(sarif.status == 2)
    let sarifRun = log["runs"]?.arrayValue?.first
    #expect(sarifRun?["results"]?.arrayValue?.first?["ruleId"] == "io-error")
    #expect(sarifRun?["invocations"]?.arrayValue?.first?["executionSuccessful"] == false)
  }

  @Test("A folder or file that cannot be read is an io-error with the system's reason, never skipped silently")
  func unreadable() throws {
    guard getuid() != 0 else {
      // Root reads whatever the permissions say; a path past PATH_MAX is an error for root too.
      let sandbox = try LintSandbox()
      var deep = "d"
      while deep.utf8.count < 4200 { deep += "/" + String(repeating: "x", count: 200) }
      let made = FileManager.default.createFile(atPath: sandbox.path("probe"), contents: nil)
      #expect(made)
      let run = sandbox.run(["--no-config", deep])
      #expect(run.status == 2)
      #expect(run.stdout.contains("[io-error]"))
      return
    }
    let sandbox = try LintSandbox()
    try sandbox.write("locked/animation.inertia", Documents.clean)
    chmod(sandbox.path("locked"), 0o000)
    defer { chmod(sandbox.path("locked"), 0o755) }
    let run = sandbox.run(["--no-config"])
    #expect(run.status == 2)
    #expect(run.stdout.contains("locked: error: cannot read: Permission denied [io-error]"))
  }

  @Test("Every path missing, no --config: io-errors, exit 2 in every format and mode, the directory's rules listed")
  func everyPathMissing() throws {
    // The runs above name --no-config; without it, a run that found no file had no configuration to list
    // rules from, and stopped on an index out of range.
    let sandbox = try LintSandbox()
    try sandbox.write("sub/.inertia-lint.json", #"{"rules": {"loop-stretched": "off"}}"#)
    let modes: [[String]] = [
      [], ["--statistics"], ["-q"], ["--fix"], ["--fix", "--dry-run"], ["--diff"],
      ["--write-baseline", "baseline.json"],
    ]
    let formats = ["text", "json", "sarif", "github", "xcode"]
    for arguments in modes + formats.map({ ["--format", $0] }) {
      let run = sandbox.run(arguments + ["missing.inertia", "gone/also.inertia"], in: "sub")
      #expect(run.status == 2, "\(arguments)")
      // --statistics counts by rule and names no file.
      #expect((run.stdout + run.stderr).contains(arguments == ["--statistics"] ? "io-error" : "missing.inertia"))
    }
    let sarif = sandbox.run(["--format", "sarif", "missing.inertia"], in: "sub")
    let rules = try JSONReader().read(Array(sarif.stdout.utf8))["runs"]?.arrayValue?.first?["tool"]?["driver"]?["rules"]
    let ids = rules?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    #expect(ids.contains("schema") && !ids.contains("loop-stretched"))
    let allowed = sandbox.run(["--allow-no-files", "--format", "json"], in: "sub")
    #expect(allowed.status == 0)
  }

  @Test("A run that finds no file warns and exits 2, unless --allow-no-files")
  func noFiles() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("Animations/notes.txt", "x")
    let run = sandbox.run(["--no-config", "Animations"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("no file to lint under Animations"))
    let allowed = sandbox.run(["--no-config", "--allow-no-files", "Animations"])
    #expect(allowed.status == 0 && allowed.stdout == "0 errors, 0 warnings and 0 infos in 0 files.\n")
    // A misspelt --include is the same case.
    #expect(sandbox.run(["--no-config", "--include", "*.inertai", "Animations"]).status == 2)
  }

  @Test("Standard input is linted under --stdin-filename, encoding detected from the content")
  func standardInput() throws {
    let sandbox = try LintSandbox()
    let named = sandbox.run(
      ["--no-config", "-", "--stdin-filename", "Screens/onboarding.json"], stdin: Documents.clean)
    #expect(named.status == 0)
    #expect(named.stdout.contains("Screens/onboarding.json:1:1: info: the file's container id 'onboarding'"))
    let unnamed = sandbox.run(["--no-config", "-"], stdin: Documents.mixed)
    #expect(unnamed.status == 1)
    #expect(unnamed.stdout.contains("<stdin>:8:31: error: [*] keyframe duration -1 is not positive"))
    #expect(!unnamed.stdout.contains("container id"))
  }

  /// Issue 31: the README's hook (`--strict`) failed every valid file not named `animation.inertia`.
  @Test("A valid file whose name is not a container id the editor sends to passes --strict, named or walked")
  func containerIDAloneDoesNotFailStrict() throws {
    let sandbox = try LintSandbox()
    try sandbox.writeMessagePack("Screens/onboarding.inertia", json: Documents.clean)
    for arguments in [["Screens/onboarding.inertia"], ["Screens"], []] {
      let run = sandbox.run(["--no-config", "--strict"] + arguments)
      #expect(run.status == 0, "\(arguments): \(run.stdout)")
      #expect(run.stdout.contains("info: the file's container id 'onboarding'"), "\(arguments): \(run.stdout)")
    }
    let xcode = sandbox.run(["--no-config", "--strict", "--format", "xcode", "Screens/onboarding.inertia"])
    #expect(xcode.status == 0 && xcode.stdout.isEmpty, "a build shows no infos")
  }

  @Test("A file named explicitly is linted whatever its extension")
  func explicitFile() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("animation.txt", Documents.mixed)
    #expect(sandbox.run(["--no-config", "--allow-no-files"]).stdout.contains("in 0 files"))
    let run = sandbox.run(["--no-config", "animation.txt"])
    #expect(run.status == 1)
    #expect(run.stdout.contains("animation.txt:8:31: error:"))
  }

  @Test("Colour only on a terminal, never with NO_COLOR, always with --color always")
  func color() throws {
    let sandbox = try LintSandbox(animation: Documents.mixed)
    let escape = "\u{1B}["
    #expect(!sandbox.run(["--no-config"]).stdout.contains(escape))
    #expect(sandbox.run(["--no-config"], terminal: true).stdout.contains(escape))
    #expect(!sandbox.run(["--no-config"], variables: ["NO_COLOR": "1"], terminal: true).stdout.contains(escape))
    #expect(sandbox.run(["--no-config"], variables: ["NO_COLOR": ""], terminal: true).stdout.contains(escape))
    #expect(sandbox.run(["--no-config", "--color", "always"]).stdout.contains(escape))
    #expect(!sandbox.run(["--no-config", "--color", "never"], terminal: true).stdout.contains(escape))
  }

  @Test("--disable and --enable")
  func disableAndEnable() throws {
    let sandbox = try LintSandbox(animation: Documents.mixed)
    let disabled = sandbox.run(["--no-config", "--disable", "non-positive-duration"])
    #expect(disabled.status == 0)
    #expect(!disabled.stdout.contains("[non-positive-duration]"))
    try sandbox.write(".inertia-lint.json", #"{"rules": {"non-positive-duration": "off"}}"#)
    #expect(sandbox.run([]).status == 0)
    #expect(sandbox.run(["--enable", "non-positive-duration"]).status == 1)
  }

  @Test("Output is the same whatever the number of jobs")
  func deterministicAcrossJobs() throws {
    let sandbox = try LintSandbox()
    for i in 0..<120 {
      try sandbox.write(
        "Feature\(i % 7)/Screen\(i % 5)/animation\(i).inertia", i % 3 == 0 ? Documents.mixed : Documents.clean)
    }
    let one = sandbox.run(["--no-config", "-j", "1"])
    let four = sandbox.run(["--no-config", "-j", "4"])
    #expect(one.stdout == four.stdout)
    #expect(one.stdout.contains("in 120 files"))
    // The findings, then the summary and how many --fix fixes.
    #expect(one.stdout.hasSuffix(" in 120 files.\n[*] 40 fixable with `--fix`.\n"))
    let lines = one.stdout.split(separator: "\n").dropLast(2).map { $0.split(separator: ":")[0] }
    #expect(lines == lines.sorted())
  }

  @Test("--list-rules and --explain print the rule documentation")
  func documentation() throws {
    let sandbox = try LintSandbox()
    let list = sandbox.run(["--list-rules"])
    #expect(list.status == 0)
    for id in RuleRegistry.identifiers { #expect(list.stdout.contains(id)) }
    snapshots.assert(list.stdout, named: "list-rules.txt")
    let explain = sandbox.run(["--explain", "non-positive-duration"])
    #expect(explain.status == 0)
    snapshots.assert(explain.stdout, named: "explain-non-positive-duration.txt")
    for id in RuleRegistry.identifiers { #expect(sandbox.run(["--explain", id]).status == 0) }
  }

  @Test("--help and --version")
  func helpAndVersion() throws {
    let sandbox = try LintSandbox()
    let help = sandbox.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("Usage: inertia-lint"))
    #expect(sandbox.run(["--version"]).stdout == "inertia-lint \(ToolVersion.current)\n")
  }
}
