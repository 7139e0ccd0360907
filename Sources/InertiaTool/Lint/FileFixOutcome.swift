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
    /// Fixed and written, but its rename could not be made durable, for the reason given (see
    /// ``AtomicWriter/Failure/isReplaced``).
    case writtenNotDurable(String)
    /// Would be fixed, but the run writes nothing (`--dry-run`, `--diff`).
    case wouldWrite
    /// Fixes were found but the file was left as it was, for the reason given.
    case notWritten(String)
    /// Fixed, with the new contents in a temporary file waiting to be put in place with the others
    /// (see ``AtomicWriter``); once ``FileFixer/commit(_:writer:originalFindings:)`` has run, put in place.
    case pending
  }

  /// What a pending file waits for: its replacement, and the findings to report either way.
  struct Pending: Sendable {
    var replacement: AtomicWriter.Replacement
    /// The file as it was read, to check just before it is replaced that it has not changed since.
    var identity: FileIdentity
    /// The findings fixed and remaining once it is written (placed in the new file).
    var fixed: [Finding]
    var remaining: [Finding]
  }

  var path: String
  var status: Status
  /// The findings fixed (or that would be), with ``Finding/isFixed`` set.
  var fixed: [Finding]
  /// The findings that remain.
  var remaining: [Finding]
  /// How many findings the ignores and the baseline left out (and so unfixed).
  var suppressedCount = 0
  /// The unified diff of the file's JSON form, when asked for and the file would change.
  var diff: String?
  /// For a pending file, what it waits for.
  var pending: Pending?
  /// With `--fix -`, the document to write to standard output: fixed, or as it was.
  var standardOutput: [UInt8]?
  /// The file's part of the report, made on the thread that fixed the file while its findings were at hand
  /// (they are freed there), for the outcome as it then stands: a pending file's as it reads once written.
  /// ``FileFixer/commit(_:writer:)`` drops it for a file that is not written after all.
  var report: Report?

  /// Frees the findings once ``report`` holds what the report needs of them.
  mutating func dropFindings() {
    fixed = []
    remaining = []
    pending?.fixed = []
    pending?.remaining = []
  }

  /// A file's part of a report, and its findings counted.
  struct Report: Sendable {
    var counts: LintReport.FileCounts
    /// The part, for a report format whose parts are made on any thread (``FileRenderer``).
    var part: RenderedPart?
    /// The findings the part lists, kept only when there is no part (the reporter makes it in order).
    var findings: [Finding]
  }
}
