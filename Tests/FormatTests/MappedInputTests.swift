import Foundation
import Testing

@testable import InertiaFormat

/// Large inputs are memory-mapped instead of read; what comes out must not depend on which.
@Suite("Mapped input")
struct MappedInputTests {
  private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("a file above the mapping threshold gives the bytes a read gives")
  func mappedEqualsRead() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("big.inertia")
    guard case .array(let animations) = StreamingConversionTests.document else { return }
    let bytes = MessagePackWriter().write(.array(animations + animations))
    #expect(bytes.count > FileIO.mappingThreshold)
    try Data(bytes).write(to: file)
    let seen = try FileIO.withContents(of: file.path, maxSize: 1 << 30) { Array($0) }
    #expect(seen == bytes)
    #expect(throws: FileIOError.self) { try FileIO.withContents(of: file.path, maxSize: 1 << 20) { _ in } }
  }

  @Test("a mapped file truncated while it is converted ends the run with one line and exit 2, or converts",
    .enabled(if: builtConvertTool != nil, "inertia-convert is not built beside the tests"))
  func truncatedWhileMapped() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("huge.json")
    // About 120 MB of JSON: long enough to convert that the truncation lands mid-way.
    let handle = try FileHandle(forWritingTo: { FileManager.default.createFile(atPath: input.path, contents: nil); return input }())
    try handle.write(contentsOf: Data("[".utf8))
    let block = Data(String(repeating: "0.125,", count: 1 << 20).utf8)
    for _ in 0..<20 { try handle.write(contentsOf: block) }
    try handle.write(contentsOf: Data("1]".utf8))
    try handle.close()
    let output = directory.appendingPathComponent("out.inertia")

    let process = Process()
    process.executableURL = builtConvertTool
    process.arguments = ["to-msgpack", input.path, "-o", output.path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    usleep(30_000)
    truncate(input.path, 100)
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()

    #expect(process.terminationReason == .exit, "the tool must not die of a signal")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    if process.terminationStatus == 2 {
      #expect(text == "\(input.path): cannot read: the file was truncated while it was read\n")
      #expect(leftovers == ["huge.json"])
    } else {
      // The conversion won the race (or read the truncated file whole and found it broken).
      #expect([0, 1].contains(process.terminationStatus))
      #expect(!leftovers.contains { $0.hasPrefix(".out.inertia.tmp") })
    }
  }
}
