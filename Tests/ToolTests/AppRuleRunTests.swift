import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint
@testable import InertiaTool

/// The app rules as `inertia-lint` runs them: over the fixture apps (`Tests/AppFixtures`), every planted
/// defect at its line and column and nothing on the clean twins; and over a small app, in every output
/// format, through baselines, ignores, `--disable` and `--strict`.
@Suite("App rules, run by inertia-lint")
struct AppRuleRunTests {
  /// The rule that reports each kind of defect `expectations.json` names.
  static let ruleOfDefect = [
    "missing-bundled-file": "missing-bundled-file",
    "json-only-bundled-file": "missing-bundled-file",
    "undecodable-bundled-file": "undecodable-bundled-file",
    "missing-bundle-module": "bundle-not-module",
    "dev-container-not-animation": "container-not-addressed",
    "dev-true-outside-debug": "dev-mode-outside-debug",
    "unknown-tag-id": "unknown-animation-id",
    "unknown-trigger-id": "unknown-animation-id",
    "view-model-use": "view-model-use",
    "loop-duration-out-of-range": "loop-duration-range",
  ]

  static let fixtures = ["SwiftUIApp", "SwiftUIAppClean", "ComposeApp", "ComposeAppClean", "ReactApp", "ReactAppClean"]

  static let appRuleIDs = Set(RuleRegistry.appRules.map { $0.description.identifier })

  /// A sandbox holding a copy of the fixture app `name`, at its root.
  static func fixture(_ name: String) throws -> LintSandbox {
    let sandbox = try LintSandbox()
    let source = Fixtures.packageRoot.appendingPathComponent("Tests/AppFixtures/\(name)")
    for entry in try FileManager.default.contentsOfDirectory(atPath: source.path) where entry != "expectations.json" {
      try FileManager.default.copyItem(
        at: source.appendingPathComponent(entry), to: URL(fileURLWithPath: sandbox.path(entry)))
    }
    return sandbox
  }

  /// The defects a fixture's `expectations.json` plants, as `RULE FILE:LINE:COLUMN`.
  static func plantedDefects(_ name: String) throws -> [String] {
    let url = Fixtures.packageRoot.appendingPathComponent("Tests/AppFixtures/\(name)/expectations.json")
    let expectations = try JSONReader().read(Array(try Data(contentsOf: url)))
    return try (expectations["defects"]?.arrayValue ?? []).map { defect in
      let kind = try #require(defect["kind"]?.stringValue)
      let rule = try #require(ruleOfDefect[kind], "no rule for \(kind)")
      return "\(rule) \(defect["file"]?.stringValue ?? ""):\(int(defect["line"])):\(int(defect["column"]))"
    }.sorted()
  }

  /// A number of a JSON report, as an integer.
  static func int(_ value: MessagePackValue?) -> Int { Int(value?.doubleValue ?? 0) }

  /// The findings of a JSON report.
  static func findings(_ run: LintSandbox.Run) throws -> [MessagePackValue] {
    try JSONReader().read(Array(run.stdout.utf8))["findings"]?.arrayValue ?? []
  }

  @Test(
    "Every planted defect is found at its line and column, and nothing else; nothing on the clean twins",
    arguments: fixtures)
  func fixtureApps(_ name: String) throws {
    let sandbox = try Self.fixture(name)
    let run = sandbox.run(["--no-config", "--strict", "--format", "json"])
    let findings = try Self.findings(run)
    let app = findings.filter { Self.appRuleIDs.contains($0["rule"]?.stringValue ?? "") }
    let found = app.map { finding in
      "\(finding["rule"]?.stringValue ?? "") \(finding["file"]?.stringValue ?? ""):\(Self.int(finding["line"])):"
        + "\(Self.int(finding["column"]))"
    }.sorted()
    #expect(found == (try Self.plantedDefects(name)), "\(run.stdout)")
    // Ids that appear only in comments, strings and dynamic uses are never findings.
    #expect(!run.stdout.contains("ghost"))
    // The JSON-form file is named, with the command that makes the bundled one.
    for message in app.compactMap({ $0["message"]?.stringValue }) where message.contains("only its JSON form") {
      #expect(message.contains("inertia-convert to-msgpack"))
    }
    let summary = try JSONReader().read(Array(run.stdout.utf8))["summary"]
    #expect(Self.int(summary?["appSources"]) > 0)
    #expect(summary?["uncheckedIds"] == 2, "every fixture has two dynamic ids")
    if name.hasSuffix("Clean") {
      #expect(run.status == 0, "\(run.stdout)")
      #expect(findings.isEmpty, "\(run.stdout)")
    } else {
      #expect(run.status == 1)
    }
  }

