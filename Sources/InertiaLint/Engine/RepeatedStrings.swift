import InertiaFormat

/// Finds repeated strings among located values by comparing their bytes, decoding none: ids are UUIDs,
/// and a large file has tens of thousands of them.
struct RepeatedStrings {
  /// The first string with each hash.
  private var first: [UInt64: Located] = [:]
  /// Further strings with a hash already taken by a different string (rare).
  private var collisions: [UInt64: [Located]] = [:]

  init(capacity: Int = 0) {
    first.reserveCapacity(capacity)
  }

  /// The earlier value holding the same string as `located`, or `nil` after recording `located` as the
  /// first. Values that are not strings are ignored.
  mutating func earlier(_ located: Located, in document: LocatedDocument) -> Located? {
    let indexed = document.indexed
    guard let hash = indexed.stringHash(of: located.node) else { return nil }
    guard let candidate = first[hash] else {
      first[hash] = located
      return nil
    }
    func same(_ other: Located) -> Bool { indexed.isSameString(other.node, as: located.node) }
    if same(candidate) { return candidate }
    if let match = collisions[hash]?.first(where: same) { return match }
    collisions[hash, default: []].append(located)
    return nil
  }

  /// Forgets every string recorded, keeping the storage.
  mutating func removeAll() {
    if !first.isEmpty { first.removeAll(keepingCapacity: true) }
    if !collisions.isEmpty { collisions.removeAll() }
  }
}
