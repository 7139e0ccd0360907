#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A document read into an index of its values instead of a tree of ``MessagePackValue``s.
///
/// Reading a document for a linter or a validator needs every value's kind and position but only a few
/// values' contents. The index records, for each value in document order (a map's key before its value),
/// where its MessagePack head is and which value follows its whole subtree: two
/// 32-bit numbers per value and no allocation per value. Contents are decoded from the bytes when asked
/// for. JSON input is first turned into MessagePack by the JSON parser, keeping the text positions.
///
/// Reading checks exactly what ``MessagePackReader`` and ``JSONReader`` check and fails with the same
/// errors, so they accept the same documents.
///
/// A document never changes once read (its storage is written only while reading), so it can be shared
/// between threads.
public final class IndexedDocument: @unchecked Sendable {
  /// A value of the document: its number in document order.
  public struct Node: Hashable, Sendable, Comparable {
    /// The value's number in document order (the root is 0).
    public let index: Int

    @inlinable @inline(__always)
    init(_ index: Int) {
      self.index = index
    }

    /// Document order.
    public static func < (lhs: Node, rhs: Node) -> Bool { lhs.index < rhs.index }
  }

  /// The kind of a value, as MessagePack encodes it.
  public enum Kind: Sendable, Equatable, CustomStringConvertible {
    case `nil`, bool, int, uint, float32, float64, string, binary, ext, array, map

    /// The kind as messages name it ("an integer", "binary data"): the one wording every reader, the
    /// converter, the typed model and the linter use.
    public var description: String {
      switch self {
      case .nil: return "nil"
      case .bool: return "a boolean"
      case .int, .uint: return "an integer"
      case .float32, .float64: return "a float"
      case .string: return "a string"
      case .binary: return "binary data"
      case .ext: return "an extension value"
      case .array: return "an array"
      case .map: return "a map"
      }
    }
  }

  /// The encoding the input came in.
  public let encoding: DocumentEncoding
  /// Owns the input as read, which for MessagePack input is also the indexed bytes.
  private let contents: FileContents
  /// Owns the JSON parser's output, for JSON input.
  private let converted: ByteBuffer?
  /// The MessagePack bytes.
  @usableFromInline let bytes: ByteView
  /// For each value in document order, where its head is and where its subtree ends.
  @usableFromInline let entries: UnsafeMutableBufferPointer<Entry>

  /// What the index records of one value. The two numbers sit side by side because walks read both.
  @usableFromInline
  struct Entry: BitwiseCopyable {
    /// The offset in the MessagePack bytes of the value's head.
    @usableFromInline var head: Int32
    /// The number of the value after the value's whole subtree.
    @usableFromInline var next: Int32
  }
  /// Positions in the text, for JSON input.
  private let textRanges: JSONTextRanges?
  /// Whether any number in the document is NaN or infinite, noted while indexing: rare, and a rule that
  /// looks for such numbers has nothing to look at without one.
  public let containsNonFiniteNumbers: Bool

  private init(
    encoding: DocumentEncoding, contents: FileContents, converted: ByteBuffer?, indexer: Indexer,
    textRanges: JSONTextRanges?
  ) {
    self.encoding = encoding
    self.contents = contents
    self.converted = converted
    self.messagePack = converted?.bytes ?? contents.bytes
    self.bytes = ByteView(messagePack)
    entries = UnsafeMutableBufferPointer(rebasing: indexer.entries[0..<indexer.count])
    self.textRanges = textRanges
    containsNonFiniteNumbers = indexer.sawNonFiniteNumber
  }

  deinit {
    free(entries.baseAddress)
  }

  /// The input as read. Valid while the document lives.
  public var input: UnsafeRawBufferPointer { contents.bytes }

  /// The document as MessagePack: the input itself for MessagePack input. Valid while the document lives.
  public let messagePack: UnsafeRawBufferPointer

  /// Reads `bytes` in the encoding their content shows (see ``DocumentEncoding/detect(_:)-(UnsafeRawBufferPointer)``), or in `encoding`.
  /// - Throws: ``FormatError`` with the position and path of the first fault, as the tree readers do.
  public static func read(
    _ bytes: [UInt8], as encoding: DocumentEncoding? = nil, limits: DecodingLimits = .default
  ) throws(FormatError) -> IndexedDocument {
    try read(FileContents(copying: bytes), as: encoding, limits: limits)
  }

