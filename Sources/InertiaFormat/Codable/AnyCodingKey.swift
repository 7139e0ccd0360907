/// A coding key for any string or array index, as map keys and error paths need.
///
/// Array positions follow Foundation's convention (`intValue` set, `stringValue` "Index 2"), which is what
/// ``JSONPointer/init(codingPath:)`` recognises as an index.
struct AnyCodingKey: CodingKey, Hashable, Sendable {
  let stringValue: String
  let intValue: Int?

  init(_ name: String) {
    stringValue = name
    intValue = nil
  }

  init(stringValue: String) {
    self.init(stringValue)
  }

  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }

  /// The key of the element at `index` of an array.
  init(index: Int) {
    stringValue = "Index \(index)"
    intValue = index
  }

  /// The key `superEncoder()` and `superDecoder()` use.
  static let `super` = AnyCodingKey("super")
}

extension MessagePackValue {
  /// How a map key is named as a coding key: a string as it is, an integer as its digits. Other keys have
  /// no coding-key name, so `Decoder` containers do not list them.
  var codingKeyName: String? {
    switch self {
    case .string(let s): return s
    case .int(let i): return String(i)
    case .uint(let u): return String(u)
    default: return nil
    }
  }
}
