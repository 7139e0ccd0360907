import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension LintCommand {
  /// Runs `inertia-lint` as this process: its arguments, working directory, environment, standard input,
  /// output and error.
  /// - Returns: the exit status.
  package static func main() -> Int32 {
    FileIO.installMappedFileGuard()
    ProcessSignals.install()
    var environment = Environment.process
    environment.writeData = { bytes in writeStandardOutput(bytes) }
    // What `stdout` below does with the report's text, given its bytes.
    environment.writeReport = { bytes in writeStandardOutput(bytes) }
    return run(
      arguments: ProcessArguments.all,
      stdout: { text in
        var text = text
        text.withUTF8 { writeStandardOutput(UnsafeRawBufferPointer($0)) }
      },
      stderr: { FileIO.writeLine($0, fd: STDERR_FILENO) }, environment: environment)
  }

  /// Writes to standard output; a failed write (a full disk, a closed pipe) ends the run with exit
  /// status 2 and says so, rather than leave a cut report behind a status that says all is well.
  private static func writeStandardOutput(_ bytes: UnsafeRawBufferPointer) {
    do throws(FileIOError) {
      try FileIO.write(bytes, fd: STDOUT_FILENO, path: "<stdout>")
    } catch {
      FileIO.writeLine("inertia-lint: cannot write the report: \(error.reason)", fd: STDERR_FILENO)
      TemporaryFiles.removeAll()
      exit(2)
    }
  }
}
