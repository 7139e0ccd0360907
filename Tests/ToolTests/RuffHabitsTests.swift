import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint
@testable import InertiaTool

/// Issue 31, item 4: what users bring from Ruff. Fixable findings marked `[*]` and counted, the fixable
/// column of `--statistics` at the findings' own severities, a hint for a verb read as a path,
/// `--show-files`, `--show-settings`, and `-V` on every command.
@Suite("Habits from Ruff")
struct RuffHabitsTests {
  /// Two non-positive durations (safe fixes), a misspelt field with an unsafe fix (`shapez`), and an
  /// animation without keyframes (no fix).
  static let animation = """
    [{"id": "card0", "invokeType": "trigger", "initialValues": \(Documents.pose), "shapez": [], "keyframes": [
      {"id": "A", "duration": -1, "values": \(Documents.pose)}, {"id": "B", "duration": 0, "values": \(Documents.pose)}]},
     {"id": "card1", "invokeType": "trigger", "initialValues": \(Documents.pose)}]

    """

  // MARK: [*] and "N fixable with `--fix`"

  @Test("Findings with a safe fix are marked [*] and counted after the summary; unsafe and unfixable ones are not")
  func fixableMarks() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("animation.json", Self.animation)
    let run = sandbox.run(["--no-config", "animation.json"])
    #expect(run.status == 1)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    let marked = lines.filter { $0.contains(": [*] ") }
    #expect(marked.count == 2)
    #expect(
      marked.allSatisfy {
        $0.hasSuffix("[non-positive-duration] at /0/keyframes/\($0.contains("-1") ? 0 : 1)/duration")
      })
    let unsafe = try #require(lines.first { $0.contains("[unknown-field]") })
    #expect(!unsafe.contains("[*]"), "an unsafe fix is applied only with --unsafe-fixes")
    #expect(lines.last == "[*] 2 fixable with `--fix`.")
    #expect(lines.dropLast().last?.hasSuffix(" in 1 file.") == true, "the summary comes first")

    // Counted even past --max-findings, which lists one of the two.
    let limited = sandbox.run(["--no-config", "--max-findings", "1", "animation.json"])
    #expect(limited.stdout.components(separatedBy: ": [*] ").count - 1 == 1)
    #expect(limited.stdout.hasSuffix("[*] 2 fixable with `--fix`.\n"))
    // -q prints the findings only; a run that fixes says what it fixed instead.
    let quiet = sandbox.run(["--no-config", "-q", "animation.json"])
    #expect(quiet.stdout.contains(": [*] ") && !quiet.stdout.contains("fixable with"))
    let dryRun = sandbox.run(["--no-config", "--fix", "--dry-run", "animation.json"])
    #expect(dryRun.stdout.contains("would fix 2 problems") && !dryRun.stdout.contains("[*]"))
    // Nothing fixable, nothing said.
    try sandbox.write("warning.json", Documents.warningOnly)
    let none = sandbox.run(["--no-config", "warning.json"])
    #expect(!none.stdout.contains("[*]") && !none.stdout.contains("fixable"))
  }

  @Test("Across the corpus, the findings marked [*] are the ones --fix fixes, and the count says so")
  func marksAgreeWithFix() throws {
    let folder = Fixtures.corpus.appendingPathComponent("lint")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") || $0.hasSuffix(".inertia") }.sorted()
    #expect(files.count >= 10)
    let sandbox = try LintSandbox()
    var sawFixable = false
    for name in files {
      let path = folder.appendingPathComponent(name).path
      let lint = sandbox.run(["--no-config", "--max-findings", "0", path])
      let marked = lint.stdout.split(separator: "\n").filter { $0.contains(": [*] ") }
      for line in marked {
        let rule = String(line.split(separator: "[").last!.prefix { $0 != "]" })
        #expect(RuleRegistry.description(of: rule)?.fixSafety == .safe, "\(name): \(line)")
      }
      let dryRun = sandbox.run(["--no-config", "--fix", "--dry-run", "--max-findings", "0", path])
      let wouldFix = dryRun.stdout.split(separator: "\n").filter { $0.hasSuffix(")") && $0.contains(": would fix ") }
        .compactMap { Int($0.components(separatedBy: ": would fix ")[1].prefix { $0.isNumber }) }.reduce(0, +)
      #expect(marked.count == wouldFix, "\(name)")
      if wouldFix > 0 {
        sawFixable = true
        #expect(lint.stdout.hasSuffix("[*] \(wouldFix) fixable with `--fix`.\n"), "\(name)")
      } else {
        #expect(!lint.stdout.contains("fixable with"), "\(name)")
      }
    }
    #expect(sawFixable)
  }

  // MARK: --statistics

  @Test("--statistics: a row per rule and severity the findings have, with whether --fix fixes them")
  func statistics() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("a.json", Self.animation)
    try sandbox.write("Soft/b.json", Self.animation)
    try sandbox.write("Soft/.inertia-lint.json", #"{"rules": {"non-positive-duration": "warning"}}"#)
    let run = sandbox.run(["--statistics", "--include", "*.json", "a.json", "Soft/b.json"])
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("2  non-positive-duration  error    [*]"), "\(run.stdout)")
    #expect(lines.contains("2  non-positive-duration  warning  [*]"), "\(run.stdout)")
    #expect(lines.contains { $0.hasPrefix("2  unknown-field ") && $0.hasSuffix("  warning  [ ]") }, "unsafe fixes")
    #expect(lines.last == "[*] 4 fixable with `--fix`.")

    let json = try JSONReader().read(
      Array(sandbox.run(["--statistics", "--format", "json", "a.json", "Soft/b.json"]).stdout.utf8))
    let rows = try #require(json["statistics"]?.arrayValue)
    for severity in ["error", "warning"] {
      #expect(
        rows.contains {
          $0["rule"] == "non-positive-duration" && $0["severity"] == .string(severity) && $0["count"] == 2
            && $0["fixable"] == 2
        })
    }
    #expect(rows.contains { $0["rule"] == "unknown-field" && $0["fixable"] == 0 })
  }

  @Test("The fixable column: [*] when --fix fixes all of a row, [~] some, [ ] none")
  func fixableMark() {
    func row(_ count: Int, _ fixable: Int) -> LintReport.RuleCount {
      LintReport.RuleCount(rule: "r", severity: .error, count: count, fixable: fixable)
    }
    #expect(TextReporter.fixableMark(row(3, 3)) == "[*]")
    #expect(TextReporter.fixableMark(row(3, 1)) == "[~]")
    #expect(TextReporter.fixableMark(row(3, 0)) == "[ ]")
  }

  // MARK: A verb read as a path

  struct VerbCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var suggestion: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let verbs: [VerbCase] = [
    VerbCase(arguments: ["rule", "schema"], suggestion: "inertia-lint --explain schema"),
    VerbCase(arguments: ["explain", "unknown-field"], suggestion: "inertia-lint --explain unknown-field"),
    VerbCase(arguments: ["rules"], suggestion: "inertia-lint --list-rules"),
    VerbCase(arguments: ["version"], suggestion: "inertia-lint --version"),
    VerbCase(arguments: ["check", "animation.inertia"], suggestion: "inertia-lint animation.inertia"),
  ]

  @Test("A missing first path that is a known verb names the path, then the option meant", arguments: verbs)
  func verbHint(_ row: VerbCase) throws {
    let sandbox = try LintSandbox(animation: Documents.clean)
    let run = sandbox.run(["--no-config"] + row.arguments)
    #expect(run.status == 2)
    let first = try #require(run.stdout.split(separator: "\n").first)
    #expect(
      first
        == "\(row.arguments[0]): error: cannot read: No such file or directory; did you mean `\(row.suggestion)`? [io-error]"
    )
    // The command suggested is one the tool takes.
    let suggested = row.suggestion.split(separator: " ").dropFirst().map(String.init)
    #expect(throws: Never.self) { _ = try LintOptions.parse(suggested) }
    #expect(sandbox.run(suggested).status == 0)
  }

  @Test("No hint for a verb that names a file, a verb that is not first, or another missing path")
  func noVerbHint() throws {
    let sandbox = try LintSandbox(animation: Documents.clean)
    try sandbox.write("rules", Documents.clean)
    let existing = sandbox.run(["--no-config", "rules"])
    #expect(existing.status == 0 && !existing.stdout.contains("did you mean"))
    let second = sandbox.run(["--no-config", "animation.inertia", "rule"])
    #expect(second.status == 2 && !second.stdout.contains("did you mean"))
    let other = sandbox.run(["--no-config", "lint", "x"])
    #expect(other.status == 2 && !other.stdout.contains("did you mean"))
  }

  // MARK: --show-files and --show-settings

  /// A git repository with files a walk finds, one its `.gitignore` ignores, one the configuration excludes,
  /// and a configuration that sets severities and container ids.
  static func project() throws -> LintSandbox {
    let sandbox = try LintSandbox()
    try FileManager.default.createDirectory(atPath: sandbox.path(".git"), withIntermediateDirectories: true)
    try sandbox.write("animation.inertia", Documents.clean)
    try sandbox.write("Screens/onboarding.inertia", Documents.mixed)
    try sandbox.write("Screens/notes.json", Documents.clean)
    try sandbox.write("Drafts/draft.inertia", Documents.mixed)
    try sandbox.write("Build/ignored.inertia", Documents.mixed)
    try sandbox.write(".gitignore", "Build/\n")
    try sandbox.write(
      ".inertia-lint.json",
      #"{"rules": {"unknown-field": "info", "loop-stretched": "off"}, "exclude": ["Drafts"], "containerId": ["animation", "onboarding"]}"#
    )
    try sandbox.write("Legacy/.inertia-lint.json", #"{"rules": {"non-positive-duration": "warning"}}"#)
    try sandbox.write("Legacy/old.inertia", Documents.mixed)
    return sandbox
  }

  @Test("--show-files prints the files a walk lints, one a line, and exits 0")
  func showFiles() throws {
    let sandbox = try Self.project()
    let run = sandbox.run(["--show-files"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "Legacy/old.inertia\nScreens/onboarding.inertia\nanimation.inertia\n")
    // The same files a lint reports.
    let lint = sandbox.run(["--format", "json"])
    let linted = try JSONReader().read(Array(lint.stdout.utf8))
    let reported = Set((linted["findings"]?.arrayValue ?? []).compactMap { $0["file"]?.stringValue })
    #expect(reported.isSubset(of: Set(run.stdout.split(separator: "\n").map(String.init))))
    // The options that choose files have their effect.
    let included = sandbox.run(["--show-files", "--include", "*.json", "--no-respect-gitignore", "Screens", "Build"])
    #expect(included.stdout == "Screens/notes.json\n")
    try sandbox.write("only.json", #"{"exclude": ["Screens"]}"#)
    // (--config replaces every configuration, the one that excludes Drafts too.)
    #expect(
      sandbox.run(["--show-files", "--config", "only.json"]).stdout
        == "Drafts/draft.inertia\nLegacy/old.inertia\nanimation.inertia\n")
    let everything = sandbox.run(["--show-files", "--no-respect-gitignore", "--exclude", "Legacy"])
    #expect(everything.stdout == "Build/ignored.inertia\nScreens/onboarding.inertia\nanimation.inertia\n")
    // A missing path is named and fails; a report's options are refused.
    let missing = sandbox.run(["--show-files", "animation.inertia", "nope.inertia"])
    #expect(missing.status == 2 && missing.stdout == "animation.inertia\n")
    #expect(missing.stderr.contains("nope.inertia: cannot read: No such file or directory"))
    #expect(
      sandbox.run(["--show-files", "--show-settings", "x"]).stderr
        == "inertia-lint: --show-settings prints and exits: it takes no --show-files (see --help)\n")
    for extra in [["--fix"], ["--format", "json"], ["--statistics"], ["--strict"], ["--disable", "schema"]] {
      let refused = sandbox.run(["--show-files"] + extra)
      // (A JSON report is still written whole, saying why the run stopped.)
      #expect(refused.status == 2 && !refused.stdout.contains("animation.inertia"), "\(extra)")
      #expect(refused.stderr.contains("--show-files prints and exits: it takes no \(extra[0])"))
    }
  }

  @Test("--show-settings PATH prints its configuration, whether it is excluded, its settings and its rules")
  func showSettings() throws {
    let sandbox = try Self.project()
    let run = sandbox.run(["--show-settings", "Screens/onboarding.inertia"])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "Settings for Screens/onboarding.inertia:")
    #expect(lines.contains("  configuration: .inertia-lint.json"))
    #expect(lines.contains("  excluded: no"))
    #expect(lines.contains("  containerIds: animation, onboarding"))
    #expect(lines.contains { $0.hasPrefix("  unknown-field ") && $0.hasSuffix("  info (set)") })
    #expect(lines.contains { $0.hasPrefix("  non-positive-duration ") && $0.hasSuffix("  error") })
    #expect(!lines.contains { $0.hasPrefix("  loop-stretched ") })
    let off = try #require(lines.first { $0.hasPrefix("Rules that are off: ") })
    #expect(off.contains("loop-stretched"))
    // Every rule is either run or off, once.
    let listed = lines.filter { $0.hasPrefix("  ") && !$0.contains(":") }.map { $0.split(separator: " ")[0] }
    #expect(listed.count + off.split(separator: ",").count == RuleRegistry.descriptions.count)

    let legacy = sandbox.run(["--show-settings", "Legacy/old.inertia"]).stdout
    #expect(legacy.contains("  configuration: Legacy/.inertia-lint.json\n"))
    #expect(legacy.contains("non-positive-duration") && legacy.contains("warning (set)"))
    #expect(legacy.contains("  containerIds: animation\n"))
    let draft = sandbox.run(["--show-settings", "Drafts/draft.inertia"]).stdout
    #expect(draft.contains("  excluded: yes"))
    let folder = sandbox.run(["--show-settings", "Legacy"]).stdout
    #expect(folder.contains("  configuration: Legacy/.inertia-lint.json\n"))
    let none = sandbox.run(["--no-config", "--disable", "schema", "--show-settings", "animation.inertia"]).stdout
    #expect(none.contains("  configuration: none, the defaults (--no-config)\n"))
    #expect(none.contains("Rules that are off: ") && none.contains("schema"))
    // The loop a container plays at: the app's when a configuration sets it, else each file's own.
    #expect(none.contains("  loopDuration: each file's own (the largest of its animations', 3 s without one)\n"))
    #expect(!run.stdout.contains("nil") && !run.stdout.contains("Optional("))
    let config = sandbox.run(["--config", "Legacy/.inertia-lint.json", "--show-settings", "animation.inertia"]).stdout
    #expect(config.contains("  configuration: Legacy/.inertia-lint.json (--config)\n"))

    let missing = sandbox.run(["--show-settings", "nope.inertia"])
    #expect(missing.status == 2 && missing.stdout.isEmpty)
    #expect(missing.stderr == "inertia-lint: --show-settings: nope.inertia: No such file or directory\n")
    #expect(sandbox.run(["--show-settings", "animation.inertia", "Screens"]).status == 2, "one FILE")
    for extra in [["--strict"], ["--include", "*.json"], ["--no-respect-gitignore"], ["--allow-no-files"]] {
      let refused = sandbox.run(["--show-settings", "animation.inertia"] + extra)
      #expect(refused.status == 2 && refused.stdout.isEmpty, "\(extra)")
      #expect(refused.stderr.contains("--show-settings prints and exits: it takes no \(extra[0])"))
    }
    // --exclude is the command line's exclude.
    let excluded = sandbox.run(["--show-settings", "animation.inertia", "--exclude", "animation.inertia"])
    #expect(excluded.stdout.contains("  excluded: yes"))
  }

  // MARK: -V

  @Test("-V prints the version on every command of both tools, as --version does")
  func shortVersion() throws {
    for command in [[], ["to-json"], ["to-msgpack"], ["to-svg"], ["textconv"], ["merge"]] {
      for flag in ["-V", "--version"] {
        let run = runConvert(command + [flag])
        #expect(run.status == 0, "\(command) \(flag)")
        #expect(run.stdoutText == "inertia-convert \(ToolVersion.current)\n", "\(command) \(flag)")
      }
    }
    // Every option table with --version spells it -V too.
    for table in [
      LintOptions.arguments, ConvertCommand.arguments, SVGCommand.arguments, TextconvCommand.arguments,
      MergeCommand.arguments,
    ] {
      #expect(table.option(named: "-V")?.name == "--version")
    }
  }
}
