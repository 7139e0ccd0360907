import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `--fix` did with one file.
struct FileFixOutcome: Sendable {
  enum Status: Sendable, Equatable {
    /// Nothing to fix.
    case unchanged
    /// Fixed and written.
    case written
    /// Would be fixed, but the run writes nothing (`--dry-run`, `--diff`).
    case wouldWrite
    /// Fixes were found but the file was left as it was, for the reason given.
    case notWritten(String)
  }

  var path: String
  var status: Status
  /// The findings fixed (or that would be), with ``Finding/isFixed`` set.
  var fixed: [Finding]
  /// The findings that remain.
  var remaining: [Finding]
  /// The unified diff of the file's JSON form, when asked for and the file would change.
  var diff: String?
}
