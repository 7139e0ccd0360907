#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a JSON document into a ``MessagePackValue``, keeping key order, duplicate keys, and the
/// difference between integers (`1`) and floats (`1.0`).
///
/// Integers must lie in -2^63...2^64-1: one outside is an error, never quietly a float. Floats are read
/// correctly rounded. Strings must be valid UTF-8 with no lone surrogate escapes. Nesting is bounded by
/// ``DecodingLimits/maxDepth``, and nothing but whitespace may follow the document.
public struct JSONReader: ValueReader {
  /// The nesting and size limits reading enforces.
  public var limits: DecodingLimits
  /// Whether the tagged objects of the extended form (`{"$bin": "…"}`, see `inertia-convert --help`)
  /// are read as the values they stand for.
  public var extended: Bool

  /// A reader with these limits; `extended` reads the extended form's tags as the values they stand for.
  public init(limits: DecodingLimits = .default, extended: Bool = false) {
    self.limits = limits
    self.extended = extended
  }

  /// - Throws: ``FormatError`` with the line, column and path of the first fault.
  public func read(_ bytes: UnsafeRawBufferPointer) throws(FormatError) -> MessagePackValue {
    try read(ByteView(bytes))
  }

  func read(_ bytes: ByteView) throws(FormatError) -> MessagePackValue {
    let out = ByteBuffer(capacity: bytes.count)
    var parser = JSONToMessagePack(bytes, out: out, limits: limits, extended: extended, positions: NoTextRanges())
    try parser.document()
    return try MessagePackReader(limits: limits).read(out.view)
  }
}
