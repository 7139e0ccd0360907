import Foundation
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

  @Test func fixCheckPassesOnTheCorpus() throws {
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Corpus")
    let files = FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String } ?? []
    let inputs = files.filter { $0.hasSuffix(".inertia") || $0.hasSuffix(".json") }
    #expect(inputs.count > 20)
    for name in inputs {
      try FixFuzzChecks.fix([UInt8](Data(contentsOf: corpus.appendingPathComponent(name))))
    }
  }

  @Test func lintCheckPassesOnTheCorpus() throws {
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Corpus")
    let files = FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String } ?? []
    let inputs = files.filter { $0.hasSuffix(".inertia") || $0.hasSuffix(".json") }
    #expect(inputs.count > 20)
    for name in inputs {
      try LintFuzzChecks.lint([UInt8](Data(contentsOf: corpus.appendingPathComponent(name))))
    }
  }
}
