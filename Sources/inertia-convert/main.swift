#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import InertiaFormat

FileIO.installMappedFileGuard()

let status = ConvertCommand.run(
  arguments: Array(CommandLine.arguments.dropFirst()),
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
exit(status)
