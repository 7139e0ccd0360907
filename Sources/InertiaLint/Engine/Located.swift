import InertiaFormat

/// A value of the document together with where it is: its JSON Pointer and its node in the source map.
///
/// Rules walk the order-preserving value tree through these, so that every value they look at, including
/// a later duplicate of a map key, carries its own position.
public struct Located: Sendable {
  public let value: MessagePackValue
  /// The value's pointer. For a map key, the pointer of the entry's value.
  public let pointer: JSONPointer
  /// The value's node, which gives its byte range.
  public let node: SourceMap.Node

  public init(value: MessagePackValue, pointer: JSONPointer, node: SourceMap.Node) {
    self.value = value
    self.pointer = pointer
    self.node = node
  }
}

/// One entry of a located map: its key and its value, each with their own position.
public struct LocatedEntry: Sendable {
  /// The key, located at the key's bytes, with the pointer of the entry's value.
  public let key: Located
  public let value: Located
  /// The entry's position in the map (0-based, in file order).
  public let position: Int

  /// The key when it is a string, as every key of the format is.
  public var name: String? { key.value.stringValue }
}

/// A parsed document and the means to walk it with positions.
public struct LocatedDocument: Sendable {
  public let parsed: ParsedDocument

  public init(_ parsed: ParsedDocument) {
    self.parsed = parsed
  }

  /// The whole document.
  public var root: Located? {
    parsed.sourceMap.root.map { Located(value: parsed.value, pointer: .root, node: $0) }
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
    for (index, value) in values.enumerated() {
      guard let node = child else { break }
      result.append(Located(value: value, pointer: located.pointer.appending(index), node: node))
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
      let pointer = located.pointer.appending(.key(entry.key.stringValue ?? Self.token(for: entry.key)))
      result.append(
        LocatedEntry(
          key: Located(value: entry.key, pointer: pointer, node: keyNode),
          value: Located(value: entry.value, pointer: pointer, node: valueNode),
          position: position))
      child = map.nextSibling(of: valueNode, in: located.node)
    }
    return result
  }

  /// The value of the first entry whose key is `name`, or `nil` when there is none or this is not a map.
  public func field(_ name: String, of located: Located) -> Located? {
    guard case .map(let mapEntries) = located.value,
      let position = mapEntries.firstIndex(where: { $0.key.stringValue == name }),
      let node = parsed.sourceMap.child(of: located.node, at: 2 * position + 1)
    else { return nil }
    return Located(value: mapEntries[position].value, pointer: located.pointer.appending(name), node: node)
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
