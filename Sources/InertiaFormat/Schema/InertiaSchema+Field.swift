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

    init(_ name: String, _ type: ValueType, _ presence: Presence, _ summary: String) {
      self.name = name
      self.type = type
      self.presence = presence
      self.summary = summary
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
