import Foundation
import InertiaFormat
import InertiaLint
import TestSupport
import Testing

@testable import InertiaTool

/// Issue 29, class 5: every documented option of every command either has its effect or is refused as a
/// usage error. The table of commands and options is the code's own (``ToolCommand``, each command's
/// option table): an option added without a scenario here fails the first test. Each option is run in
/// every mode of its command (for the linter: a lint, `--fix`, `--fix --dry-run`, `--diff`,
/// `--write-baseline`, `--fix -`, `--list-rules`, `--explain`) against the same run without it: the
/// run with it must be a usage error or differ (exit status, standard output, standard error, files).
@Suite("Options, every command")
struct OptionEffectTests {
  /// How to show an option's effect: what it adds to a command line, and what the runs with and without it
  /// share (paths, other options, standard input), for a mode.
  struct Scenario {
    /// The option and its value.
    var option: [String]
    /// What both runs have besides the mode's own arguments: the paths and any options the option needs
    /// to show its effect.
    var base: [String] = []
    /// Standard input, for the linter.
    var stdin: [UInt8]? = nil
    /// What both runs have besides `--fix -` (which reads the animation from standard input).
    var stdinBase: [String] = ["-"]
    /// What `--fix -` reads, when not the animation.
    var stdinDocument: String? = nil
  }

  /// Options that change nothing one can see in any mode, by design, and why.
  static let unobservable: [String: String] = [
    "--jobs": "how many files are linted at once; the report is the same by design"
  ]
  /// Options that change nothing one can see in one mode, by design and documented, and why.
  static let unobservableInMode: [String: [String: String]] = [
    "show files": [
      "--config":
        "a configuration chooses files by its include and exclude, and other.json has neither (RuffHabitsTests "
        + "shows one that has)",
      "--no-config": "the sandbox's configuration has no include or exclude, so it chooses the same files",
    ],
    "write baseline": [
      "--baseline":
        "no run that writes a baseline reads one, so that --baseline F --write-baseline F refreshes it (README)"
    ],
  ]

  // MARK: The linter

  static let pose = Documents.pose
  /// Two fixable errors (non-positive durations), a repeated keyframe id (a safe fix), two unknown fields,
  /// one with an unsafe fix (`shapez`), an error no fix mends (an animation without keyframes), and a
  /// container id that is not `animation`.
  static let animation = """
    [{"id": "card0", "invokeType": "trigger", "initialValues": \(pose), "shapez": [], "notes": "x", "keyframes": [
      {"id": "A", "duration": -1, "values": \(pose)}, {"id": "A", "duration": -2, "values": \(pose)}]},
     {"id": "card1", "invokeType": "trigger", "initialValues": \(pose)}]

    """

