import InertiaFormat
import InertiaLint

/// What linting one input came to.
package enum LintOutcome: Sendable {
  /// The findings, in report order, and how many the ignores and the baseline left out.
  case linted(Linter.Linted)
  /// The input could not be read, for the reason given (the system's, such as "Permission denied").
  case unreadable(String)
}
