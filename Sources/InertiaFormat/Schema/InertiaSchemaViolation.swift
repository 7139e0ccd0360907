/// One place where a document does not follow ``InertiaSchema``.
public struct InertiaSchemaViolation: Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public enum Kind: Hashable, Sendable {
    /// An object lacks a required field. The path is the object's.
    case missingField(String)
    /// A value is of the wrong kind: a string where a number belongs, three numbers for a pair, a
    /// fractional `zIndex`. The path is the value's.
    case wrongType(expected: InertiaSchema.ValueType)
    /// A string outside its field's set, such as `"invokeType": "sometimes"`. The path is the value's.
    case valueNotAllowed(allowed: [String])
    /// An object carries a key its schema does not list. The path is the entry's.
    case unknownField(String)
    /// A number of the right kind that the runtime's decoder refuses for its field's Swift type, such as
    /// `"zIndex": 2.0` or a colour component stored as a float64 that no float32 equals. The path is the
    /// value's.
    case refusedNumber(InertiaSchema.NumberProblem)
    /// An object has the same key twice, which the runtime's decoder refuses. The path is the object's.
    case duplicateKey
    /// An object has a key that is neither a string nor an integer, which the runtime's decoder refuses.
    /// The path is the object's.
    case keyType
  }

  /// Where: the object, value or entry the violation is about.
  public var path: JSONPointer
  /// What is wrong.
  public var kind: Kind
  /// The same, in one sentence without a trailing period.
  public var message: String

  /// A violation at `path`.
  public init(path: JSONPointer, kind: Kind, message: String) {
    self.path = path
    self.kind = kind
    self.message = message
  }

  /// `/0/keyframes/2/values/translate: expected 2 numbers, found 3`.
  public var description: String {
    path.isRoot ? message : "\(path): \(message)"
  }
}
