#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes a ``MessagePackValue`` as JSON text.
///
/// Integers print as integers and floats always with a fraction or exponent (`1.0`, never `1`), as the
/// shortest text that reads back to the same double. A float32 is widened exactly to a double first.
/// Values plain JSON cannot hold (binary, extension values, non-string keys, NaN and infinities) make it
/// throw, naming their path, unless ``Options/extended`` asks for the reversible extended form.
public struct JSONWriter: Sendable {
  /// How the JSON is laid out, and whether values plain JSON cannot hold are written in the extended form.
  public struct Options: Sendable, Equatable {
    /// The layout: `pretty` (two-space indentation, one entry per line) or `compact` (one line).
    public enum Style: Sendable, Equatable {
      /// Two-space indentation, one entry per line, arrays of up to eight numbers on one line, and a
      /// final newline: stable and diff-friendly.
      case pretty
      /// Everything on one line, no spaces, no final newline.
      case compact
    }

    /// The layout.
    public var style: Style
    /// Whether values JSON cannot hold are written in the reversible extended form instead of failing.
    public var extended: Bool
    /// How numbers are written: with ``Converter/Numbers/inertia``, plain JSON prints a float32 in a colour
    /// component of an Inertia document as the shortest text that reads back to it (`0.33`), which
    /// `to-msgpack` with the same rule reads back to that float32; the extended form is unaffected.
    public var numbers: Converter.Numbers

    /// Options; pretty, plain JSON with canonical numbers unless told otherwise.
    public init(style: Style = .pretty, extended: Bool = false, numbers: Converter.Numbers = .canonical) {
      self.style = style
      self.extended = extended
      self.numbers = numbers
    }
  }

  /// How the writer lays out its JSON.
  public var options: Options

  /// A writer with these options.
  public init(options: Options = .init()) {
    self.options = options
  }

  /// - Throws: ``FormatError`` naming the path of a value JSON cannot hold. The error has no position
  ///   (``FormatError/hasPosition`` is `false`): a value has no byte offsets, only paths.
  public func write(_ value: MessagePackValue) throws(FormatError) -> [UInt8] {
    let messagePack = ByteBuffer(capacity: 1024)
    MessagePackWriter().write(value, to: messagePack)
    let out = ByteBuffer(capacity: messagePack.count * 2)
    var emitter = MessagePackToJSON(messagePack.view, out: out, options: options, limits: .init(maxDepth: .max))
    do {
      try emitter.document()
    } catch {
      // The emitter's offset points into the MessagePack encoding made above, which the caller never
      // sees: it would only mislead.
      throw FormatError(
        code: error.code, format: .json, offset: 0, path: error.path, message: error.message, hasPosition: false)
    }
    return out.array
  }

  /// The JSON text as a string.
  public func writeString(_ value: MessagePackValue) throws(FormatError) -> String {
    String(decoding: try write(value), as: UTF8.self)
  }
}
