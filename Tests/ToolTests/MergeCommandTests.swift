import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaTool

/// Three versions of a file in a temporary directory, merged by `inertia-convert merge` in-process.
private struct MergeCase {
  let directory: TemporaryDirectory
  /// Where the JSON forms are merged: checked empty afterwards.
  let scratch: TemporaryDirectory
  var ours: String { directory.file("ours") }

  init(base: [UInt8], ours: [UInt8], theirs: [UInt8]) throws {
    directory = try TemporaryDirectory()
    scratch = try TemporaryDirectory()
    try directory.write("base", base)
    try directory.write("ours", ours)
    try directory.write("theirs", theirs)
  }

  /// Runs the merge, looking for git in `searchPath`.
  func run(_ options: [String] = [], searchPath: String?) -> CommandResult {
    let stdout = CommandOutput.inMemory()
    var stderr: [String] = []
    let status = MergeCommand.run(
      arguments: options + [directory.file("base"), ours, directory.file("theirs")], stdout: stdout,
      stderr: { stderr.append($0) }, searchPath: searchPath, temporaryDirectory: scratch.path)
    return CommandResult(status: status, stdout: stdout.bytes, stderr: stderr)
  }

  func oursBytes() throws -> [UInt8] { try directory.read("ours") }
  func oursText() throws -> String { String(decoding: try oursBytes(), as: UTF8.self) }
  /// Whether nothing but the three versions is left: no temporary file beside OURS or in the scratch.
  func leftNothingBehind() throws -> Bool {
    try directory.contents() == ["base", "ours", "theirs"] && scratch.contents().isEmpty
  }
}

private let base = AnimationVersion()
private let searchPath = MergeCommand.environment("PATH")

@Suite("inertia-convert merge", .enabled(if: GitRepository.git != nil, GitRepository.unavailableReason))
struct MergeCommandTests {
  // MARK: Clean merges

  @Test("Changes to different keyframes merge cleanly into canonical MessagePack")
  func differentKeyframes() throws {
    let merge = try MergeCase(
      base: base.messagePack, ours: base.duration(0, "0.5").messagePack, theirs: base.opacity(2, "0").messagePack)
    let result = merge.run(searchPath: searchPath)
    #expect(result.status == 0 && result.stderr.isEmpty)
    #expect(try merge.oursBytes() == base.duration(0, "0.5").opacity(2, "0").messagePack)
    #expect(try merge.leftNothingBehind())
  }

  @Test("Neighbouring keyframes, and two values of one keyframe, merge cleanly")
  func neighbours() throws {
    let cases = [
      (base.opacity(0, "0.25"), base.duration(1, "4"), base.opacity(0, "0.25").duration(1, "4")),
      (base.duration(1, "4"), base.opacity(1, "0.5"), base.duration(1, "4").opacity(1, "0.5")),
    ]
    for (ours, theirs, expected) in cases {
      let merge = try MergeCase(base: base.messagePack, ours: ours.messagePack, theirs: theirs.messagePack)
      #expect(merge.run(searchPath: searchPath).status == 0)
      #expect(try merge.oursBytes() == expected.messagePack)
    }
  }

