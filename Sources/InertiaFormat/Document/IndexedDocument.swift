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
/// where its MessagePack head is and which value follows its whole subtree: two 32-bit numbers per value
/// and no allocation per value. Contents are decoded from the bytes when asked for, through the same
/// decoder of heads that indexing uses, and every such read is checked against the end of the bytes: a
/// mapped input that another program rewrites in place while it is read makes the document read as
/// garbled at worst, never outside its bytes (noticing the change is the caller's part). JSON input is
/// first turned into MessagePack by the JSON parser, keeping the text positions.
///
/// Reading checks exactly what ``MessagePackReader`` and ``JSONReader`` check and fails with the same
/// errors, so they accept the same documents.
///
/// Rules and other walkers read the document through it directly: each value is a ``Node``, a map entry
/// an ``Entry`` (key and value, each with its own position, so a later duplicate of a key is told from
/// the first), and a value's JSON Pointer is worked out only when something is reported
/// (``pointer(of:)``, or a ``PointerCache`` for many), so a walk allocates nothing per value.
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

  /// One entry of a map: its key and its value, each a value of its own with its own position.
  public struct Entry: Hashable, Sendable {
    /// The key.
    public let key: Node
    /// The entry's value.
    public let value: Node
    /// The entry's place in the map (0-based, in file order).
    public let position: Int

    @inlinable
    init(key: Node, value: Node, position: Int) {
      self.key = key
      self.value = value
      self.position = position
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
  @usableFromInline let entries: UnsafeMutableBufferPointer<Record>

  /// What the index records of one value. The two numbers sit side by side because walks read both.
  @usableFromInline
  struct Record: BitwiseCopyable {
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

  /// A MessagePack document whose index was made from another's (``replacingValues(_:with:limits:)``).
  private init(contents: FileContents, entries: UnsafeMutableBufferPointer<Record>, containsNonFiniteNumbers: Bool) {
    encoding = .messagePack
    self.contents = contents
    converted = nil
    messagePack = contents.bytes
    bytes = ByteView(messagePack)
    self.entries = entries
    textRanges = nil
    self.containsNonFiniteNumbers = containsNonFiniteNumbers
  }

  deinit {
    free(entries.baseAddress)
  }

  /// The input as read. Valid while the document lives.
  var input: UnsafeRawBufferPointer { contents.bytes }

  /// The document as MessagePack: the input itself for MessagePack input. Valid while the document lives.
  let messagePack: UnsafeRawBufferPointer

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
    let encoding = encoding ?? DocumentEncoding.detect(bytes)
    try checkIndexable(bytes.count, encoding)
    switch encoding {
    case .messagePack:
      try limits.checkSize(bytes.count, format: .messagePack)
      var indexer = Indexer(scanner: MessagePackScanner(bytes), limits: limits, checksText: true)
      try indexer.index(checkingEnd: true)
      return IndexedDocument(
        encoding: .messagePack, contents: contents, converted: nil, indexer: indexer, textRanges: nil)
    case .json:
      let out = ByteBuffer(capacity: bytes.count)
      var parser = JSONToMessagePack(bytes, out: out, limits: limits, extended: false, positions: JSONTextRanges())
      try parser.document()
      try checkIndexable(out.count, .json)
      let positions = parser.positions
      // The parser wrote valid MessagePack; index it without checking its text again.
      var indexer = Indexer(scanner: MessagePackScanner(out.view), limits: .init(maxDepth: .max), checksText: false)
      try indexer.index(checkingEnd: false)
      return IndexedDocument(
        encoding: .json, contents: contents, converted: out, indexer: indexer, textRanges: positions)
    }
  }

  /// The index of MessagePack that the JSON parser wrote, and so valid and within its limits, which the
  /// document takes over: read as MessagePack without checking its text again. `nil` for more bytes than an
  /// index holds.
  static func indexing(convertedJSON out: ByteBuffer) -> IndexedDocument? {
    guard out.count <= Int(Int32.max) else { return nil }
    var indexer = Indexer(scanner: MessagePackScanner(out.view), limits: .init(maxDepth: .max), checksText: false)
    guard (try? indexer.index(checkingEnd: false)) != nil else { return nil }
    return IndexedDocument(
      encoding: .messagePack, contents: FileContents(out), converted: nil, indexer: indexer, textRanges: nil)
  }

  /// The index of MessagePack `contents` without checking its strings' UTF-8, for a caller that reads the
  /// document again with checks (a conversion's plan, before the conversion): a document whose text is not
  /// UTF-8 is indexed all the same. `nil` for bytes that do not read as one document within `limits`.
  static func indexing(messagePackUncheckedText contents: FileContents, limits: DecodingLimits) -> IndexedDocument? {
    let bytes = ByteView(contents.bytes)
    guard bytes.count <= Int(Int32.max), (try? limits.checkSize(bytes.count, format: .messagePack)) != nil else {
      return nil
    }
    var indexer = Indexer(scanner: MessagePackScanner(bytes), limits: limits, checksText: false)
    guard (try? indexer.index(checkingEnd: true)) != nil else { return nil }
    return IndexedDocument(
      encoding: .messagePack, contents: contents, converted: nil, indexer: indexer, textRanges: nil)
  }

  /// The index records offsets and node numbers in 32 bits: it holds documents of up to 2 GiB (the default
  /// limit is 1 GiB).
  private static func checkIndexable(_ count: Int, _ encoding: DocumentEncoding) throws(FormatError) {
    if count > Int(Int32.max) {
      throw FormatError(
        code: .inputTooLarge, format: encoding, offset: 0, line: encoding == .json ? 1 : nil,
        column: encoding == .json ? 1 : nil,
        message: "input of \(count) bytes is larger than a document index holds (2 GiB)")
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
    var entries: UnsafeMutableBufferPointer<Record>
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

    private static func allocate(_ capacity: Int) -> UnsafeMutableBufferPointer<Record> {
      guard let memory = malloc(capacity * MemoryLayout<Record>.stride) else { fatalError("out of memory") }
      adviseHugePages(memory, capacity * MemoryLayout<Record>.stride)
      return UnsafeMutableBufferPointer(start: memory.assumingMemoryBound(to: Record.self), count: capacity)
    }

    private static func grow(_ buffer: UnsafeMutableBufferPointer<Record>) -> UnsafeMutableBufferPointer<Record> {
      let capacity = buffer.count * 2
      guard let memory = realloc(buffer.baseAddress, capacity * MemoryLayout<Record>.stride) else {
        fatalError("out of memory")
      }
      adviseHugePages(memory, capacity * MemoryLayout<Record>.stride)
      return UnsafeMutableBufferPointer(start: memory.assumingMemoryBound(to: Record.self), count: capacity)
    }

    func deallocate() {
      free(entries.baseAddress)
    }

    /// Indexes the document, and with `checkingEnd` checks that nothing follows it; frees the tables when the
    /// bytes do not read as one document.
    mutating func index(checkingEnd: Bool) throws(FormatError) {
      do {
        try document()
        if checkingEnd { try scanner.checkAtEnd() }
      } catch {
        deallocate()
        throw error
      }
    }

    /// A float64's exponent bits, all set in NaN and the infinities alone.
    static let float64Exponent: UInt64 = 0x7FF0_0000_0000_0000

    /// An open array or map: its node, whether it is a map, how many values it holds (keys and values
    /// alike for maps), and how many values the container around it had still to read when it opened
    /// (the innermost container's own count is kept apart, in a local). Counts and node numbers fit
    /// in 32 bits, as the index's do.
    struct Frame: BitwiseCopyable {
      var node: Int32
      var total: Int32
      var outerLeft: Int32
      var isMap: Bool
    }

    /// Indexes the one top-level value and everything in it, without recursing: open containers wait
    /// on a stack of their own, so the depth a thread's stack allows never limits it.
    ///
    /// The loop is kept small, so that what it changes stays in registers: it works on local copies,
    /// stored back when it ends however it ends, reads the common values itself (`quickHead`), and
    /// leaves every other value, and every error, to `readValue`.
    mutating func document() throws(FormatError) {
      // One loop for each, so that neither tests `checksText` on every value.
      if checksText { try document(checkingText: true) } else { try document(checkingText: false) }
    }

    @inline(__always)
    private mutating func document(checkingText: Bool) throws(FormatError) {
      let bytes = scanner.bytes
      let maxDepth = limits.maxDepth
      var offset = scanner.offset
      var entries = self.entries
      var count = self.count
      defer {
        scanner.offset = offset
        self.entries = entries
        self.count = count
      }
      // The open containers, innermost on top, above the document itself, which is read as a container
      // (node -1) of one value: so there always is one, and a container opened is `frames.count - 1` deep.
      var frames = ContainerStack<Frame>()
      frames.push(Frame(node: -1, total: 1, outerLeft: 0, isMap: false))
      // The values the innermost container has still to read.
      var left = 1
      do throws(FormatError) {
        while true {
          // The values `quickHead` reads, while the tables have room: first far from the end of the bytes,
          // where what a value's format byte says of its length needs no check, then up to the end. Every
          // value takes a byte at least, so the index has room for each that starts before `room`.
          let room = offset &+ (entries.count &- count)
          // An array or map opens here when there are fewer containers open than this: it is within the depth
          // limit and the stack has room for it (one number, where two would take a register more).
          let openLimit = min(maxDepth &+ 1, frames.capacity)
          let farEnd = bytes.count &- MessagePackScanner.farFromEnd
          if Self.readQuickValues(
            bytes, upTo: min(farEnd, room), farFromEnd: true, checkingText: checkingText, openLimit: openLimit,
            &offset, &count, entries, &frames, &left)
          {
            return
          }
          if offset >= farEnd
            && Self.readQuickValues(
              bytes, upTo: min(bytes.count, room), farFromEnd: false, checkingText: checkingText,
              openLimit: openLimit, &offset, &count, entries, &frames, &left)
          {
            return
          }
          // Any other value, or one for which a table must grow.
          let index = count
          if index == entries.count { entries = Self.grow(entries) }
          entries[index] = Record(head: Int32(truncatingIfNeeded: offset), next: Int32(truncatingIfNeeded: index &+ 1))
          count &+= 1
          let opened: (values: Int, isMap: Bool)?
          (offset, opened) = try readValue(at: offset, depth: frames.count &- 1)
          if let opened {
            Self.open(node: index, values: opened.values, isMap: opened.isMap, &frames, &left)
          } else if Self.close(&left, &frames, entries, count) {
            return
          }
        }
      } catch {
        throw locate(error, in: frames.elements, innermostLeft: left, entries: entries)
      }
    }

    /// Reads the values `quickHead` reads from `offset` while it is below `limit`, which is within the bytes
    /// and leaves the index room for every value that starts before it; with `farFromEnd`, it is also
    /// ``MessagePackScanner/farFromEnd`` bytes or more before their end. Stops at the first value it leaves
    /// to the general path, with `offset` at its head: among them a NaN or infinite float64, which the
    /// general path notes. Returns whether the document is complete.
    ///
    /// This loop calls nothing, so that what it changes stays in registers. It keeps, instead of the values
    /// the innermost container has still to read (`left`), the number of values the index will hold when it
    /// closes if all those are leaves (`closeAt`): a leaf then changes only `offset` and `count`.
    @inline(__always)
    private static func readQuickValues(
      _ bytes: ByteView, upTo limit: Int, farFromEnd: Bool, checkingText: Bool, openLimit: Int,
      _ offset: inout Int, _ count: inout Int, _ entries: UnsafeMutableBufferPointer<Record>,
      _ frames: inout ContainerStack<Frame>, _ left: inout Int
    ) -> Bool {
      let asciiMasks = ShortASCIIMasks.table
      var closeAt = count &+ left
      defer { left = closeAt &- count }
      while offset < limit {
        let width: Int
        var values = 0
        var isMap = false
        switch MessagePackScanner.quickHead(
          in: bytes, at: offset, checksText: checkingText, farFromEnd: farFromEnd, asciiMasks: asciiMasks)
        {
        case .leaf(let leafWidth):
          width = leafWidth
        case .float64:
          // All exponent bits set: NaN or an infinity, for `readValue` to note.
          let bits = bytes.bigEndian(UInt64.self, at: offset &+ 1)
          if bits & Self.float64Exponent == Self.float64Exponent { return false }
          width = 9
        case .container(let count, let map) where frames.count < openLimit:
          width = 1
          (values, isMap) = (count, map)
        default:
          return false
        }
        // A value's subtree ends after it, unless it is an array or map, whose end is set as it closes.
        entries[count] = Record(head: Int32(truncatingIfNeeded: offset), next: Int32(truncatingIfNeeded: count &+ 1))
        offset &+= width
        count &+= 1
        if values > 0 {
          // The container around it has `closeAt - node` values left to read, this one among them.
          let node = count &- 1
          frames.pushWithinCapacity(
            Frame(
              node: Int32(truncatingIfNeeded: node), total: Int32(truncatingIfNeeded: values),
              outerLeft: Int32(truncatingIfNeeded: closeAt &- node), isMap: isMap))
          closeAt = count &+ values
        } else {
          // As `close(_:_:_:_:)` does: each container completed closes, and the one around it has a value
          // fewer left than when it opened.
          while count == closeAt {
            let closed = frames.pop()
            guard closed.node >= 0 else { return true }
            entries[Int(closed.node)].next = Int32(truncatingIfNeeded: count)
            closeAt = count &+ Int(closed.outerLeft) &- 1
          }
        }
      }
      return false
    }

    /// Makes an array or map of `values` values (keys and values alike for a map) the innermost open
    /// container.
    @inline(__always)
    private static func open(
      node: Int, values: Int, isMap: Bool, _ frames: inout ContainerStack<Frame>, _ left: inout Int
    ) {
      frames.push(
        Frame(
          node: Int32(truncatingIfNeeded: node), total: Int32(truncatingIfNeeded: values),
          outerLeft: Int32(truncatingIfNeeded: left), isMap: isMap))
      left = values
    }

    /// Counts a value read in the innermost container, and closes each container it completes, its subtree
    /// ending before the node numbered `count`. Returns whether the document is complete.
    @inline(__always)
    private static func close(
      _ left: inout Int, _ frames: inout ContainerStack<Frame>, _ entries: UnsafeMutableBufferPointer<Record>,
      _ count: Int
    ) -> Bool {
      left &-= 1
      while left == 0 {
        let closed = frames.pop()
        guard closed.node >= 0 else { return true }
        entries[Int(closed.node)].next = Int32(truncatingIfNeeded: count)
        left = Int(closed.outerLeft) &- 1
      }
      return false
    }

    /// Reads a value that `quickHead` leaves, at `start`: returns where it ends, and for an array or map
    /// that has values to read, how many (keys and values alike for a map).
    @inline(never)
    mutating func readValue(at start: Int, depth: Int) throws(FormatError) -> (
      end: Int, opened: (values: Int, isMap: Bool)?
    ) {
      var scanner = MessagePackScanner(scanner.bytes, offset: start)
      var opened: (values: Int, isMap: Bool)?
      let header = try scanner.readHeader()
      switch header {
      case .array(let elements):
        try scanner.checkDepth(depth, limits, at: start)
        if elements > 0 { opened = (elements, false) }
      case .map(let entries):
        try scanner.checkDepth(depth, limits, at: start)
        if entries > 0 { opened = (2 &* entries, true) }
      default:
        try scanner.readPayload(of: header, start: start, checksText: checksText, sawNonFinite: &sawNonFiniteNumber)
      }
      return (scanner.offset, opened)
    }

    /// `error` at the path the tree reader names, given the open containers, outermost first, and the
    /// values the innermost has still to read: an array names its index, a map the key just read (or,
    /// while a key is read, the entry whose key it is).
    @inline(never)
    func locate(
      _ error: FormatError, in frames: [Frame], innermostLeft: Int, entries: UnsafeMutableBufferPointer<Record>
    ) -> FormatError {
      var path = ErrorPath()
      for (depth, frame) in frames.enumerated() where frame.node >= 0 {
        // What a container has still to read is noted in the frame of the one opened in it.
        let left = depth &+ 1 < frames.count ? Int(frames[depth &+ 1].outerLeft) : innermostLeft
        let read = Int(frame.total) &- left
        if !frame.isMap {
          path.append(.index(read))
        } else if read & 1 == 0 {
          _ = path.enterKey(ofEntry: read / 2)
          break
        } else {
          // The key is complete, and so are the values before it, whose subtree ends lead to it; it ends
          // where its entry's value, the node after it, starts.
          var key = Int(frame.node) &+ 1
          for _ in 1..<read { key = Int(entries[key].next) }
          let keyBytes = Int(entries[key].head)..<Int(entries[Int(entries[key].next)].head)
          let value = try? MessagePackReader(limits: .init(maxDepth: .max)).read(scanner.bytes[keyBytes])
          path.append(.key(value?.pointerToken ?? "?"))
        }
      }
      return path.locate(error)
    }
  }

  // MARK: Replacing values

  /// This document with some of its values replaced, indexed from this document's index rather than read
  /// again: what a fixer that replaces a few numbers and strings of a file reads back, where reading the
  /// whole file again cost as much as reading it the first time.
  ///
  /// `bytes` must be this document's MessagePack with the bytes of each of `replaced` (values that are not
  /// arrays or maps, in document order, none inside another) swapped for those of one value that is not an
  /// array or map either. Each new value is read and checked as reading the whole bytes would read it
  /// (its head, its length, a string's UTF-8), and every byte outside the replaced values is compared with
  /// this document's; the values keep their numbers, and the heads after each replaced value move by the
  /// change in its length. So the document made is the one ``read(_:as:limits:)-(FileContents,_,_)`` of
  /// `bytes` makes.
  ///
  /// - Returns: the new document, or `nil` when it cannot be made so (JSON input, a replaced or new value
  ///   that is an array or map, or any byte that is not as the rules above say): then read `bytes` whole,
  ///   which says what is wrong with them, if anything is.
  package func replacingValues(
    _ replaced: [Node], with bytes: [UInt8], limits: DecodingLimits = .default
  ) -> IndexedDocument? {
    guard encoding == .messagePack, !replaced.isEmpty, bytes.count <= limits.maxInputSize,
      bytes.count <= Int(Int32.max)
    else { return nil }
    let contents = FileContents(copying: bytes)
    let new = ByteView(contents.bytes)
    // Where each new value starts, and how far the values after it move.
    var moves: [(start: Int, shiftAfter: Int)] = []
    moves.reserveCapacity(replaced.count)
    var nonFinite = false
    // Where the last replaced value ended, in the old bytes and the new.
    var (oldEnd, newEnd) = (0, 0)
    for node in replaced {
      guard node.index < entries.count, Int(entries[node.index].next) == node.index + 1, !isContainer(node)
      else { return nil }
      let old = messagePackRange(of: node)
      guard old.lowerBound >= oldEnd else { return nil }
      let start = newEnd + (old.lowerBound - oldEnd)
      guard start <= new.count, self.bytes[oldEnd..<old.lowerBound].elementsEqual(new[newEnd..<start]) else {
        return nil
      }
      var scanner = MessagePackScanner(new, offset: start)
      guard let header = try? scanner.readHeader() else { return nil }
      switch header {
      case .array, .map:
        return nil
      default:
        guard (try? scanner.readPayload(of: header, start: start, checksText: true, sawNonFinite: &nonFinite)) != nil
        else { return nil }
      }
      (oldEnd, newEnd) = (old.upperBound, scanner.offset)
      moves.append((start, newEnd - oldEnd))
    }
    guard new.count - newEnd == self.bytes.count - oldEnd,
      self.bytes[oldEnd..<self.bytes.count].elementsEqual(new[newEnd..<new.count])
    else { return nil }
    // The index: the same values, each head after a replaced value moved by the lengths changed before it.
    guard let memory = malloc(Swift.max(entries.count, 1) * MemoryLayout<Record>.stride) else {
      fatalError("out of memory")
    }
    let records = UnsafeMutableBufferPointer(start: memory.assumingMemoryBound(to: Record.self), count: entries.count)
    if let from = entries.baseAddress {
      records.baseAddress.unsafelyUnwrapped.initialize(from: from, count: entries.count)
    }
    for (position, node) in replaced.enumerated() {
      records[node.index].head = Int32(truncatingIfNeeded: moves[position].start)
      let shift = Int32(truncatingIfNeeded: moves[position].shiftAfter)
      guard shift != 0 else { continue }
      let end = position + 1 < replaced.count ? replaced[position + 1].index : records.count
      for index in node.index + 1..<end { records[index].head &+= shift }
    }
    // Whether a number is NaN or infinite: for certain when a new one is, or when none was before;
    // otherwise, whether one of the values kept is.
    if !nonFinite && containsNonFiniteNumbers {
      var kept = replaced.makeIterator()
      var skip = kept.next()
      for index in entries.indices {
        if let node = skip, node.index == index {
          skip = kept.next()
          continue
        }
        if let number = nonFiniteCandidate(Node(index)), !number.isFinite {
          nonFinite = true
          break
        }
      }
    }
    return IndexedDocument(contents: contents, entries: records, containsNonFiniteNumbers: nonFinite)
  }

  /// Whether a value is an array or map, by its format byte.
  private func isContainer(_ node: Node) -> Bool {
    let format = bytes[Int(entries[node.index].head)]
    return (0x80...0x9F).contains(format) || (0xDC...0xDF).contains(format)
  }

  /// A float's number, by its format byte, for the values that may be NaN or infinite; `nil` for the rest.
  private func nonFiniteCandidate(_ node: Node) -> Double? {
    let format = bytes[Int(entries[node.index].head)]
    guard format == 0xCA || format == 0xCB, case (let header, _)? = header(of: node) else { return nil }
    switch header {
    case .float32(let number): return Double(number)
    case .float64(let number): return number
    default: return nil
    }
  }

  /// The value whose head is at `offset` of the MessagePack bytes, if one is.
  package func node(startingAt offset: Int) -> Node? {
    var (low, high) = (0, entries.count)
    while low < high {
      let middle = (low + high) / 2
      if Int(entries[middle].head) < offset { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && Int(entries[low].head) == offset ? Node(low) : nil
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

  /// The containers holding `node`, outermost first (the top-level value first, `node`'s parent last), and
  /// whether `node` is a key of its parent (a map's entries are its children in turn, key then value);
  /// `nil` for the top-level value. Found by going down from the top, each container's children passed
  /// over by their subtrees.
  package func ancestors(of node: Node) -> (containers: [Node], isKey: Bool)? {
    guard var parent = root, node.index > 0, node.index < entries.count else { return nil }
    var containers: [Node] = []
    while true {
      containers.append(parent)
      var position = 0
      var child = firstChild(of: parent)
      while let current = child, subtreeEnd(of: current) <= node.index {
        child = nextSibling(of: current, in: parent)
        position += 1
      }
      guard let holder = child else { return nil }
      if holder == node { return (containers, isMap(parent) && position % 2 == 0) }
      parent = holder
    }
  }

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

  /// The bytes of the MessagePack form (`messagePack`) that encode a value.
  public func messagePackRange(of node: Node) -> Range<Int> {
    let next = Int(entries[node.index].next)
    let end = next < entries.count ? Int(entries[next].head) : messagePack.count
    return Int(entries[node.index].head)..<end
  }

  // MARK: Contents
  //
  // Heads are decoded again by the scanner, checked against the end of the bytes as when indexing: a
  // mapped input may change underneath the document (an editor saving in place), and then a value may
  // read as garbled, but no read leaves the bytes. Node numbers and subtree ends come from the index's
  // own table, so walks end whatever the bytes say.

  /// A scanner at a node's head.
  @inline(__always)
  func scanner(at node: Node) -> MessagePackScanner {
    MessagePackScanner(bytes, offset: Int(entries[node.index].head))
  }

  /// A node's head, and where its payload (a string's bytes) starts; `nil` when it no longer decodes.
  @inline(__always)
  func header(of node: Node) -> (header: MessagePackHeader, payload: Int)? {
    var scanner = scanner(at: node)
    guard let header = try? scanner.readHeader() else { return nil }
    return (header, scanner.offset)
  }

  /// What kind of value a node is.
  @inlinable @inline(__always)
  public func kind(of node: Node) -> Kind {
    let head = Int(entries[node.index].head)
    if let kind = MessagePackHeader.kind(ofFormat: bytes[head]) { return kind }
    return uncommonKind(of: node)
  }

  /// The kind of a value whose format byte does not tell it: a uint64 is an `.int` up to `Int64.max`.
  @usableFromInline
  func uncommonKind(of node: Node) -> Kind {
    switch header(of: node)?.header {
    case .int?: return .int
    case .uint?: return .uint
    default: return .nil
    }
  }

  /// An array's element count or a map's entry count; `nil` for other values.
  @inline(__always)
  public func count(of node: Node) -> Int? {
    // Never more than the values the index holds inside: the head's count may have changed since.
    let inside = Int(entries[node.index].next) &- node.index &- 1
    // A fixarray or fixmap (most) has its count in its format byte: no need to decode a header.
    let format = bytes[Int(entries[node.index].head)]
    switch format & 0xF0 {
    case 0x90: return min(Int(format & 0x0F), inside)
    case 0x80: return min(Int(format & 0x0F), inside / 2)
    default: break
    }
    switch header(of: node)?.header {
    case .array(let count): return min(count, inside)
    case .map(let count): return min(count, inside / 2)
    default: return nil
    }
  }

  /// The number, as a `Double`, for any integer or float. Inlinable, so that the linter's outline, which
  /// reads every keyframe's duration, makes no call for it.
  @inlinable @inline(__always)
  public func double(of node: Node) -> Double? {
    // A float64, an animation file's commonest number, is read without decoding its head as a header: its
    // eight bytes follow the format byte, if the input still holds them (`readHeader()` checks the same).
    let head = Int(entries[node.index].head)
    if bytes[head] == 0xCB && bytes.count &- head >= 9 {
      return Double(bitPattern: bytes.bigEndian(UInt64.self, at: head &+ 1))
    }
    return uncommonDouble(of: node)
  }

  /// ``double(of:)`` for any value but a float64, apart so that the common case is small enough to inline.
  @usableFromInline @inline(never)
  func uncommonDouble(of node: Node) -> Double? {
    switch header(of: node)?.header {
    case .int(let i): return Double(i)
    case .uint(let u): return Double(u)
    case .float32(let f): return Double(f)
    case .float64(let d): return d
    default: return nil
    }
  }

  /// The boolean, when the value is one.
  @inline(__always)
  public func bool(of node: Node) -> Bool? {
    guard case .bool(let b)? = header(of: node)?.header else { return nil }
    return b
  }

  /// A string's UTF-8 bytes, which stay valid as long as the document; `nil` when the value is not a string.
  @inlinable @inline(__always)
  func utf8(of node: Node) -> ByteView? {
    // A fixstr (most keys) carries its length in its format byte: no need to decode a header.
    let head = Int(entries[node.index].head)
    let format = bytes[head]
    if format & 0xE0 == 0xA0 {
      let length = Int(format & 0x1F)
      guard length < bytes.count &- head else { return nil }
      return bytes[(head &+ 1)..<(head &+ 1 &+ length)]
    }
    return uncommonUTF8(of: node)
  }

  /// ``utf8(of:)`` for any value but a fixstr, apart so that the common case is small enough to inline.
  @usableFromInline @inline(never)
  func uncommonUTF8(of node: Node) -> ByteView? {
    let head = Int(entries[node.index].head)
    if bytes[head] == 0xD9 { return str8UTF8(at: head) }
    guard let (header, payload) = header(of: node), case .string(let length) = header else { return nil }
    return bytes[payload..<(payload &+ length)]
  }

  /// The UTF-8 of the str8 whose head is at `head` (ids, which are 36-character UUIDs, are str8s): its length
  /// is in the byte after its format byte, and the string is what follows, if the input still holds it all
  /// (`readHeader()` checks the same).
  @inline(__always)
  func str8UTF8(at head: Int) -> ByteView? {
    guard bytes.count &- head >= 2 else { return nil }
    let start = head &+ 2
    let end = start &+ Int(bytes[head &+ 1])
    return end <= bytes.count ? bytes[start..<end] : nil
  }

  /// The string, when the value is one.
  public func string(of node: Node) -> String? {
    utf8(of: node)?.string
  }

  /// The length of a string's UTF-8, when the value is a string.
  @inline(__always)
  public func utf8Count(of node: Node) -> Int? {
    utf8(of: node)?.count
  }

  /// The first and last bytes of a string's UTF-8; `nil` when the value is not a string or is empty.
  @inline(__always)
  public func utf8Ends(of node: Node) -> (first: UInt8, last: UInt8)? {
    guard let utf8 = utf8(of: node), !utf8.isEmpty else { return nil }
    return (utf8[0], utf8[utf8.count &- 1])
  }

  /// Whether the value is the string `text`, compared without making a `String`.
  @inline(__always)
  public func isString(_ node: Node, equalTo text: StaticString) -> Bool {
    utf8(of: node)?.elementsEqual(text) ?? false
  }

  /// The number of the name in `names` that a string value spells; `nil` when the value is not a string or
  /// spells none of them. Inlinable, so that the linter's outline, which looks up every key of the objects
  /// it records, makes no call per key.
  @inlinable @inline(__always)
  package func index(ofKey node: Node, in names: KeyNames) -> Int? {
    // Not `flatMap(names.index(of:))`, whose closure retains and releases `names` on every call.
    guard let utf8 = utf8(of: node) else { return nil }
    return names.index(of: utf8)
  }

  /// Whether two values, of this document or `other`, are the same string, compared without making
  /// `String`s.
  @inline(__always)
  public func isSameString(_ node: Node, as otherNode: Node, in other: IndexedDocument? = nil) -> Bool {
    guard let utf8 = utf8(of: node), let otherUTF8 = (other ?? self).utf8(of: otherNode) else { return false }
    return utf8.elementsEqual(otherUTF8)
  }

  /// A hash of a string's UTF-8 (FNV-1a, eight bytes at a time), equal for equal strings: for finding
  /// repeated strings without making `String`s. `nil` when the value is not a string.
  package func stringHash(of node: Node) -> UInt64? {
    // A str8 (most ids) is read here: `utf8(of:)` reads only a fixstr itself, and any other string in a call.
    let head = Int(entries[node.index].head)
    guard let utf8 = bytes[head] == 0xD9 ? str8UTF8(at: head) : utf8(of: node) else { return nil }
    let count = utf8.count
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(count)
    guard count > 0 else { return hash }
    @inline(__always) func mix(_ word: UInt64) {
      hash = (hash ^ word) &* 0x0000_0100_0000_01B3
      hash ^= hash >> 32
    }
    var index = 0
    while count &- index > 8 {
      mix(utf8.word(UInt64.self, at: index))
      index &+= 8
    }
    // The last one to eight bytes as one word: the eight that end the string, overlapping those before,
    // or all of a shorter string, padded. The same for equal strings, whose lengths are equal too.
    mix(count >= 8 ? utf8.word(UInt64.self, at: count &- 8) : utf8.paddedShortWord())
    return hash
  }

  /// Whether a node is a map, from its format byte alone.
  @inlinable @inline(__always)
  public func isMap(_ node: Node) -> Bool {
    MessagePackHeader.kind(ofFormat: bytes[Int(entries[node.index].head)]) == .map
  }

  /// The value of a map's first entry whose key is the string `key`; `nil` when there is none or the node
  /// is not a map. Keys are compared as bytes, without decoding them.
  @inline(__always)
  public func value(forKey key: StaticString, in map: Node) -> Node? {
    guard isMap(map) else { return nil }
    var child = firstChild(of: map)
    while let keyNode = child, let valueNode = nextSibling(of: keyNode, in: map) {
      if isString(keyNode, equalTo: key) { return valueNode }
      child = nextSibling(of: valueNode, in: map)
    }
    return nil
  }

  /// The value of a map's first entry whose key is the string `name` (a name known only at run time).
  public func value(forKeyNamed name: String, in map: Node) -> Node? {
    guard isMap(map) else { return nil }
    var child = firstChild(of: map)
    while let keyNode = child, let valueNode = nextSibling(of: keyNode, in: map) {
      if utf8(of: keyNode)?.elementsEqual(name) ?? false { return valueNode }
      child = nextSibling(of: valueNode, in: map)
    }
    return nil
  }

  /// Whether the MessagePack bytes in `range` are the same as those in `otherRange` of `other`'s.
  package func messagePackBytes(_ range: Range<Int>, equal other: IndexedDocument, _ otherRange: Range<Int>) -> Bool {
    bytes[range].elementsEqual(other.bytes[otherRange])
  }

  /// Whether the input bytes in `range` are the same as those in `otherRange` of `other`'s input.
  package func inputBytes(_ range: Range<Int>, equal other: IndexedDocument, _ otherRange: Range<Int>) -> Bool {
    ByteView(input)[range].elementsEqual(ByteView(other.input)[otherRange])
  }

  /// The size of the input, in bytes.
  package var inputCount: Int { contents.bytes.count }

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
