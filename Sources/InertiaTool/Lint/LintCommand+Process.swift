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
    // A failed write to standard output (a full disk, a closed pipe) ends the run with exit status 2 and
    // says so, rather than leave a cut report behind a status that says all is well.
    return run(
      arguments: ProcessArguments.all,
      stdout: .standardOutput(failure: { "inertia-lint: cannot write the report: \($0.reason)" }),
      stderr: { FileIO.writeLine($0, fd: STDERR_FILENO) }, environment: .process)
  }
}
