import Dispatch
import InertiaFormat
import InertiaLint

/// Writes a long stream of chunks (a conversion's JSON, a megabyte at a time) on a thread of its own
/// while the caller makes the next chunk.
///
/// On a large file the `write(2)` calls took a quarter of `to-json`'s time (24 of 96 ms for 60 MB of
/// JSON into a file, measured against writing to `/dev/null`), and the conversion waited on each; now
/// they overlap it. The first chunk is written at once, on the caller's thread: an output of one chunk
/// (every small file) starts no thread. From the second on, each chunk is copied (the converter reuses its
/// memory for the next) into one of two buffers taken in turn, and a serial queue writes them in order;
/// the caller waits only when both buffers are still being written. A chunk larger than a megabyte (one
/// long string makes one) is written where it lies once those before it are, rather than copied.
///
/// The bytes written, their order and which error is reported are as if each chunk were written before
/// the next was made: no chunk after a failed one is written, and the caller's own error comes before a
/// failed write's (a converter keeps a failed write and goes on, so the error it meets later is the one
/// it reports).
package enum WriteBehind {
  /// Runs `body` with a sink that writes each chunk it is given through `write`, and returns once every
  /// chunk is written.
  ///
  /// - Throws: `body`'s error, or else the first error of `write`.
  package static func run(
    writingWith write: @escaping @Sendable (UnsafeRawBufferPointer) throws(FileIOError) -> Void,
    _ body: (_ sink: @escaping (UnsafeRawBufferPointer) throws(FileIOError) -> Void) throws -> Void
  ) throws {
    var first: Result<Void, FileIOError>?
    // Made at the second chunk.
    var writer: Writer?
    let outcome = Result {
      try body { (chunk) throws(FileIOError) in
        guard let first else {
          first = Result { () throws(FileIOError) in try write(chunk) }
          return try first!.get()
        }
        try first.get()
        if writer == nil { writer = Writer(write) }
        try writer!.send(chunk)
      }
    }
    let failure = writer?.finish()
    try outcome.get()
    try first?.get()
    if let failure { throw failure }
  }

  private final class Writer: Sendable {
    private let write: @Sendable (UnsafeRawBufferPointer) throws(FileIOError) -> Void
    private let queue = DispatchQueue(label: "inertia.write-behind")
    /// The buffers not being written: two to begin with.
    private let free = DispatchSemaphore(value: 2)
    /// The buffers sent, in order, and those written, to be filled again. A buffer is moved between them
    /// (`swap`), never copied: a second reference would make the next fill copy a megabyte.
    private let sent = Locked<[[UInt8]]>([])
    private let spare = Locked<[[UInt8]]>([])
    /// The first write that failed; nothing is written after it.
    private let failure = Locked<FileIOError?>(nil)

    /// The largest chunk copied into a buffer: the converter's chunk, a megabyte.
    static let largestCopied = 1 << 20

    init(_ write: @escaping @Sendable (UnsafeRawBufferPointer) throws(FileIOError) -> Void) {
      self.write = write
    }

    func send(_ chunk: UnsafeRawBufferPointer) throws(FileIOError) {
      if let failure = failure.withLock({ $0 }) { throw failure }
      if chunk.count > Self.largestCopied {
        queue.sync {}
        attempt(chunk)
        if let failure = failure.withLock({ $0 }) { throw failure }
        return
      }
      free.wait()
      var buffer = spare.withLock { $0.popLast() } ?? []
      buffer.removeAll(keepingCapacity: true)
      buffer.append(contentsOf: chunk)
      sent.withLock { Self.move(&buffer, to: &$0) }
      queue.async { [self] in writeNext() }
    }

    /// Writes the first buffer sent, on the queue, and hands it back to be filled again.
    private func writeNext() {
      var buffer = sent.withLock { $0.removeFirst() }
      buffer.withUnsafeBytes { attempt($0) }
      spare.withLock { Self.move(&buffer, to: &$0) }
      free.signal()
    }

    /// Appends `buffer` to `list`, leaving `buffer` empty.
    private static func move(_ buffer: inout [UInt8], to list: inout [[UInt8]]) {
      list.append([])
      swap(&buffer, &list[list.count - 1])
    }

    /// Writes `chunk` unless a write failed before, and keeps its failure.
    private func attempt(_ chunk: UnsafeRawBufferPointer) {
      guard failure.withLock({ $0 == nil }) else { return }
      do {
        try write(chunk)
      } catch {
        failure.withLock { $0 = error }
      }
    }

    /// Waits until every chunk sent is written, and says the first write that failed.
    func finish() -> FileIOError? {
      queue.sync {}
      return failure.withLock { $0 }
    }
  }
}
