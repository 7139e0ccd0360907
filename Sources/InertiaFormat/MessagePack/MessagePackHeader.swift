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

  /// The kind of value, as error messages name it ("an integer", "binary data").
  var kindDescription: String {
    let kind: IndexedDocument.Kind
    switch self {
    case .nil: kind = .nil
    case .bool: kind = .bool
    case .int: kind = .int
    case .uint: kind = .uint
    case .float32: kind = .float32
    case .float64: kind = .float64
    case .string: kind = .string
    case .binary: kind = .binary
    case .ext: kind = .ext
    case .array: kind = .array
    case .map: kind = .map
    }
    return kind.description
  }

}
