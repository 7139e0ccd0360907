/// Every rule, in the order `--list-rules` prints them.
///
/// A rule exists only once it is listed here, in ``rules`` (file rules) or `appRules`; the registry test
/// checks that these lists, the files under `Rules/` and each rule's documentation agree. A rule taken out
/// leaves its id in ``removedRules``.
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
    HandAuthoredVerticesRule.self,
  ]

  /// The app rules, which check an app's code against its animation files (``RuleDescription/Scope/app``),
  /// in the order `--list-rules` prints them, after ``rules``.
  package static let appRules: [any AppRule.Type] = [
    MissingBundledFileRule.self,
    UndecodableBundledFileRule.self,
    BundleNotModuleRule.self,
    ContainerNotAddressedRule.self,
    DevModeOutsideDebugRule.self,
    UnknownAnimationIDRule.self,
    UnusedAnimationRule.self,
    ViewModelUseRule.self,
    LoopDurationRangeRule.self,
  ]

  /// Every rule's description, in registry order: the file rules', then the app rules'.
  public static var descriptions: [RuleDescription] {
    rules.map { $0.description } + appRules.map { $0.description }
  }

  /// The file rule (``RuleDescription/Scope/file``) with the given id.
  public static func rule(_ identifier: String) -> (any LintRule.Type)? {
    rules.first { $0.description.identifier == identifier }
  }

  /// The app rule with the given id.
  package static func appRule(_ identifier: String) -> (any AppRule.Type)? {
    appRules.first { $0.description.identifier == identifier }
  }

  /// The description of the rule, file or app, with the given id; `nil` when no rule has it.
  public static func description(of identifier: String) -> RuleDescription? {
    rule(identifier)?.description ?? appRule(identifier)?.description
  }

  /// Every rule id, in registry order.
  public static var identifiers: [String] { descriptions.map(\.identifier) }
}
