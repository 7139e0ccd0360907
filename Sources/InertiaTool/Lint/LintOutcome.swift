import InertiaFormat
import InertiaLint

/// What linting one input came to.
package enum LintOutcome: Sendable {
  /// The findings, in report order.
  case linted([Finding])
  /// The input could not be read, for the reason given (the system's, such as "Permission denied").
  case unreadable(String)
}
