extension InertiaSchema {
  /// One field of an object: its name, its type, and what its absence means.
  public struct Field: Hashable, Sendable {
    /// What a file without the field means.
    public enum Presence: Hashable, Sendable {
      /// The file must carry the field.
      case required
      /// The field may be absent, and absent means "none" (no fill, no animation of its own).
      case optional
      /// The field may be absent, and absent reads as this value.
      case defaulted(MessagePackValue)
    }

    /// The key, exactly as the file spells it.
    public let name: String
    /// What the value must be.
    public let type: ValueType
    /// Whether the field is required and, if not, what its absence means.
    public let presence: Presence
    /// What the field means, in one sentence.
    public let summary: String
    /// The values the spec gives the number a meaning for, when it names a range: a colour component is
    /// from 0 to 1.
    ///
    /// A number outside the range still has the field's type, so ``InertiaSchema/violations(in:fromJSON:)`` does not
    /// report it: the linter's `colour-out-of-range` rule does, and the JSON Schema gives it as `minimum`
    /// and `maximum`.
    public let range: ClosedRange<Double>?

    init(
      _ name: String, _ type: ValueType, _ presence: Presence, _ summary: String, range: ClosedRange<Double>? = nil
    ) {
      self.name = name
      self.type = type
      self.presence = presence
      self.summary = summary
      self.range = range
    }

    /// Whether a file must carry the field.
    public var isRequired: Bool { presence == .required }

    /// The value an absent field reads as, when it has one.
    public var defaultValue: MessagePackValue? {
      if case .defaulted(let value) = presence { return value }
      return nil
    }
  }
}
