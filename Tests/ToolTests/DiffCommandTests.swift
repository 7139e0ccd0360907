import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaTool

/// Two versions of a file with one of each kind of change: keyframes moved by a duration, a pose value, the
/// loop and so every other track's hold, a shape restyled, one removed and one added, an animation added and
/// another removed.
enum DiffPair {
  static let pose = #"{"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}"#

  static func keyframe(_ id: String, _ duration: String, opacity: String = "1") -> String {
    #"{"id": "\#(id)", "duration": \#(duration), "values": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": \#(opacity)}}"#
  }

  static func animation(_ id: String, _ invokeType: String, _ keyframes: [String], shapes: [String]? = nil) -> String {
    let list = shapes.map { #", "shapes": [\#($0.joined(separator: ", "))]"# } ?? ""
    return
      #"{"id": "\#(id)", "invokeType": "\#(invokeType)", "initialValues": \#(pose), "keyframes": [\#(keyframes.joined(separator: ", "))]\#(list)}"#
  }

  static func shape(_ id: String, type: String, width: String, fill: String, position: String = "bottom") -> String {
    #"{"id": "\#(id)", "zIndex": 0, "position": "\#(position)", "shape": {"id": "D-\#(id)", "type": "\#(type)", "width": \#(width), "height": 0.5, "fill": \#(fill)}}"#
  }

  static let blue = #"{"red": 0.33, "green": 0.35, "blue": 0.86, "alpha": 1}"#
  static let coral = #"{"red": 0.98, "green": 0.45, "blue": 0.38, "alpha": 1}"#

  static let old = """
    [\(animation(
      "card0", "trigger",
      [keyframe("1A9DA10A-9E90-49B6-943B-D10756FA3C2C", "0"), keyframe("F5F9E292-E987-442C-89CC-C2CB09B56971", "1", opacity: "0"), keyframe("C", "1"), keyframe("D", "1", opacity: "0.5")],
      shapes: [shape("B4E1C0F2-6C3E-4B0E-9E2C-6A0F1D2E3F44", type: "circle", width: "0.5", fill: blue), shape("S2", type: "rectangle", width: "1", fill: blue, position: "top")])),
     \(animation("title1", "auto", [keyframe("T", "0.5", opacity: "0")])),
     \(animation("gone", "trigger", [keyframe("G", "2", opacity: "0")]))]
    """

  static let new = """
    [\(animation(
      "card0", "trigger",
      [keyframe("1A9DA10A-9E90-49B6-943B-D10756FA3C2C", "0"), keyframe("F5F9E292-E987-442C-89CC-C2CB09B56971", "1.5", opacity: "0"), keyframe("C", "1"), keyframe("D", "1", opacity: "0.25")],
      shapes: [shape("B4E1C0F2-6C3E-4B0E-9E2C-6A0F1D2E3F44", type: "circle", width: "0.6", fill: coral), shape("S3", type: "square", width: "0.25", fill: coral)])),
     \(animation("title1", "auto", [keyframe("T", "0.5", opacity: "0")])),
     \(animation("badge3", "auto", [keyframe("X", "0"), keyframe("Y", "1", opacity: "0")]))]
    """
}

@Suite("inertia-convert diff")
struct DiffCommandTests {
  /// Writes the pair (the new one as MessagePack) and runs `diff` on them with `options`.
  static func run(_ options: [String] = [], old: String = DiffPair.old, new: String = DiffPair.new) throws -> (
    CommandResult, TemporaryDirectory
  ) {
    let directory = try TemporaryDirectory()
    let oldPath = try directory.write("old.json", old)
    let newPath = try directory.write("new.inertia", Converter.toMessagePack(json: Array(new.utf8)))
    let result = runConvert(["diff"] + options + [oldPath, newPath])
    return (result, directory)
  }

  /// The report with the temporary directory's path taken out of the heading.
  static func report(_ result: CommandResult, _ directory: TemporaryDirectory) -> String {
    result.stdoutText.replacingOccurrences(of: directory.path + "/", with: "")
  }

  @Test(
    "Exit 1 when the two play differently; each format's report is its golden file",
    arguments: ["text", "markdown", "json", "svg"])
  func goldenReports(_ format: String) throws {
    let (result, directory) = try Self.run(["--format", format])
    #expect(result.status == 1)
    #expect(result.stderr.isEmpty)
    let names = ["text": "diff.txt", "markdown": "diff.md", "json": "diff.json", "svg": "diff.svg"]
    snapshots.assert(Self.report(result, directory), named: names[format]!)
  }

  @Test("Colour on a terminal, as the linter decides: not with NO_COLOR, always with --color always")
  func colour() throws {
    let directory = try TemporaryDirectory()
    let old = try directory.write("old.json", DiffPair.old)
    let new = try directory.write("new.json", DiffPair.new)
    func run(_ options: [String], terminal: Bool, _ variables: [String: String]) -> String {
      let out = CommandOutput.inMemory()
      _ = DiffCommand.run(
        arguments: options + [old, new], stdout: out, stderr: { _ in }, stdoutIsTerminal: terminal,
        variables: variables)
      return out.text
    }
    let coloured = run([], terminal: true, [:])
    #expect(coloured.contains("\u{1B}["))
    #expect(!run([], terminal: true, ["NO_COLOR": "1"]).contains("\u{1B}["))
    #expect(!run([], terminal: false, [:]).contains("\u{1B}["))
    #expect(run(["--color", "always"], terminal: false, [:]) == coloured)
    snapshots.assert(coloured.replacingOccurrences(of: directory.path + "/", with: ""), named: "diff-color.txt")
  }

