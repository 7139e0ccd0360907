import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension ConvertCommand {
  /// Runs `inertia-convert` as this process: its arguments, standard output and standard error.
  /// - Returns: the exit status.
  package static func main() -> Int32 {
    FileIO.installMappedFileGuard()
    ProcessSignals.install()
    return run(
      arguments: ProcessArguments.all,
      stdout: { bytes in
        do throws(FileIOError) {
          try FileIO.write(bytes, fd: STDOUT_FILENO, path: "<stdout>")
        } catch {
          FileIO.writeLine(TextEscaping.line(error.description), fd: STDERR_FILENO)
          TemporaryFiles.removeAll()
          exit(2)
        }
      },
      stderr: { FileIO.writeLine($0, fd: STDERR_FILENO) },
      stdoutIsTerminal: FileIO.isTerminal(STDOUT_FILENO))
  }
}
