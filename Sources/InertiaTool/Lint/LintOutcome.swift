import InertiaFormat
import InertiaLint

/// What linting one input came to.
package enum LintOutcome: Sendable {
  /// The findings, in report order.
  case linted([Finding])
  /// The input could not be read; the message names the path and the reason.
  case unreadable(String)
}
