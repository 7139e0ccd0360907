import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an input could not be read.
struct FileReadFailure: Error, Sendable {
  var message: String
}
