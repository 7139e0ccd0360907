#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Converting whole documents between MessagePack and JSON without building values in between.
///
/// Each conversion goes straight from one encoding's bytes to the other's, with no value tree in
/// between: it needs about the input plus the output in memory, or the input plus a megabyte when the
/// JSON is streamed to a sink. Canonical MessagePack survives `toJSON` then `toMessagePack` byte for byte.
public enum Converter {
  /// MessagePack bytes to JSON text.
  ///
  /// - Throws: ``FormatError`` for malformed input, or for a value JSON cannot hold (unless
  ///   `options.extended`), with its offset and path.
  package static func toJSON(
    messagePack bytes: UnsafeRawBufferPointer, options: JSONWriter.Options = .init(), limits: DecodingLimits = .default
  ) throws(FormatError) -> ByteBuffer {
    try toJSON(messagePack: ByteView(bytes), options: options, limits: limits)
  }

  static func toJSON(
    messagePack bytes: ByteView, options: JSONWriter.Options, limits: DecodingLimits
  ) throws(FormatError) -> ByteBuffer {
    // Pretty JSON of an animation file runs to about twice its MessagePack size; pages reserved but
    // never written cost no memory.
    let out = ByteBuffer(capacity: bytes.count * 3 + 4096)
    var emitter = MessagePackToJSON(bytes, out: out, options: options, limits: limits)
    try emitter.document()
    return out
  }

  /// MessagePack bytes to JSON text handed to `sink` as it is made, a megabyte at a time, so the output
  /// never has to fit in memory. On an error, part of the text may already have gone to the sink.
  ///
  /// - Throws: ``FormatError`` as ``toJSON(messagePack:options:limits:)`` does, or the sink's
  ///   ``FileIOError``.
  public static func toJSON(
    messagePack bytes: UnsafeRawBufferPointer, options: JSONWriter.Options = .init(), limits: DecodingLimits = .default,
    finalNewline: Bool = false, streamingTo sink: @escaping (UnsafeRawBufferPointer) throws(FileIOError) -> Void
  ) throws {
    let out = ByteBuffer(streamingTo: sink)
    var emitter = MessagePackToJSON(ByteView(bytes), out: out, options: options, limits: limits)
    try emitter.document()
    if finalNewline { out.append(0x0A) }
    try out.flush()
  }

  /// MessagePack bytes to JSON text appended to `out`, which may stream (see ``ByteBuffer``). On an
  /// error, `out` still holds the text made since it last streamed, so a caller can show the part of a
  /// broken document read before the fault. The caller flushes a streaming `out`.
  ///
  /// - Throws: ``FormatError`` as ``toJSON(messagePack:options:limits:)`` does.
  package static func toJSON(
    messagePack bytes: UnsafeRawBufferPointer, options: JSONWriter.Options, limits: DecodingLimits,
    appendingTo out: ByteBuffer
  ) throws(FormatError) {
    var emitter = MessagePackToJSON(ByteView(bytes), out: out, options: options, limits: limits)
    try emitter.document()
  }

  /// JSON text to canonical MessagePack bytes.
  ///
  /// - Throws: ``FormatError`` with the line, column and path of the first fault.
  package static func toMessagePack(
    json bytes: UnsafeRawBufferPointer, extended: Bool = false, limits: DecodingLimits = .default
  ) throws(FormatError) -> ByteBuffer {
    try toMessagePack(json: ByteView(bytes), extended: extended, limits: limits)
  }

  static func toMessagePack(json bytes: ByteView, extended: Bool, limits: DecodingLimits) throws(FormatError)
    -> ByteBuffer
  {
    let out = ByteBuffer(capacity: bytes.count)
    var parser = JSONToMessagePack(bytes, out: out, limits: limits, extended: extended, positions: NoTextRanges())
    try parser.document()
    return out
  }

  /// Checks MessagePack input and copies it unchanged (what `to-msgpack` does with input that already
  /// is MessagePack).
  public static func validateMessagePack(
    _ bytes: UnsafeRawBufferPointer, limits: DecodingLimits = .default
  ) throws(FormatError) {
    _ = try MessagePackReader(limits: limits).read(ByteView(bytes))
  }

  /// Array conveniences for tests and small documents.
  public static func toJSON(
    messagePack bytes: [UInt8], options: JSONWriter.Options = .init(), limits: DecodingLimits = .default
  ) throws(FormatError) -> [UInt8] {
    try withBytes(bytes) { (view) throws(FormatError) in
      try toJSON(messagePack: view, options: options, limits: limits).array
    }
  }

  /// JSON text to canonical MessagePack bytes, for arrays.
  public static func toMessagePack(
    json bytes: [UInt8], extended: Bool = false, limits: DecodingLimits = .default
  ) throws(FormatError) -> [UInt8] {
    try withBytes(bytes) { (view) throws(FormatError) in
      try toMessagePack(json: view, extended: extended, limits: limits).array
    }
  }
}
