import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

FileIO.installMappedFileGuard()

let status = InertiaLintCommand.run(
  arguments: Array(CommandLine.arguments.dropFirst()),
  stdout: { text in
    var text = text
    text.withUTF8 { try? FileIO.write(UnsafeRawBufferPointer($0), fd: STDOUT_FILENO, path: "<stdout>") }
  },
  stderr: { FileIO.writeLine($0, fd: STDERR_FILENO) })
exit(status)
