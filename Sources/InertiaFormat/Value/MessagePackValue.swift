/// One MessagePack value, keeping everything the wire format carries.
///
/// The model is lossless: integers keep their full 64-bit range, `float32` and `float64` stay distinct,
/// strings and binary stay distinct, extension values keep their type byte, and maps keep their entries
/// in file order, with keys of any type and duplicates kept as they are.
///
/// Integers are normalised: every value in `Int64`'s range is `.int`, and `.uint` is used only above
/// `Int64.max`. The readers always produce that form; equality compares integers by value, so
/// `.uint(5) == .int(5)` even if you build the non-normal form yourself.
///
/// Floats compare by bit pattern, so `NaN == NaN` and `-0.0 != 0.0`: equality means "encodes to the
/// same value", which is what round-trip checks need.
public enum MessagePackValue: Sendable {
  case `nil`
  case bool(Bool)
  /// An integer in `Int64.min...Int64.max`.
  case int(Int64)
  /// An integer above `Int64.max`.
  case uint(UInt64)
  case float32(Float)
  case float64(Double)
  case string(String)
  case binary([UInt8])
  /// An extension value: its application-defined type and its payload. Type -1 is the timestamp
  /// (see ``MessagePackTimestamp``).
  case ext(type: Int8, data: [UInt8])
  case array([MessagePackValue])
  /// A map's entries in file order. Keys may be any value and may repeat.
  case map([MapEntry])

  /// One key-value pair of a map.
  public struct MapEntry: Hashable, Sendable {
    /// The entry's key, of any kind.
    public var key: MessagePackValue
    /// The entry's value.
    public var value: MessagePackValue

    /// An entry of `key` and `value`.
    public init(_ key: MessagePackValue, _ value: MessagePackValue) {
      self.key = key
      self.value = value
    }
  }

  /// An integer in its normal form: `.int` when it fits `Int64`, `.uint` otherwise.
  public init(_ value: UInt64) {
    self = value <= UInt64(Int64.max) ? .int(Int64(value)) : .uint(value)
  }
}

extension MessagePackValue {
  /// The string, when this is a string.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The elements, when this is an array.
  public var arrayValue: [MessagePackValue]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The entries, when this is a map.
  public var mapEntries: [MapEntry]? {
    if case .map(let m) = self { return m }
    return nil
  }

  /// The value of the first entry whose key is the string `key`, when this is a map.
  public subscript(key: String) -> MessagePackValue? {
    guard case .map(let entries) = self else { return nil }
    for entry in entries where entry.key.stringValue == key { return entry.value }
    return nil
  }

  /// The number as a `Double`, for any integer or float case.
  public var doubleValue: Double? {
    switch self {
    case .int(let i): return Double(i)
    case .uint(let u): return Double(u)
    case .float32(let f): return Double(f)
    case .float64(let d): return d
    default: return nil
    }
  }

  /// Whether this is an integer or a float.
  public var isNumber: Bool { doubleValue != nil }

  /// The kind of value this is.
  public var kind: IndexedDocument.Kind {
    switch self {
    case .nil: return .nil
    case .bool: return .bool
    case .int: return .int
    case .uint: return .uint
    case .float32: return .float32
    case .float64: return .float64
    case .string: return .string
    case .binary: return .binary
    case .ext: return .ext
    case .array: return .array
    case .map: return .map
    }
  }

  /// The name of this value's kind, as error messages use it ("a string", "an array").
  public var kindDescription: String { kind.description }

}

extension MessagePackValue: Equatable {
  /// Values compare as the readers normalise them: integers by value, floats by bit pattern, maps entry by entry in
  /// order.
  public static func == (lhs: MessagePackValue, rhs: MessagePackValue) -> Bool {
    switch (lhs, rhs) {
    case (.nil, .nil): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.uint(let a), .uint(let b)): return a == b
    case (.int(let a), .uint(let b)), (.uint(let b), .int(let a)): return a >= 0 && UInt64(a) == b
    case (.float32(let a), .float32(let b)): return a.bitPattern == b.bitPattern
    case (.float64(let a), .float64(let b)): return a.bitPattern == b.bitPattern
    case (.string(let a), .string(let b)): return a == b
    case (.binary(let a), .binary(let b)): return a == b
    case (.ext(let t1, let d1), .ext(let t2, let d2)): return t1 == t2 && d1 == d2
    case (.array(let a), .array(let b)): return a == b
    case (.map(let a), .map(let b)): return a == b
    default: return false
    }
  }
}

extension MessagePackValue: Hashable {
  /// Hashes the value consistently with `==`: its kind (an integer's, signed or not, is one), then what it
  /// holds.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind == .uint ? .int : kind)
    switch self {
    case .nil: break
    case .bool(let b): hasher.combine(b)
    case .int(let i):
      if i >= 0 { hasher.combine(UInt64(i)) } else { hasher.combine(i) }
    case .uint(let u): hasher.combine(u)
    case .float32(let f): hasher.combine(f.bitPattern)
    case .float64(let d): hasher.combine(d.bitPattern)
    case .string(let s): hasher.combine(s)
    case .binary(let b): hasher.combine(b)
    case .ext(let t, let d):
      hasher.combine(t)
      hasher.combine(d)
    case .array(let a): hasher.combine(a)
    case .map(let m): hasher.combine(m)
    }
  }
}

extension MessagePackValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// `nil`.
  public init(nilLiteral: ()) { self = .nil }
  /// A boolean.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An integer.
  public init(integerLiteral value: Int64) { self = .int(value) }
  /// A float64.
  public init(floatLiteral value: Double) { self = .float64(value) }
  /// A string.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An array.
  public init(arrayLiteral elements: MessagePackValue...) { self = .array(elements) }
  /// A map literal keeps the order it is written in.
  public init(dictionaryLiteral elements: (MessagePackValue, MessagePackValue)...) {
    self = .map(elements.map { MapEntry($0.0, $0.1) })
  }
}
