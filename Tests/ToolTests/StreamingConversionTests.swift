import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaTool

/// `to-json` streams its output a megabyte at a time; documents bigger than that must come out exactly
/// as the all-in-memory writer prints them, and a failure part-way must still leave `-o` files alone.
@Suite("to-json streaming")
struct StreamingConversionTests {
  /// About 3 MB of JSON: many animations, so the output crosses several chunk boundaries.
  static let document: MessagePackValue = .array(
    (0..<4000).map { i in
      [
        "id": .string("view\(i)"), "invokeType": "trigger",
        "initialValues": ["scale": 1, "translate": [0.25, .float64(Double(i) / 7)], "rotate": 0, "opacity": 1],
        "keyframes": .array(
          (0..<4).map { k in ["id": .string("K\(i)-\(k)"), "duration": .int(Int64(k)), "note": "tab\there"] }),
      ]
    })

  private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("streaming-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("standard output receives exactly the pretty and compact texts, in chunks", arguments: [false, true])
  func streamedToStandardOutput(compact: Bool) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("big.inertia")
    try Data(MessagePackWriter().write(Self.document)).write(to: input)
    let stdout = CommandOutput.inMemory()
    let status = ConvertCommand.run(
      arguments: ["to-json", input.path] + (compact ? ["--compact"] : []), stdout: stdout, stderr: { _ in })
    let (chunks, output) = (stdout.writeCount, stdout.bytes)
    #expect(status == 0)
    var expected = try JSONWriter(options: .init(style: compact ? .compact : .pretty)).write(Self.document)
    if compact { expected.append(0x0A) }
    #expect(output.count > 1 << 20)
    #expect(chunks > 1, "the output should arrive in several chunks")
    #expect(output == expected)
  }

  @Test("a fault after the first megabyte leaves the -o target untouched and no temporary file")
  func failureAfterStreamingStarted() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A NaN at the very end: everything before it converts, then plain JSON cannot hold it.
    guard case .array(var animations) = Self.document else { return }
    animations.append(["id": "last", "duration": .float64(.nan)])
    let input = directory.appendingPathComponent("big.inertia")
    try Data(MessagePackWriter().write(.array(animations))).write(to: input)
    let target = directory.appendingPathComponent("big.json")
    try Data("previous contents\n".utf8).write(to: target)

    let result = runConvert(["to-json", input.path, "-o", target.path])
    #expect(result.status == 1)
    #expect(result.stderr.count == 1)
    #expect(result.stderr.first?.contains("at /4000/duration") == true)
    #expect(try String(contentsOf: target, encoding: .utf8) == "previous contents\n")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(leftovers == ["big.inertia", "big.json"])
  }
}
