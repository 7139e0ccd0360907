import Foundation
import TestSupport
import Testing

@testable import InertiaFormat
@testable import InertiaTool

/// Large inputs are memory-mapped instead of read; what comes out must not depend on which.
@Suite("Mapped input")
struct MappedInputTests {
  private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("a file above the mapping threshold gives the bytes a read gives, mapped or not")
  func mappedEqualsRead() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("big.inertia")
    guard case .array(let animations) = StreamingConversionTests.document else { return }
    let bytes = MessagePackWriter().write(.array(animations + animations))
    #expect(bytes.count > FileIO.mappingThreshold)
    try Data(bytes).write(to: file)
    // Read, as a library without the guard does; then mapped, once the guard is installed.
    for installGuard in [false, true] {
      if installGuard { FileIO.installMappedFileGuard() }
      let seen = try FileIO.withContents(of: file.path, as: .convertInput, maxSize: 1 << 30) { Array($0) }
      #expect(seen == bytes)
      #expect(try FileIO.read(file.path, as: .convertInput, maxSize: 1 << 30) == bytes)
      let contents = try FileContents(path: file.path, maxSize: 1 << 30)
      withExtendedLifetime(contents) { #expect(Array(contents.bytes) == bytes) }
      #expect(throws: FileIOError.self) {
        try FileIO.withContents(of: file.path, as: .convertInput, maxSize: 1 << 20) { _ in }
      }
    }
  }

  @Test(
    "a file written or replaced while it is used is 'changed while it was read', small or mapped",
    arguments: [100, 2 << 20])
  func changedWhileUsed(size: Int) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("animation.inertia")
    let bytes = [UInt8](repeating: 0x41, count: size)
    try Data(bytes).write(to: file)
    FileIO.installMappedFileGuard()
    // Written in place (one byte more): the identity the check compares changes.
    do {
      _ = try FileIO.withCheckedContents(of: file.path, as: .convertInput, maxSize: 1 << 30) { _, _ in
        let fd = open(file.path, O_WRONLY | O_APPEND)
        _ = write(fd, "B", 1)
        close(fd)
      }
      Issue.record("no error for a file that grew while it was used")
    } catch {
      #expect(error.reason == FileIO.changedWhileRead)
    }
    // Replaced under its name (a rename, as editors save): the file opened has lost its name, which
    // counts as a change too; the next read gets the new file.
    let replacement = directory.appendingPathComponent("new.inertia")
    try Data([0x90]).write(to: replacement)
    do {
      _ = try FileIO.withCheckedContents(of: file.path, as: .convertInput, maxSize: 1 << 30) { _, _ in
        #expect(rename(replacement.path, file.path) == 0)
      }
      Issue.record("no error for a file replaced while it was used")
    } catch {
      #expect(error.reason == FileIO.changedWhileRead)
    }
    #expect(try FileIO.read(file.path, as: .convertInput, maxSize: 1 << 30) == [0x90])
  }

  @Test("the guard names the mapped file that holds an address, and forgets it once it is unmapped")
  func guardTable() throws {
    let one = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
    let two = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
    defer {
      one.deallocate()
      two.deallocate()
    }
    let first = try #require(MappedFileGuard.register(one, count: 64, path: "one.inertia"))
    let second = try #require(MappedFileGuard.register(two, count: 64, path: "two.inertia"))
    #expect(MappedFileGuard.path(at: UInt(bitPattern: one) + 63).map { String(cString: $0) } == "one.inertia")
    #expect(MappedFileGuard.path(at: UInt(bitPattern: two)).map { String(cString: $0) } == "two.inertia")
    MappedFileGuard.release(first)
    #expect(MappedFileGuard.path(at: UInt(bitPattern: one)) == nil)
    MappedFileGuard.release(second)
    #expect(MappedFileGuard.path(at: UInt(bitPattern: two)) == nil)
  }

  @Test("every temporary file being written is noted, beyond any fixed number, and forgotten once done")
  func temporaryFileTable() throws {
    let names = (0..<300).map { "/tmp/.x\($0).tmp-\($0)" }
    let slots = names.map(TemporaryFiles.note)
    for (slot, name) in zip(slots, names) { #expect(TemporaryFiles.name(at: slot) == name) }
    for slot in slots { TemporaryFiles.forget(slot) }
    // Other tests may be writing atomically meanwhile and take the places; not with these names.
    for (slot, name) in zip(slots, names) { #expect(TemporaryFiles.name(at: slot) != name) }
  }

  @Test(
    "a mapped file truncated while it is read ends the run with one line and exit 2, or runs through",
    .enabled(if: builtConvertTool != nil, "the tools are not built beside the tests"),
    arguments: ["inertia-convert", "inertia-lint"])
  func truncatedWhileMapped(tool: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("huge.json")
    // About 120 MB of JSON: long enough to read that the truncation lands mid-way. Numbers for the
    // converter; one long string for the linter, which would report every number that is no animation.
    let handle = try FileHandle(
      forWritingTo: {
        _ = FileManager.default.createFile(atPath: input.path, contents: nil)
        return input
      }())
    let linting = tool == "inertia-lint"
    try handle.write(contentsOf: Data((linting ? "[\"" : "[").utf8))
    let block = Data(String(repeating: linting ? "0.125 " : "0.125,", count: 1 << 20).utf8)
    for _ in 0..<20 { try handle.write(contentsOf: block) }
    try handle.write(contentsOf: Data((linting ? "1\"]" : "1]").utf8))
    try handle.close()
    let output = directory.appendingPathComponent("out.inertia")

    let process = Process()
    process.executableURL = builtConvertTool!.deletingLastPathComponent().appendingPathComponent(tool)
    process.arguments =
      linting ? ["--no-config", input.path] : ["to-msgpack", input.path, "-o", output.path]
    let reportDirectory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: reportDirectory) }
    let report = reportDirectory.appendingPathComponent("report.txt")
    _ = FileManager.default.createFile(atPath: report.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: report)
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    usleep(30_000)
    truncate(input.path, 100)
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()

    #expect(process.terminationReason == .exit, "the tool must not die of a signal")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    let reported = try String(contentsOf: report, encoding: .utf8)
    if process.terminationStatus == 2 {
      // The truncation lands on a page being read (the guard ends the run with one line), or just after
      // the file was read, where the check that it did not change while it was read catches it: the
      // converter says so on standard error, the linter in its report, as an io-error.
      let truncated = "\(input.path): cannot read: the file was truncated while it was read\n"
      let changed = "\(input.path): cannot read: \(FileIO.changedWhileRead)"
      if linting {
        let finding = "\(input.path): error: cannot read: \(FileIO.changedWhileRead) [io-error]"
        #expect(text == truncated || (text.isEmpty && reported.contains(finding)), "\(text)\(reported)")
      } else {
        #expect(text == truncated || text == changed + "\n", "\(text)")
      }
      #expect(leftovers == ["huge.json"])
    } else {
      // The tool won the race (or read the truncated file whole and found it broken).
      #expect([0, 1].contains(process.terminationStatus))
      #expect(!leftovers.contains { $0.hasPrefix(".out.inertia.tmp") })
    }
  }

  @Test(
    "a mapped file rewritten in place while it is linted or converted is 'changed while it was read', never a crash",
    .enabled(if: builtConvertTool != nil, "the tools are not built beside the tests"),
    arguments: ["inertia-lint", "inertia-convert"])
  func rewrittenWhileMapped(tool: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("animation.inertia")
    // About 25 MB of MessagePack: an animation of 200,000 keyframes, mapped and indexed where it lies.
    let pose: MessagePackValue = ["scale": 1, "translate": [0.25, -0.5], "rotate": 0, "rotateCenter": 0, "opacity": 1]
    let keyframes = (0..<200_000).map { index -> MessagePackValue in
      ["id": .string("K\(index)"), "duration": .float64(Double(index % 7) - 1), "values": pose]
    }
    let document: MessagePackValue = [
      ["id": "card0", "invokeType": "trigger", "initialValues": pose, "keyframes": .array(keyframes)]
    ]
    let bytes = MessagePackWriter().write(document)
    try Data(bytes).write(to: input)
    let output = directory.appendingPathComponent("out.json")
    let process = Process()
    process.executableURL = builtConvertTool!.deletingLastPathComponent().appendingPathComponent(tool)
    process.arguments =
      tool == "inertia-lint"
      ? ["--no-config", "--max-findings", "0", input.path] : ["to-json", input.path, "-o", output.path]
    let outputPipe = Pipe()
    let errors = Pipe()
    process.standardOutput = outputPipe
    process.standardError = errors
    try process.run()
    // Rewrite the file in place while the tool reads it, as an editor saving over it does: the bytes
    // change a block at a time, the size stays.
    usleep(40_000)
    let fd = open(input.path, O_WRONLY)
    var garbage = [UInt8](repeating: 0, count: 1 << 16)
    for round in 0..<400 {
      usleep(1_000)
      for index in garbage.indices { garbage[index] = UInt8(truncatingIfNeeded: index &* 31 &+ round) }
      let offset = off_t((round * garbage.count) % max(1, bytes.count - garbage.count))
      _ = garbage.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, offset) }
    }
    close(fd)
    let report = String(decoding: outputPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()

    #expect(process.terminationReason == .exit, "the tool must not die of a signal: \(text)")
    if process.terminationStatus == 2 {
      #expect((report + text).contains("it changed while it was read"), "\(text)")
      // Nothing found in a file that changed is reported: no pointer that exists in neither version.
      #expect(!report.contains(" at /"))
      #expect(!FileManager.default.fileExists(atPath: output.path))
    } else {
      // The tool won the race, or read the file after it changed and found it broken.
      #expect([0, 1].contains(process.terminationStatus))
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(!leftovers.contains { $0.contains(".tmp-") })
  }

  @Test("threads writing files atomically at once each leave their own file and no temporary one")
  func concurrentAtomicWrites() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.path
    // The guard notes every temporary file in flight; it once kept one, and two writers freed it twice.
    DispatchQueue.concurrentPerform(iterations: 400) { index in
      let bytes = Array("file \(index)\n".utf8)
      bytes.withUnsafeBytes { try? FileIO.writeAtomically($0, to: "\(path)/\(index % 8).txt") }
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    #expect(names == (0..<8).map { "\($0).txt" })
  }
}
