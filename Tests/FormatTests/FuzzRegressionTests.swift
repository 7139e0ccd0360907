import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// Replays every input a fuzz target ever failed on (`Tests/Fuzz/Regressions/TARGET/`) through the
/// same property checks the targets run.
@Suite struct FuzzRegressionTests {
  static let regressions = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions")

  static func inputs(_ target: String) -> [URL] {
    let directory = regressions.appendingPathComponent(target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.sorted().map { directory.appendingPathComponent($0) }
  }

  @Test(arguments: inputs("messagepack-reader"))
  func messagePackReader(_ input: URL) throws {
    try FormatFuzzChecks.messagePackReader([UInt8](Data(contentsOf: input)))
  }

  @Test(arguments: inputs("json-reader"))
  func jsonReader(_ input: URL) throws {
    try FormatFuzzChecks.jsonReader([UInt8](Data(contentsOf: input)))
  }

  @Test(arguments: inputs("round-trip"))
  func roundTrip(_ input: URL) throws {
    try FormatFuzzChecks.roundTrip([UInt8](Data(contentsOf: input)))
  }

  /// The checks themselves must be able to fail, or replaying them proves nothing.
  @Test func checksDetectViolations() {
    // A map whose first key is a tag must come back as a map; this one is fine and must pass.
    #expect(throws: Never.self) { try FormatFuzzChecks.roundTrip([0x81, 0xA4, 0x24, 0x62, 0x69, 0x6E, 0x01]) }
    #expect(throws: Never.self) { try FormatFuzzChecks.jsonReader(Array("[1, 2.5, \"x\"]".utf8)) }
  }
}
