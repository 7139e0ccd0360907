/// The outcome of a run, as the reporters render it.
public struct LintReport: Sendable {
  /// How many files were linted.
  public var fileCount: Int
  /// Every finding, sorted by file and then position.
  public var findings: [Finding]
  /// The rules that ran, with the severity each ran at.
  public var rules: [(description: RuleDescription, severity: Severity)]
  /// Whether warnings fail the run.
  public var strict: Bool

  /// How many findings there are of each severity.
  private let counts: [Severity: Int]

  public init(
    fileCount: Int, findings: [Finding], rules: [(description: RuleDescription, severity: Severity)], strict: Bool
  ) {
    self.fileCount = fileCount
    self.findings = findings
    self.rules = rules
    self.strict = strict
    var counts: [Severity: Int] = [:]
    for index in findings.indices { counts[findings[index].severity, default: 0] += 1 }
    self.counts = counts
  }

  /// How many findings there are of a severity.
  public func count(_ severity: Severity) -> Int {
    counts[severity] ?? 0
  }

  /// Whether any finding fails the run.
  public var fails: Bool {
    Severity.allCases.contains { $0.fails(strict: strict) && count($0) > 0 }
  }

  /// `3 errors, 1 warning and 0 infos in 12 files`.
  public var summary: String {
    func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
    return "\(counted(count(.error), "error")), \(counted(count(.warning), "warning")) and "
      + "\(counted(count(.info), "info")) in \(counted(fileCount, "file"))"
  }
}

/// Renders a report in one output format.
protocol Reporter {
  func render(_ report: LintReport) -> String
}
