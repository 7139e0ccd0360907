import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaTool

/// Real git, set up with the lines `diff --help` documents, showing motion in `git diff` while `git log -p`
/// keeps the textconv's JSON.
@Suite("git diff and git difftool through inertia-convert diff", .serialized)
struct GitDiffDriverTests {
  /// The shell lines of a command's help that set git up: `echo … >> .gitattributes` and `git config …`.
  static func setupLines(_ usage: String) -> [String] {
    usage.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("echo '*.inertia") || $0.hasPrefix("git config") }
  }

  static func messagePack(_ json: String) throws -> [UInt8] { try Converter.toMessagePack(json: Array(json.utf8)) }

  /// A history: card (changed), other (deleted), moved (renamed, with a change), added (new).
  static func makeHistory() throws -> GitRepository {
    let repository = try GitRepository()
    let lines = setupLines(DiffCommand.usage) + setupLines(TextconvCommand.usage)
    #expect(lines.contains(#"git config diff.inertia.command "inertia-convert diff --git""#))
    let configured = try repository.shell(lines.joined(separator: "\n"))
    #expect(configured.status == 0, "\(configured.stderr)")
    let other = "[\(DiffPair.animation("other", "auto", [DiffPair.keyframe("O", "1", opacity: "0")]))]"
    let moved =
      "[\(DiffPair.animation("moved", "auto", [DiffPair.keyframe("M", "1", opacity: "0"), DiffPair.keyframe("N", "1")]))]"
    try repository.write("anim/card.inertia", messagePack(DiffPair.old))
    try repository.write("anim/other.inertia", messagePack(other))
    try repository.write("anim/before.inertia", messagePack(moved))
    try repository.commitAll("first")
    try repository.write("anim/card.inertia", messagePack(DiffPair.new))
    try FileManager.default.removeItem(atPath: repository.directory.file("anim/other.inertia"))
    try FileManager.default.removeItem(atPath: repository.directory.file("anim/before.inertia"))
    try repository.write(
      "anim/after.inertia",
      messagePack(
        moved.replacingOccurrences(
          of:
            #""duration": 1, "values": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}"#,
          with:
            #""duration": 2, "values": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}"#
        )))
    try repository.write(
      "anim/added.inertia", messagePack(other.replacingOccurrences(of: "\"other\"", with: "\"fresh\"")))
    try repository.commitAll("second")
    try repository.write("anim/card.inertia", Array(try messagePack(DiffPair.new).prefix(40)))
    try repository.write("anim/zz-last.inertia", messagePack(other))
    try repository.commitAll("third")
    return repository
  }

  @Test(
    "git diff tells motion for changed, added, deleted and renamed files, exit 0, and goes on past a broken one",
    .enabled(if: GitRepository.isAvailable, GitRepository.unavailableReason))
  func gitDiff() throws {
    let repository = try Self.makeHistory()
    let diff = try repository.git(["diff", "-M", "HEAD~2", "HEAD~1"])
    #expect(diff.status == 0, "\(diff.stderr)")
    #expect(!diff.stderr.contains("external diff died"))
    let lines = diff.lines
    #expect(lines.contains("a/anim/card.inertia → b/anim/card.inertia: plays differently"))
    #expect(lines.contains("    keyframe 1 F5F9E292… at 1.001 s → 1.501 s: duration 1 → 1.5 s"))
    #expect(lines.contains("/dev/null → b/anim/added.inertia: plays differently"))
    #expect(lines.contains("+ fresh: added, auto, 1 keyframe, ends at 1 s"))
    #expect(lines.contains("a/anim/other.inertia → /dev/null: plays differently"))
    #expect(lines.contains("- other: removed, auto, 1 keyframe, ends at 1 s"))
    #expect(lines.contains("a/anim/before.inertia → b/anim/after.inertia: plays differently"), "\(lines)")
    // A version that does not parse is said in the output, and the files after it still show.
    let broken = try repository.git(["diff", "HEAD~1", "HEAD"])
    #expect(broken.status == 0, "\(broken.stderr)")
    #expect(
      broken.lines.contains {
        $0.hasPrefix("a/anim/card.inertia → b/anim/card.inertia: cannot compare: b/anim/card.inertia: offset ")
      }, "\(broken.lines)")
    #expect(broken.lines.contains("/dev/null → b/anim/zz-last.inertia: plays differently"))
  }

  @Test(
    "git log -p keeps the textconv's JSON; --ext-diff asks for motion",
    .enabled(if: GitRepository.isAvailable, GitRepository.unavailableReason))
  func logKeepsTextconv() throws {
    let repository = try Self.makeHistory()
    let log = try repository.git(["log", "-p", "-1", "HEAD~1", "--", "anim/card.inertia"])
    #expect(log.status == 0)
    #expect(log.lines.contains("+        \"duration\": 1.5,"), "\(log.lines)")
    #expect(!log.stdout.contains("plays differently"))
    let motion = try repository.git(["log", "-p", "--ext-diff", "-1", "HEAD~1", "--", "anim/card.inertia"])
    #expect(motion.lines.contains("a/anim/card.inertia → b/anim/card.inertia: plays differently"))
  }

  @Test(
    "git difftool with the documented tool",
    .enabled(if: GitRepository.isAvailable, GitRepository.unavailableReason))
  func difftool() throws {
    let repository = try Self.makeHistory()
    // The external diff driver, where set, is what git difftool runs too: the tool is for repositories without.
    try repository.git(["config", "--unset", "diff.inertia.command"])
    let result = try repository.git(["difftool", "--tool=inertia", "-y", "HEAD~2", "HEAD~1", "--", "anim/card.inertia"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.lines.contains("anim/card.inertia → anim/card.inertia: plays differently"), "\(result.lines)")
  }

  @Test("An unmerged path, git's one argument: the line git shows, exit 0")
  func unmerged() {
    let result = runConvert(["diff", "--git", "anim/card.inertia"])
    #expect(result.status == 0)
    #expect(result.stdoutText == "* Unmerged path anim/card.inertia\n")
  }
}
