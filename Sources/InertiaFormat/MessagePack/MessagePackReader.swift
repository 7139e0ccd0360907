import Foundation

/// Reads a MessagePack document into a ``MessagePackValue``.
///
/// The reader accepts every format of the MessagePack spec, checks each length prefix against the bytes
/// left before allocating anything, checks strings are UTF-8, bounds nesting by
/// ``DecodingLimits/maxDepth`` and rejects bytes after the one top-level value.
public struct MessagePackReader: Sendable {
  public var limits: DecodingLimits

  public init(limits: DecodingLimits = .default) {
    self.limits = limits
  }

  /// - Throws: ``FormatError`` with the byte offset and path of the first fault.
  public func read(_ bytes: [UInt8]) throws(FormatError) -> MessagePackValue {
    try withBytes(bytes) { (buffer) throws(FormatError) in try read(buffer) }
  }

  /// - Throws: ``FormatError`` with the byte offset and path of the first fault.
  public func read(_ data: Data) throws(FormatError) -> MessagePackValue {
    try withBytes(data) { (buffer) throws(FormatError) in try read(buffer) }
  }

  /// - Throws: ``FormatError`` with the byte offset and path of the first fault.
  public func read(_ bytes: UnsafeRawBufferPointer) throws(FormatError) -> MessagePackValue {
    var builder = Builder(scanner: MessagePackScanner(bytes), limits: limits, recordsPositions: false)
    return try builder.document()
  }

  /// Reads a document and where each of its values sits (see ``SourceMap``).
  public func readWithPositions(_ bytes: [UInt8]) throws(FormatError) -> (MessagePackValue, SourceMap) {
    try withBytes(bytes) { (buffer) throws(FormatError) in
      var builder = Builder(scanner: MessagePackScanner(buffer), limits: limits, recordsPositions: true)
      let value = try builder.document()
      return (value, builder.sourceMap)
    }
  }

  /// Builds the value tree with an explicit stack of open containers, so that the call stack stays the
  /// same however deep the document nests; the stack also names the path of an error.
  private struct Builder {
    var scanner: MessagePackScanner
    let limits: DecodingLimits
    let recordsPositions: Bool
    var sourceMap = SourceMap()

    /// An array or map being read, or the document itself (the bottom of the stack).
    struct Container {
      enum Kind { case document, array, map }
      var kind: Kind
      /// The values still to read: elements, or keys and values (two per entry).
      var remaining: Int
      /// The container's node in the source map.
      var node: Int
    }

    /// The containers being read, and what has been read of them.
    ///
    /// The innermost container is `top`, the ones around it are in `outer`. The elements read so far of
    /// the innermost open array, and the entries and pending key of the innermost open map, are in
    /// `elements`, `entries` and `key`; those of the arrays and maps further out wait in the `outer…`
    /// stacks, each of which starts with an empty placeholder for the document. Containers hold no
    /// references, and arrays are swapped in and out rather than copied, so that opening and closing a
    /// container retains nothing.
    struct OpenContainers {
      var top = Container(kind: .document, remaining: 1, node: 0)
      var outer: [Container] = []
      var elements: [MessagePackValue] = []
      var entries: [MessagePackValue.MapEntry] = []
      var key = MessagePackValue.nil
      var outerElements: [[MessagePackValue]] = []
      var outerEntries: [[MessagePackValue.MapEntry]] = []
      var outerKeys: [MessagePackValue] = []

      @inline(__always)
      mutating func openArray(count: Int, node: Int) {
        outer.append(top)
        top = Container(kind: .array, remaining: count, node: node)
        var opened: [MessagePackValue] = []
        // A count is only a claim until the elements are read: reserve a bounded amount, so that
        // nested heads claiming huge counts cannot make the reader reserve far more than the input.
        opened.reserveCapacity(Swift.min(count, 1024))
        swap(&opened, &elements)
        outerElements.append(consume opened)
      }

      @inline(__always)
      mutating func closeArray() -> MessagePackValue {
        var closed = outerElements.removeLast()
        swap(&closed, &elements)
        top = outer.removeLast()
        return .array(closed)
      }

      @inline(__always)
      mutating func openMap(count: Int, node: Int) {
        outer.append(top)
        top = Container(kind: .map, remaining: 2 &* count, node: node)
        var opened: [MessagePackValue.MapEntry] = []
        opened.reserveCapacity(Swift.min(count, 1024))
        swap(&opened, &entries)
        outerEntries.append(consume opened)
        var outerKey = MessagePackValue.nil
        swap(&outerKey, &key)
        outerKeys.append(consume outerKey)
      }

