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
    try send(chunk(i), to: sink)
  }

  /// Hands `chunk` to `sink` in memory of its own.
  static func send(_ chunk: [UInt8], to sink: (UnsafeRawBufferPointer) throws(FileIOError) -> Void) throws(FileIOError)
  {
    let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk.count, alignment: 1)
    defer { bytes.deallocate() }
    bytes.copyBytes(from: chunk)
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

  @Test(
    "nothing is written after a failed write, whose error is the run's unless the maker fails too",
    arguments: [false, true])
  func failedWrite(makerFails: Bool) {
    for failing in [0, 1, 5] {
      let written = Written()
      let failure = FileIOError(path: "<stdout>", operation: "write", reason: "No space left on device")
      let write: @Sendable (UnsafeRawBufferPointer) throws(FileIOError) -> Void = { (chunk) throws(FileIOError) in
        if chunk.first == UInt8(failing) { throw failure }
        written.add(chunk)
      }
      let outcome = Result {
        try WriteBehind.run(writingWith: write) { sink in
          for i in 0..<20 {
            // As a converter does: a failed write is kept, and the making goes on.
            try? Self.send(i, to: sink)
          }
          if makerFails { throw BodyError() }
        }
      }
      if makerFails {
        #expect(throws: BodyError()) { try outcome.get() }
      } else {
        #expect(throws: failure) { try outcome.get() }
      }
      #expect(written.all == (0..<failing).map(Self.chunk), "failing at chunk \(failing)")
    }
  }

  @Test("a chunk larger than a megabyte is written in order, where it lies")
  func largeChunk() throws {
    let written = Written()
    let write: @Sendable (UnsafeRawBufferPointer) throws(FileIOError) -> Void = { written.add($0) }
    let large = [UInt8](repeating: 7, count: (1 << 20) + 1)
    try WriteBehind.run(writingWith: write) { sink in
      try Self.send(0, to: sink)
      try Self.send(1, to: sink)
      try Self.send(large, to: sink)
      try Self.send(2, to: sink)
    }
    #expect(written.all == [Self.chunk(0), Self.chunk(1), large, Self.chunk(2)])
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
