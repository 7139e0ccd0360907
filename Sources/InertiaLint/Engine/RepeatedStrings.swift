import InertiaFormat

/// Finds repeated strings among values by comparing their bytes, decoding none: ids are UUIDs,
/// and a large file has tens of thousands of them.
struct RepeatedStrings {
  /// The first string with each hash.
  private var first: [UInt64: IndexedDocument.Node] = [:]
  /// Further strings with a hash already taken by a different string (rare).
  private var collisions: [UInt64: [IndexedDocument.Node]] = [:]

  init(capacity: Int = 0) {
    first.reserveCapacity(capacity)
  }

  /// The earlier value holding the same string as `node`, or `nil` after recording `node` as the
  /// first. Values that are not strings are ignored.
  mutating func earlier(_ node: IndexedDocument.Node, in document: IndexedDocument) -> IndexedDocument.Node? {
    guard let hash = document.stringHash(of: node) else { return nil }
    return earlier(node, hash: hash, in: document)
  }

  /// ``earlier(_:in:)`` for a string whose ``IndexedDocument/stringHash(of:)`` is known already.
  mutating func earlier(_ node: IndexedDocument.Node, hash: UInt64, in document: IndexedDocument)
    -> IndexedDocument.Node?
  {
    guard let candidate = first[hash] else {
      first[hash] = node
      return nil
    }
    func same(_ other: IndexedDocument.Node) -> Bool { document.isSameString(other, as: node) }
    if same(candidate) { return candidate }
    if let match = collisions[hash]?.first(where: same) { return match }
    collisions[hash, default: []].append(node)
    return nil
  }

  /// Forgets every string recorded, keeping the storage.
  mutating func removeAll() {
    if !first.isEmpty { first.removeAll(keepingCapacity: true) }
    if !collisions.isEmpty { collisions.removeAll() }
  }
}
