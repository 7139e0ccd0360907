import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaTool

private let base = AnimationVersion()

/// Real `git merge` of branches that change `animation.inertia`, with the driver set up by the lines
/// docs/integrations.md gives, and conflicts resolved as docs/convert.md says.
@Suite("git merge through the merge driver", .enabled(if: GitRepository.isAvailable, GitRepository.unavailableReason))
struct GitMergeTests {
  /// The set-up: the section of docs/integrations.md.
  static let setUp = (page: "docs/integrations.md", heading: "### Merging `.inertia` files")
  /// How to resolve a conflict: the section of docs/convert.md.
  static let resolving = (page: "docs/convert.md", heading: "## `merge`: the git merge driver")

  /// The set-up's `sh` block, then the one that resolves a conflict.
  static func blocks() throws -> [String] {
    try GitRepository.shellBlocks(page: setUp.page, section: setUp.heading)
      + GitRepository.shellBlocks(page: resolving.page, section: resolving.heading)
  }

  /// A repository set up with the set-up's block, where `main` and `theirs` each changed the base's
  /// `animation.inertia` into `ours` and `theirs`; `main` is checked out.
  static func branches(ours: AnimationVersion, theirs: AnimationVersion) throws -> GitRepository {
    let repository = try GitRepository()
    let blocks = try Self.blocks()
    #expect(blocks.count == 2)
    #expect(blocks[0].contains("merge.inertia.driver \"inertia-convert merge "))
    let configured = try repository.shell(blocks[0])
    #expect(configured.status == 0, "\(configured.stderr)")
    try repository.write("animation.inertia", base.messagePack)
    try repository.commitAll("base")
    try repository.git(["checkout", "-q", "-b", "theirs"])
    try repository.write("animation.inertia", theirs.messagePack)
    try repository.commitAll("theirs")
    try repository.git(["checkout", "-q", "main"])
    try repository.write("animation.inertia", ours.messagePack)
    try repository.commitAll("ours")
    return repository
  }

  @Test("Branches that change different keyframes merge cleanly into the MessagePack expected")
  func clean() throws {
    let repository = try Self.branches(ours: base.duration(0, "0.5"), theirs: base.opacity(2, "0"))
    let merged = try repository.git(["merge", "-q", "--no-edit", "theirs"])
    #expect(merged.status == 0, "\(merged.stderr)")
    let expected = base.duration(0, "0.5").opacity(2, "0").messagePack
    #expect(try repository.read("animation.inertia") == expected)
    #expect(try repository.git(["status", "--porcelain"]).stdout == "")
    #expect(try repository.git(["rev-list", "--parents", "-n", "1", "HEAD"]).stdout.split(separator: " ").count == 3)
    // What was committed is what the working tree holds.
    #expect(try repository.git(["diff", "--quiet", "HEAD"]).status == 0)
  }

  @Test("The same keyframe on both branches: a conflict, resolved as text and restored with to-msgpack")
  func conflict() throws {
    let repository = try Self.branches(ours: base.duration(1, "7"), theirs: base.duration(1, "9"))
    let merged = try repository.git(["merge", "--no-edit", "theirs"])
    #expect(merged.status == 1)
    #expect(merged.stdout.contains("CONFLICT (content): Merge conflict in animation.inertia"))
    #expect(
      merged.stderr.contains(
        "inertia-convert merge: animation.inertia: 1 conflict; the file holds its JSON form with conflict markers: "
          + "resolve them, then run: inertia-convert to-msgpack --extended -o animation.inertia < animation.inertia"))
    #expect(try repository.git(["status", "--porcelain"]).stdout == "UU animation.inertia\n")
    let text = String(decoding: try repository.read("animation.inertia"), as: UTF8.self)
    let conflict = "<<<<<<< ours\n        \"duration\": 7,\n=======\n        \"duration\": 9,\n>>>>>>> theirs\n"
    #expect(text.contains(conflict))
    // The conflict docs/convert.md shows, markers and all, is the one the driver writes.
    let shown = DocumentationPage.codeBlocks(
      "text", in: try DocumentationPage(Self.resolving.page).section(Self.resolving.heading))
    #expect(shown == [conflict])
    // Resolve by taking theirs, then the block docs/convert.md gives.
    try repository.write(
      "animation.inertia", Array(text.replacingOccurrences(of: conflict, with: "        \"duration\": 9,\n").utf8))
    let resolve = try Self.blocks()[1]
    let resolved = try repository.shell(resolve)
    #expect(resolved.status == 0, "\(resolved.stderr)")
    #expect(try repository.read("animation.inertia") == base.duration(1, "9").messagePack)
    #expect(try repository.git(["commit", "-q", "--no-edit"]).status == 0)
    #expect(try repository.git(["status", "--porcelain"]).stdout == "")
  }

  @Test("A marker left in the text: to-msgpack names it and leaves the file as it was")
  func markerLeft() throws {
    let repository = try Self.branches(ours: base.duration(1, "7"), theirs: base.duration(1, "9"))
    #expect(try repository.git(["merge", "--no-edit", "theirs"]).status == 1)
    let before = try repository.read("animation.inertia")
    let resolve = try Self.blocks()[1]
    let result = try repository.shell(resolve)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("<stdin>:26:1: "))
    #expect(try repository.read("animation.inertia") == before)
  }

  @Test("The repository's merge.conflictStyle is followed: diff3 shows the common ancestor's lines")
  func conflictStyle() throws {
    let repository = try Self.branches(ours: base.duration(1, "7"), theirs: base.duration(1, "9"))
    try repository.git(["config", "merge.conflictStyle", "diff3"])
    #expect(try repository.git(["merge", "--no-edit", "theirs"]).status == 1)
    let text = String(decoding: try repository.read("animation.inertia"), as: UTF8.self)
    #expect(text.contains("||||||| base\n        \"duration\": 1,\n=======\n"))
  }

  @Test("A branch whose file does not parse: a conflict, our file kept exactly")
  func brokenTheirs() throws {
    let repository = try GitRepository()
    try repository.shell(try Self.blocks()[0])
    try repository.write("animation.inertia", base.messagePack)
    try repository.commitAll("base")
    try repository.git(["checkout", "-q", "-b", "theirs"])
    try repository.write("animation.inertia", Array(base.messagePack.prefix(40)))
    try repository.commitAll("truncated")
    try repository.git(["checkout", "-q", "main"])
    try repository.write("animation.inertia", base.duration(0, "0.5").messagePack)
    try repository.commitAll("ours")
    let merged = try repository.git(["merge", "--no-edit", "theirs"])
    #expect(merged.status == 1)
    #expect(merged.stderr.contains("inertia-convert merge: animation.inertia: theirs does not parse (offset "))
    #expect(try repository.read("animation.inertia") == base.duration(0, "0.5").messagePack)
    // Theirs is still there to take.
    #expect(try repository.git(["checkout", "--theirs", "animation.inertia"]).status == 0)
    #expect(try repository.read("animation.inertia") == Array(base.messagePack.prefix(40)))
  }
}
