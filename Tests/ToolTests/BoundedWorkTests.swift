import Foundation
import InertiaFormat
import InertiaLint
import TestSupport
import Testing

@testable import InertiaPreview
@testable import InertiaTool

/// Issue 29, class 4: every loop, recursion and allocation is bounded by the input's size with a
/// documented constant. Growth is measured by counting work (entries stepped over, names matched, bytes
/// held), at n and 4n, never by timing. (Globs: ``GlobMatchingTests``.)
@Suite("Bounded work")
struct BoundedWorkTests {
  /// An animation file whose first animation object has `count` extra keys of `shape`.
  enum KeyShape: String, CaseIterable, CustomTestStringConvertible {
    /// `"u0": 0, "u1": 1, …`: unknown and distinct.
    case distinctUnknown
    /// `"u": 0, "u": 1, …`: one unknown key, repeated.
    case repeatedUnknown
    /// `"id": "a0", "id": "a1", …`: a field of the table, repeated.
    case repeatedField
    /// `0: 0, 1: 1, …`: keys that are not strings (MessagePack only).
    case nonString
    var testDescription: String { rawValue }

    func document(_ count: Int) -> MessagePackValue {
      let pose: MessagePackValue = [
        "scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1,
      ]
      var entries: [MessagePackValue.MapEntry] = [
        .init("id", "animation"), .init("invokeType", "trigger"), .init("initialValues", pose),
        .init("keyframes", []),
      ]
      for index in 0..<count {
        switch self {
        case .distinctUnknown: entries.append(.init(.string("u\(index)"), .int(Int64(index))))
        case .repeatedUnknown: entries.append(.init("u", .int(Int64(index))))
        case .repeatedField: entries.append(.init("id", .string("a\(index)")))
        case .nonString: entries.append(.init(.int(Int64(index)), .int(Int64(index))))
        }
      }
      return .array([.map(entries)])
    }
  }

  /// The entries the schema walk stepped over for a document of `count` keys, in `encoding`.
  static func entriesStepped(_ shape: KeyShape, _ count: Int, _ encoding: DocumentEncoding) throws -> Int {
    let bytes = MessagePackWriter().write(shape.document(count))
    let document =
      encoding == .json
      ? try IndexedDocument.read(try Converter.toJSON(messagePack: bytes), as: .json)
      : try IndexedDocument.read(bytes, as: .messagePack)
    return SchemaWalk.events(in: document).entriesStepped
  }

  @Test(
    "An object's keys: the schema walk steps over each entry a bounded number of times, at n and 4n",
    arguments: KeyShape.allCases)
  func keysAreLinear(_ shape: KeyShape) throws {
    for encoding in shape == .nonString ? [DocumentEncoding.messagePack] : [.messagePack, .json] {
      let n = try Self.entriesStepped(shape, 2_000, encoding)
      let fourN = try Self.entriesStepped(shape, 8_000, encoding)
      // At most about twice the entries, and one pass for each field that repeats (the table has few).
      #expect(fourN <= 2 * 8_004 + 64 * 8_004, "\(shape) \(encoding): \(fourN) entries stepped for 8,000 keys")
      #expect(fourN <= 4 * n + 64, "\(shape) \(encoding): \(n) entries stepped at 2,000 keys, \(fourN) at 8,000")
    }
  }

  @Test("Issue 29: lint of an object with many keys, repeated or distinct, JSON or MessagePack, finishes and reports")
  func manyKeysLint() throws {
    let linter = Linter()
    for shape in KeyShape.allCases {
      let bytes = MessagePackWriter().write(shape.document(30_000))
      let findings = linter.lint(bytes, file: "many.inertia", fileName: "animation.inertia")
      #expect(!findings.isEmpty, "\(shape)")
    }
  }

  @Test("to-json from JSON holds a bounded piece of its output at a time, however large the output, at n and 4n")
  func toJSONStreams() throws {
    let directory = try TemporaryDirectory()
    // Arrays nested 200 deep, side by side: pretty JSON of them is some 200 times the input.
    func run(_ copies: Int) throws -> (total: Int, largest: Int) {
      let one = String(repeating: "[", count: 199) + "1" + String(repeating: "]", count: 199)
      let input = try directory.write(
        "deep-\(copies).json", "[" + Array(repeating: one, count: copies).joined(separator: ",") + "]")
      let stdout = CommandOutput.inMemory()
      let status = ConvertCommand.run(arguments: ["to-json", input], stdout: stdout, stderr: { _ in })
      #expect(status == 0)
      return (stdout.bytes.count, stdout.largestWrite)
    }
    let n = try run(25)
    let fourN = try run(100)
    #expect(fourN.total > 3 * n.total)
    // A megabyte at a time (the converter's chunk), whatever the output's size.
    #expect(n.largest <= 1 << 20 && fourN.largest <= 1 << 20, "\(n.largest), \(fourN.largest)")
    #expect(fourN.total > 4 << 20, "the output is held whole if it never passes a chunk")
  }

