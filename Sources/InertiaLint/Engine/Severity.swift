/// How much a finding matters, from the runtime's point of view.
///
/// - ``error``: the runtime crashes, repairs the file into something else, or cannot address what the
///   file describes. Errors always fail a run.
/// - ``warning``: the file says something the runtimes ignore or draw differently. Warnings fail a run
///   under `--strict`.
/// - ``info``: worth knowing, often intended. Never fails a run.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
  case info
  case warning
  case error

  /// Whether a finding of this severity fails the run.
  /// - Parameter strict: whether warnings fail too (`--strict`).
  public func fails(strict: Bool) -> Bool {
    switch self {
    case .error: return true
    case .warning: return strict
    case .info: return false
    }
  }

  /// The SARIF `level` for this severity.
  public var sarifLevel: String {
    switch self {
    case .error: return "error"
    case .warning: return "warning"
    case .info: return "note"
    }
  }

  /// Orders severities from the mildest (info) to the gravest (error).
  public static func < (lhs: Severity, rhs: Severity) -> Bool {
    lhs.rank < rhs.rank
  }

  private var rank: Int {
    switch self {
    case .info: return 0
    case .warning: return 1
    case .error: return 2
    }
  }
}