  @Test("Values plain JSON cannot hold merge and come back as they were")
  func extendedValues() throws {
    let ours = base.duration(0, #"{"$float64": "NaN"}"#)
    let theirs = base.opacity(2, #"{"$float32": 0.5}"#)
    let merge = try MergeCase(base: base.messagePack, ours: ours.messagePack, theirs: theirs.messagePack)
    #expect(merge.run(searchPath: searchPath).status == 0)
    #expect(
      try merge.oursBytes() == base.duration(0, #"{"$float64": "NaN"}"#).opacity(2, #"{"$float32": 0.5}"#).messagePack)
  }

  @Test("The versions in different encodings: the result takes ours's")
  func mixedEncodings() throws {
    let expected = base.duration(0, "0.5").opacity(2, "0")
    // Ours is a JSON-form file: the result is the pretty JSON to-json writes.
    let jsonOurs = try MergeCase(
      base: base.messagePack, ours: Array(base.duration(0, "0.5").json.utf8), theirs: base.opacity(2, "0").messagePack)
    #expect(jsonOurs.run(searchPath: searchPath).status == 0)
    #expect(try jsonOurs.oursBytes() == expected.prettyJSON)
    // Ours is MessagePack, the base and theirs JSON: MessagePack.
    let binaryOurs = try MergeCase(
      base: base.prettyJSON, ours: base.duration(0, "0.5").messagePack, theirs: Array(base.opacity(2, "0").json.utf8))
    #expect(binaryOurs.run(searchPath: searchPath).status == 0)
    #expect(try binaryOurs.oursBytes() == expected.messagePack)
  }

  @Test("A JSON-form ours that gains a NaN from theirs is written in the extended form, saying so")
  func jsonOursGainsNaN() throws {
    let merge = try MergeCase(
      base: base.messagePack, ours: base.duration(0, "0.5").prettyJSON,
      theirs: base.duration(2, #"{"$float64": "NaN"}"#).messagePack)
    let result = merge.run(searchPath: searchPath)
    #expect(result.status == 0)
    #expect(
      result.stderr == [
        "inertia-convert merge: \(merge.ours): the result holds values plain JSON cannot hold, written in the "
          + "extended form (read it with --extended)"
      ])
    let back = try Converter.toMessagePack(json: try merge.oursBytes(), extended: true)
    #expect(back == base.duration(0, "0.5").duration(2, #"{"$float64": "NaN"}"#).messagePack)
  }

  @Test("When only one side changed, its bytes are taken exactly, even when not canonical")
  func oneSideChanged() throws {
    // [5] with the 5 as a uint8 (0xcc 0x05) where a fixint would do.
    let nonCanonical: [UInt8] = [0x91, 0xCC, 0x05]
    let merge = try MergeCase(base: [0x91, 0x01], ours: [0x91, 0x01], theirs: nonCanonical)
    #expect(merge.run(searchPath: searchPath).status == 0)
    #expect(try merge.oursBytes() == nonCanonical)
    let unchanged = try MergeCase(base: [0x91, 0x01], ours: nonCanonical, theirs: [0x91, 0x01])
    #expect(unchanged.run(searchPath: nil).status == 0)
    #expect(try unchanged.oursBytes() == nonCanonical)
  }

  // MARK: Conflicts

  @Test("The same keyframe changed on both sides: exit 1, the JSON form with conflict markers in ours")
  func conflict() throws {
    let merge = try MergeCase(
      base: base.messagePack, ours: base.duration(1, "7").messagePack, theirs: base.duration(1, "9").messagePack)
    let result = merge.run(["--path", "anim/card.inertia"], searchPath: searchPath)
    #expect(result.status == 1)
    #expect(
      result.stderr == [
        "inertia-convert merge: anim/card.inertia: 1 conflict; the file holds its JSON form with conflict markers: "
          + "resolve them, then run: inertia-convert to-msgpack --extended -o anim/card.inertia < anim/card.inertia"
      ])
    let text = try merge.oursText()
    #expect(
      text.contains(
        """
              "id": "K1",
        <<<<<<< ours
                "duration": 7,
        =======
                "duration": 9,
        >>>>>>> theirs
                "values": {
        """))
    #expect(try merge.leftNothingBehind())
    // Resolved by taking theirs, the text converts back to the file theirs would have made.
    let resolved = text.replacingOccurrences(
      of: "<<<<<<< ours\n        \"duration\": 7,\n=======\n", with: ""
    ).replacingOccurrences(of: ">>>>>>> theirs\n", with: "")
    try merge.directory.write("resolved.json", resolved)
    let converted = runConvert(["to-msgpack", "--extended", merge.directory.file("resolved.json")])
    #expect(converted.status == 0)
    #expect(converted.stdout == base.duration(1, "9").messagePack)
  }

  @Test("--marker-size sets the markers' length; a path with spaces is quoted in the advice")
  func markerSize() throws {
    let merge = try MergeCase(
      base: base.messagePack, ours: base.duration(1, "7").messagePack, theirs: base.duration(1, "9").messagePack)
    let result = merge.run(["--marker-size", "10", "--path", "my anim.inertia"], searchPath: searchPath)
    #expect(result.status == 1)
    #expect(result.stderr.first?.hasSuffix("-o 'my anim.inertia' < 'my anim.inertia'") == true)
    let lines = try merge.oursText().split(separator: "\n")
    #expect(lines.contains("<<<<<<<<<< ours") && lines.contains("==========") && lines.contains(">>>>>>>>>> theirs"))
  }

  @Test("A JSON-form ours in conflict stays JSON")
  func jsonOursConflict() throws {
    let merge = try MergeCase(
      base: base.messagePack, ours: base.duration(1, "7").prettyJSON, theirs: base.duration(1, "9").messagePack)
    let result = merge.run(searchPath: searchPath)
    #expect(result.status == 1)
    #expect(result.stderr.first?.hasSuffix("conflict markers: resolve them (the file stays JSON)") == true)
    #expect(try merge.oursText().contains("<<<<<<< ours"))
  }

  @Test("Ours or theirs that does not parse: a conflict, ours left exactly as it was")
  func brokenSide() throws {
    let truncated = Array(base.duration(1, "9").messagePack.prefix(60))
    let brokenTheirs = try MergeCase(base: base.messagePack, ours: base.duration(1, "7").messagePack, theirs: truncated)
    let result = brokenTheirs.run(searchPath: searchPath)
    #expect(result.status == 1)
    #expect(result.stderr.count == 1)
    #expect(result.stderr[0].hasPrefix("inertia-convert merge: \(brokenTheirs.ours): theirs does not parse (offset "))
    #expect(result.stderr[0].hasSuffix("); ours is left as it was, for you to resolve"))
    #expect(try brokenTheirs.oursBytes() == base.duration(1, "7").messagePack)
    let brokenOurs = try MergeCase(base: base.messagePack, ours: truncated, theirs: base.duration(1, "7").messagePack)
    #expect(brokenOurs.run(searchPath: searchPath).status == 1)
    #expect(try brokenOurs.oursBytes() == truncated)
    // Unresolved conflict markers in ours (a JSON-form file committed mid-conflict) do not parse either.
    let markers = Array("[\n<<<<<<< ours\n1\n=======\n2\n>>>>>>> theirs\n]\n".utf8)
    let unresolved = try MergeCase(base: base.messagePack, ours: markers, theirs: base.duration(1, "7").messagePack)
    let unresolvedResult = unresolved.run(searchPath: searchPath)
    #expect(unresolvedResult.status == 1)
    #expect(
      unresolvedResult.stderr == [
        "inertia-convert merge: \(unresolved.ours): ours does not parse (2:1: expected a value, found '<' at /0); "
          + "left as it was, for you to resolve"
      ])
    #expect(try unresolved.oursBytes() == markers)
  }

  @Test("An empty common ancestor (both sides added the file): only the lines that differ conflict")
  func emptyBase() throws {
    let merge = try MergeCase(
      base: [], ours: base.duration(1, "7").messagePack, theirs: base.duration(1, "9").messagePack)
    let result = merge.run(searchPath: searchPath)
    #expect(result.status == 1)
    let text = try merge.oursText()
    #expect(text.components(separatedBy: "<<<<<<< ours").count == 2)
    #expect(
      text.contains("<<<<<<< ours\n        \"duration\": 7,\n=======\n        \"duration\": 9,\n>>>>>>> theirs\n"))
    // An ancestor that is not empty and does not parse: nothing is written (issue 29: a result only from
    // what was read and checked).
    let ours = base.duration(1, "7").messagePack
    let broken = try MergeCase(base: [0xC1], ours: ours, theirs: base.duration(1, "9").messagePack)
    let brokenResult = broken.run(searchPath: searchPath)
    #expect(brokenResult.status == 1)
    #expect(
      brokenResult.stderr.first
        == "inertia-convert merge: \(broken.ours): the common ancestor does not parse (offset 0: byte 0xc1 is not a "
        + "MessagePack format byte (the spec reserves it as never used)); ours is left as it was, for you to resolve")
    #expect(try broken.oursBytes() == ours)
  }

  // MARK: git itself

  @Test("Without git on PATH: exit 2, a clear error, ours left as it was")
  func noGit() throws {
    let merge = try MergeCase(
      base: base.messagePack, ours: base.duration(0, "0.5").messagePack, theirs: base.opacity(2, "0").messagePack)
    let result = merge.run(searchPath: "/nonexistent:")
    #expect(result.status == 2)
    #expect(
      result.stderr == [
        "inertia-convert merge: \(merge.ours): git is not on PATH, and the merge needs git merge-file; ours is left as it was"
      ])
    #expect(try merge.oursBytes() == base.duration(0, "0.5").messagePack)
  }

  /// A directory holding a `git` that is a shell script.
  private func fakeGit(_ script: String) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.writeExecutable("git", "#!/bin/sh\n" + script)
    return directory
  }

  /// Merges an ours and a theirs that each change the base in a different place, with a `git` that runs
  /// `script`.
  private func mergeWithFakeGit(_ script: String) throws -> (MergeCase, CommandResult) {
    let git = try fakeGit(script)
    let merge = try MergeCase(
      base: base.messagePack, ours: base.duration(0, "0.5").messagePack, theirs: base.opacity(2, "0").messagePack)
    return (merge, merge.run(searchPath: git.path))
  }

  @Test("A failing git merge-file: exit 2, its message, ours left as it was")
  func gitFails() throws {
    let (merge, result) = try mergeWithFakeGit("echo 'fatal: something broke' >&2\nexit 255\n")
    #expect(result.status == 2)
    #expect(
      result.stderr == [
        "inertia-convert merge: \(merge.ours): git merge-file failed (exit status 255): fatal: something broke; "
          + "ours is left as it was"
      ])
    #expect(try merge.oursBytes() == base.duration(0, "0.5").messagePack)
    #expect(try merge.leftNothingBehind())
  }

  @Test("A clean line merge whose result does not parse is a conflict, the text kept to mend")
  func cleanButBroken() throws {
    // A merge-file that "merges" cleanly into text that is not JSON; its arguments end with the three files.
    let (merge, result) = try mergeWithFakeGit(
      #"for last; do :; done; eval "ours=\${$(($# - 2))}"; printf '[1,\n' > "$ours"; exit 0"# + "\n")
    #expect(result.status == 1)
    #expect(
      result.stderr == [
        "inertia-convert merge: \(merge.ours): the lines merged cleanly but the result does not parse "
          + "(2:1: unexpected end of input: expected a value at /1); the file holds it as JSON to mend"
      ])
    #expect(try merge.oursText() == "[1,\n")
  }

  // MARK: Usage

  @Test("merge takes three files and a positive marker size; --help prints its usage")
  func usage() {
    let cases: [([String], String)] = [
      (["a", "b"], "merge takes three files, BASE OURS THEIRS (git's %O %A %B)"),
      (["--marker-size", "0", "a", "b", "c"], "--marker-size takes a number from 1 to 1000"),
      (["--marker-size", "x", "a", "b", "c"], "--marker-size takes a number from 1 to 1000"),
    ]
    for (arguments, message) in cases {
      let result = runConvert(["merge"] + arguments)
      #expect(result.status == 2)
      #expect(result.stderr == ["inertia-convert: \(message) (see merge --help)"])
    }
    let help = runConvert(["merge", "--help"])
    #expect(help.status == 0 && help.stdoutText == MergeCommand.usage + "\n")
    #expect(runConvert(["--help"]).stdoutText.contains("inertia-convert merge BASE OURS THEIRS"))
  }

  @Test("A missing version: exit 2, ours left as it was")
  func missingVersion() throws {
    let merge = try MergeCase(base: base.messagePack, ours: base.messagePack, theirs: base.messagePack)
    try FileManager.default.removeItem(atPath: merge.directory.file("theirs"))
    let result = merge.run(searchPath: searchPath)
    #expect(result.status == 2)
    #expect(result.stderr == ["\(merge.directory.file("theirs")): cannot read: No such file or directory"])
  }
}
