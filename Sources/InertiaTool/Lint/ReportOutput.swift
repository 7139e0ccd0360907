import InertiaFormat
import InertiaLint

/// Where a report goes as it is written: standard output, or with `--output-file` a file that is
/// replaced atomically once the report is whole (see ``AtomicWriter``), so a report file is never seen
/// half-written, and a failed write (a full disk) is an error, never a cut report and exit 0.
final class ReportOutput {
  /// Where a report goes that goes to no file.
  enum Stream {
    /// The command's standard output.
    case standardOutput(CommandOutput)
    /// Standard error, line by line: `--fix -`'s report, whose standard output is the fixed document.
    case standardError((String) -> Void)
  }

  private let stream: Stream
  private let writer: AtomicWriter
  /// The report file being written, with `--output-file`.
  private let file: (replacement: AtomicWriter.Replacement, output: CommandOutput)?
  /// The output file as the command line names it, which errors name too (the file written is the same
  /// path taken from the current directory).
  private let name: String

  /// Output for a run's options: `--output-file`, or `stream`.
  /// - Throws: ``FileIOError`` when the output file cannot be begun.
  init(_ options: LintOptions, to stream: Stream, environment: LintCommand.Environment) throws {
    self.stream = stream
    writer = environment.writer
    name = options.outputFile ?? "-"
    if let path = options.outputFile, path != "-" {
      let full = FilePath.isAbsolute(path) ? path : FilePath.join(environment.currentDirectory, path)
      do throws(FileIOError) {
        let replacement = try writer.begin(full)
        file = (replacement, CommandOutput.file(replacement.fd, path: name))
      } catch {
        throw error.naming(path)
      }
    } else {
      file = nil
    }
  }

  /// Writes a piece of the report. Pieces are gathered and written in blocks of about 64 KiB (one write
  /// per file linted cost a tenth of a lint of small files); ``flush()`` writes what is gathered.
  func write(_ text: String) {
    pending += text
    if pending.utf8.count >= Self.blockSize { flush() }
  }

  /// Writes what is gathered: before anything goes to standard error, so the two stay in order.
  func flush() {
    guard !pending.isEmpty else { return }
    defer { pending.removeAll(keepingCapacity: true) }
    if let file {
      // A failed write stops the file's writes; ``finish()`` reports it.
      file.output.write(pending)
      return
    }
    switch stream {
    case .standardOutput(let output): output.write(pending)
    case .standardError(let line): for text in pending.split(separator: "\n") { line(String(text)) }
    }
  }

  private var pending = ""
  private static let blockSize = 1 << 16

  /// Puts the report file in place; the reason it could not be written, if it could not.
  func finish() -> String? {
    flush()
    guard let file else { return nil }
    if let failure = file.output.failure {
      writer.abandon(file.replacement)
      return failure.description
    }
    do throws(FileIOError) {
      try writer.finish(file.replacement)
    } catch {
      return error.naming(name).description
    }
    return writer.commit([file.replacement])[0].map { "\(name): \($0)" }
  }
}
