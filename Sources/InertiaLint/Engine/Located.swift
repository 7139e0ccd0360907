import InertiaFormat

/// A value of the document together with where it is: its node in the source map.
///
/// Rules walk the order-preserving value tree through these, so that every value they look at, including
/// a later duplicate of a map key, carries its own position. The value's JSON Pointer is worked out only
/// when something is reported (``LocatedDocument/pointer(of:)``), so walking costs no allocations for paths.
public struct Located: Sendable {
  public let value: MessagePackValue
  /// The value's node, which gives its byte range.
  public let node: SourceMap.Node

  public init(value: MessagePackValue, node: SourceMap.Node) {
    self.value = value
    self.node = node
  }
}

/// One entry of a located map: its key and its value, each with their own position.
public struct LocatedEntry: Sendable {
  /// The key, located at the key's bytes.
  public let key: Located
  public let value: Located
  /// The entry's position in the map (0-based, in file order).
  public let position: Int

  /// The key when it is a string, as every key of the format is.
  public var name: String? { key.value.stringValue }
}

/// A parsed document and the means to walk it with positions.
///
/// A class, so that the rules and walks that hold it share one reference rather than copying the
/// document's parts.
public final class LocatedDocument: Sendable {
  public let parsed: ParsedDocument

  public init(_ parsed: ParsedDocument) {
    self.parsed = parsed
  }

  /// The whole document.
  public var root: Located? {
    parsed.sourceMap.root.map { Located(value: parsed.value, node: $0) }
  }

  /// The bytes that encode a located value.
  public func byteRange(of located: Located) -> Range<Int> {
    parsed.sourceMap.byteRange(of: located.node)
  }

  /// An array's elements in order, or `[]` when the value is not an array.
  public func elements(of located: Located) -> [Located] {
    guard case .array(let values) = located.value, !values.isEmpty else { return [] }
    let map = parsed.sourceMap
    var result: [Located] = []
    result.reserveCapacity(values.count)
    var child = map.firstChild(of: located.node)
    for value in values {
      guard let node = child else { break }
      result.append(Located(value: value, node: node))
      child = map.nextSibling(of: node, in: located.node)
    }
    return result
  }

  /// A map's entries in file order, duplicates included, or `[]` when the value is not a map.
  public func entries(of located: Located) -> [LocatedEntry] {
    guard case .map(let mapEntries) = located.value, !mapEntries.isEmpty else { return [] }
    let map = parsed.sourceMap
    var result: [LocatedEntry] = []
    result.reserveCapacity(mapEntries.count)
    var child = map.firstChild(of: located.node)
    for (position, entry) in mapEntries.enumerated() {
      guard let keyNode = child, let valueNode = map.nextSibling(of: keyNode, in: located.node) else { break }
      result.append(
        LocatedEntry(
          key: Located(value: entry.key, node: keyNode), value: Located(value: entry.value, node: valueNode),
          position: position))
      child = map.nextSibling(of: valueNode, in: located.node)
    }
    return result
  }

  /// Calls `body` with each entry of a map in file order, duplicates included, without collecting them.
  @inline(__always)
  public func forEachEntry(of located: Located, _ body: (LocatedEntry) throws -> Void) rethrows {
    guard case .map(let mapEntries) = located.value, !mapEntries.isEmpty else { return }
    let map = parsed.sourceMap
    var child = map.firstChild(of: located.node)
    for position in mapEntries.indices {
      guard let keyNode = child, let valueNode = map.nextSibling(of: keyNode, in: located.node) else { return }
      let entry = mapEntries[position]
      try body(
        LocatedEntry(
          key: Located(value: entry.key, node: keyNode), value: Located(value: entry.value, node: valueNode),
          position: position))
      child = map.nextSibling(of: valueNode, in: located.node)
    }
  }

  /// Calls `body` with each element of an array in order, without collecting them.
  @inline(__always)
  public func forEachElement(of located: Located, _ body: (Located) throws -> Void) rethrows {
    guard case .array(let values) = located.value, !values.isEmpty else { return }
    let map = parsed.sourceMap
    var child = map.firstChild(of: located.node)
    for value in values {
      guard let node = child else { return }
      try body(Located(value: value, node: node))
      child = map.nextSibling(of: node, in: located.node)
    }
  }

  /// The value of the first entry whose key is `name`, or `nil` when there is none or this is not a map.
  public func field(_ name: String, of located: Located) -> Located? {
    guard case .map(let mapEntries) = located.value,
      let position = mapEntries.firstIndex(where: { $0.key.stringValue == name }),
      let node = parsed.sourceMap.child(of: located.node, at: 2 * position + 1)
    else { return nil }
    return Located(value: mapEntries[position].value, node: node)
  }

  /// The JSON Pointer of a located value; for a map key, the pointer of its entry's value.
  ///
  /// It is found by descending from the root to the node, one sibling step at a time, which is cheap
  /// enough to do for each finding and saves building a path for every value walked.
  public func pointer(of located: Located) -> JSONPointer {
    let map = parsed.sourceMap
    guard var node = map.root else { return .root }
    let target = located.node.index
    var value = parsed.value
    var components: [JSONPointer.Component] = []
    while node.index < target, var child = map.firstChild(of: node) {
      var position = 0
      while let next = map.nextSibling(of: child, in: node), next.index <= target {
        child = next
        position += 1
      }
      switch value {
      case .array(let elements) where position < elements.count:
        components.append(.index(position))
        value = elements[position]
      case .map(let entries) where position / 2 < entries.count:
        let entry = entries[position / 2]
        components.append(.key(entry.key.stringValue ?? Self.token(for: entry.key)))
        if position % 2 == 0 { return JSONPointer(components) }  // a key: its entry's pointer
        value = entry.value
      default:
        return JSONPointer(components)
      }
      node = child
    }
    return JSONPointer(components)
  }

  /// How a non-string key is named in a pointer.
  private static func token(for key: MessagePackValue) -> String {
    switch key {
    case .int(let i): return String(i)
    case .uint(let u): return String(u)
    case .bool(let b): return String(b)
    case .nil: return "null"
    case .float32(let f): return String(f)
    case .float64(let d): return String(d)
    default: return "?"
    }
  }
}
