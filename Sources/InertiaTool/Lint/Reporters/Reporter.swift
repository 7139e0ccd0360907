import InertiaFormat
import InertiaLint

/// Renders a report in one output format.
protocol Reporter {
  func render(_ report: LintReport) -> String
}
