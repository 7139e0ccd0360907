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
    guard let utf8 = document.indexed.utf8(of: located.node) else { return nil }
    return earlier(located, utf8, in: document)
  }

  /// ``earlier(_:in:)`` for a string whose UTF-8, `utf8`, has been read already.
  mutating func earlier(_ located: Located, _ utf8: UnsafeRawBufferPointer, in document: LocatedDocument) -> Located? {
    let indexed = document.indexed
    let hash = Self.hash(utf8)
    guard let candidate = first[hash] else {
      first[hash] = located
      return nil
    }
    func same(_ other: Located) -> Bool { indexed.isString(other.node, equalTo: utf8) }
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

  /// FNV-1a over the bytes.
  private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    // FNV-1a over eight bytes at a time (ids are often 36-character UUIDs), then the bytes left over.
    let prime: UInt64 = 0x0000_0100_0000_01B3
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
    var index = 0
    while bytes.count &- index >= 8 {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* prime
      hash ^= hash >> 32
      index &+= 8
    }
    while index < bytes.count {
      hash = (hash ^ UInt64(bytes[index])) &* prime
      index &+= 1
    }
    return hash
  }
}
