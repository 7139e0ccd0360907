import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaTool

#if canImport(Glibc)
  import Glibc
#endif

/// The `inertia-convert` executable SwiftPM built beside the test bundle, if it is there.
let builtConvertTool: URL? = {
  guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
    return nil
  }
  let url = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("inertia-convert")
  return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
}()

/// Runs the built `inertia-convert` with `input` on standard input.
func runBuiltTool(_ arguments: [String], input: [UInt8]) throws -> CommandResult {
  guard let tool = builtConvertTool else { throw CocoaError(.fileNoSuchFile) }
  return try runProcess(tool, arguments, input: input)
}

/// Runs `executable` with `input` on standard input, and waits for it.
func runProcess(_ executable: URL, _ arguments: [String], input: [UInt8]) throws -> CommandResult {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  let stdin = Pipe()
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardInput = stdin
  process.standardOutput = stdout
  process.standardError = stderr
  try process.run()
  try stdin.fileHandleForWriting.write(contentsOf: Data(input))
  try stdin.fileHandleForWriting.close()
  let output = stdout.fileHandleForReading.readDataToEndOfFile()
  let errors = stderr.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let lines = String(decoding: errors, as: UTF8.self).split(separator: "\n").map(String.init)
  return CommandResult(status: process.terminationStatus, stdout: [UInt8](output), stderr: lines)
}

/// The spec's first example, small enough to read in a failure message.
private let cardJSON = """
  [
    {
      "id": "card0",
      "invokeType": "trigger",
      "translate": [-0.648, -0.003],
      "duration": 3
    }
  ]

  """

@Suite("inertia-convert, run in-process")
struct ConvertCommandTests {
  // MARK: Usage

  @Test(
    "--help and -h print the usage and exit 0",
    arguments: [["--help"], ["-h"], ["to-json", "--help"], ["to-msgpack", "x", "-h"]])
  func help(_ arguments: [String]) {
    let result = runConvert(arguments)
    #expect(result.status == 0)
    #expect(result.stdoutText == ConvertCommand.usage + "\n")
    #expect(result.stderr.isEmpty)
    #expect(result.stdoutText.hasPrefix("Usage: inertia-convert to-json"))
  }