  @Test("The text report names each app finding at FILE:LINE:COLUMN and says what the app rules read")
  func fixtureText() throws {
    let run = try Self.fixture("SwiftUIApp").run(["--no-config"])
    #expect(run.stdout.contains("Sources/App/App.swift:27:7: error: "))
    #expect(run.stdout.contains("[missing-bundled-file]"))
    #expect(run.stdout.hasSuffix("; 6 app sources, 2 ids that are not literals not checked.\n"), "\(run.stdout)")
  }
}

/// A small SwiftUI app in a Swift package, with one finding of each place an app finding can have: in a
/// source (at its line and column), in a MessagePack animation file (at an offset) and in a JSON-form
/// one (at its line and column).
enum SmallApp {
  static let app = """
    import Inertia
    import SwiftUI

    struct Root: View {
      @Environment(\\.inertiaDataModel) var inertia
      var body: some View {
        InertiaContainer(bundle: .module, dev: false, id: "settings", hierarchyId: "root") {
          Text("Hi").inertia("welcomeTitel")
        }
        .onTapGesture { inertia?.trigger(name) }
      }
    }

    """

  /// The sandbox: `Package.swift`, `Sources/App/App.swift`, `Sources/App/Resources/animation.inertia`
  /// (card0, welcomeTitle) and `Sources/App/Resources/extra.json` (card2), in a repository.
  static func sandbox() throws -> LintSandbox {
    let sandbox = try LintSandbox()
    try FileManager.default.createDirectory(atPath: sandbox.path(".git"), withIntermediateDirectories: true)
    try sandbox.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\n")
    try sandbox.write("Sources/App/App.swift", app)
    let track = { (id: String) in
      #"{"id": "\#(id)", "invokeType": "trigger", "initialValues": \#(Documents.pose), "keyframes": []}"#
    }
    try sandbox.writeMessagePack(
      "Sources/App/Resources/animation.inertia", json: "[\(track("card0")), \(track("welcomeTitle"))]")
    try sandbox.write("Sources/App/Resources/extra.json", "[\n  \(track("card2"))\n]\n")
    return sandbox
  }

  static let arguments = ["--no-config", "--include", "*.inertia", "--include", "extra.json"]
}

@Suite("App findings in every output format")
struct AppOutputFormatTests {
  @Test("Each format's report of app findings", arguments: ["text", "json", "sarif", "github", "xcode"])
  func formats(_ format: String) throws {
    let sandbox = try SmallApp.sandbox()
    let run = sandbox.run(SmallApp.arguments + ["--format", format])
    #expect(run.status == 1)
    let root = "file://" + PathText.percentEncoded(try #require(FileIO.physicalPath(sandbox.root))) + "/"
    let name = [
      "text": "app.txt", "json": "app.json", "sarif": "app.sarif", "github": "app-github.txt", "xcode": "app-xcode.txt",
    ]
    snapshots.assert(
      run.stdout.replacingOccurrences(of: root, with: "file:///SANDBOX/"), named: try #require(name[format]))
  }

  @Test("Text and Xcode name the source's line and column; GitHub annotates them")
  func places() throws {
    let sandbox = try SmallApp.sandbox()
    let text = sandbox.run(SmallApp.arguments)
    #expect(text.stdout.contains("Sources/App/App.swift:7:5: error: "))
    #expect(text.stdout.contains("Sources/App/App.swift:8:26: warning: tag 'welcomeTitel'"))
    #expect(text.stdout.contains("Sources/App/Resources/animation.inertia: offset "))
    #expect(text.stdout.contains("Sources/App/Resources/extra.json:2:10: info: no view"))
    // Package.swift is a source too.
    #expect(text.stdout.hasSuffix("; 2 app sources, 1 id that is not a literal not checked.\n"), "\(text.stdout)")
    let xcode = sandbox.run(SmallApp.arguments + ["--format", "xcode"])
    #expect(xcode.stdout.contains("Sources/App/App.swift:7:5: error: "))
    #expect(!xcode.stdout.contains("info"))
    let github = sandbox.run(SmallApp.arguments + ["--format", "github"])
    #expect(github.stdout.contains("::error file=Sources/App/App.swift,line=7,col=5,title=missing-bundled-file::"))
  }

  @Test("JSON: line and column of the source, the pointer empty, the summary's app keys")
  func json() throws {
    let run = try SmallApp.sandbox().run(SmallApp.arguments + ["--format", "json"])
    let report = try JSONReader().read(Array(run.stdout.utf8))
    let findings = report["findings"]?.arrayValue ?? []
    let source = try #require(findings.first { $0["file"] == "Sources/App/App.swift" })
    #expect(
      source.mapEntries?.compactMap(\.key.stringValue)
        == ["file", "rule", "severity", "message", "pointer", "line", "column", "fixable", "fixed"])
    #expect(source["pointer"] == "" && source["line"] == 7 && source["column"] == 5)
    #expect(
      report["summary"]?.mapEntries?.compactMap(\.key.stringValue)
        == ["errors", "warnings", "infos", "fixed", "suppressed", "appSources", "uncheckedIds", "unreadableSources"])
    #expect(report["summary"]?["appSources"] == 2 && report["summary"]?["uncheckedIds"] == 1)
    #expect(report["files"] == 2, "files counts animation files")
  }

