extension IndexedDocument {
  /// The encoding of the map `map` in the input's own encoding with the entries at `positions` left out and
  /// every other byte as it is: what a fix that drops a map's repeated keys writes in place of the map.
  ///
  /// In MessagePack, the map's head is written anew for the entries kept (in its smallest form, as every
  /// encoder the format knows writes it) and each kept entry's bytes follow unchanged. In JSON, each dropped
  /// entry's text goes from the end of the entry before it to the end of its value (its comma, the space
  /// around it, its key and its value), so the text and layout of the rest are kept. The first entry is
  /// never dropped (a repeated key repeats an earlier one). `nil` when `map` is not a map, a position is not
  /// one of its entries', or the first entry is among them.
  package func encoding(of map: Node, droppingEntriesAt positions: Set<Int>) -> [UInt8]? {
    guard isMap(map), !positions.contains(0) else { return nil }
    let entries = entries(of: map)
    guard positions.allSatisfy({ entries.indices.contains($0) }) else { return nil }
    switch encoding {
    case .messagePack:
      let out = ByteBuffer(capacity: messagePackRange(of: map).count)
      CanonicalHeads.mapHeader(entries.count - positions.count, to: out)
      for entry in entries where !positions.contains(entry.position) {
        let range = messagePackRange(of: entry.key).lowerBound..<messagePackRange(of: entry.value).upperBound
        out.append(bytes[range])
      }
      return out.array
    case .json:
      let text = input
      var result: [UInt8] = []
      var copied = byteRange(of: map).lowerBound
      for entry in entries where positions.contains(entry.position) {
        let previous = entries[entry.position - 1]
        result.append(contentsOf: text[copied..<byteRange(of: previous.value).upperBound])
        copied = byteRange(of: entry.value).upperBound
      }
      result.append(contentsOf: text[copied..<byteRange(of: map).upperBound])
      return result
    }
  }
}