  @Test("After --, -h and --help are files to convert, not requests for help")
  func dashDashEndsOptions() throws {
    let directory = try TemporaryDirectory()
    let input = try directory.write("-h", Array(#"[1]"#.utf8))
    guard case .success(let options) = ConvertCommand.parse(["to-json", "--", "-h", "--help"]) else {
      Issue.record("not parsed")
      return
    }
    #expect(options.inputs == ["-h", "--help"])
    let result = runConvert(["to-json", "--compact", "--", input])
    #expect(result.status == 0 && result.stdoutText == "[1]\n")
  }

  @Test("--version prints the version and exits 0", arguments: [["--version"], ["to-json", "--version"]])
  func version(_ arguments: [String]) {
    let result = runConvert(arguments)
    #expect(result.status == 0)
    #expect(result.stdoutText == "inertia-convert \(ToolVersion.current)\n")
    #expect(result.stderr.isEmpty)
  }

  struct UsageCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let usageErrors: [UsageCase] = [
    .init(arguments: [], message: "missing command: to-json, to-msgpack, to-svg, textconv, merge or diff"),
    .init(
      arguments: ["to-yaml"],
      message: "unknown command 'to-yaml': expected to-json, to-msgpack, to-svg, textconv, merge or diff"),
    .init(arguments: ["to-json", "--bogus"], message: "unknown option '--bogus'"),
    .init(arguments: ["to-json", "-x"], message: "unknown option '-x'"),
    .init(arguments: ["to-json", "--from", "xml"], message: "--from takes json or msgpack"),
    .init(arguments: ["to-json", "--from"], message: "--from needs json or msgpack"),
    .init(arguments: ["to-json", "-o"], message: "-o needs a file name"),
    .init(arguments: ["to-json", "--output"], message: "--output needs a file name"),
    .init(arguments: ["to-json", "--out-dir"], message: "--out-dir needs a directory"),
    .init(arguments: ["to-json", "--max-depth", "0"], message: "--max-depth takes a number from 1 to 10000"),
    .init(arguments: ["to-json", "--max-depth=x"], message: "--max-depth takes a number from 1 to 10000"),
    .init(arguments: ["to-json", "--max-depth=10001"], message: "--max-depth takes a number from 1 to 10000"),
    .init(arguments: ["to-msgpack", "--compact"], message: "--compact applies to to-json only"),
    .init(arguments: ["to-json", "a", "b", "-o", "c"], message: "-o takes one input; use --out-dir for several"),
    .init(arguments: ["to-json", "-o", "c", "--out-dir", "/"], message: "-o and --out-dir cannot be used together"),
  ]

  @Test("usage errors exit 2 with one line naming the problem", arguments: usageErrors)
  func usageError(_ row: UsageCase) {
    let result = runConvert(row.arguments)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == ["inertia-convert: \(row.message) (see --help)"])
  }

  // MARK: Converting

  @Test("to-json writes pretty JSON to stdout; --compact one line and a newline")
  func toJSON() throws {
    let directory = try TemporaryDirectory()
    let bytes = try Converter.toMessagePack(json: utf8(cardJSON))
    let input = try directory.write("card.inertia", bytes)
    let pretty = runConvert(["to-json", input])
    #expect(pretty.status == 0 && pretty.stderr.isEmpty)
    #expect(pretty.stdoutText == cardJSON)
    let compact = runConvert(["to-json", "--compact", input])
    #expect(
      compact.stdoutText == #"[{"id":"card0","invokeType":"trigger","translate":[-0.648,-0.003],"duration":3}]"# + "\n")
    // JSON input is read and written again in the writer's layout.
    let json = try directory.write(
      "card.json", #"[{"id":"card0","invokeType":"trigger","translate":[-0.648,-0.003],"duration":3}]"#)
    #expect(runConvert(["to-json", json]).stdoutText == cardJSON)
  }

  @Test("to-msgpack writes canonical MessagePack, from JSON or from non-canonical MessagePack")
  func toMessagePack() throws {
    let directory = try TemporaryDirectory()
    let json = try directory.write("card.json", cardJSON)
    let result = runConvert(["to-msgpack", json])
    #expect(result.status == 0 && result.stderr.isEmpty)
    #expect(result.stdout == (try Converter.toMessagePack(json: utf8(cardJSON))))
    let wide = try directory.write("wide.inertia", hexBytes("dc 00 02 d3 00 00 00 00 00 00 00 01 db 00 00 00 01 61"))
    #expect(runConvert(["to-msgpack", wide]).stdout == hexBytes("92 01 a1 61"))
  }

  @Test("invalid MessagePack exits 1 with one line: FILE: offset N: message at path")
  func invalidMessagePack() throws {
    let directory = try TemporaryDirectory()
    let input = try directory.write("bad.inertia", hexBytes("92 01 c1"))
    for command in ["to-json", "to-msgpack"] {
      let result = runConvert([command, input])
      #expect(result.status == 1)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr == [
          "\(input): offset 2: byte 0xc1 is not a MessagePack format byte (the spec reserves it as never used) at /1"
        ])
    }
  }

  @Test("invalid JSON exits 1 with one line: FILE:LINE:COLUMN: message")
  func invalidJSON() throws {
    let directory = try TemporaryDirectory()
    let input = try directory.write("bad.json", "{\n  \"id\": \"card0\",\n  \"scale\": 1 \"opacity\": 1\n}\n")
    for command in ["to-json", "to-msgpack"] {
      let result = runConvert([command, input])
      #expect(result.status == 1)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr == ["\(input):3:14: expected ',' or '}', found '\"'"])
    }
  }