  @Test("The same document in both encodings: exit 0, the two play the same")
  func sameInBothEncodings() throws {
    let (result, _) = try Self.run(old: DiffPair.new, new: DiffPair.new)
    #expect(result.status == 0)
    #expect(result.stdoutText.hasSuffix(": the two play the same\n"))
    let (json, _) = try Self.run(["--format", "json"], old: DiffPair.new, new: DiffPair.new)
    #expect(json.status == 0 && json.stdoutText.contains(#""playsTheSame": true"#))
  }

  @Test(
    "A broken side: exit 2 and one line naming the file and the place",
    arguments: [
      ("[{\"id\": \"card0\",", "old.json:1:"),
      (DiffPair.new.replacingOccurrences(of: #""duration": 1.5"#, with: #""duration": "1.5""#), "expected a number"),
    ])
  func brokenSide(_ text: String, _ expected: String) throws {
    let (result, directory) = try Self.run(old: text)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.count == 1)
    #expect(result.stderr.first?.hasPrefix(directory.file("old.json") + ":") == true, "\(result.stderr)")
    #expect(result.stderr.first?.contains(expected) == true, "\(result.stderr)")
  }

  @Test(
    "Usage errors exit 2",
    arguments: [
      ["diff"], ["diff", "a"], ["diff", "-", "-"], ["diff", "--format", "pdf", "a", "b"], ["diff", "--git", "a", "b"],
      ["diff", "--loop-duration", "0", "a", "b"],
    ])
  func usage(_ arguments: [String]) {
    let result = runConvert(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.count == 1 && result.stderr[0].hasPrefix("inertia-convert: "), "\(result.stderr)")
  }

  @Test("A missing file: exit 2, named")
  func missingFile() throws {
    let directory = try TemporaryDirectory()
    let new = try directory.write("new.json", DiffPair.new)
    let result = runConvert(["diff", directory.file("nothing.inertia"), new])
    #expect(result.status == 2)
    #expect(result.stderr.first?.contains("nothing.inertia") == true)
  }

  @Test("-o writes the report atomically, and never over an input")
  func output() throws {
    let (_, directory) = try Self.run()
    let report = directory.file("report.md")
    let written = runConvert([
      "diff", "--format", "markdown", "-o", report, directory.file("old.json"), directory.file("new.inertia"),
    ])
    #expect(written.status == 1 && written.stdout.isEmpty)
    #expect(String(decoding: try directory.read("report.md"), as: UTF8.self).contains("plays differently"))
    for input in ["old.json", "new.inertia"] {
      let before = try directory.read(input)
      let refused = runConvert([
        "diff", "-o", directory.file(input), directory.file("old.json"), directory.file("new.inertia"),
      ])
      #expect(refused.status == 2, "\(input)")
      #expect(try directory.read(input) == before)
    }
  }

  @Test(
    "The Markdown report reads as Markdown: a parser finds the heading, the nested lists and no HTML",
    .enabled(if: MarkdownParser.isAvailable, MarkdownParser.unavailableReason))
  func markdownParses() throws {
    let hostile = DiffPair.new.replacingOccurrences(of: #""badge3""#, with: #""<img src=x onerror=alert(1)>`*_""#)
    let (result, _) = try Self.run(["--format", "markdown"], new: hostile)
    let html = try MarkdownParser.html(result.stdoutText)
    #expect(html.contains("<h4>"))
    #expect(html.contains("<ul>\n<li>"))
    #expect(html.contains("<li><code>card0</code>: plays differently\n<ul>"))
    #expect(!html.contains("<img"), "markup from an id: \(html)")
    #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
    #expect(!html.contains("<em>") && !html.contains("<strong>"))
  }
}

/// A Markdown parser from Python (`markdown-it-py`, as Debian's `python3-markdown-it` or from PyPI, or
/// `markdown`), when one is installed: CommonMark, which GitHub's Markdown extends.
enum MarkdownParser {
  static let script = """
    import sys
    text = sys.stdin.read()
    try:
        from markdown_it import MarkdownIt
        sys.stdout.write(MarkdownIt("commonmark").render(text))
    except ImportError:
        import markdown
        sys.stdout.write(markdown.markdown(text))
    """

  /// The first Python 3 that has a parser: the one on `PATH`, else the system's (where Debian installs
  /// `python3-markdown-it`, which a Python of one's own on `PATH` does not see).
  static let interpreter: [String]? = [["/usr/bin/env", "python3"], ["/usr/bin/python3"]].first { command in
    (try? html("# a", with: command))?.hasPrefix("<h1>a</h1>") == true
  }

  static var isAvailable: Bool { interpreter != nil }

  static let unavailableReason: Comment =
    "no Markdown parser for Python 3 (apt-get install python3-markdown-it, or pip install markdown-it-py)"

  static func html(_ markdown: String) throws -> String {
    guard let interpreter else { throw MarkdownFailure() }
    return try html(markdown, with: interpreter)
  }

  static func html(_ markdown: String, with command: [String]) throws -> String {
    guard FileManager.default.isExecutableFile(atPath: command[0]) else { throw MarkdownFailure() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst()) + ["-c", script]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data(markdown.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw MarkdownFailure() }
    return String(decoding: data, as: UTF8.self)
  }

  struct MarkdownFailure: Error {}
}