  @Test("SARIF: a region at the source's line and column, a fingerprint, and the app rules in the driver")
  func sarif() throws {
    let run = try SmallApp.sandbox().run(SmallApp.arguments + ["--format", "sarif"])
    let log = try JSONReader().read(Array(run.stdout.utf8))
    let driver = log["runs"]?.arrayValue?.first?["tool"]?["driver"]
    let ids = driver?["rules"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    #expect(ids == RuleRegistry.identifiers + ["io-error"])
    let results = log["runs"]?.arrayValue?.first?["results"]?.arrayValue ?? []
    let missing = try #require(results.first { $0["ruleId"] == "missing-bundled-file" })
    let location = missing["locations"]?.arrayValue?.first?["physicalLocation"]
    #expect(location?["artifactLocation"]?["uri"] == "Sources/App/App.swift")
    #expect(location?["region"]?["startLine"] == 7 && location?["region"]?["startColumn"] == 5)
    #expect(missing["partialFingerprints"]?["inertiaFinding/v1"]?.stringValue?.count == 16)
    for result in results {
      #expect(ids.firstIndex(of: result["ruleId"]?.stringValue ?? "").map { .int(Int64($0)) } == result["ruleIndex"])
    }
  }
}

@Suite("App findings through baselines, ignores, --disable, severities and --strict")
struct AppFindingSuppressionTests {
  /// The app's lines, `count` blank lines added at the top (an edit above every finding).
  static func shifted(_ count: Int) -> String { String(repeating: "\n", count: count) + SmallApp.app }

  @Test("A baseline leaves out app findings after edits above them, and shows a new occurrence")
  func baseline() throws {
    let sandbox = try SmallApp.sandbox()
    let write = sandbox.run(SmallApp.arguments + ["--write-baseline", "baseline.json"])
    #expect(write.status == 0, "\(write.stderr)")
    let baseline = try sandbox.text("baseline.json")
    #expect(baseline.contains(#""subject":"/welcomeTitel/1""#), "\(baseline)")
    #expect(baseline.contains(#""subject":"/settings/1""#))
    #expect(baseline.contains(#""subject":"/card0/id""#), "an animation's finding by its id")
    let clean = sandbox.run(SmallApp.arguments + ["--strict", "--baseline", "baseline.json"])
    #expect(clean.status == 0, "\(clean.stdout)")
    #expect(
      clean.stdout.contains("0 errors, 0 warnings and 0 infos in 2 files (5 findings left out"), "\(clean.stdout)")

    // Lines inserted above move every finding; none is new.
    try sandbox.write("Sources/App/App.swift", Self.shifted(3))
    let moved = sandbox.run(SmallApp.arguments + ["--strict", "--baseline", "baseline.json"])
    #expect(moved.status == 0, "\(moved.stdout)")