  @Test("--diff of a file that fixing changes everywhere: the diff's search stays within its budget, at n and 4n")
  func diffIsBounded() {
    func work(_ lines: Int) -> (Int, [UnifiedDiff.Edit]) {
      let old = (0..<lines).map { Substring("\"duration\": -\($0),") }
      let new = (0..<lines).map { $0 % 2 == 0 ? Substring("\"duration\": 0.001,") : old[$0] }
      var work = 0
      let script = UnifiedDiff.editScript(old, new, maxDifferences: 4096, work: &work)
      return (work, script)
    }
    let (n, script) = work(20_000)
    let (fourN, _) = work(80_000)
    #expect(n <= 2 * UnifiedDiff.searchBudget && fourN <= 2 * UnifiedDiff.searchBudget, "\(n), \(fourN)")
    #expect(fourN <= 4 * n + 1_000, "\(n) steps for 20,000 lines, \(fourN) for 80,000")
    // Still a diff of the two: every old line deleted or kept, every new one inserted or kept.
    #expect(
      script.filter { $0.kind != .insert }.count == 20_000 && script.filter { $0.kind != .delete }.count == 20_000)
  }

  @Test("The timeline's ticks: a bounded number of steps for any axis, durations adding up to infinity included")
  func timelineTicks() throws {
    for length in [0, 0.001, 3, 1e6, 1e7, 1e300, .infinity, .nan, -1] {
      let step = TimelineChart.tickStep(for: length)
      #expect(step.isFinite && step > 0, "\(length)")
    }
    // Issue 29: two durations of 1e308 add up to infinity; the timeline is drawn.
    let pose = Documents.pose
    let document = """
      [{"id": "animation", "invokeType": "trigger", "initialValues": \(pose), "keyframes": [
        {"id": "A", "duration": 1e308, "values": \(pose)}, {"id": "B", "duration": 1e308, "values": \(pose)}]}]
      """
    let directory = try TemporaryDirectory()
    let input = try directory.write("long.json", document)
    let run = runTool(.toSVG, ["--no-config", "--timeline", input], in: directory.path)
    #expect(run.status == 0 && run.stdoutText.hasSuffix("</svg>\n"))
    #expect(!run.stdoutText.lowercased().contains("nan") && !run.stdoutText.lowercased().contains("inf"))
  }

  @Test("Nesting: a document as deep as --max-depth allows (10000) is drawn and converted, on a stack that holds it")
  func deepNesting() throws {
    let directory = try TemporaryDirectory()
    // Shapes nested 4,900 deep: 9,800 levels of arrays and maps, which the typed model decodes by recursion.
    var shape = #"{"id": "s", "type": "circle", "position": "top", "width": 10, "height": 10, "shapes": []}"#
    for index in 0..<4_900 {
      shape =
        #"{"id": "s\#(index)", "type": "circle", "position": "top", "width": 10, "height": 10, "shapes": [\#(shape)]}"#
    }
    let document = """
      [{"id": "animation", "invokeType": "trigger", "initialValues": \(Documents.pose), "keyframes": [], "shapes": [\(shape)]}]
      """
    let input = try directory.write("deep.json", document)
    let svg = runTool(.toSVG, ["--no-config", "--max-depth", "10000", input], in: directory.path)
    #expect(svg.status == 0, "\(svg.stderr)")
    let messagePack = directory.file("deep.inertia")
    #expect(
      runTool(.toMessagePack, ["--max-depth", "10000", "-o", messagePack, input], in: directory.path).status == 0)
    // The canonical writer rewrites MessagePack from a tree of values, by recursion.
    let canonical = runTool(.toMessagePack, ["--max-depth", "10000", messagePack], in: directory.path)
    let written = try directory.read("deep.inertia")
    #expect(canonical.status == 0 && canonical.stdout == written)
    // Issue 29: to-svg --max-depth 5000 draws what is 600 levels deep.
    let arrays = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    let six = try directory.write(
      "six.json",
      #"[{"id": "animation", "invokeType": "trigger", "initialValues": \#(Documents.pose), "keyframes": [], "x": \#(arrays)}]"#
    )
    #expect(runTool(.toSVG, ["--no-config", six], in: directory.path).stderrText.contains("limit of 512"))
    let drawn = runTool(.toSVG, ["--no-config", "--max-depth", "5000", six], in: directory.path)
    #expect(drawn.status == 0, "\(drawn.stderr)")
  }

  @Test(
    "Every command with --max-depth takes at most 10000, and at 10000 reads, compares and writes the deepest file without a crash"
  )
  func everyMaxDepth() throws {
    let directory = try TemporaryDirectory()
    // Shapes nested 4,900 deep (9,800 levels), which the typed model, the diff and the writers go into.
    var shape = #"{"id": "s", "type": "circle", "position": "top", "width": 10, "height": 10, "shapes": []}"#
    for index in 0..<4_900 {
      shape =
        #"{"id": "s\#(index)", "type": "circle", "position": "top", "width": 10, "height": 10, "shapes": [\#(shape)]}"#
    }
    let document = """
      [{"id": "animation", "invokeType": "trigger", "initialValues": \(Documents.pose), "keyframes": [], "shapes": [\(shape)]}]
      """
    let input = try directory.write("deep.json", document)
    let other = try directory.write(
      "other.json", document.replacingOccurrences(of: #""width": 10,"#, with: #""width": 11,"#))
    var covered = 0
    for command in ToolCommand.allCases where command.arguments.option(named: "--max-depth") != nil {
      covered += 1
      var operands: [String]
      switch command {
      case .diff: operands = [input, other]
      case .merge: operands = [input, input, other]
      default: operands = [input]
      }
      let config = command == .toSVG ? ["--no-config"] : []
      let refused = runTool(command, config + ["--max-depth", "10001"] + operands, in: directory.path)
      #expect(refused.status == 2 && refused.stderrText.contains("from 1 to 10000"), "\(command): \(refused.stderr)")
      for format in command == .diff ? ["text", "json", "markdown", "svg"] : [""] {
        let formatted = format.isEmpty ? [] : ["--format", format]
        let run = runTool(command, config + formatted + ["--max-depth", "10000"] + operands, in: directory.path)
        // Exit 0, or 1 for a diff that finds the widths changed: never a signal.
        #expect(run.status == 0 || (command == .diff && run.status == 1), "\(command) \(format): \(run.stderr)")
      }
    }
    #expect(covered >= 4, "the commands with --max-depth: to-json, to-msgpack, to-svg, diff")
  }
}
