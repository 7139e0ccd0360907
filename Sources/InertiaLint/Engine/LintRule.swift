import InertiaFormat

/// A rule: one sentence of the format documentation, checked against a document.
///
/// Each rule lives in its own file under `Rules/`, named after it, and is listed in ``RuleRegistry``.
public protocol LintRule: Sendable {
  /// The rule's documentation and examples.
  static var description: RuleDescription { get }

  /// Reports what the rule finds in a document that has been read.
  /// - Parameters:
  ///   - context: the document, its outline and the settings.
  ///   - findings: where the rule reports.
  static func check(_ context: LintContext, _ findings: inout FindingSink)

  /// What the rule finds in contents that are no document at all, which ``check(_:_:)`` never sees (the
  /// ``Linter`` sets each finding's file and configured severity). Most rules find nothing there.
  /// - Parameter error: why the contents could not be read.
  static func findings(unreadable error: FormatError) -> [Finding]
}

extension LintRule {
  /// Nothing: most rules need a document to find anything.
  public static func findings(unreadable error: FormatError) -> [Finding] { [] }
}
