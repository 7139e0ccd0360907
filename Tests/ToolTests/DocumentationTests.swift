import Foundation
import TestSupport
import Testing

@testable import InertiaLint
@testable import InertiaTool

/// The documentation (README.md and the pages under docs/) and the pre-commit hook agree with the code,
/// and the pages' links lead somewhere.
@Suite("Documentation")
struct DocumentationTests {
  @Test("README's lint example is what inertia-lint prints for the two corpus files laid out as it says")
  func readmeLintExample() throws {
    let section = try DocumentationPage("README.md").section("## Linting: `inertia-lint`")
    let example = try #require(DocumentationPage.codeBlocks("", in: section).first { $0.hasPrefix("$ inertia-lint\n") })
    let sandbox = try LintSandbox()
    let durations = try String(
      contentsOf: Fixtures.corpus.appendingPathComponent("lint/non-positive-duration.json"), encoding: .utf8)
    try sandbox.writeMessagePack("Animations/Home/animation.inertia", json: durations)
    let repeated = try Data(contentsOf: Fixtures.corpus.appendingPathComponent("lint/duplicate-keyframe-id.inertia"))
    try sandbox.write("Animations/Onboarding/animation.inertia", Array(repeated))
    let run = sandbox.run([])
    #expect(run.status == 1)
    #expect("$ inertia-lint\n" + run.stdout == example)
  }

  @Test("The rule reference's table lists every rule at its default severity")
  func ruleTable() throws {
    // The table at the top of docs/rules.md: a row per rule, then `io-error`.
    let text = try DocumentationPage("docs/rules.md").text
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("| [`") }
    let documented = rows.map { row in
      row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let identifiers = RuleRegistry.identifiers + [IOErrorFinding.ruleID]
    #expect(documented.map { $0[0] } == identifiers.map { "[`\($0)`](#\($0))" })
    for (row, rule) in zip(documented, RuleRegistry.descriptions + [IOErrorFinding.description]) {
      #expect(row[1] == rule.severity.rawValue, "\(rule.identifier)")
      // The fix column says `safe` or `unsafe`, as the rule's fixes are, or nothing.
      let fix = row.count > 3 ? row[3] : ""
      #expect(fix == (rule.fixSafety?.rawValue ?? ""), "\(rule.identifier) fix column")
    }
  }

  @Test("Each rule's explanation says whether it fixes, and how safely", arguments: RuleRegistry.descriptions)
  func explanationSaysHowItFixes(_ rule: RuleDescription) {
    let explanation = RuleDocumentation.explain(rule)
    switch rule.fixSafety {
    case .safe?: #expect(explanation.contains("Fixable: safe fix"))
    case .unsafe?: #expect(explanation.contains("Fixable: unsafe fix") && explanation.contains("--unsafe-fixes"))
    case nil: #expect(explanation.contains("Not fixable."))
    }
  }