  /// Reads a file's contents, which the document keeps: MessagePack input is indexed where it lies,
  /// without a copy.
  /// - Throws: ``FormatError`` with the position and path of the first fault, as the tree readers do.
  public static func read(
    _ contents: FileContents, as encoding: DocumentEncoding? = nil, limits: DecodingLimits = .default
  ) throws(FormatError) -> IndexedDocument {
    let bytes = ByteView(contents.bytes)
    switch encoding ?? DocumentEncoding.detect(bytes) {
    case .messagePack:
      try limits.checkSize(bytes.count, format: .messagePack)
      var indexer = Indexer(scanner: MessagePackScanner(bytes), limits: limits, checksText: true)
      do {
        try indexer.document()
        try indexer.scanner.checkAtEnd()
      } catch {
        indexer.deallocate()
        throw error
      }
      return IndexedDocument(
        encoding: .messagePack, contents: contents, converted: nil, indexer: indexer, textRanges: nil)
    case .json:
      let out = ByteBuffer(capacity: bytes.count)
      var parser = JSONToMessagePack(bytes, out: out, limits: limits, extended: false, recordsPositions: true)
      try parser.document()
      let positions = parser.textRanges ?? JSONTextRanges()
      // The parser wrote valid MessagePack; index it without checking its text again.
      var indexer = Indexer(scanner: MessagePackScanner(out.view), limits: .init(maxDepth: .max), checksText: false)
      do {
        try indexer.document()
      } catch {
        indexer.deallocate()
        throw error
      }
      return IndexedDocument(
        encoding: .json, contents: contents, converted: out, indexer: indexer, textRanges: positions)
    }
  }

  /// Numbers every value and records its head and the end of its subtree.
  ///
  /// The two tables live in `malloc` memory and grow with `realloc`, which moves large blocks by remapping
  /// pages rather than copying them.
  private struct Indexer {
    var scanner: MessagePackScanner
    let limits: DecodingLimits
    let checksText: Bool
    var entries: UnsafeMutableBufferPointer<Entry>
    var count = 0
    /// Whether a float read so far is NaN or infinite.
    var sawNonFiniteNumber = false

