import InertiaFormat
import InertiaLint

/// Where a report goes as it is written: standard output, or with `--output-file` a file that is
/// replaced atomically once the report is whole (see ``AtomicWriter``), so a report file is never seen
/// half-written, and a failed write (a full disk) is an error, never a cut report and exit 0.
final class ReportOutput {
  private let stdout: (String) -> Void
  /// Writes the report's bytes to standard output in place of `stdout`, when the environment has it.
  private let writeReport: (@Sendable (UnsafeRawBufferPointer) -> Void)?
  private let writer: AtomicWriter
  private let replacement: AtomicWriter.Replacement?
  private var failure: FileIOError?
  /// The output file as the command line names it, which errors name too (the file written is the same
  /// path taken from the current directory).
  private let name: String

  /// Output for a run's options: `--output-file`, or `stdout` (standard output unless `toStandardOutput`
  /// is `false`: `--fix -`'s report goes to standard error).
  /// - Throws: ``FileIOError`` when the output file cannot be begun.
  init(
    _ options: LintOptions, stdout: @escaping (String) -> Void, toStandardOutput: Bool = true,
    environment: LintCommand.Environment
  ) throws {
    self.stdout = stdout
    writeReport = toStandardOutput ? environment.writeReport : nil
    writer = environment.writer
    name = options.outputFile ?? "-"
    if let path = options.outputFile, path != "-" {
      let full = FilePath.isAbsolute(path) ? path : FilePath.join(environment.currentDirectory, path)
      do throws(FileIOError) {
        replacement = try writer.begin(full)
      } catch {
        throw error.naming(path)
      }
    } else {
      replacement = nil
    }
  }

  /// Writes a piece of the report. Pieces are gathered and written in blocks of about 64 KiB (one write
  /// per file linted cost a tenth of a lint of small files); ``flush()`` writes what is gathered.
  func write(_ text: String) {
    pending.append(text)
    if pending.count >= Self.blockSize { flush() }
  }

  /// Writes a piece of the report made as bytes.
  func write(_ bytes: ReportBytes) {
    pending.append(bytes)
    if pending.count >= Self.blockSize { flush() }
  }

  /// Writes what is gathered: before anything goes to standard error, so the two stay in order.
  func flush() {
    guard !pending.isEmpty else { return }
    defer { pending.removeAll() }
    guard let replacement else {
      // The same bytes either way: the report's are UTF-8 (see ``ReportBytes``), which the string keeps.
      if let writeReport { return pending.withUnsafeBytes(writeReport) }
      return stdout(pending.string)
    }
    guard failure == nil else { return }
    pending.withUnsafeBytes { bytes in
      do throws(FileIOError) {
        try FileIO.write(bytes, fd: replacement.fd, path: name)
      } catch {
        failure = error
      }
    }
  }

  private var pending = ReportBytes()
  private static let blockSize = 1 << 16

  /// Puts the report file in place; the reason it could not be written, if it could not.
  func finish() -> String? {
    flush()
    guard let replacement else { return nil }
    if let failure {
      writer.abandon(replacement)
      return failure.description
    }
    do throws(FileIOError) {
      try writer.finish(replacement)
    } catch {
      return error.naming(name).description
    }
    return writer.commit([replacement])[0].map { "\(name): \($0)" }
  }
}