    // A second tag with the same unknown id is new: the baseline knows of one.
    try sandbox.write(
      "Sources/App/App.swift",
      Self.shifted(3).replacingOccurrences(
        of: #"Text("Hi").inertia("welcomeTitel")"#,
        with: #"Text("Hi").inertia("welcomeTitel"); Text("Again").inertia("welcomeTitel")"#))
    let again = sandbox.run(SmallApp.arguments + ["--baseline", "baseline.json"])
    let lines = again.stdout.split(separator: "\n").filter { $0.contains("[unknown-animation-id]") }
    #expect(lines.count == 1 && lines[0].hasPrefix("Sources/App/App.swift:11:"), "\(again.stdout)")
  }

  @Test("SARIF fingerprints of app findings do not move with their lines")
  func fingerprints() throws {
    let sandbox = try SmallApp.sandbox()
    func prints() throws -> [String] {
      let log = try JSONReader().read(Array(sandbox.run(SmallApp.arguments + ["--format", "sarif"]).stdout.utf8))
      return (log["runs"]?.arrayValue?.first?["results"]?.arrayValue ?? []).compactMap {
        $0["partialFingerprints"]?["inertiaFinding/v1"]?.stringValue
      }.sorted()
    }
    let before = try prints()
    try sandbox.write("Sources/App/App.swift", Self.shifted(5))
    #expect(try prints() == before)
    #expect(Set(before).count == before.count)
  }

  @Test("Ignores in the configuration, by file, rule and id")
  func ignores() throws {
    let sandbox = try SmallApp.sandbox()
    try sandbox.write(
      ".inertia-lint.json",
      """
      {"include": ["*.inertia", "extra.json"], "ignore": [
        {"files": "Sources/App/App.swift", "rules": ["unknown-animation-id"], "pointer": "/welcomeTitel"},
        {"files": "Sources/App/Resources", "rules": ["unused-animation"]}
      ]}
      """)
    let run = sandbox.run([])
    #expect(!run.stdout.contains("[unknown-animation-id]") && !run.stdout.contains("[unused-animation]"))
    #expect(run.stdout.contains("[missing-bundled-file]"))
    #expect(run.stdout.contains("(4 findings left out by ignores or a baseline)"), "\(run.stdout)")
  }

  @Test("--disable, a configured severity and --strict act on app rules as on file rules")
  func severities() throws {
    let sandbox = try SmallApp.sandbox()
    let disabled = sandbox.run(SmallApp.arguments + ["--disable", "missing-bundled-file"])
    #expect(!disabled.stdout.contains("[missing-bundled-file]"))
    #expect(disabled.status == 0, "a warning fails only --strict")
    #expect(sandbox.run(SmallApp.arguments + ["--disable", "missing-bundled-file", "--strict"]).status == 1)
    try sandbox.write(
      ".inertia-lint.json",
      #"{"include": ["*.inertia", "extra.json"], "rules": {"missing-bundled-file": "warning", "unknown-animation-id": "off", "unused-animation": "error"}}"#
    )
    let configured = sandbox.run([])
    #expect(configured.stdout.contains("Sources/App/App.swift:7:5: warning: "))
    #expect(!configured.stdout.contains("[unknown-animation-id]"))
    #expect(configured.stdout.contains("Sources/App/Resources/extra.json:2:10: error: "))
    #expect(configured.status == 1)
  }
}

@Suite("App rules: what a run reads")
struct AppSourceWalkTests {
  @Test("Files named one by one get no app rules; a walk of the same files does")
  func namedFiles() throws {
    let sandbox = try SmallApp.sandbox()
    let named = sandbox.run(["--no-config", "Sources/App/Resources/animation.inertia"])
    #expect(!named.stdout.contains("app source"))
    #expect(!named.stdout.contains("[missing-bundled-file]"))
    let walked = sandbox.run(["--no-config", "Sources"])
    #expect(walked.stdout.contains("[missing-bundled-file]"))
    #expect(walked.stdout.contains("1 app source"))
  }

