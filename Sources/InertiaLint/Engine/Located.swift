import InertiaFormat

/// A value of the document, by its place in the document's index.
///
/// Rules walk the document through these, so that every value they look at, including a later duplicate
/// of a map key, carries its own position. Contents are decoded on demand through ``LocatedDocument``,
/// and the value's JSON Pointer is worked out only when something is reported
/// (``LocatedDocument/pointer(of:)``), so a walk allocates nothing per value.
public struct Located: Sendable, Hashable {
  /// The value's place in the document's index.
  public let node: IndexedDocument.Node

  /// The value at `node`.
  public init(_ node: IndexedDocument.Node) {
    self.node = node
  }
}

/// One entry of a located map: its key and its value, each with their own position.
public struct LocatedEntry: Sendable {
  /// The key, located at the key's bytes.
  public let key: Located
  /// The entry's value.
  public let value: Located
  /// The entry's position in the map (0-based, in file order).
  public let position: Int
}

/// A read document and the means to walk it with positions and read its values.
///
/// One document is linted on one thread; the one cache it keeps, for pointers, is not shared.
public final class LocatedDocument: @unchecked Sendable {
  /// The document's index, for reading values directly.
  public let indexed: IndexedDocument
  /// The children of wide containers, by container, so that pointers into them are found by binary search.
  private var wideChildren: [Int: [IndexedDocument.Node]] = [:]

  /// Walks the document `indexed`.
  public init(_ indexed: IndexedDocument) {
    self.indexed = indexed
  }

  /// The whole document.
  public var root: Located? { indexed.root.map(Located.init) }

  // MARK: Reading values

  /// The bytes of the input that encode a located value.
  @inline(__always)
  public func byteRange(of located: Located) -> Range<Int> { indexed.byteRange(of: located.node) }
  /// What kind of value a located value is.
  @inline(__always)
  public func kind(of located: Located) -> IndexedDocument.Kind { indexed.kind(of: located.node) }
  /// Whether the value is a map.
  @inline(__always)
  public func isMap(_ located: Located) -> Bool { indexed.isMap(located.node) }
  /// Whether the value is an array.
  @inline(__always)
  public func isArray(_ located: Located) -> Bool { indexed.kind(of: located.node) == .array }
  /// Whether the value is `nil` (`null` in JSON).
  @inline(__always)
  public func isNil(_ located: Located) -> Bool { indexed.kind(of: located.node) == .nil }
  /// The number, for any integer or float.
  @inline(__always)
  public func double(of located: Located) -> Double? { indexed.double(of: located.node) }
  /// The string, when the value is one.
  @inline(__always)
  public func string(of located: Located) -> String? { indexed.string(of: located.node) }
  /// The boolean, when the value is one.
  @inline(__always)
  public func bool(of located: Located) -> Bool? { indexed.bool(of: located.node) }
  /// An array's element count or a map's entry count.
  @inline(__always)
  public func count(of located: Located) -> Int? { indexed.count(of: located.node) }
  /// The whole value, decoded (for messages and the rare rule that needs a container's contents).
  public func value(of located: Located) -> MessagePackValue { indexed.value(of: located.node) }

  /// The key of an entry when it is a string, as every key of the format is.
  @inline(__always)
  public func name(of entry: LocatedEntry) -> String? { indexed.string(of: entry.key.node) }

  /// Whether a value is the string `text`, compared without decoding it.
  public func isString(_ located: Located, _ text: String) -> Bool {
    indexed.isString(located.node, equalTo: text)
  }

  /// Whether a value is a number that is not finite.
  @inline(__always)
  public func isNonFiniteNumber(_ located: Located) -> Bool {
    guard let number = indexed.double(of: located.node) else { return false }
    return !number.isFinite
  }

  // MARK: Walking

  /// Calls `body` with each element of an array in order; nothing for other values.
  @inline(__always)
  public func forEachElement(of located: Located, _ body: (Located) throws -> Void) rethrows {
    var child = indexed.firstChild(of: located.node)
    guard child != nil, indexed.kind(of: located.node) == .array else { return }
    while let node = child {
      try body(Located(node))
      child = indexed.nextSibling(of: node, in: located.node)
    }
  }

