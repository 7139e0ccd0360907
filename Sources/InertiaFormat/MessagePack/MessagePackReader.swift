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
public struct MessagePackReader: ValueReader {
  /// The nesting and size limits reading enforces.
  public var limits: DecodingLimits

  /// A reader with these limits.
  public init(limits: DecodingLimits = .default) {
    self.limits = limits
  }

  /// - Throws: ``FormatError`` with the byte offset and path of the first fault.
  public func read(_ bytes: UnsafeRawBufferPointer) throws(FormatError) -> MessagePackValue {
    try read(ByteView(bytes))
  }

  func read(_ bytes: ByteView) throws(FormatError) -> MessagePackValue {
    var builder = Builder(scanner: MessagePackScanner(bytes), limits: limits)
    return try builder.document()
  }

  /// Builds the value tree with an explicit stack of open containers, so that the call stack stays the
  /// same however deep the document nests; the stack also names the path of an error.
  private struct Builder {
    var scanner: MessagePackScanner
    let limits: DecodingLimits

    /// An array or map being read, or the document itself (the bottom of the stack). On the value stack,
    /// an array's or map's own value is in the slot below `start`, and the values read of it so far run
    /// from `start` up to the next container's slot; the document's one value ends up at 0.
    struct Container {
      enum Kind { case document, array, map }
      var kind: Kind
      /// Where its values start on the value stack, and where they end once all are read (keys and
      /// values alike for maps).
      var start: Int
      var end: Int
    }

    mutating func document() throws(FormatError) -> MessagePackValue {
      try limits.checkSize(scanner.bytes.count, format: .messagePack)
      // The innermost open container is kept in `top`, the ones around it in `outer`.
      var top = Container(kind: .document, start: 0, end: 1)
      var outer = ContainerStack<Container>()
      var values = MessagePackValueStack(capacity: 256)
      do throws(FormatError) {
        try tree(top: &top, outer: &outer, values: &values)
        try scanner.checkAtEnd()
        return values.pop()
      } catch {
        // Each container names the value being read in it: an array its index, a map the key just read
        // (or, while a key is read, the entry whose key it is).
        var path = ErrorPath()
        let containers = outer.elements(then: top)
        for (level, container) in containers.enumerated() where container.kind != .document {
          // The values read so far end where the next container's slot is, or at the top.
          let read = (level + 1 < containers.count ? containers[level + 1].start - 1 : values.count) - container.start
          if container.kind == .array {
            path.append(.index(read))
          } else if read & 1 == 0 {
            _ = path.enterKey(ofEntry: read / 2)
            break
          } else {
            path.append(.key(values[container.start + read - 1].pointerToken))
          }
        }
        throw path.locate(error)
      }
    }

    /// Reads the document's one value onto `values`: each step reads a value head. A scalar or empty
    /// container goes on the value stack, and each container it completes takes its values into its
    /// slot; any other container is opened, its slot pushed.
    @inline(__always)
    private mutating func tree(
      top: inout Container, outer: inout ContainerStack<Container>, values: inout MessagePackValueStack
    ) throws(FormatError) {
      nextValue: while true {
        let start = scanner.offset
        switch try scanner.readHeader() {
        case .nil: values.push(.nil)
        case .bool(let b): values.push(.bool(b))
        case .int(let i): values.push(.int(i))
        case .uint(let u): values.push(.uint(u))
        case .float32(let f): values.push(.float32(f))
        case .float64(let d): values.push(.float64(d))
        case .string(let length):
          let payload = try scanner.readString(length: length, start: start)
          values.push(.string(payload.string))
        case .binary(let length):
          values.push(.binary(scanner.take(length).array))
        case .ext(let type, let length):
          values.push(.ext(type: type, data: scanner.take(length).array))
        case .array(let count):
          try scanner.checkDepth(outer.count, limits, at: start)
          guard count > 0 else {
            values.push(.array([]))
            break
          }
          // A count is only a claim until the elements are read: reserve a bounded amount, so that
          // nested heads claiming huge counts cannot make the reader reserve far more than the input.
          var elements: [MessagePackValue] = []
          elements.reserveCapacity(Swift.min(count, 1024))
          values.push(.array(consume elements))
          outer.push(top)
          top = Container(kind: .array, start: values.count, end: values.count &+ count)
          continue nextValue
        case .map(let count):
          try scanner.checkDepth(outer.count, limits, at: start)
          guard count > 0 else {
            values.push(.map([]))
            break
          }
          var entries: [MessagePackValue.MapEntry] = []
          entries.reserveCapacity(Swift.min(count, 1024))
          values.push(.map(consume entries))
          outer.push(top)
          top = Container(kind: .map, start: values.count, end: values.count &+ 2 &* count)
          continue nextValue
        }
        // Close each container the value completes.
        while values.count == top.end {
          switch top.kind {
          case .document: return
          case .array: values.closeArray(at: top.start &- 1)
          case .map: values.closeMap(at: top.start &- 1)
          }
          top = outer.pop()
        }
      }
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
