import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command's output goes: the process's standard output (or standard error), a file being written
/// (a report file, replaced once whole), or memory for a command run in-process by a test. Every byte a
/// command prints goes through one of these, which is the one place where the commands hand what they
/// print to the system.
package final class CommandOutput: Sendable {
  private enum Destination {
    /// A file descriptor of the process, and what a failed write says on standard error before the process
    /// ends (`nil`: a failed write is let go).
    case process(Int32, failure: (@Sendable (FileIOError) -> String)?)
    /// A file's descriptor and its name (for errors), and the first write that failed, after which no
    /// more is written.
    case file(Int32, path: String, failure: Locked<FileIOError?>)
    case memory(Locked<Memory>)
  }

  /// What an output in memory has been given.
  private struct Memory {
    var bytes: [UInt8] = []
    var writes = 0
    var largestWrite = 0
  }

  private let destination: Destination

  private init(_ destination: Destination) {
    self.destination = destination
  }

  /// The process's standard output. A failed write (a full disk, a closed pipe) ends the process with exit
  /// status 2, after saying `failure(error)` on standard error and removing the temporary files of writes
  /// under way, rather than leave a cut output behind a status that says all is well.
  package static func standardOutput(failure: @escaping @Sendable (FileIOError) -> String) -> CommandOutput {
    CommandOutput(.process(STDOUT_FILENO, failure: failure))
  }

  /// The process's standard error, for text that is not a line of its own (a progress line drawn in place);
  /// a failed write is let go.
  package static let standardError = CommandOutput(.process(STDERR_FILENO, failure: nil))

  /// A file being written, open as `fd`, named `path` in errors: a failed write is kept for ``failure``,
  /// and nothing more is written after it.
  package static func file(_ fd: Int32, path: String) -> CommandOutput {
    CommandOutput(.file(fd, path: path, failure: Locked(nil)))
  }

  /// An output that keeps what it is given, for ``bytes`` and ``text`` to read.
  package static func inMemory() -> CommandOutput {
    CommandOutput(.memory(Locked(Memory())))
  }

  /// Writes text as UTF-8.
  package func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// Writes bytes.
  package func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { write($0) }
  }

  /// Writes what a buffer holds.
  package func write(_ buffer: ByteBuffer) {
    withExtendedLifetime(buffer) { write(buffer.bytes) }
  }

  /// Writes bytes lent for the call (a converter's chunk, a mapped file's bytes).
  package func write(_ bytes: UnsafeRawBufferPointer) {
    switch destination {
    case .process(let fd, let failure):
      do throws(FileIOError) {
        try FileIO.write(bytes, fd: fd, path: fd == STDOUT_FILENO ? "<stdout>" : "<stderr>")
      } catch {
        guard let failure else { return }
        FileIO.writeLine(failure(error), fd: STDERR_FILENO)
        TemporaryFiles.removeAll()
        exit(2)
      }
    case .file(let fd, let path, let failure):
      failure.withLock { failure in
        guard failure == nil else { return }
        do throws(FileIOError) {
          try FileIO.write(bytes, fd: fd, path: path)
        } catch {
          failure = error
        }
      }
    case .memory(let memory):
      memory.withLock {
        $0.bytes.append(contentsOf: bytes)
        $0.writes += 1
        $0.largestWrite = max($0.largestWrite, bytes.count)
      }
    }
  }

  /// The write to a file that failed, if one did.
  package var failure: FileIOError? {
    guard case .file(_, _, let failure) = destination else { return nil }
    return failure.withLock { $0 }
  }

  /// What an output in memory has been given (empty for the others).
  package var bytes: [UInt8] {
    guard case .memory(let memory) = destination else { return [] }
    return memory.withLock { $0.bytes }
  }

  /// ``bytes`` as text.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The most bytes an output in memory was given in one write: how much of a streamed output was held at once.
  package var largestWrite: Int {
    guard case .memory(let memory) = destination else { return 0 }
    return memory.withLock { $0.largestWrite }
  }

  /// How many writes an output in memory has been given.
  package var writeCount: Int {
    guard case .memory(let memory) = destination else { return 0 }
    return memory.withLock { $0.writes }
  }
}
