import Testing

@testable import InertiaTool

/// A whole converted output goes to its file in pieces of at most 64 KiB (`ConvertCommand.inPieces`):
/// every byte must arrive, in order, whatever the size against the piece's.
@Suite("Output written in pieces")
struct OutputPieceTests {
  @Test(
    "every byte arrives in order, in pieces of at most 64 KiB",
    arguments: [0, 1, 65_535, 65_536, 65_537, 3 * 65_536 + 17])
  func everyByteArrives(size: Int) {
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 16) }
    var pieces: [[UInt8]] = []
    bytes.withUnsafeBytes { ConvertCommand.inPieces($0) { pieces.append(Array($0)) } }
    #expect(pieces.allSatisfy { $0.count <= ConvertCommand.outputPieceSize && !$0.isEmpty })
    #expect(pieces.count == (size + ConvertCommand.outputPieceSize - 1) / ConvertCommand.outputPieceSize)
    #expect(Array(pieces.joined()) == bytes)
  }
}
