import InertiaFormat

/// Finds repeated strings among located values by comparing their bytes, decoding none: ids are UUIDs,
/// and a large file has tens of thousands of them.
struct RepeatedStrings {
  private var buckets: [UInt64: [Located]] = [:]

  init(capacity: Int = 0) {
    buckets.reserveCapacity(capacity)
  }

  /// The earlier value holding the same string as `located`, or `nil` after recording `located` as the
  /// first. Values that are not strings are ignored.
  mutating func earlier(_ located: Located, in document: LocatedDocument) -> Located? {
    let indexed = document.indexed
    guard let hash = indexed.withUTF8(of: located.node, Self.hash) else { return nil }
    if let candidates = buckets[hash] {
      for candidate in candidates {
        let equal = indexed.withUTF8(of: candidate.node) { indexed.isString(located.node, equalTo: $0) } ?? false
        if equal { return candidate }
      }
    }
    buckets[hash, default: []].append(located)
    return nil
  }

  /// Forgets every string recorded, keeping the storage.
  mutating func removeAll() {
    if !buckets.isEmpty { buckets.removeAll(keepingCapacity: true) }
  }

  /// FNV-1a over the bytes.
  private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}
