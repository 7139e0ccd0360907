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
      stdout: .standardOutput(failure: { TextEscaping.line($0.description) }),
      stderr: { FileIO.writeLine($0, fd: STDERR_FILENO) },
      stdoutIsTerminal: FileIO.isTerminal(STDOUT_FILENO))
  }
}
