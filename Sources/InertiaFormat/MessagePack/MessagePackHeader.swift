/// The head of one MessagePack value: its format byte and length fields, decoded and checked.
enum MessagePackHeader {
  case `nil`
  case bool(Bool)
  case int(Int64)
  case uint(UInt64)
  case float32(Float)
  case float64(Double)
  /// A string of `length` bytes that start at the scanner's offset.
  case string(length: Int)
  case binary(length: Int)
  case ext(type: Int8, length: Int)
  case array(count: Int)
  case map(count: Int)

  /// The kind of value.
  var kind: IndexedDocument.Kind {
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

  /// The kind of value, as error messages name it ("an integer", "binary data").
  var kindDescription: String { kind.description }

}
