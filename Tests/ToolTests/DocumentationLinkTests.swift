import Foundation
import TestSupport
import Testing

/// Every link between the repository's Markdown files leads to a file that exists, and to a heading that
/// exists when it names one; so does every page and heading a source file, script or test names in that
/// form (`docs/lint.md#fixing`). A page moved or a heading renamed fails here, wherever the old name is
/// still used.
@Suite("Documentation links")
struct DocumentationLinkTests {
  static let root = Fixtures.packageRoot.standardizedFileURL
  static let docs = root.appendingPathComponent("docs")

  /// The repository's text files, by path from the root: the build's folders, git's and the fuzzers'
  /// inputs left out.
  static let files: [String] = {
    let skipped: Set<String> = [".build", ".git", ".swiftpm", "Tests/Fuzz/Corpus", "Tests/Fuzz/Regressions"]
    var found: [String] = []
    var folders = [""]
    while let folder = folders.popLast() {
      let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      for name in names.sorted() {
        let path = folder.isEmpty ? name : "\(folder)/\(name)"
        var isFolder: ObjCBool = false
        guard !skipped.contains(path), !skipped.contains(name),
          FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder)
        else { continue }
        if isFolder.boolValue { folders.append(path) } else { found.append(path) }
      }
    }
    return found.sorted()
  }()

  static let markdownFiles = files.filter { $0.hasSuffix(".md") }

  /// Files whose references to pages are read: the sources, scripts and tests around the pages.
  static let otherTextFiles = files.filter { path in
    [".swift", ".sh", ".py", ".yaml", ".yml", ".c", ".json"].contains { path.hasSuffix($0) } || path == ".ci/run"
  }

  /// Each line of `text` outside fenced code blocks, with its inline code spans removed.
  static func prose(_ text: String) -> [String] {
    var lines: [String] = []
    var fenced = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.drop(while: { $0 == " " }).hasPrefix("```") {
        fenced.toggle()
        continue
      }
      guard !fenced else { continue }
      // A span opens with a run of backticks and closes with a run as long.
      var kept = ""
      var rest = line[...]
      while let open = rest.firstIndex(of: "`") {
        kept += rest[..<open]
        let ticks = rest[open...].prefix { $0 == "`" }
        let after = rest[ticks.endIndex...]
        guard let close = after.range(of: ticks) else {
          rest = after
          break
        }
        rest = after[close.upperBound...]
      }
      lines.append(kept + rest)
    }
    return lines
  }

  /// The targets of a line's links: `[text](TARGET)`, `[text](TARGET "title")`, `src="TARGET"` and
  /// `href="TARGET"`.
  static func linkTargets(_ line: String) -> [String] {
    var targets: [String] = []
    for (opening, closing) in [("](", ")"), ("src=\"", "\""), ("href=\"", "\"")] {
      var rest = line[...]
      while let start = rest.range(of: opening) {
        rest = rest[start.upperBound...]
        guard let end = rest.range(of: closing) else { break }
        targets.append(String(rest[..<end.lowerBound].split(separator: " ").first ?? ""))
        rest = rest[end.upperBound...]
      }
    }
    return targets
  }

  /// The page names with a heading (`docs/lint.md#fixing`) in `text`: a path of letters, digits and
  /// `_./-` ending in `.md#`, then the heading's anchor.
  static func anchoredNames(in text: String) -> [String] {
    guard text.contains(".md#") else { return [] }
    func isNameByte(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: "-")
    }
    let bytes = Array(text.utf8)
    let marker = Array(".md#".utf8)
    var names: [String] = []
    var index = 1
    while index + marker.count < bytes.count {
      guard bytes[index..<(index + marker.count)].elementsEqual(marker), isNameByte(bytes[index - 1]) else {
        index += 1
        continue
      }
      var start = index
      while start > 0,
        isNameByte(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: ".")
          || bytes[start - 1] == UInt8(ascii: "/")
      {
        start -= 1
      }
      var end = index + marker.count
      while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
      if end > index + marker.count { names.append(String(decoding: bytes[start..<end], as: UTF8.self)) }
      index = end
    }
    return names
  }

  /// The anchors GitHub gives the headings of a Markdown text: lower-cased, with every character but
  /// letters, digits, spaces, `-` and `_` dropped and spaces made `-`; a repeated one gets `-1`, `-2`...
  static func anchors(of text: String) -> Set<String> {
    var anchors: Set<String> = []
    var fenced = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.drop(while: { $0 == " " }).hasPrefix("```") { fenced.toggle() }
      let hashes = line.prefix { $0 == "#" }.count
      guard !fenced, (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { continue }
      let title = line.dropFirst(hashes + 1).lowercased()
      let anchor = String(
        title.compactMap { character -> Character? in
          if character == " " { return "-" }
          return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
        })
      var unique = anchor
      var count = 0
      while anchors.contains(unique) {
        count += 1
        unique = "\(anchor)-\(count)"
      }
      anchors.insert(unique)
    }
    return anchors
  }

  /// What is wrong with a link to `target` from the file at `path`, or `nil` when it leads somewhere.
  /// `base` is the folder a relative target starts from: the file's own by default.
  static func problem(linking target: String, from path: String, base: URL? = nil) -> String? {
    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let file = String(parts[0])
    let base = base ?? root.appendingPathComponent(path).deletingLastPathComponent()
    let url = file.isEmpty ? root.appendingPathComponent(path) : base.appendingPathComponent(file).standardizedFileURL
    guard url.path.hasPrefix(root.path + "/") || url.path == root.path else {
      return "\(target) is outside the repository"
    }
    guard FileManager.default.fileExists(atPath: url.path) else { return "\(target): no such file" }
    guard parts.count == 2, url.pathExtension == "md" else { return nil }
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return anchors(of: text).contains(String(parts[1])) ? nil : "\(target): no such heading"
  }

  @Test("The repository's Markdown files are found, the pages under docs/ among them")
  func found() {
    #expect(Self.markdownFiles.contains("README.md") && Self.markdownFiles.contains("docs/README.md"))
    #expect(Self.otherTextFiles.contains("Package.swift") && Self.otherTextFiles.contains(".ci/run"))
  }

  @Test("Every link of a Markdown file leads to a file, and a heading, that exist", arguments: markdownFiles)
  func markdownLinks(_ path: String) throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    for line in Self.prose(text) {
      for target in Self.linkTargets(line) where !target.contains(":") {
        if let problem = Self.problem(linking: target, from: path) { Issue.record("\(path): \(problem)") }
      }
    }
  }

  @Test("Every page and heading a source file, script or test names (docs/lint.md#fixing) exists")
  func anchoredReferences() throws {
    var checked = 0
    for path in Self.otherTextFiles {
      guard let text = try? String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8) else {
        continue
      }
      for target in Self.anchoredNames(in: text) {
        checked += 1
        // From the root, as the sources name pages; else from the file's folder; else from docs/, as the
        // pages name each other (the text a test generates a page from).
        let bases = [Self.root, Self.root.appendingPathComponent(path).deletingLastPathComponent(), Self.docs]
        let problems = bases.map { Self.problem(linking: target, from: path, base: $0) }
        guard !problems.contains(nil) else { continue }
        // A file found without the heading says so; otherwise, there is no such file.
        let problem = problems.compactMap { $0 }.first { !$0.hasSuffix("no such file") } ?? problems[0]!
        Issue.record("\(path): \(problem)")
      }
    }
    #expect(checked > 0, "no page and heading named at all")
  }

  @Test("Links, code spans and names with a heading are found as a reader sees them")
  func parsing() {
    #expect(
      Self.prose("a `[x](y)` b ``c ` [d](lint.md#output)`` [g](h.md \"t\") <img src=\"i.svg\">") == [
        "a  b  [g](h.md \"t\") <img src=\"i.svg\">"
      ])
    #expect(Self.linkTargets("[g](h.md \"t\") [k](#l) <img src=\"i.svg\" alt=\"\">") == ["h.md", "#l", "i.svg"])
    #expect(
      Self.anchoredNames(
        in: "see docs/lint.md#fixing), x.md# and \\.md#[a-z] or (../../docs/guarantees.md#memory-and-speed).") == [
          "docs/lint.md#fixing", "../../docs/guarantees.md#memory-and-speed",
        ])
  }

  @Test("The anchors are GitHub's")
  func anchorSpelling() {
    let text = """
      # Converting: `inertia-convert`
      ## Readable `git diff` for `.inertia` files
      ```sh
      # a comment, not a heading
      ```
      ## Durability: what is on the disk when
      ## Notes
      ## Notes
      """
    #expect(
      Self.anchors(of: text) == [
        "converting-inertia-convert", "readable-git-diff-for-inertia-files", "durability-what-is-on-the-disk-when",
        "notes", "notes-1",
      ])
  }
}