  @Test("A walk that finds app sources and no animation file checks them (a container's file is missing)")
  func sourcesWithoutAnimationFiles() throws {
    let sandbox = try LintSandbox()
    try sandbox.write(
      "App.swift", "import Inertia\nlet a = InertiaContainer(dev: false, id: \"animation\", hierarchyId: \"r\") { }\n")
    let run = sandbox.run(["--no-config"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("App.swift:2:9: error: ") && run.stdout.contains("no animation.inertia"))
  }

  @Test("A walk that finds no app source reports what it did before: no app rule, no app summary")
  func noSources() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("onboarding.inertia", Documents.clean)
    try sandbox.write("notes.json", "{}")
    let text = sandbox.run(["--no-config"])
    #expect(
      text.stdout
        == "onboarding.inertia:1:1: info: the file's container id 'onboarding' (its name) is not 'animation': the editor sends schemas only to the container 'animation', so a container with this id loads the file but receives nothing from the editor [unaddressable-id]\n0 errors, 0 warnings and 1 info in 1 file.\n"
    )
    let json = try JSONReader().read(Array(sandbox.run(["--no-config", "--format", "json"]).stdout.utf8))
    #expect(
      json["summary"]?.mapEntries?.compactMap(\.key.stringValue) == [
        "errors", "warnings", "infos", "fixed", "suppressed",
      ])
  }

  @Test("The file-level container-id note gives way to the exact warning when the code uses a runtime, not before")
  func containerIDs() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("onboarding.inertia", Documents.clean)
    try sandbox.write("tool.js", "console.log('no runtime here')\n")
    #expect(sandbox.run(["--no-config"]).stdout.contains("[unaddressable-id]"), "no source uses a runtime")
    try sandbox.write(
      "App.swift",
      #"import Inertia\#n#if DEBUG\#nlet a = InertiaContainer(dev: true, id: "onboarding", hierarchyId: "r") { }\#n#endif\#n"#
    )
    let run = sandbox.run(["--no-config"])
    #expect(!run.stdout.contains("[unaddressable-id]"), "\(run.stdout)")
    #expect(run.stdout.contains("App.swift:3:9: warning: ") && run.stdout.contains("[container-not-addressed]"))
    try sandbox.write(
      "App.swift", #"import Inertia\#nlet a = InertiaContainer(dev: false, id: "onboarding", hierarchyId: "r") { }\#n"#)
    let bundled = sandbox.run(["--no-config", "--strict"])
    #expect(bundled.status == 0, "only dev: false: fine, \(bundled.stdout)")
    #expect(!bundled.stdout.contains("[unaddressable-id]") && !bundled.stdout.contains("[container-not-addressed]"))
    // --fix reports what remains the same way.
    let fixed = sandbox.run(["--no-config", "--fix", "--dry-run"])
    #expect(!fixed.stdout.contains("[unaddressable-id]"), "\(fixed.stdout)")
  }