    init(scanner: MessagePackScanner, limits: DecodingLimits, checksText: Bool) {
      self.scanner = scanner
      self.limits = limits
      self.checksText = checksText
      // Animation files run about one value per five bytes.
      let capacity = scanner.bytes.count / 4 + 64
      entries = Self.allocate(capacity)
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutableBufferPointer<Entry> {
      guard let memory = malloc(capacity * MemoryLayout<Entry>.stride) else { fatalError("out of memory") }
      adviseHugePages(memory, capacity * MemoryLayout<Entry>.stride)
      return UnsafeMutableBufferPointer(start: memory.assumingMemoryBound(to: Entry.self), count: capacity)
    }

    private static func grow(_ buffer: UnsafeMutableBufferPointer<Entry>) -> UnsafeMutableBufferPointer<Entry> {
      let capacity = buffer.count * 2
      guard let memory = realloc(buffer.baseAddress, capacity * MemoryLayout<Entry>.stride) else {
        fatalError("out of memory")
      }
      adviseHugePages(memory, capacity * MemoryLayout<Entry>.stride)
      return UnsafeMutableBufferPointer(start: memory.assumingMemoryBound(to: Entry.self), count: capacity)
    }

    func deallocate() {
      free(entries.baseAddress)
    }

    /// A float64's exponent bits, all set in NaN and the infinities alone.
    static let float64Exponent: UInt64 = 0x7FF0_0000_0000_0000

    /// The width of a value whose head needs no decoding, whole within `bytes`: a scalar of one byte, a
    /// float64, or a short ASCII string (valid UTF-8 as it stands). These are most of an animation file's
    /// values and all of its keys, stepped over here; `nil` sends anything else through the scanner.
    @inline(__always)
    static func plainWidth(_ bytes: ByteView, at offset: Int, checksText: Bool) -> Int? {
      guard offset < bytes.count else { return nil }
      let format = bytes[offset]
      switch format {
      case 0x00...0x7F, 0xE0...0xFF, 0xC0, 0xC2, 0xC3:
        return 1
      case 0xCB:
        return bytes.count &- offset >= 9 ? 9 : nil
      case 0xA0...0xBF:
        let width = 1 &+ Int(format & 0x1F)
        guard bytes.count &- offset >= width else { return nil }
        if checksText {
          var bits: UInt8 = 0
          for index in (offset &+ 1)..<(offset &+ width) { bits |= bytes[index] }
          if bits >= 0x80 { return nil }
        }
        return width
      default:
        return nil
      }
    }

    /// An open array or map: its node, how many values it holds (keys and values alike for maps), how
    /// many of them are read, and the node of the key of the entry being read.
    struct Frame: BitwiseCopyable {
      var node: Int
      var isMap: Bool
      var total: Int
      var read: Int
      var keyNode: Int
    }

    /// Indexes the one top-level value and everything in it, without recursing: open containers wait
    /// on a stack of their own, so the depth a thread's stack allows never limits it.
    mutating func document() throws(FormatError) {
      var frames = ContainerStack<Frame>()
      var top: Frame?
      do throws(FormatError) {
        while true {
          let start = scanner.offset
          let index = count
          if index == entries.count { entries = Self.grow(entries) }
          entries[index].head = Int32(truncatingIfNeeded: start)
          count &+= 1
          if let open = top, open.isMap, open.read & 1 == 0 { top!.keyNode = index }
          var opened = false
          if let width = Self.plainWidth(scanner.bytes, at: start, checksText: checksText) {
            if scanner.bytes[start] == 0xCB {
              let bits = scanner.bytes.bigEndian(UInt64.self, at: start &+ 1)
              if bits & Self.float64Exponent == Self.float64Exponent { sawNonFiniteNumber = true }
            }
            scanner.offset = start &+ width
          } else {
            switch try scanner.readHeader() {
            case .string(let length):
              if checksText {
                _ = try scanner.readString(length: length, start: start)
              } else {
                _ = scanner.take(length)
              }
            case .binary(let length), .ext(_, let length):
              _ = scanner.take(length)
            case .float32(let number):
              if !number.isFinite { sawNonFiniteNumber = true }
            case .float64(let number):
              if !number.isFinite { sawNonFiniteNumber = true }
            case .array(let elements):
              try scanner.checkDepth(frames.count + (top == nil ? 0 : 1), limits, at: start)
              if elements > 0 {
                if let open = top { frames.push(open) }
                top = Frame(node: index, isMap: false, total: elements, read: 0, keyNode: 0)
                opened = true
              }
            case .map(let entries):
              try scanner.checkDepth(frames.count + (top == nil ? 0 : 1), limits, at: start)
              if entries > 0 {
                if let open = top { frames.push(open) }
                top = Frame(node: index, isMap: true, total: 2 * entries, read: 0, keyNode: 0)
                opened = true
              }
            default:
              break
            }
          }
          if opened { continue }
          entries[index].next = Int32(truncatingIfNeeded: count)
          // Close each container this value completes.
          while var open = top {
            open.read &+= 1
            guard open.read == open.total else {
              top = open
              break
            }
            entries[open.node].next = Int32(truncatingIfNeeded: count)
            top = frames.count > 0 ? frames.pop() : nil
          }
          if top == nil { return }
        }
      } catch {
        // As the tree reader names them: an array its index, a map the key just read (or, while a key
        // is read, the entry whose key it is).
        guard let top else { throw error }
        var path = ErrorPath()
        for frame in frames.elements(then: top) {
          if !frame.isMap {
            path.append(.index(frame.read))
          } else if frame.read & 1 == 0 {
            _ = path.enterKey(ofEntry: frame.read / 2)
            break
          } else {
            // The key is complete: it ends where its entry's value, the node after it, starts.
            let keyBytes = Int(entries[frame.keyNode].head)..<Int(entries[Int(entries[frame.keyNode].next)].head)
            let key = try? MessagePackReader(limits: .init(maxDepth: .max)).read(scanner.bytes[keyBytes])
            path.append(.key(key?.pointerToken ?? "?"))
          }
        }
        throw path.locate(error)
      }
    }
  }

  // MARK: Structure

  /// How many values the document holds.
  public var nodeCount: Int { entries.count }

  /// The top-level value.
  public var root: Node? { entries.isEmpty ? nil : Node(0) }

  /// The first child of a node (an array's first element, a map's first key), or `nil` when it has none.
  @inlinable @inline(__always)
  public func firstChild(of node: Node) -> Node? {
    let index = node.index + 1
    return index < Int(entries[node.index].next) ? Node(index) : nil
  }

  /// The sibling that follows `child` inside `parent`, or `nil` after the last one.
  @inlinable @inline(__always)
  public func nextSibling(of child: Node, in parent: Node) -> Node? {
    let index = Int(entries[child.index].next)
    return index < Int(entries[parent.index].next) ? Node(index) : nil
  }

  /// The number of the value after `node`'s whole subtree: `node`'s descendants are the values numbered
  /// between the two.
  @inlinable @inline(__always)
  public func subtreeEnd(of node: Node) -> Int { Int(entries[node.index].next) }