  /// Calls `body` with each entry of a map in file order, duplicates included; nothing for other values.
  @inline(__always)
  public func forEachEntry(of located: Located, _ body: (LocatedEntry) throws -> Void) rethrows {
    var child = indexed.firstChild(of: located.node)
    guard child != nil, indexed.kind(of: located.node) == .map else { return }
    var position = 0
    while let keyNode = child, let valueNode = indexed.nextSibling(of: keyNode, in: located.node) {
      try body(LocatedEntry(key: Located(keyNode), value: Located(valueNode), position: position))
      position += 1
      child = indexed.nextSibling(of: valueNode, in: located.node)
    }
  }

  /// Calls `body` with the key and the value of each entry of a map, in file order, without counting
  /// positions.
  @inline(__always)
  public func forEachKey(of located: Located, _ body: (Located, Located) throws -> Void) rethrows {
    var child = indexed.firstChild(of: located.node)
    guard child != nil, indexed.isMap(located.node) else { return }
    while let keyNode = child, let valueNode = indexed.nextSibling(of: keyNode, in: located.node) {
      try body(Located(keyNode), Located(valueNode))
      child = indexed.nextSibling(of: valueNode, in: located.node)
    }
  }

  /// An array's elements in order, or `[]` when the value is not an array.
  public func elements(of located: Located) -> [Located] {
    var result: [Located] = []
    forEachElement(of: located) { result.append($0) }
    return result
  }

  /// A map's entries in file order, duplicates included, or `[]` when the value is not a map.
  public func entries(of located: Located) -> [LocatedEntry] {
    var result: [LocatedEntry] = []
    forEachEntry(of: located) { result.append($0) }
    return result
  }

  /// The value of the first entry whose key is `name`, or `nil` when there is none or this is not a map.
  @inline(__always)
  public func field(_ name: StaticString, of located: Located) -> Located? {
    indexed.value(forKey: name, in: located.node).map(Located.init)
  }

  /// The value of the first entry whose key is `name` (a name known only at run time), or `nil`.
  public func field(named name: String, of located: Located) -> Located? {
    indexed.value(forKey: name, in: located.node).map(Located.init)
  }

  /// The value of a field that is there and not `nil` (a `nil` optional field reads as absent).
  public func presentField(_ name: StaticString, of located: Located) -> Located? {
    guard let field = field(name, of: located), !isNil(field) else { return nil }
    return field
  }

  // MARK: Pointers

  /// The JSON Pointer of a located value; for a map key, the pointer of its entry's value.
  ///
  /// It is found by descending from the root to the node, one sibling step at a time, which is cheap
  /// enough to do for each finding and saves building a path for every value walked.
  public func pointer(of located: Located) -> JSONPointer {
    guard var node = indexed.root else { return .root }
    let target = located.node
    var components: [JSONPointer.Component] = []
    while node < target, var child = indexed.firstChild(of: node) {
      var position = 0
      var previous = child
      if let count = indexed.count(of: node), count > 32 {
        let children = wideChildren(of: node)
        // The last child that starts at or before the target holds it.
        var low = 0
        var high = children.count
        while high - low > 1 {
          let middle = (low + high) / 2
          if children[middle] <= target { low = middle } else { high = middle }
        }
        position = low
        child = children[low]
        previous = children[max(0, low - 1)]
      } else {
        while let next = indexed.nextSibling(of: child, in: node), next <= target {
          previous = child
          child = next
          position += 1
        }
      }
      switch indexed.kind(of: node) {
      case .array:
        components.append(.index(position))
        node = child
      case .map:
        let key = position % 2 == 0 ? child : previous
        components.append(.key(keyToken(Located(key))))
        if position % 2 == 0 { return JSONPointer(components) }  // a key: its entry's pointer
        node = child
      default:
        return JSONPointer(components)
      }
    }
    return JSONPointer(components)
  }

  private func wideChildren(of node: IndexedDocument.Node) -> [IndexedDocument.Node] {
    if let children = wideChildren[node.index] { return children }
    var children: [IndexedDocument.Node] = []
    var child = indexed.firstChild(of: node)
    while let current = child {
      children.append(current)
      child = indexed.nextSibling(of: current, in: node)
    }
    wideChildren[node.index] = children
    return children
  }

  /// How a key is named in a pointer: a string as it is, anything else as its JSON text.
  private func keyToken(_ key: Located) -> String {
    if let text = string(of: key) { return text }
    return value(of: key).pointerToken
  }

}
