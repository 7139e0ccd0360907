import Foundation
import Testing

@testable import InertiaFormat
@testable import InertiaTool

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A conversion's output goes to its file in pieces of at most 64 KiB (`ConvertCommand.writeOutput`):
/// every byte must arrive, in order, whatever the size against the piece's.
@Suite("Output written in pieces")
struct OutputPieceTests {
  @Test(
    "every byte arrives in order, for sizes around the piece size",
    arguments: [0, 1, 65_535, 65_536, 65_537, 3 * 65_536 + 17])
  func everyByteArrives(size: Int) throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pieces-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: url) }
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 16) }
    let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    try #require(fd >= 0)
    defer { close(fd) }
    try bytes.withUnsafeBytes { try ConvertCommand.writeOutput($0, fd: fd, path: url.path) }
    #expect(try Data(contentsOf: url) == Data(bytes))
  }
}
