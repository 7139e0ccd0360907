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
///
/// With ``Numbers/inertia`` (what `inertia-convert` uses), an Inertia document's numbers are written as the
/// editor writes them, field by field (see ``Numbers``), so that a file the editor wrote survives
/// `toJSON` then `toMessagePack` byte for byte too; to tell an Inertia document, the conversion scans its
/// MessagePack once against the schema's tables, and indexes it and walks it against the schema only where
/// that scan cannot settle it.
public enum Converter {
  /// How a conversion writes numbers.
  public enum Numbers: Sendable, Equatable {
    /// Every number in its canonical form: an integer in its smallest format, a float as a float64 (from
    /// JSON), and in JSON a float32 as the exact double it widens to.
    case canonical
    /// An Inertia document's numbers as the editor writes them: at the fields the runtime reads as a
    /// `CGFloat` or `Double`, a float is a float32 when its double is exactly one, else a float64; at a
    /// colour component (a `Float`), always the float32 nearest its text, and `to-json` prints a float32
    /// there as the shortest text that reads back to it (`0.33`); `zIndex` (an `Int`) in a signed format
    /// (200 is `d1 00 c8`). JSON integers stay integers. A document that is not an Inertia document
    /// (``InertiaSchema/isInertiaDocument(_:)``), and every value outside those fields, is written as
    /// ``canonical`` writes it. The extended form is always canonical: its tags say each format.
    case inertia
  }

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

  /// JSON text to MessagePack bytes: canonical, or with an Inertia document's numbers as the editor writes
  /// them (`numbers`; not in the extended form, whose tags say every format).
  ///
  /// - Throws: ``FormatError`` with the line, column and path of the first fault.
  package static func toMessagePack(
    json bytes: UnsafeRawBufferPointer, extended: Bool = false, numbers: Numbers = .canonical,
    limits: DecodingLimits = .default
  ) throws(FormatError) -> ByteBuffer {
    try toMessagePack(json: ByteView(bytes), extended: extended, numbers: numbers, limits: limits)
  }

  static func toMessagePack(
    json bytes: ByteView, extended: Bool, numbers: Numbers = .canonical, limits: DecodingLimits
  ) throws(FormatError) -> ByteBuffer {
    let out = ByteBuffer(capacity: bytes.count)
    var parser = JSONToMessagePack(bytes, out: out, limits: limits, extended: extended, positions: NoTextRanges())
    try parser.document()
    guard numbers == .inertia && !extended else { return out }
    return inertiaNumbers(canonical: out, json: bytes)
  }

  /// `canonical`, the canonical MessagePack of the JSON text `json`, with the numbers of an Inertia document
  /// written by ``InertiaNumberRule``; `canonical` itself for any other document.
  private static func inertiaNumbers(canonical: ByteBuffer, json: ByteView) -> ByteBuffer {
    // The JSON was read within the caller's limits already.
    let unlimited = DecodingLimits(maxDepth: .max, maxInputSize: .max)
    // Numbers are read as the JSON form's: a colour's float will be a float32.
    guard let sites = numberSites(in: canonical.view, schema: .toMessagePackFile, limits: unlimited), !sites.isEmpty
    else { return canonical }
    // The text of a number, for the few floats whose double cannot settle their float32: the JSON read again
    // with positions, which numbers its values as the conversion did.
    var positions: IndexedDocument?
    return InertiaNumberRule.rewrite(canonical, sites: sites) { node in
      if positions == nil {
        positions = try? IndexedDocument.read(
          FileContents(unsafeOwning: json.raw, release: { _ in }), as: .json, limits: unlimited)
      }
      guard let positions, node < positions.nodeCount else { return nil }
      return json[positions.byteRange(of: IndexedDocument.Node(node))]
    }
  }

  /// The sites (in order of their heads) of the float32s a plain `to-json` of `bytes` prints as the shortest
  /// text that reads back to them (``Numbers/inertia``): those in a colour component of an Inertia document.
  /// None for a document that does not read. The conversion asks only when it meets a float32 that prints
  /// differently either way, from its loop over values, which this is kept out of.
  @inline(never)
  static func float32FieldSites(in bytes: ByteView, limits: DecodingLimits) -> [InertiaNumberRule.Site] {
    return numberSites(in: bytes, schema: .toJSONFile, limits: limits) ?? []
  }

  /// The numbers of the MessagePack `bytes` that ``InertiaNumberRule`` may write in another format, read with
  /// `schema` (``CompiledSchema/toJSONFile`` or ``CompiledSchema/toMessagePackFile``); `nil` when `bytes` are
  /// not an Inertia document.
  ///
  /// Most documents are told by ``SchemaScan``, which reads the bytes once without indexing them; the rest
  /// (a document the scan cannot settle: an unknown key, a missing field, a `nil`, bytes that do not read) are
  /// indexed where they lie, for the length of this call, without checking their strings (the conversion
  /// checks them as it writes them), and walked against the schema.
  static func numberSites(
    in bytes: ByteView, schema: CompiledSchema, limits: DecodingLimits
  ) -> [InertiaNumberRule.Site]? {
    switch SchemaScan.verdict(on: bytes, schema: schema, limits: limits) {
    case .inertia(let sites): return sites
    case .notInertia: return nil
    case .undecided: return walkedNumberSites(in: bytes, schema: schema, limits: limits)
    }
  }

  /// ``numberSites(in:schema:limits:)`` found by the schema walk alone, as every document's were before
  /// ``SchemaScan`` (which `SchemaScanTests` hold to this).
  static func walkedNumberSites(
    in bytes: ByteView, schema: CompiledSchema, limits: DecodingLimits
  ) -> [InertiaNumberRule.Site]? {
    guard
      let document = IndexedDocument.indexing(
        messagePackUncheckedText: FileContents(unsafeOwning: bytes.raw, release: { _ in }), limits: limits),
      let root = document.root
    else { return nil }
    let events = SchemaWalk.events(
      in: document, at: root, schema: schema, limit: 1, numbersAsJSON: schema.notesNumbers == .toMessagePack)
    guard !events.hasError else { return nil }
    return events.numbers.map { number in
      InertiaNumberRule.Site(
        head: document.messagePackRange(of: number.node).lowerBound, node: number.node.index,
        fieldType: number.fieldType)
    }
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

  /// JSON text to MessagePack bytes, for arrays: canonical, or with an Inertia document's numbers as the
  /// editor writes them (`numbers`, see ``Numbers``).
  public static func toMessagePack(
    json bytes: [UInt8], extended: Bool = false, numbers: Numbers = .canonical, limits: DecodingLimits = .default
  ) throws(FormatError) -> [UInt8] {
    try withBytes(bytes) { (view) throws(FormatError) in
      try toMessagePack(json: view, extended: extended, numbers: numbers, limits: limits).array
    }
  }
}