  @Test("A source that cannot be read is one line on standard error; the rest is checked; the status is the findings'")
  func unreadableSources() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("animation.inertia", Documents.clean)
    try sandbox.write("Good.swift", #"import Inertia\#nlet t = Text("x").inertia("nope")\#n"#)
    try sandbox.write("Broken.swift", "import Inertia\nlet s = \"unterminated\n")
    try sandbox.write("Latin1.kt", Array("import org.inertiagraphics.inertia.Inertia\n// caf".utf8) + [0xE9, 0x0A])
    try sandbox.write("Huge.js", Array(repeating: UInt8(ascii: " "), count: SourceLimits.maximumSourceBytes + 1))
    let run = sandbox.run(["--no-config", "--format", "json"])
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 3, "\(run.stderr)")
    #expect(
      lines.contains(
        "inertia-lint: Broken.swift:2:9: unterminated string literal: the app rules go on without this source"))
    #expect(lines.contains("inertia-lint: Latin1.kt:2:7: not UTF-8: the app rules go on without this source"))
    #expect(lines.contains { $0.hasPrefix("inertia-lint: Huge.js: cannot read: it is 16777217 bytes") })
    let report = try JSONReader().read(Array(run.stdout.utf8))
    #expect(report["summary"]?["unreadableSources"] == 3 && report["summary"]?["appSources"] == 1)
    #expect(run.stdout.contains("\"rule\": \"unknown-animation-id\""), "Good.swift is still checked")
    #expect(run.status == 0, "a warning; the unreadable sources do not fail the run")
    let text = sandbox.run(["--no-config"])
    #expect(text.stdout.hasSuffix("; 1 app source, 0 ids that are not literals not checked, 3 sources not read.\n"))
  }

  @Test("appSources: false, include and exclude; .gitignore; exclude's folders walked for sources appSources lets in")
  func configuration() throws {
    let sandbox = try LintSandbox()
    try FileManager.default.createDirectory(atPath: sandbox.path(".git"), withIntermediateDirectories: true)
    try sandbox.write("animation.inertia", Documents.clean)
    let source = #"import Inertia\#nlet t = Text("x").inertia("nope")\#n"#
    for path in ["ios/A.swift", "ios/Tests/B.swift", "web/C.tsx", "Generated/D.swift", "build/E.swift"] {
      try sandbox.write(
        path,
        path.hasSuffix(".tsx")
          ? #"import { Inertia } from "inertia-react";\#nexport const C = () => <Inertia id="nope" />;\#n"# : source)
    }
    try sandbox.write(".gitignore", "build/\n")
    func sources(_ configuration: String?) throws -> [String] {
      if let configuration { try sandbox.write(".inertia-lint.json", configuration) }
      let report = try JSONReader().read(Array(sandbox.run(["--format", "json"]).stdout.utf8))
      return (report["findings"]?.arrayValue ?? []).compactMap { $0["file"]?.stringValue }.filter {
        !$0.hasSuffix(".inertia")
      }.sorted()
    }
    #expect(
      try sources(nil) == ["Generated/D.swift", "ios/A.swift", "ios/Tests/B.swift", "web/C.tsx"], "build/ is ignored")
    #expect(try sources(#"{"appSources": false}"#) == [])
    #expect(try sources(#"{"appSources": {"include": ["ios/**"]}}"#) == ["ios/A.swift", "ios/Tests/B.swift"])
    #expect(
      try sources(#"{"appSources": {"exclude": ["**/Tests"]}}"#) == ["Generated/D.swift", "ios/A.swift", "web/C.tsx"])
    #expect(try sources(#"{"exclude": ["Generated"]}"#) == ["ios/A.swift", "ios/Tests/B.swift", "web/C.tsx"])
    // appSources.exclude replaces exclude for sources: Generated is walked for them, not for animation files.
    try sandbox.write("Generated/animation.inertia", Documents.mixed)
    #expect(
      try sources(#"{"exclude": ["Generated"], "appSources": {"exclude": []}}"#) == [
        "Generated/D.swift", "ios/A.swift", "ios/Tests/B.swift", "web/C.tsx",
      ])
    let report = sandbox.run(["--format", "json"])
    #expect(!report.stdout.contains("Generated/animation.inertia"), "its animation files stay excluded")
    let dropped = sandbox.run(["--format", "json", "--exclude", "ios"])
    #expect(!dropped.stdout.contains("ios/"), "the command line's --exclude applies to sources")
  }

  @Test("--fix and --write-baseline carry the app rules too")
  func otherModes() throws {
    let sandbox = try SmallApp.sandbox()
    let fix = sandbox.run(SmallApp.arguments + ["--fix"])
    #expect(fix.stdout.contains("Sources/App/App.swift:7:5: error: "))
    #expect(fix.status == 1)
    #expect(sandbox.run(SmallApp.arguments + ["--write-baseline", "b.json"]).status == 0)
    #expect(try sandbox.text("b.json").contains("\"rule\":\"missing-bundled-file\""))
  }
}

/// The pre-commit hook docs/integrations.md gives for the app rules: its `entry` run over the fixture apps,
/// its `files` pattern over every kind of source.
@Suite("The app rules' pre-commit hook, from the docs")
struct AppRuleHookTests {
  /// The hook's `KEY: value` lines, from the page's snippet.
  static func hook() throws -> [String: String] {
    let section = try DocumentationPage("docs/integrations.md").section("### The app rules in a pre-commit hook")
    let block = try #require(DocumentationPage.codeBlocks("yaml", in: section).first)
    var fields: [String: String] = [:]
    for line in block.split(separator: "\n") {
      let trimmed = line.drop { $0 == " " || $0 == "-" }.drop { $0 == " " }
      guard let colon = trimmed.firstIndex(of: ":") else { continue }
      fields[String(trimmed[..<colon])] = String(trimmed[trimmed.index(after: colon)...].drop { $0 == " " })
    }
    return fields
  }

  @Test("Its entry lints the whole folder: the planted defects fail it, the clean twin passes")
  func entry() throws {
    let hook = try Self.hook()
    #expect(hook["pass_filenames"] == "false", "the hook must not get the files one by one")
    let words = try #require(hook["entry"]).split(separator: " ").map(String.init)
    #expect(words.first == "inertia-lint")
    let arguments = Array(words.dropFirst())
    let planted = try AppRuleRunTests.fixture("ReactApp").run(arguments)
    #expect(planted.status == 1, "\(planted.stdout)")
    #expect(planted.stdout.contains("[unknown-animation-id]"))
    let clean = try AppRuleRunTests.fixture("ReactAppClean").run(arguments)
    #expect(clean.status == 0, "\(clean.stdout)")
  }

