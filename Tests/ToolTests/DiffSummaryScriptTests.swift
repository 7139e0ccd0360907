import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// `Scripts/inertia-diff-summary.sh`, the CI step's script, over a real git history.
@Suite("The CI job summary script", .serialized)
struct DiffSummaryScriptTests {
  static let script = Fixtures.packageRoot.appendingPathComponent("Scripts/inertia-diff-summary.sh").path

  @Test(
    "Every changed .inertia file's Markdown diff goes to $GITHUB_STEP_SUMMARY, or to standard output",
    .enabled(if: GitRepository.isAvailable, GitRepository.unavailableReason))
  func summary() throws {
    let repository = try GitRepository()
    let messagePack = { (json: String) in try Converter.toMessagePack(json: Array(json.utf8)) }
    let other = "[\(DiffPair.animation("other", "auto", [DiffPair.keyframe("O", "1", opacity: "0")]))]"
    try repository.write("anim/card.inertia", messagePack(DiffPair.old))
    try repository.write("anim/gone.inertia", messagePack(other))
    try repository.write("anim/same.inertia", messagePack(other))
    try repository.write("README.txt", Array("notes".utf8))
    try repository.commitAll("base")
    try repository.write("anim/card.inertia", messagePack(DiffPair.new))
    try FileManager.default.removeItem(atPath: repository.directory.file("anim/gone.inertia"))
    try repository.write("anim/new.inertia", messagePack(other.replacingOccurrences(of: "other", with: "fresh")))
    try repository.write(
      "anim/same.inertia", messagePack(other.replacingOccurrences(of: "\"duration\": 1", with: "\"duration\": 1.0")))
    try repository.write("README.txt", Array("more notes".utf8))
    try repository.commitAll("head")

    let summary = repository.directory.file("summary.md")
    let written = try repository.shell("GITHUB_STEP_SUMMARY='\(summary)' bash '\(Self.script)' HEAD~1 HEAD")
    #expect(written.status == 0, "\(written.stderr)")
    #expect(written.stdout.isEmpty)
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: summary)), as: UTF8.self)
    let headings = text.split(separator: "\n").filter { $0.hasPrefix("#### ") }.map(String.init)
    #expect(
      Set(headings) == [
        "#### `a/anim/card.inertia` → `b/anim/card.inertia`: plays differently",
        "#### `a/anim/gone.inertia` → `/dev/null`: plays differently",
        "#### `/dev/null` → `b/anim/new.inertia`: plays differently",
        "#### `a/anim/same.inertia` → `b/anim/same.inertia`: the two play the same",
      ], "\(text)")
    #expect(text.hasPrefix("### Animation changes\n"))
    #expect(text.contains("  - keyframe 1 `F5F9E292…` at 1.001 s → 1.501 s: duration 1 → 1.5 s\n"))
    #expect(!text.contains("README"))
    if MarkdownParser.isAvailable {
      let html = try MarkdownParser.html(text)
      #expect(html.contains("<h3>Animation changes</h3>"))
      #expect(html.components(separatedBy: "<h4>").count == 5)
    }
    // Without the variable, standard output; with nothing changed, a line that says so.
    let printed = try repository.shell("bash '\(Self.script)' HEAD~1")
    #expect(printed.status == 0 && printed.stdout == text)
    let nothing = try repository.shell("bash '\(Self.script)' HEAD HEAD")
    #expect(nothing.stdout == "### Animation changes\n\nNo `.inertia` file changed.\n")
  }
}
