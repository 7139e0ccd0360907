extension IndexedDocument {
  /// Whether the value is an array.
  @inlinable @inline(__always)
  public func isArray(_ node: Node) -> Bool { kind(of: node) == .array }

  /// Whether the value is `nil` (`null` in JSON).
  @inlinable @inline(__always)
  public func isNil(_ node: Node) -> Bool { kind(of: node) == .nil }

  /// The first byte of a value's head, its MessagePack format, which tells the kind of almost every value
  /// (``kind(of:)`` reads it first): for walks that look up what to do with a value by it.
  @inlinable @inline(__always)
  func formatByte(of node: Node) -> UInt8 { bytes[Int(entries[node.index].head)] }

  /// The sixteen bytes from a value's head on (bytes of the values after it too, for a short value), as two
  /// little-endian words; `nil` when the document ends sooner. For comparing a short string's encoding
  /// with a few word compares (``KeyNames/index(ofEncoded:from:)``).
  @inlinable @inline(__always)
  func leadingWords(of node: Node) -> (UInt64, UInt64)? {
    bytes.leadingWords(at: Int(entries[node.index].head))
  }

  /// Whether the value is a number that is not finite.
  @inline(__always)
  public func isNonFiniteNumber(_ node: Node) -> Bool {
    guard let number = double(of: node) else { return false }
    return !number.isFinite
  }

  /// Calls `body` with each element of an array in order; nothing for other values.
  @inlinable @inline(__always)
  public func forEachElement(of array: Node, _ body: (Node) throws -> Void) rethrows {
    var child = firstChild(of: array)
    guard child != nil, isArray(array) else { return }
    while let node = child {
      try body(node)
      child = nextSibling(of: node, in: array)
    }
  }

  /// Calls `body` with each entry of a map in file order, repeated keys included; nothing for other values.
  @inlinable @inline(__always)
  public func forEachEntry(of map: Node, _ body: (Entry) throws -> Void) rethrows {
    var child = firstChild(of: map)
    guard child != nil, isMap(map) else { return }
    var position = 0
    while let key = child, let value = nextSibling(of: key, in: map) {
      try body(Entry(key: key, value: value, position: position))
      position += 1
      child = nextSibling(of: value, in: map)
    }
  }

  /// An array's elements in order, or `[]` when the value is not an array.
  public func elements(of array: Node) -> [Node] {
    var result: [Node] = []
    forEachElement(of: array) { result.append($0) }
    return result
  }

  /// A map's entries in file order, repeated keys included, or `[]` when the value is not a map.
  public func entries(of map: Node) -> [Entry] {
    var result: [Entry] = []
    forEachEntry(of: map) { result.append($0) }
    return result
  }

  /// The value of a map's first entry whose key is `key`, when it is there and not `nil`: how a decoder
  /// reads an optional field, a `nil` being as good as absent.
  public func presentValue(forKey key: StaticString, in map: Node) -> Node? {
    guard let value = value(forKey: key, in: map), !isNil(value) else { return nil }
    return value
  }
}
