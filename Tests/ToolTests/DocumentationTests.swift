import Foundation
import TestSupport
import Testing

@testable import InertiaLint
@testable import InertiaTool

/// The documentation (README.md and the pages under docs/) and the pre-commit hook agree with the code,
/// and the pages' links lead somewhere.
@Suite("Documentation")
struct DocumentationTests {
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

  @Test("The pre-commit hook runs the tool Scripts/build-tools.sh builds, with --strict")
  func preCommitHook() throws {
    let text = try String(
      contentsOf: Fixtures.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
    #expect(text.contains("- id: inertia-lint"))
    #expect(text.contains("entry: Scripts/pre-commit-inertia-lint.sh\n"))
    #expect(text.contains("args: [--strict]"))
    #expect(text.contains("language: script\n"))
    // pre-commit runs the entry itself: it must be executable, build with the script, and hand over.
    let entry = Fixtures.packageRoot.appendingPathComponent("Scripts/pre-commit-inertia-lint.sh")
    #expect(FileManager.default.isExecutableFile(atPath: entry.path))
    let script = try String(contentsOf: entry, encoding: .utf8)
    #expect(script.contains("/build-tools.sh\""))
    #expect(script.contains("exec \"$tools/release/inertia-lint\" \"$@\""))
    let build = entry.deletingLastPathComponent().appendingPathComponent("build-tools.sh")
    #expect(FileManager.default.isExecutableFile(atPath: build.path))
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
