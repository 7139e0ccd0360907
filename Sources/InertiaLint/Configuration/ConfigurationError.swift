import InertiaFormat

/// A configuration that cannot be used, and where.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The configuration file.
  public var path: String
  /// Where in it, when the fault has a place (1-based line and column).
  public var line: Int?
  /// The 1-based column, counted in Unicode scalars.
  public var column: Int?
  /// What is wrong, in one sentence.
  public var message: String

  /// A fault in the configuration file at `path`.
  public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  /// `.inertia-lint.json:3:5: unknown rule 'durations'`.
  public var description: String {
    if let line, let column { return "\(path):\(line):\(column): \(message)" }
    return "\(path): \(message)"
  }
}
