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
    return run(
      arguments: Array(CommandLine.arguments.dropFirst()),
      stdout: { text in
        var text = text
        text.withUTF8 { try? FileIO.write(UnsafeRawBufferPointer($0), fd: STDOUT_FILENO, path: "<stdout>") }
      },
      stderr: { FileIO.writeLine($0, fd: STDERR_FILENO) })
  }
}
