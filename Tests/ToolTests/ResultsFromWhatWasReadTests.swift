import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaTool

/// Issue 29, class 2: no command writes bytes it has not parsed and checked as the result it claims.
/// Every shortcut path of `merge` (and `--fix`, `to-msgpack`, `to-json`) with each version empty,
/// truncated or garbage.
@Suite("Results only from what was read", .serialized)
struct ResultsFromWhatWasReadTests {
  enum Broken: String, CaseIterable, CustomTestStringConvertible {
    case empty, truncated, garbage
    var testDescription: String { rawValue }

    /// `bytes` broken this way.
    func applied(to bytes: [UInt8]) -> [UInt8] {
      switch self {
      case .empty: []
      case .truncated: Array(bytes.prefix(bytes.count / 2))
      case .garbage: [0xC1] + bytes.dropFirst()
      }
    }
  }

  /// The merge's paths: the shortcut each takes before breaking a version (see ``MergeFuzzChecks``' mode).
  enum Path: UInt8, CaseIterable, CustomTestStringConvertible {
    case full = 0
    case baseIsOurs = 1
    case oursIsTheirs = 2
    case baseIsTheirs = 3
    var testDescription: String { "\(self)" }
  }

  static let separator: [UInt8] = [0xFF, 0xFE]

  @Test(
    "merge: OURS is unchanged unless all three versions parse, on every path, with each version broken",
    .enabled(if: GitRepository.git != nil), arguments: Path.allCases, Broken.allCases)
  func mergeEveryPath(_ path: Path, _ broken: Broken) throws {
    for encoding in [DocumentEncoding.messagePack, .json] {
      let versions = [AnimationVersion(), AnimationVersion().duration(1, "4"), AnimationVersion().opacity(2, "0")]
      let bytes = versions.map { encoding == .json ? Array($0.json.utf8) : $0.messagePack }
      for side in 0..<3 {
        var sides = bytes
        sides[side] = broken.applied(to: sides[side])
        for git: UInt8 in [0, 4] {
          let input = [path.rawValue | git] + sides[0] + Self.separator + sides[1] + Self.separator + sides[2]
          #expect(throws: Never.self, "\(path) \(broken) side \(side) \(encoding)") { try MergeFuzzChecks.merge(input) }
        }
      }
    }
  }

  @Test("Issue 29: merge with BASE equal to OURS and an empty or truncated THEIRS leaves OURS, and is a conflict")
  func reportedMerge() throws {
    let directory = try TemporaryDirectory()
    let ours = AnimationVersion().messagePack
    for theirs in [[], Array(ours.prefix(ours.count - 3))] {
      try directory.write("base", ours)
      try directory.write("ours", ours)
      try directory.write("theirs", theirs)
      let run = runTool(.merge, ["base", "ours", "theirs"].map(directory.file), in: directory.path)
      #expect(run.status == 1)
      #expect(run.stderrText.contains("theirs does not parse"))
      #expect(try directory.read("ours") == ours)
    }
  }

  @Test(
    "--fix, to-msgpack and to-json write nothing from a file that is empty, truncated or garbage",
    arguments: Broken.allCases)
  func writersOfOneFile(_ broken: Broken) throws {
    let directory = try TemporaryDirectory()
    for encoding in [DocumentEncoding.messagePack, .json] {
      let valid = Array(FixCommandTests.fixable().utf8)
      let bytes = broken.applied(to: encoding == .json ? valid : try Converter.toMessagePack(json: valid))
      let input = try directory.write("input", bytes)
      let fix = runTool(.lint, ["--no-config", "--fix", input], in: directory.path)
      #expect(fix.status != 0, "\(encoding)")
      #expect(try directory.read("input") == bytes, "--fix changed a broken \(encoding) file")
      for command in [ToolCommand.toMessagePack, .toJSON] {
        let output = directory.file("out-\(command.rawValue)")
        let run = runTool(command, ["-o", output, input], in: directory.path)
        #expect(run.status == 1, "\(command.rawValue) \(encoding): \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output), "\(command.rawValue) wrote from a broken file")
        let made = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
        #expect(made.isEmpty)
      }
    }
  }
}
