import InertiaFormat

/// What a run came to, counted as each file's findings arrive, for the reporters: the files, the
/// findings of each severity, the fixes, and the findings of each rule.
///
/// It holds counts, not findings, so that a report can be written file by file however many findings a
/// run makes.
public struct LintReport: Sendable {
  /// The rules that ran, with the severity each ran at.
  public var rules: [(description: RuleDescription, severity: Severity)]
  /// Whether warnings fail the run.
  public var strict: Bool
  /// What the run fixed, when it was run with `--fix`; `nil` for a run that only lints.
  public var fixing: Fixing?
  /// How many files were linted.
  public private(set) var fileCount = 0
  /// How many findings were fixed, and in how many files.
  public var fixedCount: Int { totals.fixed }
  /// In how many files findings were fixed.
  public private(set) var fixedFileCount = 0
  /// How many findings remain of each rule, by rule id.
  public var countsByRule: [String: Int] {
    Dictionary(totals.byRule.lazy.map { ($0.rule, $0.count) }, uniquingKeysWith: +)
  }
  /// How many findings remain of each rule at each severity they were found at (a configuration may set a
  /// rule's severity for some files only), and how many of them `--fix` would fix; most first, then by
  /// rule id, the more severe first: `--statistics`'s rows.
  public var statistics: [RuleCount] {
    totals.byRule.sorted { a, b in
      if a.count != b.count { return a.count > b.count }
      if a.rule != b.rule { return a.rule < b.rule }
      return a.severity > b.severity
    }
  }
  /// How many of the findings that remain have a fix that `--fix` applies (a safe one,
  /// ``Finding/hasSafeFix``).
  public var fixableCount: Int { totals.fixable }

  /// The findings of one rule at one severity: `--statistics`'s row.
  public struct RuleCount: Sendable, Equatable {
    /// The rule's id.
    public var rule: String
    /// The severity the findings were found at.
    public var severity: Severity
    /// How many there are.
    public var count: Int
    /// How many of them have a fix that `--fix` applies.
    public var fixable: Int
  }
  /// The run's findings counted as a file's are (``FileCounts``): its rule counts a short list where each
  /// rule first came, as a run's findings come from a few rules, whose ids are the same strings in every
  /// file (compared in a step when they are), so a short search costs less than hashing each file's rule
  /// ids into a dictionary; reports read the dictionary once, at the end.
  private var totals = FileCounts()
  /// How many findings the configurations' ignores and the baseline left out (see ``FindingSuppression``),
  /// which the summary mentions so that a clean run through a baseline does not look like a clean file.
  public var suppressedCount = 0
  /// What the app rules read, when the run read app sources; `nil` when it read none (the summary is then
  /// what it always was).
  public var appCode: AppCode?

  /// What the app rules read: how many app sources, how many ids in them were not checked, and how many
  /// sources could not be read.
  public struct AppCode: Sendable, Equatable {
    /// The app sources read.
    public var sources: Int
    /// The uses whose id is not a literal (`.inertia(item.id)`), which no rule can check.
    public var uncheckedIDs: Int
    /// The sources that could not be read (each named on standard error), which the rules went without.
    public var unreadableSources: Int

    /// `12 app sources, 3 ids that are not literals not checked` (and `, 1 source not read`).
    public var summary: String {
      var text =
        "\(counted(sources, "app source")), \(uncheckedIDs) \(uncheckedIDs == 1 ? "id that is not a literal" : "ids that are not literals") "
        + "not checked"
      if unreadableSources > 0 { text += ", \(counted(unreadableSources, "source")) not read" }
      return text
    }
  }

  /// What a `--fix` run did, beyond the findings it marks ``Finding/isFixed``.
  public struct Fixing: Sendable, Equatable {
    /// Whether the run wrote nothing (`--dry-run`), so that the fixes are the ones it would make.
    public var isDryRun: Bool

    /// What a `--fix` run did; `isDryRun` when it wrote nothing.
    public init(isDryRun: Bool) {
      self.isDryRun = isDryRun
    }
  }

  /// An empty report, which ``add(_:isFile:)-([Finding],_)`` fills.
  public init(
    rules: [(description: RuleDescription, severity: Severity)], strict: Bool, fixing: Fixing? = nil
  ) {
    self.rules = rules
    self.strict = strict
    self.fixing = fixing
  }

