/// The head of one MessagePack value: its format byte and length fields, decoded and checked by
/// ``MessagePackScanner``.
@usableFromInline
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

  /// The kind of value a format byte starts, for every format byte but 0xcf (uint64), whose kind depends
  /// on its value (`readHeader()` tells it), and 0xc1, which starts none.
  @inlinable @inline(__always)
  static func kind(ofFormat format: UInt8) -> IndexedDocument.Kind? {
    // The fixed formats by range first (most values), then one case per byte of 0xC0...0xDF, which the
    // compiler turns into a table lookup rather than a chain of range tests.
    if format < 0x80 || format >= 0xE0 { return .int }
    if format < 0xC0 { return format < 0x90 ? .map : format < 0xA0 ? .array : .string }
    switch format {
    case 0xD0, 0xD1, 0xD2, 0xD3, 0xCC, 0xCD, 0xCE: return .int
    case 0xDE, 0xDF: return .map
    case 0xDC, 0xDD: return .array
    case 0xD9, 0xDA, 0xDB: return .string
    case 0xC0: return .nil
    case 0xC2, 0xC3: return .bool
    case 0xC4, 0xC5, 0xC6: return .binary
    case 0xC7, 0xC8, 0xC9, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8: return .ext
    case 0xCA: return .float32
    case 0xCB: return .float64
    default: return nil
    }
  }
}
