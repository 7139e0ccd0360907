extension InertiaSchema {
  /// What a field's value must be.
  ///
  /// ``mismatch(in:)`` checks one value against the type, without looking inside objects and arrays; the
  /// elements and fields of those have types of their own (``InertiaSchema/violations(in:)`` walks them).
  public indirect enum ValueType: Hashable, Sendable, CustomStringConvertible {
    /// A string.
    case string
    /// Any number: an integer or a float, of any width.
    case number
    /// An integer in `Int64`'s range: an integer, or a float with an integral value, as runtimes accept.
    case integer
    /// A boolean.
    case bool
    /// A string from a fixed set, such as `"auto"` or `"trigger"`.
    case oneOf([String])
    /// An object of the given kind: a map, whose fields ``InertiaSchema/object(_:)`` describes.
    case object(ObjectKind)
    /// An array whose elements all have the given type.
    case array(of: ValueType)
    /// An array of exactly two numbers, `[x, y]`, as `translate` is.
    case numberPair
    /// An array of anything, as `vertices` is: the format does not describe its elements.
    case anyArray

    /// The type as messages name it: "a number", `"auto" or "trigger"`, "2 numbers".
    public var description: String {
      switch self {
      case .string: return "a string"
      case .number: return "a number"
      case .integer: return "an integer"
      case .bool: return "a boolean"
      case .oneOf(let allowed): return Self.list(allowed.map { "\"\($0)\"" })
      case .object(let kind): return kind.description
      case .array, .anyArray: return "an array"
      case .numberPair: return "2 numbers"
      }
    }

    /// Why `value` does not have this type, as `expected …, found …`; `nil` when it does.
    ///
    /// A string outside a ``oneOf(_:)`` set gets a message too: check ``isOutsideSet(_:)`` to tell it
    /// from a value of the wrong kind.
    public func mismatch(in value: MessagePackValue) -> String? {
      let found: String
      switch (self, value) {
      case (.string, .string), (.bool, .bool), (.object, .map), (.array, .array), (.anyArray, .array):
        return nil
      case (.number, _) where value.isNumber:
        return nil
      case (.integer, .int):
        return nil
      case (.integer, .uint(let u)):
        found = "\(u), which is too large"
      case (.integer, .float32), (.integer, .float64):
        if let d = value.doubleValue, Int64(exactly: d) != nil { return nil }
        found = value.numberDescription
      case (.oneOf(let allowed), .string(let s)):
        if allowed.contains(s) { return nil }
        found = "\"\(s)\""
      case (.numberPair, .array(let elements)):
        if elements.count == 2 { return nil }
        found = String(elements.count)
      default:
        found = value.kindDescription
      }
      return expectation(found: found)
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
