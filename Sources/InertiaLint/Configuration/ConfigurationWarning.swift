/// Something a configuration says that is accepted and has no effect (a removed rule's id), and where: what
/// the tool prints on standard error before it lints.
public struct ConfigurationWarning: Equatable, Sendable, CustomStringConvertible {
  /// The configuration file.
  public var path: String
  /// The 1-based line of what the warning is about.
  public var line: Int
  /// The 1-based column, counted in Unicode scalars.
  public var column: Int
  /// What has no effect and why, in one sentence.
  public var message: String

  /// A warning about the configuration file at `path`.
  public init(path: String, line: Int, column: Int, message: String) {
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  /// `.inertia-lint.json:2:13: rule 'auto-invoke-type' has no effect: removed: …`.
  public var description: String { "\(path):\(line):\(column): \(message)" }
}
