import InertiaFormat
import InertiaLint

/// Writes a report as it is made: a head, each file's findings (sorted, as they arrive in path order),
/// and a tail with the summary, so that a run holds one file's findings at a time however many files and
/// findings it has.
protocol Reporter {
  /// What opens the report.
  mutating func head() -> String
  /// The part for one file's findings, or for one path that could not be read.
  mutating func file(_ findings: [Finding], _ file: ReportedFile) -> String
  /// A copy of the reporter that makes files' parts on the threads that lint them, side by side, for
  /// ``join(_:)`` to place in order; `nil` for a reporter whose parts depend on the files before them.
  var renderer: (any FileRenderer)? { get }
  /// The text that places a part made by ``renderer`` after the parts before it.
  mutating func join(_ part: RenderedPart) -> String
  /// What ends the report: the statistics or the summary, and the errors that stopped the run (a usage,
  /// configuration or I/O error), which a machine-readable report carries so that it stays whole.
  mutating func tail(_ report: LintReport, errors: [String]) -> String
}

/// Makes a file's part of a report from that file's findings alone, on any thread.
protocol FileRenderer: Sendable {
  func render(_ findings: [Finding], _ file: ReportedFile) -> RenderedPart
}

/// A file's part of a report, made by a ``FileRenderer``.
struct RenderedPart: Sendable {
  /// The part, as it follows a part with items of its own (see ``Reporter/join(_:)``).
  var text = ""
  /// Whether the part holds items that a separator must set apart from those before (JSON's findings).
  var hasItems = false
}

extension Reporter {
  var renderer: (any FileRenderer)? { nil }

  func join(_ part: RenderedPart) -> String { part.text }
}

extension Reporter where Self: FileRenderer {
  var renderer: (any FileRenderer)? { self }

  mutating func file(_ findings: [Finding], _ file: ReportedFile) -> String {
    join(render(findings, file))
  }
}

/// A file a report speaks of.
struct ReportedFile: Sendable {
  /// As findings name it.
  var path: String
  /// Where the kernel finds it, when it exists (for SARIF's repository-relative URIs).
  var physicalPath: String?
}

/// What the command line asks of a report beyond its format.
struct ReportStyle: Sendable {
  var color = false
  /// `-q`: findings only, no summary line.
  var quiet = false
  /// `--statistics`: counts per rule instead of the findings.
  var statistics = false
  /// Whether the findings `--fix` would fix are marked, and counted after the summary (not in a run that
  /// fixes, which says what it fixed instead).
  var marksFixable = true
}

extension Finding {
  /// The file name as a JSON string holds it: the name itself, or (for a name that is not UTF-8, see
  /// ``PathText``) its bytes percent-encoded, as ``reportedFileIsPercentEncoded`` then says.
  var reportedFile: String {
    PathText.hasRawBytes(file) ? PathText.percentEncoded(file) : file
  }

  /// Whether ``reportedFile`` is percent-encoded.
  var reportedFileIsPercentEncoded: Bool { PathText.hasRawBytes(file) }
}
