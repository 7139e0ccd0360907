import InertiaFormat

/// Finds repeated strings among values by comparing their bytes, decoding none: ids are UUIDs,
/// and a large file has tens of thousands of them.
struct RepeatedStrings {
  /// The strings recorded while there are no more than ``fewLimit``, searched in order: cheaper than
  /// hashing them into `first` for the few keyframes of most tracks. Empty once `first` is in use.
  private var few: [(hash: UInt64, node: IndexedDocument.Node)] = []
  static let fewLimit = 16
  /// The first string with each hash.
  private var first: [UInt64: IndexedDocument.Node] = [:]
  /// Further strings with a hash already taken by a different string (rare).
  private var collisions: [UInt64: [IndexedDocument.Node]] = [:]

  init(capacity: Int = 0) {
    if capacity > Self.fewLimit {
      first.reserveCapacity(capacity)
    } else {
      few.reserveCapacity(capacity)
    }
  }

  /// The earlier value holding the same string as `node`, or `nil` after recording `node` as the
  /// first. Values that are not strings are ignored.
  mutating func earlier(_ node: IndexedDocument.Node, in document: IndexedDocument) -> IndexedDocument.Node? {
    guard let hash = document.stringHash(of: node) else { return nil }
    return earlier(node, hash: hash, in: document)
  }

  /// ``earlier(_:in:)`` for a string whose ``IndexedDocument/stringHash(of:)`` is known already.
  ///
  /// The few strings' search is all this inlines; the table's is a call of its own, so that the common case
  /// is a short loop rather than a large function's entry and exit for every string.
  @inline(__always)
  mutating func earlier(_ node: IndexedDocument.Node, hash: UInt64, in document: IndexedDocument)
    -> IndexedDocument.Node?
  {
    if first.isEmpty {
      for index in few.indices where few[index].hash == hash && document.isSameString(few[index].node, as: node) {
        return few[index].node
      }
      if few.count < Self.fewLimit {
        few.append((hash, node))
        return nil
      }
    }
    return earlierInTable(node, hash: hash, in: document)
  }

  /// ``earlier(_:hash:in:)`` past the few strings: they are moved into the table the first time.
  @inline(never)
  private mutating func earlierInTable(_ node: IndexedDocument.Node, hash: UInt64, in document: IndexedDocument)
    -> IndexedDocument.Node?
  {
    func same(_ other: IndexedDocument.Node) -> Bool { document.isSameString(other, as: node) }
    if first.isEmpty {
      for entry in few { record(entry.node, hash: entry.hash) }
      few.removeAll()
    }
    guard let candidate = first[hash] else {
      first[hash] = node
      return nil
    }
    if same(candidate) { return candidate }
    if let match = collisions[hash]?.first(where: same) { return match }
    collisions[hash, default: []].append(node)
    return nil
  }

  /// Records a string known to differ from every one recorded.
  private mutating func record(_ node: IndexedDocument.Node, hash: UInt64) {
    if first[hash] == nil {
      first[hash] = node
    } else {
      collisions[hash, default: []].append(node)
    }
  }

  /// Forgets every string recorded, keeping the storage.
  mutating func removeAll() {
    if !few.isEmpty { few.removeAll(keepingCapacity: true) }
    if !first.isEmpty { first.removeAll(keepingCapacity: true) }
    if !collisions.isEmpty { collisions.removeAll() }
  }
}
