import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaTool

/// What `textconv` prints for `bytes`, in-process: the lines git's diff should show.
private func textconvLines(_ bytes: [UInt8]) throws -> [String] {
  let directory = try TemporaryDirectory()
  let path = try directory.write("x.inertia", bytes)
  let stdout = CommandOutput.inMemory()
  _ = TextconvCommand.run(arguments: [path], stdout: stdout, stderr: { _ in })
  return stdout.text.split(separator: "\n").map(String.init)
}

private func corpusBytes(_ name: String) throws -> [UInt8] {
  try Fixtures.bytes(Fixtures.corpus.appendingPathComponent(name))
}

/// Real git, configured by the lines docs/integrations.md gives, over a history holding the files that used
/// to stop it.
@Suite("git diff, git show and git log -p through textconv", .serialized)
struct GitTextconvTests {
  static let page = "docs/integrations.md"
  static let heading = "### Readable `git diff` for `.inertia` files"

  /// A repository set up with the page's lines, whose history holds a valid file, then NaN, then an
  /// empty file, then a truncated one, then the file deleted, then another commit; and a bin value.
  static func makeHistory() throws -> (GitRepository, versions: [String: [UInt8]]) {
    let repository = try GitRepository()
    let blocks = try GitRepository.shellBlocks(page: page, section: heading)
    #expect(blocks.count == 1)
    let setup = blocks.joined()
    #expect(setup.contains("git config diff.inertia.textconv \"inertia-convert textconv\""))
    let configured = try repository.shell(setup)
    #expect(configured.status == 0, "\(configured.stderr)")
    let versions = [
      "valid": try corpusBytes("valid/card0-trigger.inertia"),
      "nan": try corpusBytes("broken/nan-duration.inertia"),
      "empty": [],
      "truncated": Array(try corpusBytes("valid/card0-trigger.inertia").prefix(100)),
    ]
    try repository.write("anim/card.inertia", versions["valid"]!)
    try repository.write("anim/bin.inertia", try corpusBytes("broken/bin-value.inertia"))
    try repository.commitAll("valid")
    for name in ["nan", "empty", "truncated"] {
      try repository.write("anim/card.inertia", versions[name]!)
      try repository.commitAll(name)
    }
    try FileManager.default.removeItem(atPath: repository.directory.file("anim/card.inertia"))
    try repository.commitAll("deleted")
    try repository.write("anim/other.inertia", try corpusBytes("valid/circle-behind-card0.inertia"))
    try repository.commitAll("after")
    return (repository, versions)
  }

  @Test(
    "git log -p walks the whole history: exit 0, each version's lines",
    .enabled(if: GitRepository.isAvailable, GitRepository.unavailableReason))
  func logPatch() throws {
    let (repository, versions) = try Self.makeHistory()
    let log = try repository.git(["log", "-p", "--format=commit %s"])
    #expect(log.status == 0)
    #expect(!log.stderr.contains("fatal"), "\(log.stderr)")
    // Each commit's diff, by its subject.
    var diffs: [String: [String]] = [:]
    var subject = ""
    for line in log.lines {
      if line.hasPrefix("commit ") {
        subject = String(line.dropFirst(7))
      } else {
        diffs[subject, default: []].append(line)
      }
    }
    #expect(Set(diffs.keys) == ["valid", "nan", "empty", "truncated", "deleted", "after"])
    #expect(diffs["nan"]!.contains("-        \"duration\": 3,"))
    #expect(diffs["nan"]!.contains("+        \"duration\": {\"$float64\": \"NaN\"},"))
    #expect(diffs["valid"]!.contains("+    \"id\": {\"$bin\": \"Y2FyZDA=\"}"))
    for (name, before) in [("empty", "nan"), ("truncated", "empty")] {
      let diff = diffs[name]!
      for line in try textconvLines(versions[name]!) {
        #expect(diff.contains("+" + line) || diff.contains(" " + line), "\(name): \(line)")
      }
      for line in try textconvLines(versions[before]!) {
        #expect(diff.contains("-" + line) || diff.contains(" " + line), "\(name): \(line)")
      }
    }
    #expect(diffs["empty"]!.contains("+# the file is empty"))
    let truncated = try textconvLines(versions["truncated"]!)
    #expect(
      truncated[1]
        == "# offset 96: fixstr length 9 runs past the end of the input (3 bytes left) in the key of entry 3 at /0")
    #expect(diffs["truncated"]!.contains("+" + truncated[1]))
    #expect(diffs["deleted"]!.contains("-# below: the JSON read before offset 96, then the 4 bytes from there in hex"))
    #expect(diffs["after"]!.contains("+          \"type\": \"circle\","))
    // The second run reads the conversions git cached, and shows the same.
    let again = try repository.git(["log", "-p", "--format=commit %s"])
    #expect(again.status == 0 && again.stdout == log.stdout)
  }

  @Test(
    "git show of each broken commit: exit 0 and its lines",
    .enabled(if: GitRepository.isAvailable, GitRepository.unavailableReason))
  func show() throws {
    let (repository, _) = try Self.makeHistory()
    let subjects = try repository.git(["log", "--format=%s"]).lines.filter { !$0.isEmpty }
    #expect(subjects == ["after", "deleted", "truncated", "empty", "nan", "valid"])
    let expected = [
      "HEAD~4": "+        \"duration\": {\"$float64\": \"NaN\"},",
      "HEAD~3": "+# the file is empty",
      "HEAD~2": "+# from offset 96, in hex:",
      "HEAD~1": "-# from offset 96, in hex:",
    ]
    for (revision, line) in expected {
      let shown = try repository.git(["show", revision])
      #expect(shown.status == 0, "\(revision): \(shown.stderr)")
      #expect(shown.lines.contains(line), "\(revision)")
    }
    let file = try repository.git(["show", "--textconv", "HEAD~2:anim/card.inertia"])
    #expect(file.status == 0)
    #expect(file.lines.first == "# inertia-convert textconv: this file does not parse; showing what can be read")
  }

  @Test(
    "git diff --cached and git diff of broken files in the index and the work tree: exit 0",
    .enabled(if: GitRepository.isAvailable, GitRepository.unavailableReason))
  func diffCachedAndWorkTree() throws {
    let (repository, _) = try Self.makeHistory()
    try repository.write("anim/other.inertia", Array(try corpusBytes("valid/circle-behind-card0.inertia").prefix(50)))
    try repository.git(["add", "anim/other.inertia"])
    let cached = try repository.git(["diff", "--cached"])
    #expect(cached.status == 0, "\(cached.stderr)")
    #expect(cached.lines.contains("+# inertia-convert textconv: this file does not parse; showing what can be read"))
    try repository.write("anim/other.inertia", [])
    let workTree = try repository.git(["diff"])
    #expect(workTree.status == 0, "\(workTree.stderr)")
    #expect(workTree.lines.contains("+# the file is empty"))
    #expect(workTree.lines.contains { $0.hasPrefix("-# offset ") })
  }
}
