/// Where each value of a JSON document lies in its text, recorded by the JSON parser as it goes, for
/// ``IndexedDocument``, whose positions for JSON input are these.
///
/// Values are numbered in the order the parser writes them as MessagePack, a map's key before its value:
/// the index's node numbers.
struct JSONTextRanges: JSONPositionRecorder {
  private var starts: [Int32] = []
  private var ends: [Int32] = []

  /// The text of a value.
  func byteRange(of node: Int) -> Range<Int> {
    Int(starts[node])..<Int(ends[node])
  }

  /// Notes that a value starts at `offset`; returns its number.
  @inline(__always)
  mutating func open(at offset: Int) -> Int {
    starts.append(Int32(truncatingIfNeeded: offset))
    ends.append(0)
    return starts.count - 1
  }

  /// Notes that value `node` ends at `offset`.
  @inline(__always)
  mutating func close(_ node: Int, at offset: Int) {
    ends[node] = Int32(truncatingIfNeeded: offset)
  }

  /// Forgets every value recorded after `node` (the content of a tagged object, which stands for one value).
  mutating func truncate(after node: Int) {
    starts.removeLast(starts.count - node - 1)
    ends.removeLast(ends.count - node - 1)
  }
}

/// What ``JSONToMessagePack`` records of where each value's text lies: it opens a value where its text
/// starts, closes it where it ends, and forgets the values inside a tagged object of the extended form.
protocol JSONPositionRecorder {
  /// Notes that a value starts at `offset`; returns its number.
  mutating func open(at offset: Int) -> Int
  /// Notes that value `node` ends at `offset`.
  mutating func close(_ node: Int, at offset: Int)
  /// Forgets every value recorded after `node`.
  mutating func truncate(after node: Int)
}

/// Records nothing: for conversions, which need no positions.
struct NoTextRanges: JSONPositionRecorder {
  @inline(__always)
  func open(at offset: Int) -> Int { 0 }
  @inline(__always)
  func close(_ node: Int, at offset: Int) {}
  @inline(__always)
  func truncate(after node: Int) {}
}