  @Test("a value plain JSON cannot hold exits 1 naming its path; --extended converts it")
  func unrepresentable() throws {
    let directory = try TemporaryDirectory()
    let bytes = MessagePackWriter().write([["id": "card0", "data": .binary([1, 2])]])
    let input = try directory.write("bin.inertia", bytes)
    let plain = runConvert(["to-json", input])
    #expect(plain.status == 1)
    #expect(
      plain.stderr == [
        "\(input): offset 16: binary data (2 bytes) cannot be written as plain JSON (the extended form, --extended, keeps it) at /0/data"
      ])
    let extended = runConvert(["to-json", "--extended", input, "-o", directory.file("bin.json")])
    #expect(extended.status == 0)
    #expect(
      text(try directory.read("bin.json"))
        == "[\n  {\n    \"id\": \"card0\",\n    \"data\": {\"$bin\": \"AQI=\"}\n  }\n]\n")
    let back = runConvert(["to-msgpack", "--extended", directory.file("bin.json")])
    #expect(back.stdout == bytes)
    // Without --extended the tag is an ordinary map.
    #expect(
      runConvert(["to-msgpack", directory.file("bin.json")]).stdout
        == MessagePackWriter().write([["id": "card0", "data": ["$bin": "AQI="]]]))
  }

  @Test("unreadable inputs exit 2 with the system's reason")
  func unreadableInput() throws {
    let directory = try TemporaryDirectory()
    let missing = directory.file("missing.json")
    let result = runConvert(["to-json", missing])
    #expect(result.status == 2)
    #expect(result.stderr == ["\(missing): cannot read: No such file or directory"])
    #expect(runConvert(["to-json", directory.path]).stderr == ["\(directory.path): cannot read: it is a directory"])
  }

  // MARK: Output files

  @Test("-o writes the result atomically; a failed conversion leaves the target untouched and no temporary file")
  func atomicOutput() throws {
    let directory = try TemporaryDirectory()
    let good = try directory.write("good.json", cardJSON)
    let bad = try directory.write("bad.json", "[1, 2")
    let target = try directory.write("out.inertia", "KEEP")
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target)

    let failed = runConvert(["to-msgpack", bad, "-o", target])
    #expect(failed.status == 1)
    #expect(failed.stderr == ["\(bad):1:6: unexpected end of input: expected ',' or ']'"])
    #expect(text(try directory.read("out.inertia")) == "KEEP")
    #expect(try directory.contents() == ["bad.json", "good.json", "out.inertia"])

    let succeeded = runConvert(["to-msgpack", good, "--output=\(target)"])
    #expect(succeeded.status == 0 && succeeded.stdout.isEmpty && succeeded.stderr.isEmpty)
    #expect(try directory.read("out.inertia") == (try Converter.toMessagePack(json: utf8(cardJSON))))
    #expect(try directory.contents() == ["bad.json", "good.json", "out.inertia"])
    let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
    #expect(mode == 0o640)
  }

  @Test("-o through a symbolic link replaces the file it points at and keeps the link")
  func outputThroughSymlink() throws {
    let directory = try TemporaryDirectory()
    let input = try directory.write("card.json", cardJSON)
    try directory.write("real.inertia", "old")
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("link.inertia"), withDestinationPath: "real.inertia")
    #expect(runConvert(["to-msgpack", input, "-o", directory.file("link.inertia")]).status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("link.inertia")) == "real.inertia")
    #expect(try directory.read("real.inertia") == (try Converter.toMessagePack(json: utf8(cardJSON))))
  }

  @Test(
    "-o and --out-dir through a link to no file yet make the file it names, through a chain of links, and keep them")
  func outputThroughDanglingLink() throws {
    let directory = try TemporaryDirectory()
    let input = try directory.write("card.json", cardJSON)
    try FileManager.default.createDirectory(atPath: directory.file("sub"), withIntermediateDirectories: true)
    // link.inertia → sub/step.inertia → made.inertia (in sub), which does not exist yet.
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("link.inertia"), withDestinationPath: "sub/step.inertia")
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("sub/step.inertia"), withDestinationPath: "made.inertia")
    let expected = try Converter.toMessagePack(json: utf8(cardJSON))
    #expect(runConvert(["to-msgpack", input, "-o", directory.file("link.inertia")]).status == 0)
    #expect(try directory.read("sub/made.inertia") == expected)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("link.inertia")) == "sub/step.inertia")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("sub/step.inertia")) == "made.inertia")
    // An output of --out-dir that is such a link.
    let out = try TemporaryDirectory()
    try FileManager.default.createSymbolicLink(atPath: out.file("card.inertia"), withDestinationPath: "kept.inertia")
    #expect(runConvert(["to-msgpack", "--out-dir", out.path, input]).status == 0)
    #expect(try out.read("kept.inertia") == expected)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out.file("card.inertia")) == "kept.inertia")
  }

  @Test("several inputs are each written next to themselves; one failure does not stop the others")
  func severalInputs() throws {
    let directory = try TemporaryDirectory()
    let a = try directory.write("a.json", "[1]")
    let b = try directory.write("b.animation.json", "{\"x\": 2.5}")
    let broken = try directory.write("broken.json", "[")
    let result = runConvert(["to-msgpack", a, broken, b])
    #expect(result.status == 1)
    #expect(result.stderr == ["\(broken):1:2: unexpected end of input: expected a value at /0"])
    #expect(
      try directory.contents() == ["a.inertia", "a.json", "b.animation.inertia", "b.animation.json", "broken.json"])
    #expect(try directory.read("a.inertia") == [0x91, 0x01])
    // And back, into --out-dir.
    let out = try TemporaryDirectory()
    let back = runConvert([
      "to-json", "--out-dir", out.path, directory.file("a.inertia"), directory.file("b.animation.inertia"),
    ])
    #expect(back.status == 0 && back.stderr.isEmpty)
    #expect(try out.contents() == ["a.json", "b.animation.json"])
    #expect(text(try out.read("b.animation.json")) == "{\n  \"x\": 2.5\n}\n")
    #expect(text(try out.read("a.json")) == "[1]\n")
  }

  @Test("--out-dir: a result over an existing file keeps its permissions, a new one gets a new file's, a link is kept")
  func outDirectoryPermissions() throws {
    let directory = try TemporaryDirectory()
    let inputs = try ["a", "b", "c"].map { try directory.write("\($0).json", "[1]") }
    let out = try TemporaryDirectory()
    let existing = try out.write("a.inertia", "old")
    chmod(existing, 0o664)  // a mode a new file would not get: the umask takes group write
    try out.write("real.inertia", "old")
    try FileManager.default.createSymbolicLink(atPath: out.file("c.inertia"), withDestinationPath: "real.inertia")
    // Planned side by side (more than a few outputs) and not: the plan's look decides either way.
    let many = try (0..<300).map { try directory.write("many\($0).json", "[\($0)]") }
    let result = runConvert(["to-msgpack", "--out-dir", out.path] + inputs + many)
    #expect(result.status == 0 && result.stderr.isEmpty)
    func mode(_ path: String) -> mode_t {
      var info = stat()
      lstat(path, &info)
      return info.st_mode & 0o7777
    }
    let umask = Glibc.umask(0)
    Glibc.umask(umask)
    #expect(mode(existing) == 0o664)
    #expect(mode(out.file("b.inertia")) == 0o666 & ~umask)
    #expect(mode(out.file("many299.inertia")) == 0o666 & ~umask)
    #expect(try out.read("a.inertia") == [0x91, 0x01])
    #expect(try out.read("many7.inertia") == [0x91, 0x07])
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out.file("c.inertia")) == "real.inertia")
    #expect(try out.read("real.inertia") == [0x91, 0x01])
  }

  @Test("A plan notes which outputs do not exist yet, and still refuses an output that is an input")
  func planNotesNewOutputs() throws {
    let directory = try TemporaryDirectory()
    let a = try directory.write("a.json", "[1]")
    let b = try directory.write("b.json", "[2]")
    try directory.write("a.inertia", "old")
    let plan = try OutputPlan(inputs: [a, b], output: nil, outputDirectory: nil) {
      $0.replacingOccurrences(of: ".json", with: ".inertia")
    }
    #expect(plan.items.map(\.destinationIsNew) == [false, true])
    // Every output new: the inputs need no look, and nothing is refused.
    let out = try TemporaryDirectory()
    let fresh = try OutputPlan(inputs: [a, b], output: nil, outputDirectory: out.path) { $0 }
    #expect(fresh.items.map(\.destinationIsNew) == [true, true])
    // An output that exists and is an input, among many planned side by side.
    let many = try (0..<300).map { try directory.write("m\($0).json", "[]") }
    #expect(throws: UsageError.self) {
      try OutputPlan(inputs: many + [a], output: nil, outputDirectory: directory.path) { $0 }
    }
  }

  @Test("the output is never the input, however it is named")
  func refusesToOverwriteInput() throws {
    let directory = try TemporaryDirectory()
    let input = try directory.write("card.json", cardJSON)
    try FileManager.default.createSymbolicLink(atPath: directory.file("alias.json"), withDestinationPath: "card.json")
    for output in [
      input, directory.path + "/./card.json", directory.path + "/../\(directory.url.lastPathComponent)/card.json",
      directory.file("alias.json"),
    ] {
      let result = runConvert(["to-msgpack", input, "-o", output])
      #expect(result.status == 2, "\(output)")
      #expect(
        result.stderr == [
          "inertia-convert: \(input): the output \(output) would overwrite the input \(input); nothing was written"
        ])
      #expect(text(try directory.read("card.json")) == cardJSON)
    }
    // Several JSON inputs converted to JSON next to themselves would each overwrite itself.
    let second = try directory.write("second.json", "[]")
    let several = runConvert(["to-json", input, second])
    #expect(several.status == 2)
    #expect(several.stderr.count == 1)
    #expect(text(try directory.read("card.json")) == cardJSON)
    #expect(text(try directory.read("second.json")) == "[]")
  }

  @Test("an output that is a later input is refused before anything is written, whichever way it is named")
  func outputIsALaterInput() throws {
    let directory = try TemporaryDirectory()
    let messagePack = try directory.write("a.inertia", try Converter.toMessagePack(json: utf8("[1]")))
    let handEdited = try directory.write("a.json", "[2]\n")
    try FileManager.default.createDirectory(atPath: directory.file("sub"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: directory.file("link"), withDestinationPath: "sub")
    for second in [handEdited, directory.file("link/../a.json"), directory.path + "/./a.json"] {
      let result = runConvert(["to-json", messagePack, second])
      #expect(result.status == 2, "\(second)")
      #expect(result.stderr.count == 1 && result.stderr[0].contains("nothing was written"), "\(result.stderr)")
      #expect(text(try directory.read("a.json")) == "[2]\n", "the hand-edited JSON is untouched")
    }
    let back = runConvert(["to-msgpack", handEdited, messagePack])
    #expect(back.status == 2)
    #expect(try directory.read("a.inertia") == (try Converter.toMessagePack(json: utf8("[1]"))))
  }

  @Test("two inputs whose results would be one file are refused before anything is written")
  func twoOutputsOneFile() throws {
    let directory = try TemporaryDirectory()
    for folder in ["x", "y", "out"] {
      try FileManager.default.createDirectory(atPath: directory.file(folder), withIntermediateDirectories: true)
    }
    let first = try directory.write("x/a.inertia", try Converter.toMessagePack(json: utf8("[1]")))
    let second = try directory.write("y/a.inertia", try Converter.toMessagePack(json: utf8("[2]")))
    let result = runConvert(["to-json", "--out-dir", directory.file("out"), first, second])
    #expect(result.status == 2)
    #expect(
      result.stderr == [
        "inertia-convert: \(first) and \(second) would both be written to \(directory.file("out"))/a.json; nothing was written"
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("out")).isEmpty)
    // The same input twice is the same case.
    #expect(runConvert(["to-json", "--out-dir", directory.file("out"), first, first]).status == 2)
  }

  @Test("-o - is standard output, and special files are written in place, never replaced")
  func specialOutputs() throws {
    let directory = try TemporaryDirectory()
    let input = try directory.write("card.json", cardJSON)
    let toStandardOutput = runConvert(["to-json", "--compact", input, "-o", "-"])
    #expect(toStandardOutput.status == 0 && toStandardOutput.stdoutText.hasPrefix("[{"))
    #expect(try directory.contents() == ["card.json"], "no file named -")
    // /dev/null stays the character device it is (replacing it needs root, which CI containers have).
    var before = stat()
    stat("/dev/null", &before)
    #expect(runConvert(["to-msgpack", input, "-o", "/dev/null"]).status == 0)
    var after = stat()
    stat("/dev/null", &after)
    #expect(after.st_mode & S_IFMT == S_IFCHR && after.st_ino == before.st_ino && after.st_rdev == before.st_rdev)
    // A FIFO: the reader gets the whole result, and the FIFO is still a FIFO.
    let fifo = directory.file("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/bin/cat")
    reader.arguments = [fifo]
    let output = Pipe()
    reader.standardOutput = output
    try reader.run()
    #expect(runConvert(["to-json", "--compact", input, "-o", fifo]).status == 0)
    let received = output.fileHandleForReading.readDataToEndOfFile()
    reader.waitUntilExit()
    #expect(String(decoding: received, as: UTF8.self).hasPrefix("[{\"id\""))
    var info = stat()
    stat(fifo, &info)
    #expect(info.st_mode & S_IFMT == S_IFIFO)
    #expect(try directory.contents() == ["card.json", "pipe"], "no temporary file left")
  }

  @Test("a file name of up to 255 bytes can be written: the temporary name is cut to fit")
  func longNames() throws {
    let directory = try TemporaryDirectory()
    let input = try directory.write("card.json", cardJSON)
    for length in [243, 244, 250, 255] {
      let name = String(repeating: "n", count: length - ".inertia".count) + ".inertia"
      let result = runConvert(["to-msgpack", input, "-o", directory.file(name)])
      #expect(result.status == 0, "\(length): \(result.stderr)")
      #expect(try directory.read(name) == (try Converter.toMessagePack(json: utf8(cardJSON))))
    }
    #expect(AtomicWriter.temporaryTemplate(for: "d/" + String(repeating: "x", count: 255)).utf8.count == 2 + 255)
    #expect(
      FileDiscovery.isTemporaryFile(
        FilePath.name(of: AtomicWriter.temporaryTemplate(for: String(repeating: "x", count: 255))).replacingOccurrences(
          of: "XXXXXX", with: "a1B2c3")))
  }

  // MARK: Options

  @Test("--from forces the encoding")
  func fromForcesEncoding() throws {
    let directory = try TemporaryDirectory()
    let five = try directory.write("five", "5")
    #expect(runConvert(["to-msgpack", five, "-o", directory.file("a")]).status == 0)
    #expect(try directory.read("a") == [0x05])  // detected as JSON: the number 5
    #expect(runConvert(["to-json", "--from", "msgpack", five]).stdoutText == "53\n")  // the byte 0x35
    #expect(runConvert(["to-json", "--from=json", five]).stdoutText == "5\n")
    let card = try directory.write("card.inertia", try Converter.toMessagePack(json: utf8(cardJSON)))
    let forced = runConvert(["to-json", "--from", "json", card])
    #expect(forced.status == 1)
    #expect(forced.stderr.first?.hasPrefix("\(card):1:1: expected a value, found byte 0x91") == true)
  }

  @Test("to-msgpack refuses to write binary to a terminal, unless told where to write")
  func refusesTerminal() throws {
    let directory = try TemporaryDirectory()
    let input = try directory.write("card.json", cardJSON)
    let refused = runConvert(["to-msgpack", input], stdoutIsTerminal: true)
    #expect(refused.status == 2)
    #expect(refused.stdout.isEmpty)
    #expect(
      refused.stderr == [
        "inertia-convert: refusing to write binary MessagePack to a terminal; redirect it or use -o FILE"
      ])
    #expect(runConvert(["to-msgpack", input, "-o", directory.file("x.inertia")], stdoutIsTerminal: true).status == 0)
    #expect(runConvert(["to-json", input], stdoutIsTerminal: true).status == 0)
  }

  @Test("--max-depth sets the nesting limit")
  func maxDepth() throws {
    let directory = try TemporaryDirectory()
    let input = try directory.write("deep.json", "[[[1]]]")
    #expect(runConvert(["to-msgpack", "--max-depth", "3", input]).status == 0)
    let result = runConvert(["to-msgpack", "--max-depth=2", input])
    #expect(result.status == 1)
    #expect(result.stderr == ["\(input):1:3: nesting is deeper than the limit of 2 levels at /0/0"])
  }

  // MARK: Standard input, through the built executable

  @Test(
    "standard input: '-' or no file",
    .enabled(if: builtConvertTool != nil, "inertia-convert is not built beside the tests"))
  func standardInput() throws {
    let json = try runBuiltTool(["to-json"], input: utf8("[1, 2.0, \"é\"]"))
    #expect(json.status == 0)
    #expect(json.stdoutText == "[\n  1,\n  2.0,\n  \"é\"\n]\n")
    let messagePack = try runBuiltTool(["to-msgpack", "-"], input: utf8(cardJSON))
    #expect(messagePack.status == 0)  // stdout is a pipe, not a terminal
    #expect(messagePack.stdout == (try Converter.toMessagePack(json: utf8(cardJSON))))
    let broken = try runBuiltTool(["to-json", "-"], input: utf8("[1,"))
    #expect(broken.status == 1)
    #expect(broken.stderr == ["<stdin>:1:4: unexpected end of input: expected a value at /1"])
    #expect(broken.stdout.isEmpty)
    let usage = try runBuiltTool(["to-json", "--nope"], input: [])
    #expect(usage.status == 2)
    #expect(usage.stderr == ["inertia-convert: unknown option '--nope' (see --help)"])
  }
}