  @Test("The pre-commit hooks run the tool Scripts/build-tools.sh builds, or the one on PATH, with --strict")
  func preCommitHook() throws {
    let text = try String(
      contentsOf: Fixtures.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
    let hooks = try #require(try YAMLNode.parse(text).list)
    #expect(hooks.map { $0["id"]?.string } == ["inertia-lint", "inertia-lint-system"])
    #expect(hooks.map { $0["entry"]?.string } == ["Scripts/pre-commit-inertia-lint.sh", "inertia-lint"])
    #expect(hooks.map { $0["language"]?.string } == ["script", "system"])
    // The two differ only in what runs: the same arguments, files and serial run.
    for key in ["args", "files", "types", "require_serial", "name"] {
      #expect(hooks[0][key] != nil && hooks[0][key] == hooks[1][key], "\(key)")
    }
    #expect(hooks[0]["args"] == .list([.scalar("--strict")]))
    // pre-commit runs the entry itself: it must be executable, build with the script, and hand over.
    let entry = Fixtures.packageRoot.appendingPathComponent("Scripts/pre-commit-inertia-lint.sh")
    #expect(FileManager.default.isExecutableFile(atPath: entry.path))
    let script = try String(contentsOf: entry, encoding: .utf8)
    #expect(script.contains("/build-tools.sh\""))
    #expect(script.contains("exec \"$tools/release/inertia-lint\" \"$@\""))
    let build = entry.deletingLastPathComponent().appendingPathComponent("build-tools.sh")
    #expect(FileManager.default.isExecutableFile(atPath: build.path))
  }

  @Test("Every snippet works once one value is filled in: the tools' URL, the same text everywhere")
  func oneValue() throws {
    let value = "https://github.com/OWNER/inertia-tools"
    let integrations = try DocumentationPage("docs/integrations.md").text
    let beforeFirstSnippet = integrations.components(separatedBy: "```").first ?? ""
    #expect(beforeFirstSnippet.contains("**One value to fill in.**") && beforeFirstSnippet.contains("`\(value)`"))
    let files = try DocumentationPage.all() + ["RELEASING.md", ".pre-commit-hooks.yaml"].map(DocumentationPage.init)
    var uses = 0
    for page in files {
      // Nothing else to fill in: no placeholder in angle brackets, and OWNER only inside the value.
      for placeholder in ["<org>", "<sha>", "<owner>", "<url>", "<rev>", "<version>"] {
        #expect(!page.text.lowercased().contains(placeholder), "\(page.path): \(placeholder)")
      }
      uses += page.text.components(separatedBy: value).count - 1
      let others = page.text.replacingOccurrences(of: value, with: "").components(separatedBy: "OWNER").count - 1
      #expect(others == 0, "\(page.path) writes OWNER outside \(value)")
      // Every address of the tools' repository on GitHub is the value itself.
      for match in page.text.matches(of: /(?:https?:\/\/)?[\w.@-]*github(?:usercontent)?\.com[^\s"'`)]*/)
      where match.output.contains("inertia-tools") {
        #expect(String(match.output) == value, "\(page.path): \(match.output)")
      }
    }
    #expect(uses >= 6, "pre-commit (2), the workflows (2), SwiftPM, RELEASING.md")
  }

  @Test("Every configuration the documentation shows is one inertia-lint accepts")
  func configurationExamples() throws {
    var count = 0
    for page in try DocumentationPage.all() {
      let blocks = page.text.components(separatedBy: "```json\n").dropFirst().compactMap {
        $0.components(separatedBy: "\n```").first
      }
      let configurations = blocks.filter { $0.contains("\"rules\"") || $0.contains("\"ignore\"") }
      count += configurations.count
      for text in configurations where !text.contains("\"findings\"") && !text.contains("\"$schema\"") {
        #expect(throws: Never.self, "\(page.path): \(text.prefix(60))") {
          try LintConfiguration.parse(Array(text.utf8), path: page.path)
        }
      }
    }
    #expect(count >= 2, "the Configuration section and the ignores of Adopting")
  }

  @Test("Every option in --help is parsed, and every parsed option is in --help")
  func helpListsOptions() throws {
    for line in LintOptions.usage.split(separator: "\n") where line.hasPrefix("  -") {
      let option = String(line.split(separator: " ").first { $0.hasPrefix("--") }!).trimmingCharacters(in: [","])
      let arguments: [String]
      switch option {
      case "--format": arguments = [option, "json"]
      case "--color": arguments = [option, "never"]
      case "--jobs", "--max-findings": arguments = [option, "2"]
      case "--explain", "--enable", "--disable": arguments = [option, "schema"]
      case "--stdin-filename": arguments = [option, "x", "-"]
      case "--config", "--include", "--exclude", "--output-file", "--baseline", "--write-baseline", "--show-settings":
        arguments = [option, "x"]
      case "--dry-run", "--unsafe-fixes": arguments = ["--fix", option]
      case "--app-target": arguments = [option, "module", "App.swift"]
      case "--resource": arguments = ["--app-target", "main", option, "x", "App.swift"]
      default: arguments = [option]
      }
      #expect(throws: Never.self, "\(option)") { _ = try LintOptions.parse(arguments) }
    }
  }
}
