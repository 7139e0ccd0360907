/// The order of an object's keys in the file it was read from, kept so that writing the object back keeps
/// it.
///
/// Every model type holds one, hidden. It never makes two objects unequal: two poses with the same values
/// are the same pose whichever order their keys came in.
struct SourceKeyOrder: Hashable, Sendable {
  /// The keys, known and unknown, in file order; empty for an object made in code. A decoder that does not
  /// keep key order (such as Foundation's `JSONDecoder`) gives them in the table's order, so which fields
  /// the file had is still kept.
  var keys: [String] = []
  /// The optional fields the file wrote as `null`, which the model reads as absent and writes back as
  /// `null` while they hold their absent value.
  var nullKeys: Set<String> = []

  static func == (lhs: SourceKeyOrder, rhs: SourceKeyOrder) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}
