extension InertiaSchema {
  /// What a field's value must be.
  ///
  /// ``mismatch(in:)`` checks one value against the type, without looking inside objects and arrays; the
  /// elements and fields of those have types of their own (``InertiaSchema/violations(in:fromJSON:)`` walks them).
  public indirect enum ValueType: Hashable, Sendable, CustomStringConvertible {
    /// A string.
    case string
    /// A number the runtime reads as a `CGFloat` or `Double`: any float, or an integer a double holds exactly
    /// (not `2^53 + 1`).
    case number
    /// A number the runtime reads as a `Float` (a colour component): a float32, a float64 that is exactly a
    /// float32, or an integer a `Float` holds exactly. In the JSON form, any number with a fraction or an
    /// exponent, which `to-msgpack` writes as the nearest float32, as the editor does.
    case float32
    /// An integer the runtime reads as an `Int` (`zIndex`): a MessagePack integer from `Int64.min` to
    /// `Int64.max`. A float, even `2.0`, is not one: the SwiftUI runtime's decoder reads an `Int` only from an
    /// integer (the typed model, like the Compose runtime, reads an integral float).
    case integer
    /// A boolean.
    case bool
    /// A string from a fixed set, such as `"auto"` or `"trigger"`.
    case oneOf([String])
    /// An object of the given kind: a map, whose fields ``InertiaSchema/object(_:)`` describes.
    case object(ObjectKind)
    /// An array whose elements all have the given type.
    case array(of: ValueType)
    /// `translate`: an array of at least two numbers, `[x, y]`. The runtime reads the whole array as
    /// `[CGFloat]` and then its first two elements, so more numbers are read and ignored, and fewer crash it.
    case numberPair

    /// The type as messages name it: "a number", `"auto" or "trigger"`, "2 numbers".
    public var description: String {
      switch self {
      case .string: return "a string"
      case .number, .float32: return "a number"
      case .integer: return "an integer"
      case .bool: return "a boolean"
      case .oneOf(let allowed): return Self.list(allowed.map { "\"\($0)\"" })
      case .object(let kind): return kind.description
      case .array: return "an array"
      case .numberPair: return "at least 2 numbers"
      }
    }

    /// Why `value` does not have this type, as `expected …, found …`; `nil` when it does.
    ///
    /// A string outside a ``oneOf(_:)`` set gets a message too: check ``isOutsideSet(_:)`` to tell it
    /// from a value of the wrong kind. So does a number the runtime's decoder refuses for the field's Swift
    /// type (``numberProblem(in:)`` says which).
    public func mismatch(in value: MessagePackValue) -> String? {
      let found: String
      switch (self, value) {
      case (.string, .string), (.bool, .bool), (.object, .map), (.array, .array):
        return nil
      case (.number, _) where value.isNumber, (.float32, _) where value.isNumber, (.integer, _) where value.isNumber:
        guard let problem = numberProblem(in: value) else { return nil }
        return problem.message(for: value, as: self)
      case (.oneOf(let allowed), .string(let s)):
        if allowed.contains(s) { return nil }
        found = "\"\(s)\""
      case (.numberPair, .array(let elements)):
        if elements.count >= 2 { return nil }
        found = String(elements.count)
      default:
        found = value.kindDescription
      }
      return expectation(found: found)
    }

    /// What the SwiftUI runtime's decoder refuses in a number for this type (``number``, ``float32`` or
    /// ``integer``), as MessagePack stores it; `nil` for a number it reads, and for other types and values.
    public func numberProblem(in value: MessagePackValue) -> NumberProblem? {
      switch (self, value) {
      case (.number, .int(let i)): return Double(exactly: i) == nil ? .inexactInteger : nil
      case (.number, .uint(let u)): return Double(exactly: u) == nil ? .inexactInteger : nil
      case (.float32, .int(let i)): return Float(exactly: i) == nil ? .inexactInteger : nil
      case (.float32, .uint(let u)): return Float(exactly: u) == nil ? .inexactInteger : nil
      case (.float32, .float64(let d)): return Float(exactly: d) == nil ? .notFloat32 : nil
      case (.integer, .uint(let u)): return u > UInt64(Int64.max) ? .integerOutOfRange : nil
      case (.integer, .float32), (.integer, .float64): return .floatForInteger
      default: return nil
      }
    }

    /// `expected <this type>, found <found>`: how every schema message words a mismatch.
    func expectation(found: String) -> String {
      "expected \(description), found \(found)"
    }

    /// Whether `value` is a string that this ``oneOf(_:)`` type does not allow: the right kind of value, but
    /// not one of the set.
    public func isOutsideSet(_ value: MessagePackValue) -> Bool {
      guard case .oneOf(let allowed) = self, case .string(let s) = value else { return false }
      return !allowed.contains(s)
    }

    /// Whether the runtime reads a value of this type as a number: ``number``, ``float32`` or ``integer``.
    public var isNumber: Bool {
      switch self {
      case .number, .float32, .integer: return true
      default: return false
      }
    }

    /// The type of each element, for the array types.
    public var elementType: ValueType? {
      switch self {
      case .array(let element): return element
      case .numberPair: return .number
      default: return nil
      }
    }

    /// `a`, `a or b`, `a, b or c`.
    static func list(_ items: [String]) -> String {
      guard let last = items.last else { return "nothing" }
      if items.count == 1 { return last }
      return items.dropLast().joined(separator: ", ") + " or " + last
    }
  }
}

extension MessagePackValue {
  /// A number as messages print it: `3`, `-0.648`, `nan`; other values by their kind.
  var numberDescription: String {
    switch self {
    case .int(let i): return String(i)
    case .uint(let u): return String(u)
    case .float32(let f): return String(describing: f)
    case .float64(let d): return String(describing: d)
    default: return kindDescription
    }
  }
}