  @Test("Its files pattern picks animation files and every kind of app source, and nothing else")
  func filesPattern() throws {
    let pattern = try NSRegularExpression(pattern: try #require(Self.hook()["files"]))
    func matches(_ path: String) -> Bool {
      pattern.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
    }
    for path in [
      "Animations/animation.inertia", "Sources/App/App.swift", "app/Main.kt", "build.gradle.kts", "src/App.jsx",
      "src/App.tsx", "src/index.ts", "src/a.js", "src/b.mjs", "src/c.cjs",
    ] {
      #expect(matches(path), "\(path)")
    }
    for path in ["README.md", "package.json", "Sources/App/Info.plist", "a.swiftinterface"] {
      #expect(!matches(path), "\(path)")
    }
  }
}

/// `--app-target`, the build plugins' mode: one target's sources against exactly its resources.
@Suite("inertia-lint --app-target")
struct AppTargetTests {
  @Test("The sources are checked against exactly the resources named, in the bundle named")
  func exactResources() throws {
    let sandbox = try SmallApp.sandbox()
    try sandbox.write("Sources/App/Unbundled/settings.inertia", "[]")
    // A folder walk finds settings.inertia anywhere: bundled.
    #expect(!sandbox.run(["--no-config"]).stdout.contains("[missing-bundled-file]"))
    // As a target whose resources are animation.inertia alone, it is missing.
    let target = sandbox.run([
      "--no-config", "--app-target", "module", "--resource", "Sources/App/Resources/animation.inertia", "--",
      "Sources/App/App.swift",
    ])
    #expect(target.status == 1)
    #expect(target.stdout.contains("Sources/App/App.swift:7:5: error: "), "\(target.stdout)")
    #expect(target.stdout.contains("no settings.inertia is among the target's resources"))
    #expect(target.stdout.contains("in 0 files"), "the resources are read, not linted: \(target.stdout)")
    let bundled = sandbox.run([
      "--no-config", "--app-target", "module", "--resource", "Sources/App/Unbundled/settings.inertia", "--resource",
      "Sources/App/Resources/animation.inertia", "--", "Sources/App/App.swift",
    ])
    #expect(!bundled.stdout.contains("[missing-bundled-file]"), "\(bundled.stdout)")
    // Bundle.main's resources are not Bundle.module's.
    let main = sandbox.run([
      "--no-config", "--app-target", "main", "--resource", "Sources/App/Unbundled/settings.inertia", "--",
      "Sources/App/App.swift",
    ])
    #expect(!main.stdout.contains("[missing-bundled-file]"), "a container reading Bundle.module is not judged")
  }

  @Test("Usage: a path that is no source, a missing file, --resource alone, --fix")
  func usage() throws {
    let sandbox = try SmallApp.sandbox()
    let notSource = sandbox.run(["--no-config", "--app-target", "module", "Sources/App/Resources/animation.inertia"])
    #expect(notSource.status == 2 && notSource.stderr.contains("is no app source"))
    let missing = sandbox.run(["--no-config", "--app-target", "module", "--resource", "nope.inertia", "Nope.swift"])
    #expect(missing.status == 2)
    #expect(missing.stdout.contains("Nope.swift: error: cannot read: No such file or directory [io-error]"))
    #expect(sandbox.run(["--no-config", "--resource", "x.inertia"]).status == 2)
    #expect(sandbox.run(["--no-config", "--app-target", "module", "--fix", "Sources/App/App.swift"]).status == 2)
    #expect(sandbox.run(["--no-config", "--app-target", "bundle", "Sources/App/App.swift"]).status == 2)
  }

  @Test("appSources false in the configuration turns the target's check off too")
  func configurationOff() throws {
    let sandbox = try SmallApp.sandbox()
    try sandbox.write(".inertia-lint.json", #"{"appSources": false}"#)
    let run = sandbox.run(["--app-target", "module", "--", "Sources/App/App.swift"])
    #expect(run.status == 0 && !run.stdout.contains("[missing-bundled-file]"), "\(run.stdout)")
  }
}
