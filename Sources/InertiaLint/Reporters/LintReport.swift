import InertiaFormat

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
  /// What the run fixed, when it was run with `--fix`; `nil` for a run that only lints.
  public var fixing: Fixing?

  /// What a `--fix` run did, beyond the findings it marks ``Finding/isFixed``.
  public struct Fixing: Sendable, Equatable {
    /// Whether the run wrote nothing (`--dry-run`), so that the fixes are the ones it would make.
    public var isDryRun: Bool

    /// What a `--fix` run did; `isDryRun` when it wrote nothing.
    public init(isDryRun: Bool) {
      self.isDryRun = isDryRun
    }
  }

  /// How many findings there are of each severity, not counting fixed ones.
  private let counts: [Severity: Int]
  /// How many findings were fixed, and in how many files.
  public let fixedCount: Int
  /// In how many files findings were fixed.
  public let fixedFileCount: Int

  /// A report of a run over `fileCount` files, counting its findings by severity.
  public init(
    fileCount: Int, findings: [Finding], rules: [(description: RuleDescription, severity: Severity)], strict: Bool,
    fixing: Fixing? = nil
  ) {
    self.fileCount = fileCount
    self.findings = findings
    self.rules = rules
    self.strict = strict
    self.fixing = fixing
    var counts: [Severity: Int] = [:]
    var fixedCount = 0
    var fixedFiles: Set<String> = []
    for index in findings.indices {
      if findings[index].isFixed {
        fixedCount += 1
        fixedFiles.insert(findings[index].file)
      } else {
        counts[findings[index].severity, default: 0] += 1
      }
    }
    self.counts = counts
    self.fixedCount = fixedCount
    self.fixedFileCount = fixedFiles.count
  }

  /// How many findings there are of a severity, not counting the ones fixed.
  public func count(_ severity: Severity) -> Int {
    counts[severity] ?? 0
  }

  /// Whether any finding fails the run.
  public var fails: Bool {
    Severity.allCases.contains { $0.fails(strict: strict) && count($0) > 0 }
  }

  /// `3 errors, 1 warning and 0 infos in 12 files`; after fixing, followed by
  /// `; fixed 4 problems in 2 files` (or `would fix`, for a dry run).
  public var summary: String {
    var text =
      "\(counted(count(.error), "error")), \(counted(count(.warning), "warning")) and "
      + "\(counted(count(.info), "info")) in \(counted(fileCount, "file"))"
    if let fixing {
      text += "; \(fixing.isDryRun ? "would fix" : "fixed") \(counted(fixedCount, "problem"))"
      if fixedCount > 0 { text += " in \(counted(fixedFileCount, "file"))" }
    }
    return text
  }
}
