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
      arguments: commandLineArguments(),
      stdout: { bytes in
        do throws(FileIOError) {
          try FileIO.write(bytes, fd: STDOUT_FILENO, path: "<stdout>")
        } catch {
          FileIO.writeLine(error.description, fd: STDERR_FILENO)
          exit(2)
        }
      },
      stderr: { FileIO.writeLine($0, fd: STDERR_FILENO) },
      stdoutIsTerminal: FileIO.isTerminal(STDOUT_FILENO))
  }

  /// The arguments after the program's name, each as the exact bytes it was given (see ``PathText``):
  /// `CommandLine.arguments` replaces bytes that are not UTF-8, so a file named so could not be opened,
  /// and git names the files it hands a textconv or a merge driver after the file in the repository.
  static func commandLineArguments() -> [String] {
    (0..<Int(CommandLine.argc)).dropFirst().map { index in
      let argument = CommandLine.unsafeArgv[index]!
      return PathText.decode(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    }
  }
}
