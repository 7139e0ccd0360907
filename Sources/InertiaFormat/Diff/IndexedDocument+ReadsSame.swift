extension IndexedDocument {
  /// Whether the value `node` of this document reads the same to a decoder as `otherNode` of `other`: numbers
  /// by value whatever their encoding (`1` and `1.0`, a float32 and the float64 of the same value, NaN as
  /// NaN), strings by their bytes, arrays element by element, and maps by key whatever their order, the first
  /// entry of a repeated key counting. Then every field the typed model reads is the same, so the two play the
  /// same. `false` may also mean "not worked out": for a map of more than 64 entries (compared key by key,
  /// in quadratic time) the caller compares another way.
  func readsSame(_ node: Node, as otherNode: Node, in other: IndexedDocument) -> Bool {
    let (kind, otherKind) = (self.kind(of: node), other.kind(of: otherNode))
    switch (kind, otherKind) {
    case (.array, .array):
      guard count(of: node) == other.count(of: otherNode) else { return false }
      var (first, second) = (firstChild(of: node), other.firstChild(of: otherNode))
      while let x = first, let y = second {
        if !readsSame(x, as: y, in: other) { return false }
        (first, second) = (nextSibling(of: x, in: node), other.nextSibling(of: y, in: otherNode))
      }
      return first == nil && second == nil
    case (.map, .map):
      let (entries, otherEntries) = (firstEntries(of: node), other.firstEntries(of: otherNode))
      guard let entries, let otherEntries, entries.count == otherEntries.count else { return false }
      return entries.allSatisfy { entry in
        otherEntries.contains { candidate in
          readsSame(entry.key, as: candidate.key, in: other) && readsSame(entry.value, as: candidate.value, in: other)
        }
      }
    case (.string, .string):
      return isSameString(node, as: otherNode, in: other)
    default:
      if let x = double(of: node), let y = other.double(of: otherNode) {
        if (kind == .int || kind == .uint) && (otherKind == .int || otherKind == .uint) {
          return value(of: node) == other.value(of: otherNode)
        }
        return x == y || (x.isNaN && y.isNaN)
      }
      return kind == otherKind && value(of: node) == other.value(of: otherNode)
    }
  }

  /// A map's entries, the first of each key only; `nil` for a map of more than 64 entries.
  private func firstEntries(of map: Node) -> [Entry]? {
    guard let count = count(of: map), count <= 64 else { return nil }
    var entries: [Entry] = []
    entries.reserveCapacity(count)
    forEachEntry(of: map) { entry in
      if !entries.contains(where: { readsSame($0.key, as: entry.key, in: self) }) { entries.append(entry) }
    }
    return entries
  }
}