  /// The value a JSON Pointer names, if the document has it. A map entry is named by its key's pointer
  /// token (the string itself, or the JSON text of a key that is not a string), and a key that appears
  /// twice names its first entry.
  public func node(at pointer: JSONPointer) -> Node? {
    guard var node = root else { return nil }
    for component in pointer.components {
      var child = firstChild(of: node)
      switch (component, kind(of: node)) {
      case (.index(let index), .array):
        for _ in 0..<index { child = child.flatMap { nextSibling(of: $0, in: node) } }
      case (_, .map):
        let token: String
        switch component {
        case .key(let key): token = key
        case .index(let index): token = String(index)
        }
        while let key = child, string(of: key) ?? value(of: key).pointerToken != token {
          child = nextSibling(of: key, in: node).flatMap { nextSibling(of: $0, in: node) }
        }
        child = child.flatMap { nextSibling(of: $0, in: node) }
      default:
        return nil
      }
      guard let found = child else { return nil }
      node = found
    }
    return node
  }

  /// The bytes of the input that encode a value: MessagePack bytes, or JSON text.
  public func byteRange(of node: Node) -> Range<Int> {
    if let textRanges { return textRanges.byteRange(of: node.index) }
    return messagePackRange(of: node)
  }

  /// The bytes of ``messagePack`` that encode a value.
  public func messagePackRange(of node: Node) -> Range<Int> {
    let next = Int(entries[node.index].next)
    let end = next < entries.count ? Int(entries[next].head) : messagePack.count
    return Int(entries[node.index].head)..<end
  }

  // MARK: Contents
  //
  // Heads are decoded here directly from their format byte rather than through the scanner: they were all
  // read and checked by the scanner while indexing, so these reads need no checks.

  @inlinable @inline(__always)
  func head(_ node: Node) -> (format: UInt8, at: Int) {
    let at = Int(entries[node.index].head)
    return (bytes[at], at)
  }

  @inlinable @inline(__always)
  func bigEndian<T: FixedWidthInteger>(_ at: Int, _: T.Type) -> T {
    bytes.bigEndian(T.self, at: at)
  }

  /// What kind of value a node is.
  @inlinable @inline(__always)
  public func kind(of node: Node) -> Kind {
    let (format, at) = head(node)
    switch format {
    case 0x00...0x7F, 0xE0...0xFF, 0xD0...0xD3, 0xCC...0xCE: return .int
    case 0xCF: return bigEndian(at + 1, UInt64.self) > UInt64(Int64.max) ? .uint : .int
    case 0x80...0x8F, 0xDE, 0xDF: return .map
    case 0x90...0x9F, 0xDC, 0xDD: return .array
    case 0xA0...0xBF, 0xD9...0xDB: return .string
    case 0xC2, 0xC3: return .bool
    case 0xC4...0xC6: return .binary
    case 0xC7...0xC9, 0xD4...0xD8: return .ext
    case 0xCA: return .float32
    case 0xCB: return .float64
    default: return .nil  // 0xC0 (0xC1 never passes indexing)
    }
  }

  /// An array's element count or a map's entry count; `nil` for other values.
  @inlinable @inline(__always)
  public func count(of node: Node) -> Int? {
    let (format, at) = head(node)
    switch format {
    case 0x80...0x9F: return Int(format & 0x0F)
    case 0xDC, 0xDE: return Int(bigEndian(at + 1, UInt16.self))
    case 0xDD, 0xDF: return Int(bigEndian(at + 1, UInt32.self))
    default: return nil
    }
  }

  /// The number, as a `Double`, for any integer or float.
  @inlinable @inline(__always)
  public func double(of node: Node) -> Double? {
    let (format, at) = head(node)
    switch format {
    case 0x00...0x7F: return Double(format)
    case 0xE0...0xFF: return Double(Int8(bitPattern: format))
    case 0xCA: return Double(Float(bitPattern: bigEndian(at + 1, UInt32.self)))
    case 0xCB: return Double(bitPattern: bigEndian(at + 1, UInt64.self))
    case 0xCC: return Double(bytes[at + 1])
    case 0xCD: return Double(bigEndian(at + 1, UInt16.self))
    case 0xCE: return Double(bigEndian(at + 1, UInt32.self))
    case 0xCF: return Double(bigEndian(at + 1, UInt64.self))
    case 0xD0: return Double(Int8(bitPattern: bytes[at + 1]))
    case 0xD1: return Double(bigEndian(at + 1, Int16.self))
    case 0xD2: return Double(bigEndian(at + 1, Int32.self))
    case 0xD3: return Double(bigEndian(at + 1, Int64.self))
    default: return nil
    }
  }

