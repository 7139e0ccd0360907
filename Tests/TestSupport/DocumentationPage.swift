import Foundation

/// A Markdown page of the documentation (`README.md` or a page under `docs/`), read by the tests that
/// check what it shows: its snippets, its configurations and its links.
package struct DocumentationPage: Sendable {
  /// The page's path from the package root (`README.md`, `docs/lint.md`).
  package let path: String
  /// The page's text.
  package let text: String

  package init(_ path: String) throws {
    self.path = path
    text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// `README.md`, then every page under `docs/`, by name.
  package static func all() throws -> [DocumentationPage] {
    let folder = Fixtures.packageRoot.appendingPathComponent("docs")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
    return try (["README.md"] + names.sorted().map { "docs/\($0)" }).map(DocumentationPage.init)
  }

  /// The section under the heading line `heading` (`## In CI`): the lines after it up to the next heading
  /// of the same level or above (a line in a code block is never a heading). Throws when the page has no
  /// such heading.
  package func section(_ heading: String) throws -> String {
    let level = heading.prefix { $0 == "#" }.count
    var lines: [Substring] = []
    var inside = false
    var fenced = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.drop(while: { $0 == " " }).hasPrefix("```") { fenced.toggle() }
      let headingLevel = fenced ? 0 : Self.headingLevel(of: line)
      if inside && headingLevel > 0 && headingLevel <= level { break }
      if inside { lines.append(line) }
      if !inside && !fenced && line == heading { inside = true }
    }
    guard inside else { throw DocumentationSectionMissing(path: path, heading: heading) }
    return lines.joined(separator: "\n")
  }

  /// The number of `#`s a heading line starts with, or 0 for a line that is not a heading.
  static func headingLevel(of line: Substring) -> Int {
    let hashes = line.prefix { $0 == "#" }.count
    return (1...6).contains(hashes) && line.dropFirst(hashes).first == " " ? hashes : 0
  }

  /// The code blocks of `text` whose opening fence names `language` (```` ```sh ````), in order, each
  /// line without the indentation of its fence (a block in a list item is indented): the lines a user
  /// copies, with the indentation that YAML and JSON inside them need.
  package static func codeBlocks(_ language: String, in text: String) -> [String] {
    var blocks: [String] = []
    var fence: Substring?  // the opening line of the code block we are in
    var indent = 0  // the opening fence's indentation
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      if trimmed.hasPrefix("```") {
        fence = fence == nil ? trimmed : nil
        indent = line.count - trimmed.count
        if fence == "```\(language)" { blocks.append("") }
      } else if fence == "```\(language)" {
        blocks[blocks.count - 1] += line.dropFirst(min(indent, line.count - trimmed.count)) + "\n"
      }
    }
    return blocks
  }
}

/// A page lacks the heading a test reads a section under.
package struct DocumentationSectionMissing: Error, CustomStringConvertible {
  package let path: String
  package let heading: String
  package var description: String { "\(path) has no heading \"\(heading)\"" }
}
