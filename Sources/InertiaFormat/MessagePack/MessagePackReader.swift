#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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

  private struct Builder {
    var scanner: MessagePackScanner
    let limits: DecodingLimits
    let recordsPositions: Bool
    var sourceMap = SourceMap()

    mutating func document() throws(FormatError) -> MessagePackValue {
      try limits.checkSize(scanner.bytes.count, format: .messagePack)
      let value = try value(depth: 0)
      try scanner.checkAtEnd()
      return value
    }

    mutating func value(depth: Int) throws(FormatError) -> MessagePackValue {
      let start = scanner.offset
      let node = recordsPositions ? sourceMap.open(at: start) : 0
      let value: MessagePackValue
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
        try scanner.checkDepth(depth, limits, at: start)
        var elements: [MessagePackValue] = []
        // A count is only a claim until the elements are read: reserve a bounded amount, so that nested
        // heads claiming huge counts cannot make the reader reserve far more memory than the input.
        elements.reserveCapacity(Swift.min(count, 1024))
        for i in 0..<count {
          do {
            elements.append(try self.value(depth: depth + 1))
          } catch {
            var error = error
            error.prepend(.index(i))
            throw error
          }
        }
        value = .array(elements)
      case .map(let count):
        try scanner.checkDepth(depth, limits, at: start)
        var entries: [MessagePackValue.MapEntry] = []
        entries.reserveCapacity(Swift.min(count, 1024))
        for _ in 0..<count {
          let key = try self.value(depth: depth + 1)
          do {
            entries.append(MessagePackValue.MapEntry(key, try self.value(depth: depth + 1)))
          } catch {
            var error = error
            error.prepend(.key(key.pointerToken))
            throw error
          }
        }
        value = .map(entries)
      }
      if recordsPositions { sourceMap.close(node, at: scanner.offset) }
      return value
    }
  }
}

extension MessagePackValue {
  /// How this value names a map entry in a JSON Pointer: a string key as it is, any other key as its
  /// JSON text (in the extended form where plain JSON has none).
  public var pointerToken: String {
    if case .string(let s) = self { return s }
    return (try? JSONWriter(options: .init(style: .compact, extended: true)).writeString(self)) ?? "?"
  }
}
