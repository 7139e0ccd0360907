extension InertiaSchema {
  /// A number of the right kind for its field that the SwiftUI runtime's decoder still refuses, because of
  /// how MessagePack stores it: the runtime reads each number field into one Swift type (`CGFloat`,
  /// `Double`, `Float` or `Int`), and msgpack-swift 2.0.6 converts only what that type holds exactly.
  ///
  /// A file with one cannot be decoded, so a SwiftUI container with `dev: false` traps at launch. (Compose
  /// converts any number into any numeric field; React reads numbers as JavaScript's doubles.)
  public enum NumberProblem: Hashable, Sendable, CaseIterable {
    /// A float where the runtime reads an `Int` (`zIndex`): its decoder builds an integer only from a
    /// MessagePack integer, so even `2.0` fails.
    case floatForInteger
    /// An integer beyond `Int64.max` where the runtime reads an `Int`.
    case integerOutOfRange
    /// A float64 that no float32 equals (`0.33`, or NaN) where the runtime reads a `Float` (a colour
    /// component): the decoder converts a float64 to a `Float` only when it is exactly one.
    case notFloat32
    /// An integer that the field's floating-point type cannot hold exactly: beyond 2^53 in magnitude for a
    /// `CGFloat` or `Double` (`9007199254740993`), beyond 2^24 for a `Float`, unless it happens to be one.
    case inexactInteger

    /// `expected …, found …`, as every schema message words a fault, for `value` of a field of `type`.
    func message(for value: MessagePackValue, as type: ValueType) -> String {
      switch self {
      case .floatForInteger:
        return "expected an integer, found the float \(value.numberDescription)"
      case .integerOutOfRange:
        return "expected an integer, found \(value.numberDescription), which is too large"
      case .notFloat32:
        return "expected a float32, found the float64 \(value.numberDescription), which no float32 equals"
      case .inexactInteger:
        let holder = type == .float32 ? "a Float" : "a double"
        return "expected a number \(holder) holds exactly, found the integer \(value.numberDescription)"
      }
    }
  }
}