  /// Counts one file's findings.
  /// - Parameters:
  ///   - findings: the file's findings, fixed ones included.
  ///   - isFile: whether they are a linted file's (`false` for a path that could not be read, which is no
  ///     linted file).
  public mutating func add(_ findings: [Finding], isFile: Bool = true) {
    // Counted straight into the totals: no counts of the file's own made and freed.
    if isFile { fileCount += 1 }
    if totals.add(findings) > 0 { fixedFileCount += 1 }
  }

  /// Adds one file's findings counted beforehand, on whichever thread had them at hand.
  public mutating func add(_ counts: FileCounts, isFile: Bool = true) {
    if isFile { fileCount += 1 }
    totals.infos += counts.infos
    totals.warnings += counts.warnings
    totals.errors += counts.errors
    totals.fixable += counts.fixable
    for row in counts.byRule { totals.add(row.count, fixable: row.fixable, ofRule: row.rule, severity: row.severity) }
    totals.fixed += counts.fixed
    if counts.fixed > 0 { fixedFileCount += 1 }
  }

  /// One file's findings counted as ``add(_:isFile:)-([Finding],_)`` counts them, so that a file's part of a report can be
  /// counted where it is made and its findings freed there.
  public struct FileCounts: Sendable {
    /// The findings fixed.
    var fixed = 0
    /// The findings that remain, of each severity.
    var infos = 0, warnings = 0, errors = 0
    /// How many of those have a safe fix.
    var fixable = 0
    /// The findings that remain, by rule and severity, in the order the rules first come.
    var byRule: [RuleCount] = []

    /// No findings.
    init() {}

    /// Counts `findings`, fixed ones included.
    public init(_ findings: [Finding]) {
      byRule.reserveCapacity(findings.count)
      add(findings)
    }

    /// Adds `findings`, fixed ones included; returns how many of them are fixed.
    @discardableResult
    mutating func add(_ findings: [Finding]) -> Int {
      // Each finding is read field by field, not copied whole (a copy retains and releases every string it
      // holds).
      var fixedHere = 0
      for index in findings.indices {
        if findings[index].isFixed {
          fixedHere += 1
          continue
        }
        // A finding that says "… and N more" stands for those N.
        let omitted = findings[index].omittedCount
        let count = omitted > 0 ? omitted : 1
        switch findings[index].severity {
        case .info: infos += count
        case .warning: warnings += count
        case .error: errors += count
        }
        let fixable = omitted > 0 ? findings[index].omittedFixableCount : findings[index].hasSafeFix ? 1 : 0
        self.fixable += fixable
        add(count, fixable: fixable, ofRule: findings[index].ruleID, severity: findings[index].severity)
      }
      fixed += fixedHere
      return fixedHere
    }

    /// Adds `count` findings of `rule` at `severity`, `fixable` of them with a safe fix, to ``byRule``.
    mutating func add(_ count: Int, fixable: Int, ofRule rule: String, severity: Severity) {
      if let index = byRule.firstIndex(where: { $0.rule == rule && $0.severity == severity }) {
        byRule[index].count += count
        byRule[index].fixable += fixable
      } else {
        byRule.append(RuleCount(rule: rule, severity: severity, count: count, fixable: fixable))
      }
    }
  }

  /// How many findings there are of a severity, not counting the ones fixed.
  public func count(_ severity: Severity) -> Int {
    switch severity {
    case .info: totals.infos
    case .warning: totals.warnings
    case .error: totals.errors
    }
  }

  /// Whether any finding fails the run.
  public var fails: Bool {
    Severity.allCases.contains { $0.fails(strict: strict) && count($0) > 0 }
  }

  /// `3 errors, 1 warning and 0 infos in 12 files`; after fixing, followed by
  /// `; fixed 4 problems in 2 files` (or `would fix`, for a dry run); with app sources read, followed by
  /// ``AppCode/summary`` after `; `.
  public var summary: String {
    var text =
      "\(counted(count(.error), "error")), \(counted(count(.warning), "warning")) and "
      + "\(counted(count(.info), "info")) in \(counted(fileCount, "file"))"
    if let fixing {
      text += "; \(fixing.isDryRun ? "would fix" : "fixed") \(counted(fixedCount, "problem"))"
      if fixedCount > 0 { text += " in \(counted(fixedFileCount, "file"))" }
    }
    if suppressedCount > 0 { text += " (\(counted(suppressedCount, "finding")) left out by ignores or a baseline)" }
    if let appCode { text += "; " + appCode.summary }
    return text
  }
}
