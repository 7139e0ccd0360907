import Foundation
import InertiaLint
import TestSupport
import Testing

@testable import InertiaTool

/// `docs/rules.md`, the rule reference: generated from the rules' descriptions, each rule's section being
/// what `inertia-lint --explain RULE` prints, and checked here so that it cannot fall behind the rules (as
/// swift-format checks its generated rule documentation).
@Suite("Rule reference (docs/rules.md)")
struct RuleReferenceTests {
  static let path = "docs/rules.md"
  static let command = "RECORD_SNAPSHOTS=1 swift test --disable-xctest --filter RuleReferenceTests"

  /// Every rule, in the registry's order, then `io-error`, as `--list-rules` lists them.
  static var rules: [RuleDescription] { RuleRegistry.descriptions + [IOErrorFinding.description] }

  /// The page, generated from the rules' descriptions as they are now.
  static func page() -> String {
    var page = """
      # Rules

      <!-- Generated from the rules' descriptions by Tests/ToolTests/RuleReferenceTests.swift: do not edit.
      \(command) writes it afresh. -->

      Every rule `inertia-lint` applies, at its default severity (the [configuration](configuration.md)
      can change it), and whether its findings carry a fix, [safe or unsafe](lint.md#rules). Each rule's
      section is what `inertia-lint --explain RULE` prints for it. `io-error`, last, is not a rule of the
      format but a path that could not be linted at all ([Linting](lint.md#rules)). A rule that was removed
      is not here: its id is still accepted where rules are named ([Removed rules](configuration.md#removed-rules)).

      | rule | severity | what it finds | fix |
      |---|---|---|---|

      """
    for rule in rules {
      let summary = rule.summary.replacingOccurrences(of: "|", with: "\\|")
      let fix = rule.fixSafety?.rawValue ?? ""
      page += "| [`\(rule.identifier)`](#\(rule.identifier)) | \(rule.severity.rawValue) | \(summary) | \(fix) |\n"
    }
    for rule in rules {
      page += "\n" + section(rule)
    }
    return page
  }

  /// A rule's section: its id as the heading, then its `--explain` text as it prints.
  static func section(_ rule: RuleDescription) -> String {
    "## `\(rule.identifier)`\n\n```text\n\(RuleDocumentation.explain(rule))```\n"
  }

  @Test("docs/rules.md is the page the rules' descriptions generate (RECORD_SNAPSHOTS=1 writes it afresh)")
  func upToDate() throws {
    let generated = Self.page()
    let url = Fixtures.packageRoot.appendingPathComponent(Self.path)
    if Fixtures.recording {
      try Data(generated.utf8).write(to: url, options: .atomic)
      return
    }
    let committed = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    guard committed != generated else { return }
    // Name the first line that differs rather than print two long pages.
    let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
    let new = generated.split(separator: "\n", omittingEmptySubsequences: false)
    let line = old.indices.first { $0 >= new.count || old[$0] != new[$0] } ?? old.count
    Issue.record(
      """
      \(Self.path) is stale: it differs from what the rules' descriptions generate first at line \(line + 1) \
      (\(line < new.count ? new[line] : "the end")); run \(Self.command) and review the diff
      """)
  }

  @Test("Each rule's section holds what inertia-lint --explain prints for it", arguments: rules.map(\.identifier))
  func explanations(_ identifier: String) throws {
    let rule = try #require(Self.rules.first { $0.identifier == identifier })
    let explanation = RuleDocumentation.explain(rule)
    // A fence inside the text would end its code block early.
    #expect(!explanation.contains("```"))
    // While recording, the page on disk may not be written yet: the generated one is checked instead.
    let page = Fixtures.recording ? Self.page() : try DocumentationPage(Self.path).text
    #expect(page.contains("\n## `\(identifier)`\n\n```text\n\(explanation)```\n"))
  }
}
