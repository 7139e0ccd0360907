/// Every rule, in the order `--list-rules` prints them.
///
/// A rule exists only once it is listed here; the registry test checks that this list, the files under
/// `Rules/` and each rule's documentation agree.
public enum RuleRegistry {
  /// The rules.
  public static let rules: [any LintRule.Type] = [
    InvalidFileRule.self,
    SchemaRule.self,
    IntegerFieldRule.self,
    TranslateLengthRule.self,
    VertexShapeRule.self,
    DuplicateKeyRule.self,
    NullOptionalFieldRule.self,
    UnknownFieldRule.self,
    NonPositiveDurationRule.self,
    DuplicateKeyframeIDRule.self,
    NestedShapeAnimationRule.self,
    ColourOutOfRangeRule.self,
    UnaddressableIDRule.self,
    NonFiniteValueRule.self,
    NestedShowsBeforeAnimationRule.self,
    InvisibleShapeRule.self,
    IneffectiveStrokeRule.self,
    StrokeWidthClampedRule.self,
    LoopStretchedRule.self,
    TrackBeyondEditorRangeRule.self,
    AutoInvokeTypeRule.self,
    HandAuthoredVerticesRule.self,
  ]

  /// The rules' descriptions, in registry order.
  public static var descriptions: [RuleDescription] { rules.map { $0.description } }

  /// The rule with the given id.
  public static func rule(_ identifier: String) -> (any LintRule.Type)? {
    rules.first { $0.description.identifier == identifier }
  }

  /// Every rule id.
  public static var identifiers: [String] { rules.map { $0.description.identifier } }
}
