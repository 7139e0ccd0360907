import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaTool

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `inertia-convert textconv` in-process with the given limits and bounds.
private func runTextconv(
  _ arguments: [String], limits: DecodingLimits = .default, bounds: TextconvCommand.Bounds = .init()
) -> CommandResult {
  let stdout = CommandOutput.inMemory()
  var stderr: [String] = []
  let status = TextconvCommand.run(
    arguments: arguments, stdout: stdout, stderr: { stderr.append($0) }, limits: limits, bounds: bounds)
  return CommandResult(status: status, stdout: stdout.bytes, stderr: stderr)
}

private func lines(_ text: String) -> [String] {
  text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// The lines `textconv` shows for the corpus file `name`, checking that it exits 0 and writes nothing to
/// standard error.
private func shownLines(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
  let result = runTextconv([corpus(name)])
  #expect(result.status == 0 && result.stderr.isEmpty, sourceLocation: sourceLocation)
  return lines(result.stdoutText)
}

private let header = "# inertia-convert textconv: this file does not parse; showing what can be read"

/// `0000000b  aa 69 …  |.i…|`: a line of a hex dump.
private func isHexLine(_ line: String) -> Bool {
  line.count > 10 && line.prefix(8).allSatisfy(\.isHexDigit) && line.dropFirst(8).hasPrefix("  ")
}

private func corpus(_ name: String) -> String { Fixtures.corpus.appendingPathComponent(name).path }

@Suite("inertia-convert textconv")
struct TextconvCommandTests {
  // MARK: Files that convert

  @Test(
    "A valid file prints exactly as to-json --extended prints it",
    arguments: Fixtures.files(in: "valid", withSuffix: "", under: Fixtures.corpus).map(FixtureFile.init)
      .filter { $0.name.hasSuffix(".inertia") || $0.name.hasSuffix(".json") })
  func validFile(_ file: FixtureFile) {
    let textconv = runConvert(["textconv", file.url.path])
    let json = runConvert(["to-json", "--extended", file.url.path])
    #expect(textconv.status == 0 && textconv.stderr.isEmpty)
    #expect(json.status == 0)
    #expect(textconv.stdout == json.stdout)
  }

  @Test("A JSON-form file prints as the same JSON as its MessagePack form, whatever its layout")
  func jsonForm() throws {
    let directory = try TemporaryDirectory()
    let compact = try directory.write(
      "compact.inertia", runConvert(["to-json", "--compact", corpus("valid/card0-trigger.inertia")]).stdout)
    let fromJSON = runTextconv([compact])
    #expect(fromJSON.status == 0)
    #expect(fromJSON.stdout == runTextconv([corpus("valid/card0-trigger.inertia")]).stdout)
  }

  @Test(
    "Values plain JSON cannot hold are written in the extended form, exit 0, and read back to the same bytes",
    arguments: [
      ("nan-duration.inertia", #""duration": {"$float64": "NaN"},"#),
      ("bin-value.inertia", #""id": {"$bin": "Y2FyZDA="}"#),
      ("ext-value.inertia", #""id": {"$ext": [1, "Y2FyZDA="]}"#),
      ("non-string-key.inertia", #"[1, "trigger"]"#),
    ])
  func extendedValues(_ name: String, _ expected: String) throws {
    let path = corpus("broken/" + name)
    let result = runTextconv([path])
    #expect(result.status == 0 && result.stderr.isEmpty)
    #expect(!result.stdoutText.hasPrefix("#"))
    #expect(result.stdoutText.contains(expected))
    let back = try Converter.toMessagePack(json: result.stdout, extended: true)
    #expect(back == (try Fixtures.bytes(URL(fileURLWithPath: path))))
  }

  @Test("The infinities and a float32 NaN are written in the extended form")
  func infinities() throws {
    let directory = try TemporaryDirectory()
    let json = #"[{"$float64": "Infinity"}, {"$float64": "-Infinity"}, {"$float32": "NaN"}, {"$float32": 1.5}]"#
    let file = try directory.write("inf.inertia", try Converter.toMessagePack(json: Array(json.utf8), extended: true))
    let result = runTextconv([file])
    #expect(result.status == 0)
    #expect(
      result.stdoutText
        == """
        [
          {"$float64": "Infinity"},
          {"$float64": "-Infinity"},
          {"$float32": "NaN"},
          {"$float32": 1.5}
        ]

        """)
  }

  // MARK: Files that do not parse

  @Test("An empty file prints the header and says it is empty")
  func emptyFile() {
    #expect(
      shownLines("broken/empty-file.inertia") == [
        header, "# offset 0: unexpected end of input: expected a value", "# the file is empty", "",
      ])
  }

  @Test("A truncated file prints the header, the JSON read before the error, then the rest in hex")
  func truncatedFile() {
    #expect(
      shownLines("broken/truncated-str8.inertia") == [
        header,
        "# offset 5: str8 length 200 runs past the end of the input (4 bytes left) at /0/id",
        "# below: the JSON read before offset 5, then the 6 bytes from there in hex",
        "[",
        "  {",
        "    \"id\":",
        "# from offset 5, in hex:",
        "00000005  d9 c8 63 61 72 64                                 |..card|",
        "",
      ])
  }

  @Test("A file cut at any byte: exit 0, the error to-json reports, and the JSON lines of the part read")
  func cutAtEveryByte() throws {
    let file = try Fixtures.bytes(Fixtures.corpus.appendingPathComponent("valid/card0-trigger.inertia"))
    let full = lines(runTextconv([corpus("valid/card0-trigger.inertia")]).stdoutText)
    let directory = try TemporaryDirectory()
    for length in 0..<file.count {
      let path = try directory.write("cut.inertia", Array(file.prefix(length)))
      let result = runTextconv([path])
      let shown = lines(result.stdoutText)
      #expect(result.status == 0, "cut at \(length)")
      #expect(shown.first == header, "cut at \(length)")
      let error = runConvert(["to-json", path]).stderr.first ?? ""
      #expect(shown.count > 1 && "\(path): " + shown[1].dropFirst(2) == error, "cut at \(length)")
      // The JSON between the header and the hex: the full file's lines, the last one possibly cut short.
      // An array of numbers cut short cannot be known to fit on one line, so it is written one number a
      // line: then its first line is a prefix of the full line, and the numbers after it are not compared.
      let json = Array(shown.dropFirst(3).prefix { !$0.hasPrefix("#") && !$0.isEmpty && !isHexLine($0) })
      var compared = json.count
      if let open = json.lastIndex(where: { $0.hasSuffix("[") }), open < full.count,
        full[open].hasSuffix("],") || full[open].hasSuffix("]")
      {
        compared = open + 1
      }
      for (index, line) in json.prefix(compared).enumerated() {
        let matches = index == compared - 1 ? full[index].hasPrefix(line) : full[index] == line
        #expect(matches, "cut at \(length), line \(index): \(line)")
      }
      // The hex lines cover exactly the bytes from the error's offset to the end.
      let hex = shown.filter(isHexLine)
      let offset = Int(shown[1].split(separator: " ")[2].dropLast()) ?? -1
      #expect(hex.count == (length - offset + 15) / 16, "cut at \(length)")
    }
  }

  @Test("Invalid UTF-8 in a string: the JSON before it, then its bytes in hex")
  func invalidUTF8() {
    let result = runTextconv([corpus("broken/invalid-utf8-string.inertia")])
    #expect(result.status == 0)
    #expect(
      Array(lines(result.stdoutText).dropFirst()) == [
        "# offset 5: string is not valid UTF-8 (byte 0xc3 at offset 10) at /0/id",
        "# below: the JSON read before offset 5, then the 7 bytes from there in hex",
        "[", "  {", "    \"id\":",
        "# from offset 5, in hex:",
        "00000005  a6 63 61 72 64 c3 28                              |.card.(|",
        "",
      ])
  }

  @Test("Bytes after the document: the whole JSON, then those bytes in hex")
  func trailingBytes() {
    let result = runTextconv([corpus("broken/trailing-bytes.inertia")])
    let shown = lines(result.stdoutText)
    #expect(result.status == 0)
    #expect(shown[1] == "# offset 361: 1 byte after the end of the document (a file holds one value)")
    #expect(shown[2] == "# below: the JSON read before offset 361, then the 1 byte from there in hex")
    let full = lines(runTextconv([corpus("valid/card0-trigger.inertia")]).stdoutText).dropLast()
    #expect(Array(shown[3..<(3 + full.count)]) == Array(full))
    #expect(
      Array(shown.suffix(3)) == [
        "# from offset 361, in hex:", "00000169  0a                                                |.|", "",
      ])
  }

  @Test("A broken byte at the start: the whole file in hex")
  func brokenFromTheStart() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("c1.inertia", [0xC1, 0x00, 0x41, 0x42])
    #expect(
      lines(runTextconv([path]).stdoutText) == [
        header,
        "# offset 0: byte 0xc1 is not a MessagePack format byte (the spec reserves it as never used)",
        "# below: its 4 bytes in hex",
        "00000000  c1 00 41 42                                       |..AB|",
        "",
      ])
  }

  @Test("A JSON file that does not parse prints the header and its text")
  func brokenJSON() throws {
    let path = corpus("broken/missing-comma.json")
    let text = String(decoding: try Fixtures.bytes(URL(fileURLWithPath: path)), as: UTF8.self)
    let result = runTextconv([path])
    #expect(result.status == 0)
    #expect(
      lines(result.stdoutText)
        == [
          header, "# 5:5: expected ',' or '}', found '\"' at /0",
          "# below: its \(text.utf8.count) bytes of text, control characters and bytes that are not UTF-8 escaped",
        ] + lines(text))
  }

  @Test("Bytes that are not UTF-8 and control characters in a broken JSON file are escaped, one line each")
  func brokenJSONEscapes() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("x.inertia", Array("[\"a\u{1B}[2J\",\n\"b".utf8) + [0xFF, 0x0D, 0x0A, 0x7B])
    let result = runTextconv([path])
    #expect(result.status == 0)
    #expect(Array(lines(result.stdoutText).dropFirst(3)) == [#"["a\u{1B}[2J","#, #""b\xFF\r"#, "{", ""])
  }

  @Test("A long dump stops at the bound and says how much it left out")
  func dumpBound() {
    let result = runTextconv([corpus("broken/deep-nesting.inertia")])
    let shown = lines(result.stdoutText)
    #expect(result.status == 0)
    #expect(
      shown[2] == "# below: the JSON read before offset 512, then the first 65536 of the 99489 bytes from there in hex")
    #expect(shown.filter(isHexLine).count == 65536 / 16)
    #expect(shown.suffix(2) == ["# 33953 more bytes not shown", ""])
    var bounds = TextconvCommand.Bounds()
    bounds.dump = 30
    let small = lines(runTextconv([corpus("broken/missing-comma.json")], bounds: bounds).stdoutText)
    // The text is cut at the last line break within the bound.
    #expect(
      small.dropFirst(2) == [
        "# below: the first 25 of its 744 bytes of text, control characters and bytes that are not UTF-8 escaped",
        "[", "  {", "    \"id\": \"card0\",", "# 719 more bytes not shown", "",
      ])
  }

  @Test("A file larger than the converter reads: exit 0, its first bytes in hex")
  func tooLarge() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("big.inertia", [UInt8](repeating: 0x90, count: 300))
    var bounds = TextconvCommand.Bounds()
    bounds.dump = 32
    let result = runTextconv([path], limits: DecodingLimits(maxInputSize: 100), bounds: bounds)
    #expect(result.status == 0 && result.stderr.isEmpty)
    #expect(
      lines(result.stdoutText) == [
        "# inertia-convert textconv: not converted: it is 300 bytes, larger than the limit of 100 bytes",
        "# below: the first 32 of its 300 bytes in hex",
        "00000000  90 90 90 90 90 90 90 90  90 90 90 90 90 90 90 90  |................|",
        "00000010  90 90 90 90 90 90 90 90  90 90 90 90 90 90 90 90  |................|",
        "# 268 more bytes not shown",
        "",
      ])
  }

  @Test(
    "JSON longer than what is held streams; a failure after it is reported where it is found",
    arguments: [64, 100, 256, 300, 555])
  func streamedFailure(held: Int) throws {
    var bounds = TextconvCommand.Bounds()
    bounds.heldOutput = held
    let result = runTextconv([corpus("broken/truncated-array.inertia")], bounds: bounds)
    let shown = lines(result.stdoutText)
    let full = lines(runTextconv([corpus("valid/card0-trigger.inertia")]).stdoutText)
    #expect(result.status == 0)
    // The JSON up to the second animation, whole lines, then the header where the file stops parsing.
    let json = shown.prefix { !$0.hasPrefix("#") }
    #expect(Array(json) == Array(full[..<(json.count - 1)]) + ["  },"])
    #expect(
      Array(shown[json.count...]) == [
        header, "# offset 361: unexpected end of input: expected a value at /1",
        "# above: the JSON read before offset 361", "",
      ])
  }

  @Test("The output stops at its bound, saying so: a small file cannot flood git")
  func outputBound() throws {
    // 400 nested arrays around 20,000 zeros: 20 KB that pretty-prints to about 16 MB.
    let directory = try TemporaryDirectory()
    let bytes = [UInt8](repeating: 0x91, count: 399) + [0xDC, 0x4E, 0x20] + [UInt8](repeating: 0, count: 20_000)
    let path = try directory.write("flood.inertia", bytes)
    var bounds = TextconvCommand.Bounds()
    bounds.outputBase = 1 << 20
    bounds.heldOutput = 1 << 16
    let result = runTextconv([path], bounds: bounds)
    #expect(result.status == 0)
    #expect(result.stdout.count < bounds.output(forInputOf: bytes.count) + 200)
    let last = lines(result.stdoutText).suffix(2)
    #expect(last.first?.hasPrefix("# inertia-convert textconv: output stopped after ") == true)
    #expect(last.first?.hasSuffix(" bytes, the limit for a file of 20402 bytes") == true)
  }

  // MARK: Files it cannot read

  @Test("A missing file, a directory and a path through a file are the failures: exit 2, one line")
  func unreadable() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("f.inertia", [0x90])
    let cases = [
      (directory.file("nope.inertia"), "\(directory.file("nope.inertia")): cannot read: No such file or directory"),
      (directory.path, "\(directory.path): cannot read: it is a directory"),
      (file + "/x", "\(file)/x: cannot read: Not a directory"),
    ]
    for (path, message) in cases {
      let result = runTextconv([path])
      #expect(result.status == 2, "\(path)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr == [message])
    }
  }

  @Test(
    "A file without read permission: exit 2",
    .enabled(if: geteuid() != 0, "running as root, which reads any file"))
  func noPermission() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("f.inertia", [0x90])
    chmod(file, 0)
    let result = runTextconv([file])
    #expect(result.status == 2)
    #expect(result.stderr == ["\(file): cannot read: Permission denied"])
  }

  // MARK: Usage

  @Test("textconv takes one file; --help prints its usage")
  func usage() {
    for arguments in [[], ["a", "b"]] {
      let result = runConvert(["textconv"] + arguments)
      #expect(result.status == 2)
      #expect(result.stderr == ["inertia-convert: textconv takes one FILE, as git gives it (see textconv --help)"])
    }
    let unknown = runConvert(["textconv", "--compact", "x"])
    #expect(
      unknown.status == 2 && unknown.stderr.first?.hasPrefix("inertia-convert: unknown option '--compact'") == true)
    let help = runConvert(["textconv", "--help"])
    #expect(help.status == 0 && help.stdoutText == TextconvCommand.usage + "\n")
    #expect(runConvert(["--help"]).stdoutText.contains("inertia-convert textconv FILE"))
  }

  // MARK: Through the built executable

  @Test(
    "A file name that is not UTF-8, as git names its temporary files after the file, is opened by its bytes",
    .enabled(if: builtConvertTool != nil, "inertia-convert is not built beside the tests"))
  func rawFileName() throws {
    let directory = try TemporaryDirectory()
    let card = try Fixtures.bytes(Fixtures.corpus.appendingPathComponent("valid/card0-trigger.inertia"))
    // The shell makes the name from its bytes: Swift's strings cannot hold them.
    let result = try runProcess(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", #"f="$1/$(printf 'c\377.inertia')"; cat > "$f"; exec "$0" textconv "$f""#, builtConvertTool!.path,
        directory.path,
      ],
      input: card)
    #expect(result.status == 0)
    #expect(result.stdout == runTextconv([corpus("valid/card0-trigger.inertia")]).stdout)
  }

  @Test(
    "- reads standard input",
    .enabled(if: builtConvertTool != nil, "inertia-convert is not built beside the tests"))
  func standardInput() throws {
    let result = try runBuiltTool(["textconv", "-"], input: [0x92, 0xCB, 0x7F, 0xF8, 0, 0, 0, 0, 0, 0, 0xC0])
    #expect(result.status == 0)
    #expect(result.stdoutText == "[\n  {\"$float64\": \"NaN\"},\n  null\n]\n")
  }
}
