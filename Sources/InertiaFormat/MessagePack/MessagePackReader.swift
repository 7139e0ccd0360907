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
      var elements: [MessagePackValue] = []
      var entries: [MessagePackValue.MapEntry] = []
      /// The key of the entry whose value is being read.
      var key: MessagePackValue = .nil
      /// The container's node in the source map.
      var node: Int = 0

      static let document = Container(kind: .document, remaining: 1)

      /// Adds where the value being read sits in this container to `path`; `false` when that is a map
      /// key, which has no path of its own.
      func locate(_ path: inout ErrorPath) -> Bool {
        switch kind {
        case .document: return true
        case .array: path.append(.index(elements.count))
        case .map:
          guard remaining & 1 != 0 else { return path.enterKey(ofEntry: entries.count) }
          path.append(.key(key.pointerToken))
        }
        return true
      }
    }

    mutating func document() throws(FormatError) -> MessagePackValue {
      try limits.checkSize(scanner.bytes.count, format: .messagePack)
      // The innermost open container is kept in `top`, the ones around it in `outer`.
      var top = Container.document
      var outer: [Container] = []
      do throws(FormatError) {
        let value = try tree(top: &top, outer: &outer)
        try scanner.checkAtEnd()
        return value
      } catch {
        var path = ErrorPath()
        for container in outer + [top] {
          guard container.locate(&path) else { break }
        }
        throw path.locate(error)
      }
    }

    /// Reads the document's one value: each step reads a value head; a scalar or empty container is
    /// handed to the containers around it, closing each one it completes, and any other container is
    /// opened on the stack.
    @inline(__always)
    private mutating func tree(top: inout Container, outer: inout [Container]) throws(FormatError) -> MessagePackValue {
      nextValue: while true {
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
          try scanner.checkDepth(outer.count, limits, at: start)
          guard count > 0 else {
            value = .array([])
            break
          }
          var opened = Container(kind: .array, remaining: count, node: node)
          // A count is only a claim until the elements are read: reserve a bounded amount, so that
          // nested heads claiming huge counts cannot make the reader reserve far more than the input.
          opened.elements.reserveCapacity(Swift.min(count, 1024))
          outer.append(top)
          top = opened
          continue nextValue
        case .map(let count):
          try scanner.checkDepth(outer.count, limits, at: start)
          guard count > 0 else {
            value = .map([])
            break
          }
          var opened = Container(kind: .map, remaining: 2 &* count, node: node)
          opened.entries.reserveCapacity(Swift.min(count, 1024))
          outer.append(top)
          top = opened
          continue nextValue
        }
        if recordsPositions { sourceMap.close(node, at: scanner.offset) }
        // Hand the value to its container; each container it completes is a value for the next one out.
        while true {
          top.remaining &-= 1
          switch top.kind {
          case .document:
            return value
          case .array:
            top.elements.append(value)
            if top.remaining != 0 { continue nextValue }
            value = .array(top.elements)
          case .map:
            if top.remaining & 1 != 0 {
              top.key = value
              continue nextValue
            }
            top.entries.append(MessagePackValue.MapEntry(top.key, value))
            if top.remaining != 0 { continue nextValue }
            value = .map(top.entries)
          }
          if recordsPositions { sourceMap.close(top.node, at: scanner.offset) }
          top = outer.removeLast()
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
