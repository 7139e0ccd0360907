import Foundation
import Testing

@testable import InertiaFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a whole file, whatever size `fstat` said it had beforehand.
@Suite("File contents")
struct FileContentsTests {
  /// Reads `bytes`, written to a file, with `readAll` told it has `hint` bytes.
  private func readAll(
    _ bytes: [UInt8], hint: Int, maxSize: Int = 1 << 30, endsAtShortRead: Bool = false
  ) throws -> [UInt8] {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("contents-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let fd = open(url.path, O_RDONLY)
    #expect(fd >= 0)
    defer { close(fd) }
    let buffer = try FileContents.readAll(
      fd: fd, path: url.path, sizeHint: hint, maxSize: maxSize, endsAtShortRead: endsAtShortRead)
    return Array(FileContents(buffer).bytes)
  }

  @Test(
    "readAll gives every byte of a file, the size it was told right, too small (a file that grew) or too large",
    arguments: [0, 1, 100, 4095, 4096, 4097, 65536, 70000, 200_000])
  func readsWhole(size: Int) throws {
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
    for hint in [size, 0, size / 2, size - 1, size + 1, size + 5000] where hint >= 0 {
      for endsAtShortRead in [false, true] {
        #expect(
          try readAll(bytes, hint: hint, endsAtShortRead: endsAtShortRead) == bytes,
          "hint \(hint), ends at a short read: \(endsAtShortRead)")
      }
    }
  }

  @Test("readAll refuses a file that turns out larger than its limit")
  func refusesLarger() throws {
    let bytes = [UInt8](repeating: 7, count: 10000)
    for endsAtShortRead in [false, true] {
      #expect(throws: FileIOError.self) {
        try readAll(bytes, hint: 100, maxSize: 5000, endsAtShortRead: endsAtShortRead)
      }
      #expect(try readAll(bytes, hint: 100, maxSize: 10000, endsAtShortRead: endsAtShortRead) == bytes)
      #expect(throws: FileIOError.self) {
        try readAll(bytes, hint: 9999, maxSize: 9999, endsAtShortRead: endsAtShortRead)
      }
    }
  }
}