  /// The boolean, when the value is one.
  @inlinable @inline(__always)
  public func bool(of node: Node) -> Bool? {
    switch head(node).format {
    case 0xC2: return false
    case 0xC3: return true
    default: return nil
    }
  }

  /// A string's UTF-8 bytes, which stay valid as long as the document; `nil` when the value is not a string.
  @inlinable @inline(__always)
  public func utf8(of node: Node) -> UnsafeRawBufferPointer? {
    let (format, at) = head(node)
    switch format {
    case 0xA0...0xBF: return bytes[(at + 1)..<(at + 1 + Int(format & 0x1F))].raw
    case 0xD9: return bytes[(at + 2)..<(at + 2 + Int(bytes[at + 1]))].raw
    case 0xDA: return bytes[(at + 3)..<(at + 3 + Int(bigEndian(at + 1, UInt16.self)))].raw
    case 0xDB: return bytes[(at + 5)..<(at + 5 + Int(bigEndian(at + 1, UInt32.self)))].raw
    default: return nil
    }
  }

  /// The string, when the value is one.
  public func string(of node: Node) -> String? {
    utf8(of: node).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with a string's UTF-8 bytes, without making a `String`; `nil` when the value is not a string.
  @inlinable @inline(__always)
  public func withUTF8<R>(of node: Node, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
    guard let utf8 = utf8(of: node) else { return nil }
    return try body(utf8)
  }

  /// Whether the value is a string whose UTF-8 is `utf8`, compared without making a `String`.
  @inlinable @inline(__always)
  public func isString(_ node: Node, equalTo other: UnsafeRawBufferPointer) -> Bool {
    guard let utf8 = utf8(of: node), utf8.count == other.count else { return false }
    for i in 0..<utf8.count where utf8[i] != other[i] { return false }
    return true
  }

  /// Whether a node is a map, from its format byte alone.
  @inlinable @inline(__always)
  public func isMap(_ node: Node) -> Bool {
    let format = head(node).format
    return format & 0xF0 == 0x80 || format == 0xDE || format == 0xDF
  }

  /// The value of a map's first entry whose key is the string with UTF-8 `key`; `nil` when there is none or
  /// the node is not a map. Keys are compared as bytes, without decoding them.
  @inlinable @inline(__always)
  public func value(forKey key: UnsafeRawBufferPointer, in map: Node) -> Node? {
    guard isMap(map) else { return nil }
    var child = firstChild(of: map)
    while let keyNode = child, let valueNode = nextSibling(of: keyNode, in: map) {
      if isString(keyNode, equalTo: key) { return valueNode }
      child = nextSibling(of: valueNode, in: map)
    }
    return nil
  }

  /// The whole value, decoded.
  public func value(of node: Node) -> MessagePackValue {
    let range = messagePackRange(of: node)
    return (try? MessagePackReader(limits: .init(maxDepth: .max)).read(bytes[range])) ?? .nil
  }

  /// The 1-based line and column (in Unicode scalars) of a byte offset of JSON input.
  public func lineAndColumn(ofOffset offset: Int) -> (line: Int, column: Int) {
    let input = ByteView(self.input)
    return LineIndex(input).location(ofOffset: offset, in: input)
  }

  /// The 1-based lines and columns of byte offsets of JSON input, from one ``LineIndex`` of the input.
  package func lineAndColumn(ofOffsets offsets: [Int]) -> [(line: Int, column: Int)] {
    guard !offsets.isEmpty else { return [] }
    let input = ByteView(self.input)
    let lines = LineIndex(input)
    return offsets.map { lines.location(ofOffset: $0, in: input) }
  }
}

/// Asks the kernel to back the whole 2 MiB pages inside a large block with huge pages where it can
/// (Linux, with transparent huge pages in `madvise` mode): tables read all over, as the index is, then
/// cost far fewer TLB misses and page faults.
func adviseHugePages(_ memory: UnsafeMutableRawPointer, _ byteCount: Int) {
  #if os(Linux)
    let huge = UInt(2 << 20)
    let start = (UInt(bitPattern: memory) + huge - 1) & ~(huge - 1)
    let end = (UInt(bitPattern: memory) + UInt(byteCount)) & ~(huge - 1)
    guard end > start else { return }
    madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), 14)  // MADV_HUGEPAGE
  #endif
}
