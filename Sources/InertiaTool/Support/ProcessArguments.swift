#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's arguments, each as the exact bytes it was given (see ``PathText``): `CommandLine.arguments`
/// would replace the bytes of a file name that is not UTF-8, and the file could then never be opened.
enum ProcessArguments {
  /// The arguments, without the program's name.
  static var all: [String] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return "" }
      return PathText.decode(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    }
  }
}
