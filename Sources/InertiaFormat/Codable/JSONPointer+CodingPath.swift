extension JSONPointer {
  /// The pointer to the value a `Codable` coding path names, such as a `DecodingError`'s.
  ///
  /// A key whose `intValue` is set and whose `stringValue` is `Index n` (the convention of Foundation's
  /// coders and of ours) is the array index `n`; every other key is a map key named by its `stringValue`.
  /// The linter uses this to find where a decoding error sits in the input.
  public init(codingPath: [any CodingKey]) {
    self.init(
      codingPath.map { key in
        if let index = key.intValue, key.stringValue == "Index \(index)" { return .index(index) }
        return .key(key.stringValue)
      })
  }

  /// The coding keys that name this pointer's value, the inverse of ``init(codingPath:)``.
  var codingPath: [any CodingKey] {
    components.map { component in
      switch component {
      case .index(let i): return AnyCodingKey(index: i)
      case .key(let k): return AnyCodingKey(k)
      }
    }
  }

  /// The path as error messages write it: `[0].keyframes[2].values.translate`.
  ///
  /// Indexes are bracketed; keys follow a dot, or are bracketed and quoted when they are not plain
  /// identifiers (`["my key"]`). The root is the empty string.
  public var dottedDescription: String {
    var text = ""
    for component in components {
      switch component {
      case .index(let i):
        text += "[\(i)]"
      case .key(let k):
        let isIdentifier =
          !k.isEmpty && k.first?.isNumber == false
          && k.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        text += isIdentifier ? (text.isEmpty ? k : ".\(k)") : "[\"\(k)\"]"
      }
    }
    return text
  }
}
