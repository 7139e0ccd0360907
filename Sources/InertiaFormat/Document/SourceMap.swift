/// Where each value of a parsed document sits in its input.
///
/// Nodes are numbered in document order (a map's key comes before its value), which is the order the
/// readers meet them. For each node the map keeps its byte range and the number of the node that follows
/// its whole subtree, so finding a child skips whole siblings at a time.
public struct SourceMap: Sendable {
  var starts: [Int32] = []
  var ends: [Int32] = []
  var nexts: [Int32] = []

  init() {}

  /// A node of the document, as a position in the source map.
  public struct Node: Hashable, Sendable {
    /// The node's number in document order.
    public let index: Int
  }

  /// The top-level value, when there is one.
  public var root: Node? { starts.isEmpty ? nil : Node(index: 0) }

  /// The bytes of the input that encode this node.
  public func byteRange(of node: Node) -> Range<Int> {
    Int(starts[node.index])..<Int(ends[node.index])
  }

  /// The `position`-th element of an array node (or the `position`-th key of a map node: keys and values
  /// alternate, so entry `k`'s key is child `2k` and its value child `2k + 1`).
  public func child(of node: Node, at position: Int) -> Node? {
    var index = node.index + 1
    let end = Int(nexts[node.index])
    for _ in 0..<position {
      guard index < end else { return nil }
      index = Int(nexts[index])
    }
    return index < end ? Node(index: index) : nil
  }

  /// The node of the value a pointer names in `value`, whose source map this is. A key that appears
  /// twice resolves to its first entry.
  public func node(at pointer: JSONPointer, in value: MessagePackValue) -> Node? {
    guard var node = root else { return nil }
    var current = value
    for component in pointer.components {
      switch (component, current) {
      case (.index(let i), .array(let elements)) where i < elements.count:
        guard let child = child(of: node, at: i) else { return nil }
        node = child
        current = elements[i]
      case (.key, .map(let entries)), (.index, .map(let entries)):
        // A map entry is named by its key's pointer token: the string itself, or the JSON text of a
        // non-string key (so "/0/1" names both the key "1" and the integer key 1).
        let token: String
        switch component {
        case .key(let key): token = key
        case .index(let i): token = String(i)
        }
        guard let k = entries.firstIndex(where: { $0.key.pointerToken == token }),
          let child = child(of: node, at: 2 * k + 1)
        else { return nil }
        node = child
        current = entries[k].value
      default:
        return nil
      }
    }
    return node
  }

  // MARK: Recording, as the readers go

  @inline(__always)
  mutating func open(at offset: Int) -> Int {
    let index = starts.count
    starts.append(Int32(truncatingIfNeeded: offset))
    ends.append(0)
    nexts.append(0)
    return index
  }

  /// Forgets every node recorded after `index`.
  mutating func truncate(after index: Int) {
    let extra = starts.count - index - 1
    starts.removeLast(extra)
    ends.removeLast(extra)
    nexts.removeLast(extra)
  }

  @inline(__always)
  mutating func close(_ index: Int, at offset: Int) {
    ends[index] = Int32(truncatingIfNeeded: offset)
    nexts[index] = Int32(truncatingIfNeeded: starts.count)
  }
}

/// A document read with its positions: the value, the encoding it came in, and where each value sits.
public struct ParsedDocument: Sendable {
  /// The document.
  public let value: MessagePackValue
  /// The encoding it was read from.
  public let encoding: DocumentEncoding
  /// Where each value sits in the input.
  public let sourceMap: SourceMap
  /// The input's bytes, kept to turn offsets into lines and columns.
  public let bytes: [UInt8]

  /// A document read with its positions.
  public init(value: MessagePackValue, encoding: DocumentEncoding, sourceMap: SourceMap, bytes: [UInt8]) {
    self.value = value
    self.encoding = encoding
    self.sourceMap = sourceMap
    self.bytes = bytes
  }

  /// Reads `bytes` in the encoding their content shows (see `DocumentEncoding.detect`), or in `encoding`.
  public static func parse(
    _ bytes: [UInt8], as encoding: DocumentEncoding? = nil, limits: DecodingLimits = .default
  ) throws(FormatError) -> ParsedDocument {
    switch encoding ?? DocumentEncoding.detect(bytes) {
    case .messagePack:
      let (value, map) = try MessagePackReader(limits: limits).readWithPositions(bytes)
      return ParsedDocument(value: value, encoding: .messagePack, sourceMap: map, bytes: bytes)
    case .json:
      let (value, map) = try JSONReader(limits: limits).readWithPositions(bytes)
      return ParsedDocument(value: value, encoding: .json, sourceMap: map, bytes: bytes)
    }
  }

  /// The byte range of the value at `pointer`, if it exists.
  public func byteRange(at pointer: JSONPointer) -> Range<Int>? {
    sourceMap.node(at: pointer, in: value).map { sourceMap.byteRange(of: $0) }
  }

  /// The 1-based line and column (in Unicode scalars) of a byte offset.
  public func lineAndColumn(ofOffset offset: Int) -> (line: Int, column: Int) {
    TextPosition.lineAndColumn(of: offset, in: bytes)
  }
}

enum TextPosition {
  /// The 1-based line and column of `offset`, counting columns in Unicode scalars (UTF-8 lead bytes).
  static func lineAndColumn(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for i in 0..<min(offset, bytes.count) {
      let byte = bytes[i]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    bytes.withUnsafeBytes { lineAndColumn(of: offset, in: $0) }
  }
}
