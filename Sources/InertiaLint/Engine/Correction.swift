/// A document before and after applying a rule's fixes.
public struct Correction: Sendable {
  /// The document before fixing, with markers where the fixes apply.
  public let before: Example
  /// The expected text after every fix the rule offers in `before` is applied.
  public let after: String

  /// A correction: `before` becomes `after` when its fixes are applied.
  public init(_ before: Example, _ after: String) {
    self.before = before
    self.after = after
  }
}