  /// A folder for the linter's scenarios: a git repository with `a.inertia` (above), `warn.inertia`
  /// (warnings only), `c.json` (found only by `--include`), `Excluded/x.inertia`, `ignored.inertia`
  /// (git ignores it), `app/App.swift` (a SwiftUI view tagged `card0`), a configuration that makes unknown
  /// fields infos and turns `unaddressable-id` and
  /// `duplicate-keyframe-id` off, another (`other.json`) that turns `non-positive-duration` off, and a
  /// baseline of `a.inertia`'s findings.
  static func lintSandbox() throws -> LintSandbox {
    let sandbox = try LintSandbox()
    try sandbox.write("a.inertia", animation)
    try sandbox.write("warn.inertia", Documents.warningOnly)
    try sandbox.write("c.json", animation)
    try sandbox.write("Excluded/x.inertia", animation)
    try sandbox.write("ignored.inertia", animation)
    try sandbox.write(".gitignore", "ignored.inertia\n")
    try FileManager.default.createDirectory(atPath: sandbox.path(".git"), withIntermediateDirectories: true)
    try sandbox.write(
      ".inertia-lint.json",
      #"{"rules": {"unknown-field": "info", "unaddressable-id": "off", "duplicate-keyframe-id": "off"}}"#)
    try sandbox.write("other.json", #"{"rules": {"non-positive-duration": "off"}}"#)
    try sandbox.write("app/App.swift", "import Inertia\nlet card = Text(\"x\").inertia(\"card0\")\n")
    let baseline = sandbox.run(["--no-config", "--write-baseline", "base.json", "a.inertia"])
    precondition(baseline.status == 0, baseline.stderr)
    return sandbox
  }

  /// The linter's modes: the arguments that make each, and whether it reads standard input.
  static let lintModes: [(name: String, arguments: [String], stdin: Bool)] = [
    ("lint", [], false), ("fix", ["--fix"], false), ("dry run", ["--fix", "--dry-run"], false),
    ("diff", ["--diff"], false), ("write baseline", ["--write-baseline", "new.json"], false),
    ("fix standard input", ["--fix"], true), ("list rules", ["--list-rules"], false),
    ("explain", ["--explain", "schema"], false), ("show files", ["--show-files"], false),
    ("show settings", ["--show-settings", "a.inertia"], false),
  ]

  /// How each of the linter's options shows its effect.
  static func lintScenario(_ name: String) -> Scenario? {
    let a = Array(animation.utf8)
    switch name {
    case "--fix": return Scenario(option: ["--fix"], base: ["a.inertia"])
    case "--unsafe-fixes":
      return Scenario(option: ["--unsafe-fixes"], base: ["--no-config", "a.inertia"], stdinBase: ["--no-config", "-"])
    case "--dry-run": return Scenario(option: ["--dry-run"], base: ["a.inertia"])
    case "--diff": return Scenario(option: ["--diff"], base: ["a.inertia"])
    case "--strict":
      return Scenario(
        option: ["--strict"], base: ["--no-config", "warn.inertia"], stdinBase: ["--no-config", "-"],
        stdinDocument: Documents.warningOnly)
    case "--exit-zero":
      return Scenario(option: ["--exit-zero"], base: ["a.inertia"])
    case "--format": return Scenario(option: ["--format", "json"], base: ["a.inertia"])
    case "--output-file": return Scenario(option: ["--output-file", "report.txt"], base: ["a.inertia"])
    case "--quiet": return Scenario(option: ["-q"], base: ["a.inertia"])
    case "--statistics": return Scenario(option: ["--statistics"], base: ["a.inertia"])
    case "--max-findings": return Scenario(option: ["--max-findings", "1"], base: ["a.inertia"])
    case "--baseline":
      return Scenario(
        option: ["--baseline", "base.json"], base: ["--no-config", "a.inertia"],
        stdinBase: ["--no-config", "--stdin-filename", "a.inertia", "-"])
    case "--write-baseline": return Scenario(option: ["--write-baseline", "w.json"], base: ["a.inertia"])
    case "--config": return Scenario(option: ["--config", "other.json"], base: ["a.inertia"])
    case "--no-config": return Scenario(option: ["--no-config"], base: ["a.inertia"])
    case "--include": return Scenario(option: ["--include", "*.json"], base: ["."])
    case "--exclude": return Scenario(option: ["--exclude", "Excluded"], base: ["."])
    case "--no-respect-gitignore": return Scenario(option: ["--no-respect-gitignore"], base: ["."])
    case "--allow-no-files":
      // The app source is left out too: a walk that finds one has something to check.
      return Scenario(option: ["--allow-no-files"], base: ["--include", "*.none", "--exclude", "app", "."])
    case "--stdin-filename": return Scenario(option: ["--stdin-filename", "named.inertia"], base: ["-"], stdin: a)
    case "--disable": return Scenario(option: ["--disable", "non-positive-duration"], base: ["a.inertia"])
    case "--enable": return Scenario(option: ["--enable", "duplicate-keyframe-id"], base: ["a.inertia"])
    case "--colour": return Scenario(option: ["--color", "always"], base: ["a.inertia"])
    case "--jobs": return Scenario(option: ["-j", "1"], base: ["."])
    case "--list-rules": return Scenario(option: ["--list-rules"], base: [])
    case "--explain": return Scenario(option: ["--explain", "schema"], base: [])
    case "--show-files": return Scenario(option: ["--show-files"], base: ["."])
    case "--show-settings": return Scenario(option: ["--show-settings", "a.inertia"], base: [])
    case "--help": return Scenario(option: ["--help"], base: ["a.inertia"])
    case "--version": return Scenario(option: ["--version"], base: ["a.inertia"])
    // The build plugins' mode: the source checked against the resources named (without it, the source is
    // linted as an animation file, and fails to parse).
    case "--app-target": return Scenario(option: ["--app-target", "module"], base: ["app/App.swift"])
    case "--resource":
      return Scenario(option: ["--resource", "a.inertia"], base: ["--app-target", "module", "app/App.swift"])
    default: return nil
    }
  }

  /// What a run did that one can see.
  struct Observed: Equatable {
    var status: Int32
    var stdout: String
    var stderr: String
    var files: [String: [UInt8]]
  }

  static func observe(_ arguments: [String], stdin: [UInt8]?) throws -> (Observed, isUsageError: Bool) {
    let sandbox = try lintSandbox()
    let run = sandbox.run(arguments, stdinBytes: stdin)
    var files = folderSnapshot(sandbox.root)
    files = files.filter { !$0.key.hasPrefix(".git/") }
    let usage = run.status == 2 && run.stderr.contains("(see --help)")
    return (Observed(status: run.status, stdout: run.stdout, stderr: run.stderr, files: files), usage)
  }

  @Test("Every option of every command has a scenario that shows its effect")
  func everyOptionHasAScenario() {
    for command in ToolCommand.allCases {
      for option in command.arguments.options {
        let scenario = command == .lint ? Self.lintScenario(option.name) : Self.convertScenario(command, option.name)
        #expect(scenario != nil, "\(command.rawValue) \(option.name): no scenario shows what it does")
      }
    }
  }

  @Test("inertia-lint: each option, in each mode, has its effect or is a usage error")
  func lintOptionsInEveryMode() throws {
    var effective: Set<String> = []
    for option in ToolCommand.lint.arguments.options {
      guard let scenario = Self.lintScenario(option.name) else { continue }
      if option.name == "--help" || option.name == "--version" { continue }  // they print and exit, first
      for mode in Self.lintModes {
        // The mode's own option is not added to itself.
        if mode.arguments.contains(scenario.option[0]) && option.value == nil { continue }
        if mode.arguments.first == scenario.option[0] { continue }
        let base = mode.arguments + (mode.stdin ? scenario.stdinBase : scenario.base)
        let stdin = mode.stdin ? Array((scenario.stdinDocument ?? Self.animation).utf8) : scenario.stdin
        let (without, baseIsUsageError) = try Self.observe(base, stdin: stdin)
        let (with, isUsageError) = try Self.observe(base + scenario.option, stdin: stdin)
        let what = "\(option.name) in \(mode.name): \(base + scenario.option)"
        if baseIsUsageError {
          #expect(isUsageError, "\(what): the run without it is a usage error, the run with it is not")
          continue
        }
        if isUsageError { continue }
        if let reason = Self.unobservable[option.name] ?? Self.unobservableInMode[mode.name]?[option.name] {
          #expect(with == without, "\(what): \(reason), but the output differs")
          continue
        }
        #expect(with != without, "\(what): accepted, and nothing differs")
        if with != without { effective.insert(option.name) }
      }
    }
    // And each has its effect somewhere.
    for option in ToolCommand.lint.arguments.options
    where Self.unobservable[option.name] == nil && option.name != "--help" && option.name != "--version" {
      #expect(effective.contains(option.name), "\(option.name) has no effect in any mode")
    }
  }

  // MARK: The converter's commands

  /// How each option of the converter's commands shows its effect (their one mode each); a path is marked
  /// `@`, and taken in the sandbox.
  static func convertScenario(_ command: ToolCommand, _ name: String) -> Scenario? {
    switch (command, name) {
    case (_, "--help"): return Scenario(option: ["--help"])
    case (_, "--version"): return Scenario(option: ["--version"])
    case (.toJSON, _), (.toMessagePack, _):
      switch name {
      case "--output": return Scenario(option: ["-o", "@OUT/out"], base: ["@ext.json"])
      case "--out-dir": return Scenario(option: ["--out-dir", "@OUT"], base: ["@ext.json"])
      case "--from": return Scenario(option: ["--from", "msgpack"], base: ["@ext.json"])
      case "--compact": return Scenario(option: ["--compact"], base: ["@a.json"])
      case "--extended":
        return Scenario(option: ["--extended"], base: [command == .toJSON ? "@ext.inertia" : "@ext.json"])
      case "--max-depth": return Scenario(option: ["--max-depth", "2"], base: ["@ext.json"])
      default: return nil
      }
    case (.toSVG, _):
      switch name {
      case "--output": return Scenario(option: ["-o", "@OUT/out.svg"], base: ["@a.json"])
      case "--out-dir": return Scenario(option: ["--out-dir", "@OUT"], base: ["@a.json"])
      case "--at": return Scenario(option: ["--at", "0.5"], base: ["@a.json"])
      case "--timeline": return Scenario(option: ["--timeline"], base: ["@a.json"])
      case "--trigger": return Scenario(option: ["--trigger", "card0"], base: ["@two.json"])
      case "--loop-duration": return Scenario(option: ["--loop-duration", "9"], base: ["@a.json"])
      case "--view-size": return Scenario(option: ["--view-size", "50x60"], base: ["@a.json"])
      case "--container-size": return Scenario(option: ["--container-size", "300x400"], base: ["@a.json"])
      case "--config": return Scenario(option: ["--config", "@other.json"], base: ["@a.json"])
      case "--no-config": return Scenario(option: ["--no-config"], base: ["@a.json"])
      case "--max-depth": return Scenario(option: ["--max-depth", "3"], base: ["@a.json"])
      default: return nil
      }
    case (.merge, "--marker-size"):
      return Scenario(option: ["--marker-size", "9"], base: ["@base", "@ours", "@theirs"])
    case (.merge, "--path"): return Scenario(option: ["--path", "Named.inertia"], base: ["@base", "@ours", "@theirs"])
    case (.diff, _):
      let versions = ["@base", "@ours"]
      switch name {
      case "--format": return Scenario(option: ["--format", "json"], base: versions)
      case "--output": return Scenario(option: ["-o", "@OUT/diff.txt"], base: versions)
      case "--colour": return Scenario(option: ["--color", "always"], base: versions)
      case "--loop-duration": return Scenario(option: ["--loop-duration", "9"], base: versions)
      case "--name": return Scenario(option: ["--name", "Named.inertia"], base: versions)
      case "--git": return Scenario(option: ["--git"], base: versions)
      case "--max-depth": return Scenario(option: ["--max-depth", "2"], base: versions)
      default: return nil
      }
    default: return nil
    }
  }

  /// A folder for the converter's scenarios: `ext.json` (a NaN in the extended form), `ext.inertia` (the
  /// same as MessagePack), `a.json` (an animation), `two.json` (two animations), a configuration with a
  /// loop duration and `other.json` with another, and three versions of a file whose merge conflicts.
  static func convertSandbox() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    let extended = #"[{"id": "card0", "duration": {"$float64": "NaN"}, "values": [[1]]}]"#
    try directory.write("ext.json", extended)
    try directory.write("ext.inertia", try Converter.toMessagePack(json: Array(extended.utf8), extended: true))
    let one = AnimationVersion().json
    try directory.write("a.json", one)
    try directory.write(
      "two.json",
      String(one.dropLast()) + "," + String(one.replacingOccurrences(of: "card0", with: "card1").dropFirst()))
    try directory.write(".inertia-lint.json", #"{"loopDuration": 5}"#)
    try directory.write("other.json", #"{"loopDuration": 8}"#)
    try directory.write("base", AnimationVersion().messagePack)
    try directory.write("ours", AnimationVersion().duration(1, "7").messagePack)
    try directory.write("theirs", AnimationVersion().duration(1, "9").messagePack)
    return directory
  }

  @Test(
    "inertia-convert: each option of each command has its effect or is a usage error",
    .enabled(if: GitRepository.git != nil))
  func convertOptions() throws {
    for command in ToolCommand.allCases where command != .lint {
      for option in command.arguments.options {
        guard let scenario = Self.convertScenario(command, option.name) else { continue }
        func observe(_ arguments: [String]) throws -> (Observed, Bool) {
          let directory = try Self.convertSandbox()
          try FileManager.default.createDirectory(atPath: directory.file("OUT"), withIntermediateDirectories: true)
          // Paths (marked `@`) from the sandbox: the converter runs from the process's working directory.
          let absolute = arguments.map { $0.hasPrefix("@") ? directory.file(String($0.dropFirst())) : $0 }
          let run = runTool(command, absolute, in: directory.path)
          var files = folderSnapshot(directory.path)
          // The merge's messages name the file by the path it was given.
          let stderr = run.stderrText.replacingOccurrences(of: directory.path, with: "")
          files = files.filter { !$0.key.hasPrefix(".tmp") }
          return (Observed(status: run.status, stdout: run.stdoutText, stderr: stderr, files: files), run.isUsageError)
        }
        let (without, _) = try observe(scenario.base)
        let (with, isUsageError) = try observe(scenario.base + scenario.option)
        let what = "\(command.rawValue) \(option.name): \(scenario.base + scenario.option)"
        if isUsageError { continue }
        #expect(with != without, "\(what): accepted, and nothing differs")
      }
    }
  }
}
