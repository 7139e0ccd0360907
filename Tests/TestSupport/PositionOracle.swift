import InertiaFormat

/// Where each value of a document lies in its input, worked out independently of the package's own
/// index (``IndexedDocument``), to check it against.
///
/// The document is read by the tree readers (``MessagePackReader``, ``JSONReader``), which also give the
/// errors; the positions come from a separate, deliberately plain walk over the bytes the reader accepted:
/// a recursive one that shares no code with the index or the JSON parser. Nodes are numbered in document
/// order, a map's key before its value. The fuzz targets compile this file in, so it imports no test
/// framework.
package struct PositionOracle: Sendable {
  /// A value of the document, by its number in document order.
  package struct Node: Hashable, Sendable {
    /// The node's number in document order (the root is 0).
    package let index: Int
  }

  /// The document.
  package let value: MessagePackValue
  /// The encoding it was read from.
  package let encoding: DocumentEncoding
  /// The input.
  package let bytes: [UInt8]
  /// Each node's byte range, and the number of the node after its whole subtree.
  private var ranges: [Range<Int>] = []
  private var nexts: [Int] = []

  /// Reads `bytes` in the encoding their content shows, or in `encoding`.
  /// - Throws: the error of the tree reader for that encoding.
  package static func parse(
    _ bytes: [UInt8], as encoding: DocumentEncoding? = nil, limits: DecodingLimits = .default
  ) throws(FormatError) -> PositionOracle {
    let encoding = encoding ?? DocumentEncoding.detect(bytes)
    let value: MessagePackValue
    switch encoding {
    case .messagePack: value = try MessagePackReader(limits: limits).read(bytes)
    case .json: value = try JSONReader(limits: limits).read(bytes)
    }
    var oracle = PositionOracle(value: value, encoding: encoding, bytes: bytes)
    switch encoding {
    case .messagePack: _ = oracle.messagePackValue(at: 0)
    case .json:
      let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      _ = oracle.jsonValue(at: oracle.skipWhitespace(from: start))
    }
    return oracle
  }

  private init(value: MessagePackValue, encoding: DocumentEncoding, bytes: [UInt8]) {
    self.value = value
    self.encoding = encoding
    self.bytes = bytes
  }

  /// The top-level value.
  package var root: Node? { ranges.isEmpty ? nil : Node(index: 0) }

  /// The bytes of the input that encode a node.
  package func byteRange(of node: Node) -> Range<Int> { ranges[node.index] }

  /// The `position`-th child of a node: an array's element, or for a map key `2k` and value `2k + 1` of
  /// its entry `k`.
  package func child(of node: Node, at position: Int) -> Node? {
    var index = node.index + 1
    for _ in 0..<position {
      guard index < nexts[node.index] else { return nil }
      index = nexts[index]
    }
    return index < nexts[node.index] ? Node(index: index) : nil
  }

  /// The node of the value a pointer names; a key that appears twice resolves to its first entry.
  package func node(at pointer: JSONPointer) -> Node? {
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

  /// The byte range of the value at `pointer`, if it exists.
  package func byteRange(at pointer: JSONPointer) -> Range<Int>? {
    node(at: pointer).map(byteRange(of:))
  }

  /// The 1-based line and column of a byte offset, counted as an editor does: lines end at `\n`, columns
  /// count Unicode scalars, and a byte order mark at the start of the text is no column.
  package static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    let before = bytes[(hasByteOrderMark ? min(3, offset) : 0)..<offset]
    let lines = before.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    return (lines.count, String(decoding: lines.last!, as: UTF8.self).unicodeScalars.count + 1)
  }

  // MARK: Recording

  private mutating func open(_ start: Int) -> Int {
    ranges.append(start..<start)
    nexts.append(0)
    return ranges.count - 1
  }

  private mutating func close(_ node: Int, _ end: Int) {
    ranges[node] = ranges[node].lowerBound..<end
    nexts[node] = ranges.count
  }

  /// Records the MessagePack value at `offset` and everything in it; returns where it ends.
  private mutating func messagePackValue(at offset: Int) -> Int {
    let node = open(offset)
    let format = bytes[offset]
    func number(_ width: Int) -> Int {
      bytes[(offset + 1)..<(offset + 1 + width)].reduce(0) { $0 << 8 | Int($1) }
    }
    var end: Int
    var children = 0
    switch format {
    case 0x00...0x7F, 0xE0...0xFF, 0xC0, 0xC2, 0xC3: end = offset + 1
    case 0x80...0x8F: (end, children) = (offset + 1, 2 * Int(format & 0x0F))
    case 0x90...0x9F: (end, children) = (offset + 1, Int(format & 0x0F))
    case 0xA0...0xBF: end = offset + 1 + Int(format & 0x1F)
    case 0xC4, 0xD9: end = offset + 2 + number(1)
    case 0xC5, 0xDA: end = offset + 3 + number(2)
    case 0xC6, 0xDB: end = offset + 5 + number(4)
    case 0xC7: end = offset + 3 + number(1)
    case 0xC8: end = offset + 4 + number(2)
    case 0xC9: end = offset + 6 + number(4)
    case 0xCA, 0xCE, 0xD2: end = offset + 5
    case 0xCB, 0xCF, 0xD3: end = offset + 9
    case 0xCC, 0xD0: end = offset + 2
    case 0xCD, 0xD1: end = offset + 3
    case 0xD4: end = offset + 3
    case 0xD5: end = offset + 4
    case 0xD6: end = offset + 6
    case 0xD7: end = offset + 10
    case 0xD8: end = offset + 18
    case 0xDC: (end, children) = (offset + 3, number(2))
    case 0xDD: (end, children) = (offset + 5, number(4))
    case 0xDE: (end, children) = (offset + 3, 2 * number(2))
    case 0xDF: (end, children) = (offset + 5, 2 * number(4))
    default: preconditionFailure("the reader accepted format byte \(format)")
    }
    for _ in 0..<children { end = messagePackValue(at: end) }
    close(node, end)
    return end
  }

  private func skipWhitespace(from offset: Int) -> Int {
    var offset = offset
    while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
    return offset
  }

  /// Where the JSON string starting at `offset` ends, after its closing quote.
  private func stringEnd(from offset: Int) -> Int {
    var offset = offset + 1
    while bytes[offset] != UInt8(ascii: "\"") { offset += bytes[offset] == UInt8(ascii: "\\") ? 2 : 1 }
    return offset + 1
  }

  /// Records the JSON value at `offset` (whitespace skipped) and everything in it; returns where it ends.
  private mutating func jsonValue(at offset: Int) -> Int {
    let node = open(offset)
    var end: Int
    switch bytes[offset] {
    case UInt8(ascii: "\""):
      end = stringEnd(from: offset)
    case UInt8(ascii: "t"), UInt8(ascii: "n"):
      end = offset + 4
    case UInt8(ascii: "f"):
      end = offset + 5
    case UInt8(ascii: "["), UInt8(ascii: "{"):
      let isObject = bytes[offset] == UInt8(ascii: "{")
      end = skipWhitespace(from: offset + 1)
      while bytes[end] != (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
        if isObject {
          let key = open(end)
          close(key, stringEnd(from: end))
          end = skipWhitespace(from: stringEnd(from: end))  // the colon
          end = skipWhitespace(from: end + 1)
        }
        end = skipWhitespace(from: jsonValue(at: end))
        if bytes[end] == UInt8(ascii: ",") { end = skipWhitespace(from: end + 1) }
      }
      end += 1
    default:  // a number
      end = offset + 1
      while end < bytes.count, "0123456789+-.eE".utf8.contains(bytes[end]) { end += 1 }
    }
    close(node, end)
    return end
  }
}
