/// What the typed model does with fields its types do not know, such as a newer editor's.
///
/// Every Inertia coder has an `unknownFieldPolicy` property. The model's types read the policy from the
/// coder's `userInfo` under `CodingUserInfoKey.inertiaUnknownFieldPolicy`, so it works with any
/// coder, Foundation's included: set that key in its `userInfo`.
public enum InertiaUnknownFieldPolicy: Hashable, Sendable {
  /// Keep unknown fields, with their values and order, and write them back (the default).
  case preserve
  /// Leave them out: a decoder does not keep them, an encoder does not write them.
  case drop
}

extension CodingUserInfoKey {
  /// The ``InertiaUnknownFieldPolicy`` the Inertia model's types follow; `.preserve` when absent.
  public static let inertiaUnknownFieldPolicy = CodingUserInfoKey(rawValue: "InertiaFormat.unknownFieldPolicy")!
}

extension InertiaUnknownFieldPolicy {
  /// The policy a coder's `userInfo` asks for.
  init(_ userInfo: [CodingUserInfoKey: Any]) {
    self = userInfo[.inertiaUnknownFieldPolicy] as? InertiaUnknownFieldPolicy ?? .preserve
  }
}