      @inline(__always)
      mutating func closeMap() -> MessagePackValue {
        var closed = outerEntries.removeLast()
        swap(&closed, &entries)
        key = outerKeys.removeLast()
        top = outer.removeLast()
        return .map(closed)
      }

      /// Adds `value` to the innermost container, as its next element, key or value; `true` when that
      /// completes the container. The document is a container of one value.
      @inline(__always)
      mutating func add(_ value: consuming MessagePackValue) -> Bool {
        top.remaining &-= 1
        switch top.kind {
        case .document, .array:
          elements.append(value)
        case .map:
          if top.remaining & 1 != 0 {
            key = value
          } else {
            // Swapped out rather than copied: a copy would cost a retain and a release.
            var entryKey = MessagePackValue.nil
            swap(&entryKey, &key)
            entries.append(MessagePackValue.MapEntry(consume entryKey, value))
          }
        }
        return top.remaining == 0
      }

      /// The path of the value being read, for an error: each array's index is the number of elements
      /// it has, each map's key its pending key.
      var errorPath: ErrorPath {
        var path = ErrorPath()
        // Where each container's items are: the innermost open array's and map's in `elements`,
        // `entries` and `key`, the others' in the `outer…` stacks after their placeholders.
        var arrays = 1
        var maps = 1
        for container in outer + [top] {
          switch container.kind {
          case .document:
            continue
          case .array:
            let count = arrays < outerElements.count ? outerElements[arrays].count : elements.count
            arrays += 1
            path.append(.index(count))
          case .map:
            let entryCount = maps < outerEntries.count ? outerEntries[maps].count : entries.count
            let entryKey = maps < outerKeys.count ? outerKeys[maps] : key
            maps += 1
            guard container.remaining & 1 != 0 else {
              _ = path.enterKey(ofEntry: entryCount)
              return path
            }
            path.append(.key(entryKey.pointerToken))
          }
        }
        return path
      }
    }

    mutating func document() throws(FormatError) -> MessagePackValue {
      try limits.checkSize(scanner.bytes.count, format: .messagePack)
      var open = OpenContainers()
      do throws(FormatError) {
        try tree(&open)
        try scanner.checkAtEnd()
        return open.elements[0]
      } catch {
        throw open.errorPath.locate(error)
      }
    }

    /// Reads the document's one value into `open.elements`: each step reads a value head; a scalar or
    /// empty container is added to the innermost container, closing each one it completes, and any other
    /// container is opened.
    @inline(__always)
    private mutating func tree(_ open: inout OpenContainers) throws(FormatError) {
      while true {
        let start = scanner.offset
        let node = recordsPositions ? sourceMap.open(at: start) : 0
        var value: MessagePackValue
        switch try scanner.readHeader() {
        case .nil: value = .nil
        case .bool(let b): value = .bool(b)
        case .int(let i): value = .int(i)
        case .uint(let u): value = .uint(u)
        case .float32(let f): value = .float32(f)
        case .float64(let d): value = .float64(d)
        case .string(let length):
          let payload = try scanner.readString(length: length, start: start)
          value = .string(String(decoding: payload, as: UTF8.self))
        case .binary(let length):
          value = .binary(Array(scanner.take(length)))
        case .ext(let type, let length):
          value = .ext(type: type, data: Array(scanner.take(length)))
        case .array(let count):
          try scanner.checkDepth(open.outer.count, limits, at: start)
          guard count > 0 else {
            value = .array([])
            break
          }
          open.openArray(count: count, node: node)
          continue
        case .map(let count):
          try scanner.checkDepth(open.outer.count, limits, at: start)
          guard count > 0 else {
            value = .map([])
            break
          }
          open.openMap(count: count, node: node)
          continue
        }
        if recordsPositions { sourceMap.close(node, at: scanner.offset) }
        // Each container the value completes is a value for the next one out.
        while open.add(value) {
          switch open.top.kind {
          case .document: return
          case .array:
            if recordsPositions { sourceMap.close(open.top.node, at: scanner.offset) }
            value = open.closeArray()
          case .map:
            if recordsPositions { sourceMap.close(open.top.node, at: scanner.offset) }
            value = open.closeMap()
          }
        }
      }
    }
  }
}

extension MessagePackValue {
  /// How this value names a map entry in a JSON Pointer: a string key as it is, any other key as its
  /// JSON text.
  var pointerToken: String {
    if case .string(let s) = self { return s }
    return (try? JSONWriter(options: .init(style: .compact, extended: true)).writeString(self)) ?? "?"
  }
}
