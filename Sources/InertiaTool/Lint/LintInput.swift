import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One thing to lint: a file, or standard input.
package struct LintInput: Sendable, Equatable {
  /// The path as findings name it: as given on the command line, or joined onto the directory given.
  package let path: String
  /// Where to read it from; `nil` for standard input.
  package let readPath: String?
  /// The file's own name, whose stem is its container id; `nil` for unnamed standard input.
  package let fileName: String?

  /// Whether this is standard input rather than a file.
  package var isStandardInput: Bool { readPath == nil }
}
