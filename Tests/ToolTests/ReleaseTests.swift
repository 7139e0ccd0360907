import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaTool

/// The version is written in one place, and what the release process (RELEASING.md) relies on agrees
/// with it: the documentation names no other version's tag, the snippets no tag that does not exist, and
/// CHANGELOG.md is in order.
@Suite("Release")
struct ReleaseTests {
  static let root = Fixtures.packageRoot

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// `X.Y.Z` as three numbers, or `nil`.
  static func version(_ text: some StringProtocol) -> [Int]? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 3, parts.allSatisfy({ $0 != nil }), !text.contains("+") else { return nil }
    return parts.map { $0! }
  }

  @Test("The version is X.Y.Z")
  func semanticVersion() {
    #expect(Self.version(ToolVersion.current) != nil, "\(ToolVersion.current)")
  }

  @Test("No source file but ToolVersion.swift writes the version")
  func onePlace() throws {
    let literal = "\"\(ToolVersion.current)\""
    var found: [String] = []
    for folder in ["Sources", "Plugins"] {
      let base = Self.root.appendingPathComponent(folder)
      for path in try FileManager.default.subpathsOfDirectory(atPath: base.path) where path.hasSuffix(".swift") {
        let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
        if text.contains(literal) { found.append("\(folder)/\(path)") }
      }
    }
    #expect(found == ["Sources/InertiaTool/ToolVersion.swift"])
    #expect(try Self.text("Package.swift").contains(literal) == false)
  }

  @Test("Every vX.Y.Z in the documentation, RELEASING.md and .pre-commit-hooks.yaml is the current version's tag")
  func tagsInDocuments() throws {
    let tag = "v" + ToolVersion.current
    // CHANGELOG.md is left out: it names the tags of past releases.
    let pages = try DocumentationPage.all().map(\.path)
    for path in pages + [".pre-commit-hooks.yaml", "RELEASING.md"] {
      let tags = Self.tags(in: try Self.text(path))
      #expect(tags.allSatisfy { $0 == tag }, "\(path): \(tags)")
    }
  }

  @Test(
    "A snippet names a tag only once the repository has it; the pre-commit snippets are pinned by autoupdate",
    .enabled(if: GitRepository.git != nil, "git is not installed"))
  func tagsInSnippets() throws {
    let tag = "v" + ToolVersion.current
    let tagged = try Self.repositoryHasTag(tag)
    for page in try DocumentationPage.all() + [DocumentationPage(".pre-commit-hooks.yaml")] {
      // What users paste: the code blocks, and the whole of the hooks' file (its comment is an example).
      let snippets = page.path.hasSuffix(".yaml") ? page.text : Self.codeBlocks(in: page.text).joined()
      let tags = Self.tags(in: snippets)
      #expect(tagged || tags.isEmpty, "\(page.path) shows \(tags) in a snippet, and no such tag exists yet")
    }
    // Until then the pre-commit snippets follow main, which `pre-commit autoupdate` pins (RELEASING.md).
    let section = try DocumentationPage("docs/integrations.md").section("## In a pre-commit hook")
    let revs = DocumentationPage.codeBlocks("yaml", in: section).flatMap { block in
      block.split(separator: "\n").filter { $0.contains("rev: ") }
    }
    #expect(revs.count == 2 && revs.allSatisfy { $0.contains("rev: main ") }, "\(revs)")
    #expect(section.contains("`pre-commit autoupdate --repo https://github.com/OWNER/inertia-tools`"))
  }

  /// Whether the repository has the tag `name`.
  static func repositoryHasTag(_ name: String) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: GitRepository.git!)
    process.arguments = ["-C", root.path, "tag", "--list", name]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return output.trimmingCharacters(in: .whitespacesAndNewlines) == name
  }

  /// The contents of every fenced code block of a Markdown text, whatever its language.
  static func codeBlocks(in text: String) -> [String] {
    var blocks: [String] = []
    var inside = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.drop(while: { $0 == " " }).hasPrefix("```") {
        inside.toggle()
        if inside { blocks.append("") }
      } else if inside {
        blocks[blocks.count - 1] += line + "\n"
      }
    }
    return blocks
  }

  @Test("CHANGELOG.md: Unreleased first, then released versions, newest first, none past the current one")
  func changelog() throws {
    let headings = try Self.text("CHANGELOG.md").split(separator: "\n").filter { $0.hasPrefix("## ") }
    #expect(headings.first == "## [Unreleased]")
    var released: [[Int]] = []
    for heading in headings.dropFirst() {
      // `## [X.Y.Z] - YYYY-MM-DD`
      let parts = heading.dropFirst(3).split(separator: " ")
      let name = parts.first.map { $0.dropFirst().dropLast() } ?? ""
      let version = Self.version(name)
      #expect(version != nil && parts.count == 3 && parts[1] == "-" && parts[2].count == 10, "\(heading)")
      if let version { released.append(version) }
    }
    #expect(released == released.sorted { $0.lexicographicallyPrecedes($1) }.reversed(), "\(released)")
    let current = Self.version(ToolVersion.current) ?? []
    if let newest = released.first {
      #expect(!current.lexicographicallyPrecedes(newest), "ToolVersion \(current) is behind CHANGELOG's \(newest)")
    }
  }

  @Test("SARIF names the tool's version")
  func sarifVersion() throws {
    let sandbox = try LintSandbox(animation: Documents.clean)
    let run = sandbox.run(["--no-config", "--format", "sarif"])
    #expect(run.status == 0)
    let log = try JSONReader().read(Array(run.stdout.utf8))
    let driver = log["runs"]?.arrayValue?.first?["tool"]?["driver"]
    #expect(driver?["version"] == .string(ToolVersion.current))
  }

  /// Every `v` followed by a version (`v0.1.0`) that is not part of a longer word.
  static func tags(in text: String) -> [String] {
    var found: [String] = []
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      defer { index += 1 }
      guard characters[index] == "v", index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber)
      else { continue }
      var end = index + 1
      while end < characters.count, characters[end].isNumber || characters[end] == "." { end += 1 }
      var candidate = String(characters[(index + 1)..<end])
      while candidate.hasSuffix(".") { candidate.removeLast() }
      if candidate.split(separator: ".").count == 3, Self.version(candidate) != nil { found.append("v" + candidate) }
    }
    return found
  }
}
