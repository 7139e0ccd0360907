import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaLint

/// Replays every input the lint and fix fuzz targets ever failed on (`Tests/Fuzz/Regressions/`).
@Suite struct LintFuzzRegressionTests {
  /// Each target's check, by the folder its inputs are kept in.
  static let checks: [String: @Sendable ([UInt8]) throws -> Void] = [
    "lint": LintFuzzChecks.lint, "fix": FixFuzzChecks.fix,
  ]

  @Test(arguments: FuzzInput.all(of: ["lint", "fix"]))
  func replay(_ input: FuzzInput) throws {
    try Self.checks[input.target]!(input.bytes())
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
