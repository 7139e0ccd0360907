import InertiaFormat
import InertiaLint

/// The output formats.
package enum OutputFormat: String, Sendable, CaseIterable {
  /// One line per finding and a summary line.
  case text
  /// The versioned JSON report.
  case json
  /// SARIF 2.1.0, for GitHub code scanning.
  case sarif
  /// GitHub Actions workflow commands, which annotate the files in a pull request.
  case github
  /// `FILE:LINE:COLUMN: error: …` lines, which SwiftPM and Xcode show as diagnostics (errors and
  /// warnings only).
  case xcode
}
