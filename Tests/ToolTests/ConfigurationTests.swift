import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint
@testable import InertiaTool

/// `.inertia-lint.json`: what it can say, where it is found, and that mistakes in it are errors.
@Suite("Configuration")
struct ConfigurationTests {
  @Test(
    "Mistakes are errors that say where (exit 2)",
    arguments: [
      (#"{"rulez": {}}"#, ".inertia-lint.json:1:2: unknown key 'rulez'; did you mean 'rules'?"),
      (#"{"rules": {"durations": "off"}}"#, ".inertia-lint.json:1:12: unknown rule 'durations'"),
      (#"{"rules": {"loop-streched": "off"}}"#, "did you mean 'loop-stretched'?"),
      (
        #"{"rules": {"schema": "fatal"}}"#,
        #".inertia-lint.json:1:22: rule 'schema' must be "error", "warning", "info" or "off""#
      ),
      (#"{"rules": {"schema": "off", "schema": "error"}}"#, "rule 'schema' is configured twice"),
      (#"{"exclude": "Fixtures"}"#, "exclude must be an array of strings"),
      (#"{"exclude": ["ok", 3]}"#, ".inertia-lint.json:1:20: exclude must be an array of non-empty strings"),
      (#"{"loopDuration": -1}"#, "loopDuration must be a positive number of seconds"),
      (#"{"containerId": [true]}"#, "containerId must be an array of non-empty strings"),
      (#"{"rules": {}, "rules": {}}"#, "'rules' is given twice"),
      (#"["rules"]"#, ".inertia-lint.json:1:1: expected an object"),
      ("{\n  \"rules\": {,}\n}", ".inertia-lint.json:2:13: expected a key in double quotes"),
    ])
  func mistakes(_ configuration: String, _ message: String) throws {
    let sandbox = try LintSandbox()
    try sandbox.write(".inertia-lint.json", configuration)
    try sandbox.write("animation.inertia", Documents.clean)
    let run = sandbox.run([])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("inertia-lint: configuration: "))
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test("Rules can be switched off or given another severity")
  func severities() throws {
    let sandbox = try LintSandbox(animation: Documents.infoOnly)
    #expect(sandbox.run([]).status == 0)
    try sandbox.write(".inertia-lint.json", #"{"rules": {"loop-stretched": "error"}}"#)
    let raised = sandbox.run([])
    #expect(raised.status == 1)
    #expect(raised.stdout.contains(": error: ") && raised.stdout.contains("[loop-stretched]"))
    try sandbox.write(".inertia-lint.json", #"{"rules": {"loop-stretched": "off"}}"#)
    #expect(sandbox.run([]).stdout == "0 errors, 0 warnings and 0 infos in 1 file.\n")
  }

  /// A configuration written for a version that had a rule since removed keeps working: its id is accepted
  /// in `rules` (at any severity) and in `ignore`, does nothing, and is named once on standard error with
  /// where it is and why it went; the report is the one a configuration without it gives.
  @Test(
    "A removed rule's id in the configuration is a warning on stderr, not an error",
    arguments: [
      (#"{"rules": {"auto-invoke-type": "error"}}"#, ".inertia-lint.json:1:12: "),
      (#"{"rules": {"loop-stretched": "off", "auto-invoke-type": "off"}}"#, ".inertia-lint.json:1:37: "),
      (
        #"{"ignore": [{"files": "**", "rules": ["auto-invoke-type"], "reason": "SwiftUI"}]}"#,
        ".inertia-lint.json:1:39: "
      ),
      ("{\n  \"rules\": {\n    \"auto-invoke-type\": \"warning\"\n  }\n}", ".inertia-lint.json:3:5: "),
    ])
  func removedRule(_ configuration: String, _ place: String) throws {
    let sandbox = try LintSandbox(animation: Documents.infoOnly)
    let without = sandbox.run(["--format", "json"])
    try sandbox.write(".inertia-lint.json", configuration)
    let run = sandbox.run(["--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr
        == "inertia-lint: warning: \(place)rule 'auto-invoke-type' has no effect: removed: the SwiftUI runtime "
        + "starts auto animations since 2026-08-06; see docs/runtime.md\n")
    #expect(!run.stdout.contains("auto-invoke-type"))
    if !configuration.contains("loop-stretched") { #expect(run.stdout == without.stdout) }
    // Once per configuration file, however many files it governs; and the text report is untouched.
    try sandbox.write("more/animation.inertia", Documents.infoOnly)
    let text = sandbox.run([])
    #expect(text.stderr.components(separatedBy: "auto-invoke-type").count == 2, "\(text.stderr)")
    #expect(text.status == 0 && text.stdout.contains("in 2 files"))
    // A misspelling of it is still an error.
    try sandbox.write(
      ".inertia-lint.json", configuration.replacingOccurrences(of: "auto-invoke-type", with: "auto-invoke-typ"))
    let misspelt = sandbox.run([])
    #expect(misspelt.status == 2 && misspelt.stderr.contains("unknown rule 'auto-invoke-typ'"), "\(misspelt.stderr)")
  }

  /// The library's reading of it: the id is left out of the severities and the ignore entries, and recorded
  /// as a warning with its place.
  @Test("A configuration naming a removed rule parses, without it, with a warning")
  func removedRuleParsed() throws {
    let text =
      #"{"rules": {"auto-invoke-type": "off", "schema": "warning"}, "ignore": [{"files": "a", "rules": ["auto-invoke-type", "schema"]}]}"#
    let configuration = try LintConfiguration.parse(Array(text.utf8), path: "c.json")
    #expect(configuration.severities == ["schema": .warning])
    #expect(configuration.ignores.map(\.rules) == [["schema"]])
    #expect(
      configuration.warnings.map(\.description).map { $0.prefix(56) } == [
        "c.json:1:12: rule 'auto-invoke-type' has no effect: remo",
        "c.json:1:97: rule 'auto-invoke-type' has no effect: remo",
      ])
  }

  /// `--enable` and `--disable` of a removed rule, as a CI script written for an older version passes them.
  @Test("--enable and --disable of a removed rule warn and run as without", arguments: ["--enable", "--disable"])
  func removedRuleOption(_ option: String) throws {
    let sandbox = try LintSandbox(animation: Documents.infoOnly)
    let without = sandbox.run(["--no-config", "--format", "json"])
    let run = sandbox.run(["--no-config", "--format", "json", option, "auto-invoke-type", option, "auto-invoke-type"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr
        == "inertia-lint: warning: \(option): rule 'auto-invoke-type' has no effect: removed: the SwiftUI runtime "
        + "starts auto animations since 2026-08-06; see docs/runtime.md\n")
    #expect(run.stdout == without.stdout)
    // With a live rule alongside, that one still takes effect.
    let both = sandbox.run(["--no-config", "--disable", "auto-invoke-type", "--disable", "loop-stretched"])
    #expect(both.status == 0 && both.stdout == "0 errors, 0 warnings and 0 infos in 1 file.\n", "\(both.stdout)")
    #expect(sandbox.run(["--no-config", option, "auto-invoke-typ"]).status == 2)
  }

  /// `--explain` of it says it was removed and why rather than "unknown rule".
  @Test("--explain of a removed rule says why it went")
  func removedRuleExplained() throws {
    let sandbox = try LintSandbox(animation: Documents.infoOnly)
    let run = sandbox.run(["--explain", "auto-invoke-type"])
    #expect(run.stderr.contains("rule 'auto-invoke-type' was removed: the SwiftUI runtime starts auto animations"))
    #expect(!run.stderr.contains("unknown rule"))
    let list = sandbox.run(["--list-rules"])
    #expect(list.status == 0 && !list.stdout.contains("auto-invoke-type"))
  }

  @Test("The configuration is found from the current directory upward")
  func foundUpward() throws {
    let sandbox = try LintSandbox()
    try sandbox.write(".inertia-lint.json", #"{"rules": {"non-positive-duration": "off"}}"#)
    try sandbox.write("App/Animations/animation.inertia", Documents.mixed)
    #expect(sandbox.run([], in: "App/Animations").status == 0)
    #expect(sandbox.run(["--no-config"], in: "App/Animations").status == 1)
  }

  @Test("--config names the file; a missing one is an error")
  func explicitConfig() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("lint/strict.json", #"{"rules": {"non-positive-duration": "off"}}"#)
    try sandbox.write("animation.inertia", Documents.mixed)
    #expect(sandbox.run(["--config", "lint/strict.json"]).status == 0)
    let missing = sandbox.run(["--config", "lint/missing.json"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("missing.json: cannot read"))
  }

  @Test("Excludes are relative to the configuration, and apply to files named explicitly")
  func excludes() throws {
    let sandbox = try LintSandbox()
    try sandbox.write(".inertia-lint.json", #"{"exclude": ["Tests/Fixtures"]}"#)
    try sandbox.write("Tests/Fixtures/broken/animation.inertia", Documents.mixed)
    try sandbox.write("App/animation.inertia", Documents.clean)
    let run = sandbox.run([])
    #expect(run.status == 0)
    #expect(run.stdout.contains("in 1 file"))
    #expect(
      sandbox.run(["--allow-no-files", "Tests/Fixtures/broken/animation.inertia"]).stdout.contains("in 0 files"))
    #expect(sandbox.run(["--allow-no-files"], in: "Tests").stdout.contains("in 0 files"))
  }

  @Test("Each file follows the nearest configuration above it, wherever the run starts")
  func nearestConfigurationPerFile() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("repo/.inertia-lint.json", #"{"rules": {"loop-stretched": "error"}}"#)
    try sandbox.write("repo/animation.inertia", Documents.infoOnly)
    try sandbox.write("repo/sub/.inertia-lint.json", #"{"rules": {"loop-stretched": "off"}}"#)
    try sandbox.write("repo/sub/animation.inertia", Documents.infoOnly)
    try sandbox.write("elsewhere/keep", "")
    // From outside the repository, naming its files: each gets its own configuration.
    let outside = sandbox.run(["../repo/animation.inertia", "../repo/sub/animation.inertia"], in: "elsewhere")
    let lines = outside.stdout.split(separator: "\n").filter { $0.contains("[loop-stretched]") }
    #expect(outside.status == 1)
    #expect(lines.count == 1 && lines[0].hasPrefix("../repo/animation.inertia:1:") && lines[0].contains(": error: "))
    // A walk from the root applies the sub-folder's own configuration below it.
    let walk = sandbox.run([], in: "repo")
    let walked = walk.stdout.split(separator: "\n").filter { $0.contains("[loop-stretched]") }
    #expect(walked.count == 1 && walked[0].hasPrefix("animation.inertia:1:") && walked[0].contains(": error: "))
    #expect(walk.stdout.contains("in 2 files"))
  }

  @Test("A walk skips what .gitignore files ignore, in a git repository, unless --no-respect-gitignore")
  func gitIgnore() throws {
    let sandbox = try LintSandbox()
    try FileManager.default.createDirectory(atPath: sandbox.path("repo/.git/info"), withIntermediateDirectories: true)
    try sandbox.write("repo/.gitignore", "build/\n*.generated.inertia\n!keep.generated.inertia\n/top.inertia\n")
    try sandbox.write("repo/.git/info/exclude", "scratch.inertia\n")
    for path in [
      "repo/animation.inertia", "repo/build/animation.inertia", "repo/a.generated.inertia",
      "repo/keep.generated.inertia", "repo/top.inertia", "repo/sub/top.inertia", "repo/scratch.inertia",
      "repo/sub/.gitignore",
    ] {
      try sandbox.write(path, path.hasSuffix(".gitignore") ? "ignored-here.inertia\n" : Documents.clean)
    }
    try sandbox.write("repo/sub/ignored-here.inertia", Documents.clean)
    func linted(_ arguments: [String]) throws -> MessagePackValue? {
      let run = sandbox.run(["--no-config", "--format", "json"] + arguments, in: "repo")
      return try JSONReader().read(Array(run.stdout.utf8))["files"]
    }
    #expect(try linted([]) == 3, "animation, keep.generated and sub/top")
    #expect(try linted(["--no-respect-gitignore"]) == 8)
    // A file named explicitly is linted even if ignored.
    #expect(try linted(["build/animation.inertia"]) == 1)
  }

  @Test("containerId names the containers files may be named after")
  func containerIDs() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("onboarding.inertia", Documents.clean)
    // An info, which fails no run (a file alone does not say how the app runs its container).
    let unnamed = sandbox.run(["--strict"])
    #expect(unnamed.status == 0)
    #expect(unnamed.stdout.contains("info: the file's container id 'onboarding'"))
    try sandbox.write(".inertia-lint.json", #"{"containerId": ["animation", "onboarding"]}"#)
    #expect(sandbox.run(["--strict"]).stdout.contains("0 errors, 0 warnings and 0 infos"))
    try sandbox.write(".inertia-lint.json", #"{"containerId": "onboarding"}"#)
    #expect(sandbox.run(["--strict"]).stdout.contains("0 errors, 0 warnings and 0 infos"))
  }

  @Test("loopDuration is the loop tracks are measured against")
  func loopDuration() throws {
    let sandbox = try LintSandbox()
    let pose = Documents.pose
    try sandbox.write(
      "animation.inertia",
      #"[{"id": "c", "invokeType": "trigger", "initialValues": \#(pose), "keyframes": [{"id": "A", "duration": 0, "#
        + #""values": \#(pose)}, {"id": "B", "duration": 4, "values": \#(pose)}]}]"#)
    #expect(sandbox.run([]).stdout.contains("[loop-stretched]"))
    try sandbox.write(".inertia-lint.json", #"{"loopDuration": 5}"#)
    #expect(!sandbox.run([]).stdout.contains("[loop-stretched]"))
  }

  @Test("The configuration's includes replace *.inertia")
  func includes() throws {
    let sandbox = try LintSandbox()
    try sandbox.write(".inertia-lint.json", #"{"include": ["Animations/*.json"]}"#)
    try sandbox.write("Animations/animation.json", Documents.mixed)
    try sandbox.write("Other/animation.json", Documents.mixed)
    try sandbox.write("Animations/animation.inertia", Documents.mixed)
    let run = sandbox.run([])
    #expect(run.stdout.contains("in 1 file"))
    #expect(run.stdout.contains("Animations/animation.json:"))
  }
}
