import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaLint

/// Replays every input the lint and fix fuzz targets ever failed on (`Tests/Fuzz/Regressions/`).
@Suite struct LintFuzzRegressionTests {
  static func inputs(_ target: String) -> [URL] {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/Regressions/\(target)")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.sorted().map { directory.appendingPathComponent($0) }
  }

  @Test(arguments: inputs("lint"))
  func lint(_ input: URL) throws {
    try LintFuzzChecks.lint([UInt8](Data(contentsOf: input)))
  }

  @Test(arguments: inputs("fix"))
  func fix(_ input: URL) throws {
    try FixFuzzChecks.fix([UInt8](Data(contentsOf: input)))
  }

  /// Every `.inertia` and `.json` file of `Corpus/`, read.
  static func corpusFiles() throws -> [[UInt8]] {
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Corpus")
    let files = FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String } ?? []
    let inputs = files.filter { $0.hasSuffix(".inertia") || $0.hasSuffix(".json") }
    return try inputs.map { try [UInt8](Data(contentsOf: corpus.appendingPathComponent($0))) }
  }

  @Test func fixCheckPassesOnTheCorpus() throws {
    let files = try Self.corpusFiles()
    #expect(files.count > 20)
    for bytes in files { try FixFuzzChecks.fix(bytes) }
  }

  @Test func lintCheckPassesOnTheCorpus() throws {
    let files = try Self.corpusFiles()
    #expect(files.count > 20)
    for bytes in files { try LintFuzzChecks.lint(bytes) }
  }
}
