import Foundation
import InertiaFormat
import Testing

@testable import InertiaTool

/// `to-json`'s writing on a thread of its own: the bytes, their order and the error reported must be as if
/// each chunk were written before the next was made.
@Suite("Write-behind")
struct WriteBehindTests {
  /// What a writer was given, chunk by chunk.
  final class Written: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [[UInt8]] = []

    func add(_ chunk: UnsafeRawBufferPointer) {
      lock.lock()
      chunks.append(Array(chunk))
      lock.unlock()
    }

    var all: [[UInt8]] {
      lock.lock()
      defer { lock.unlock() }
      return chunks
    }
  }

  struct BodyError: Error, Equatable {}

  /// Hands chunk `i` to `sink` in memory of its own, as the converter lends its buffer.
  static func send(_ i: Int, to sink: (UnsafeRawBufferPointer) throws(FileIOError) -> Void) throws(FileIOError) {
    let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk(i).count, alignment: 1)
    defer { bytes.deallocate() }
    bytes.copyBytes(from: chunk(i))
    try sink(UnsafeRawBufferPointer(bytes))
  }

  /// Chunk `i`: `i + 1` kilobytes of the byte `i`, so that a lost, repeated or reordered chunk shows.
  static func chunk(_ i: Int) -> [UInt8] { [UInt8](repeating: UInt8(i % 256), count: (i % 7 + 1) << 10) }

  @Test("every chunk written once, in order, whatever the writer's pace", arguments: [0, 1, 2, 3, 40])
  func inOrder(count: Int) throws {
    let written = Written()
    let write: @Sendable (UnsafeRawBufferPointer) throws(FileIOError) -> Void = { chunk in
      // A slow writer now and then, so that the maker waits for a free buffer.
      if chunk.first.map({ $0 % 5 == 0 }) == true { usleep(2000) }
      written.add(chunk)
    }
    try WriteBehind.run(writingWith: write) { sink in
      for i in 0..<count {
        try Self.send(i, to: sink)
      }
    }
    #expect(written.all == (0..<count).map(Self.chunk))
  }

  @Test("the first failed write is the error, nothing after it is written, even when the maker fails later")
  func firstWriteFailureWins() {
    for failing in [0, 1, 5] {
      let written = Written()
      let failure = FileIOError(path: "<stdout>", operation: "write", reason: "No space left on device")
      let write: @Sendable (UnsafeRawBufferPointer) throws(FileIOError) -> Void = { (chunk) throws(FileIOError) in
        if chunk.first == UInt8(failing) { throw failure }
        written.add(chunk)
      }
      #expect(throws: failure) {
        try WriteBehind.run(writingWith: write) { sink in
          for i in 0..<20 {
            // The maker stops at a send once it learns of the failure, or fails on its own at the end.
            try Self.send(i, to: sink)
          }
          throw BodyError()
        }
      }
      #expect(written.all == (0..<failing).map(Self.chunk), "failing at chunk \(failing)")
    }
  }

  @Test("the maker's own error, once every chunk it made is written")
  func makerError() {
    let written = Written()
    #expect(throws: BodyError()) {
      let write: @Sendable (UnsafeRawBufferPointer) throws(FileIOError) -> Void = { written.add($0) }
      try WriteBehind.run(writingWith: write) { sink in
        for i in 0..<10 {
          try Self.send(i, to: sink)
        }
        throw BodyError()
      }
    }
    #expect(written.all == (0..<10).map(Self.chunk))
  }
}
