import InertiaFormat

/// A change that resolves a finding: a new value for the value at ``pointer``, which sits at
/// ``byteRange`` of the input.
///
/// A fix replaces exactly one value's bytes. That works in both encodings: JSON text is spliced, and a
/// MessagePack container records how many values it holds rather than how many bytes, so a value can be
/// re-encoded in place at any length. (Dropping a map's entries replaces the map.)
public struct Fix: Sendable, Equatable {
  /// Whether applying a fix can change what the file means.
  public enum Safety: String, Sendable, Equatable {
    /// The file keeps meaning what the runtime already does with it (for example writing out the
    /// repair the runtime applies anyway).
    case safe
    /// The fix changes what plays or draws, or guesses at intent; review it before you keep it.
    case unsafe
  }

  /// What the fix does, in a few words ("set the duration to 0.001").
  public var summary: String
  /// Whether the fix keeps what the file means.
  public var safety: Safety
  /// The value replaced.
  public var pointer: JSONPointer
  /// The bytes of the input that encode the value replaced.
  public var byteRange: Range<Int>
  /// The value written in its place.
  public var replacement: MessagePackValue
  /// The replacement's bytes in the input's encoding, when the rule writes them itself: a map with some of
  /// its entries dropped keeps every byte of the others (a map's repeated keys dropped). `nil` for a
  /// fix whose ``replacement`` ``FixApplier`` encodes.
  public var replacementBytes: [UInt8]?

  /// A fix writing `replacement` over the value at `pointer`, which sits at `byteRange`; as the bytes
  /// `replacementBytes` when they are given.
  public init(
    summary: String, safety: Safety, pointer: JSONPointer, byteRange: Range<Int>, replacement: MessagePackValue,
    replacementBytes: [UInt8]? = nil
  ) {
    self.summary = summary
    self.safety = safety
    self.pointer = pointer
    self.byteRange = byteRange
    self.replacement = replacement
    self.replacementBytes = replacementBytes
  }
}
