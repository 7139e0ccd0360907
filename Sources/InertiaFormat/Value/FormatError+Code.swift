extension FormatError {
  /// What kind of fault a ``FormatError`` reports, for code that must tell them apart without reading the
  /// message: truncated input from a depth limit, invalid UTF-8 from an integer out of range.
  ///
  /// Compare with `==` or match in a `switch` (`case .truncated:`). More codes may be added in later
  /// versions, so a `switch` over codes needs a `default:` case. A code's ``description`` is a stable
  /// identifier (`truncated`, `depth-limit-exceeded`) for logs and machine-readable output.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Wrapped: String, Hashable, Sendable {
      case truncated
      case trailingData = "trailing-data"
      case depthLimitExceeded = "depth-limit-exceeded"
      case inputTooLarge = "input-too-large"
      case invalidUTF8 = "invalid-utf8"
      case reservedFormatByte = "reserved-format-byte"
      case containerTooLarge = "container-too-large"
      case unexpectedCharacter = "unexpected-character"
      case unescapedControlCharacter = "unescaped-control-character"
      case invalidEscape = "invalid-escape"
      case invalidNumber = "invalid-number"
      case integerOutOfRange = "integer-out-of-range"
      case floatOutOfRange = "float-out-of-range"
      case nonFiniteNumber = "non-finite-number"
      case invalidExtendedValue = "invalid-extended-value"
      case needsExtendedForm = "needs-extended-form"
    }

    private let wrapped: Wrapped

    private init(_ wrapped: Wrapped) {
      self.wrapped = wrapped
    }

    /// The code's stable identifier, such as `truncated` or `depth-limit-exceeded`.
    public var description: String { wrapped.rawValue }

    // MARK: Both encodings

    /// The input ends before a value it has begun is complete: a MessagePack length, count or field that
    /// runs past the end of the input, or JSON text that stops inside a value (an unterminated string, a
    /// missing `]`).
    public static let truncated = Code(.truncated)
    /// Something follows the one top-level value: a file holds one document.
    public static let trailingData = Code(.trailingData)
    /// Arrays and maps nest deeper than ``DecodingLimits/maxDepth``.
    public static let depthLimitExceeded = Code(.depthLimitExceeded)
    /// The input is larger than ``DecodingLimits/maxInputSize``; nothing of it was read.
    public static let inputTooLarge = Code(.inputTooLarge)
    /// A string (a MessagePack string's bytes, or raw bytes inside a JSON string) is not valid UTF-8.
    public static let invalidUTF8 = Code(.invalidUTF8)

    // MARK: MessagePack

    /// The byte 0xc1, which the MessagePack spec reserves as never used, where a value's head belongs.
    public static let reservedFormatByte = Code(.reservedFormatByte)

    // MARK: JSON

    /// A JSON array or object of more than 2^32 - 1 entries, more than a MessagePack head can count.
    public static let containerTooLarge = Code(.containerTooLarge)
    /// A character the JSON grammar does not allow where it stands: a missing comma or colon, a key not
    /// in double quotes, a value that starts with no value's first character.
    public static let unexpectedCharacter = Code(.unexpectedCharacter)
    /// A control character (below U+0020) written raw inside a JSON string instead of escaped.
    public static let unescapedControlCharacter = Code(.unescapedControlCharacter)
    /// A backslash escape JSON does not define, a `\u` without four hex digits, or a `\u` escape of a
    /// lone surrogate, which is no character.
    public static let invalidEscape = Code(.invalidEscape)
    /// A JSON number that breaks the number grammar: `-` or `.` without a digit after it, an exponent
    /// without digits, a leading zero followed by digits.
    public static let invalidNumber = Code(.invalidNumber)
    /// A JSON integer outside -2^63...2^64-1, the integers MessagePack holds.
    public static let integerOutOfRange = Code(.integerOutOfRange)
    /// A JSON number too large in magnitude for a 64-bit float.
    public static let floatOutOfRange = Code(.floatOutOfRange)
    /// `NaN`, `Infinity` or `-Infinity` written as a JSON number, which JSON does not allow.
    public static let nonFiniteNumber = Code(.nonFiniteNumber)
    /// A tagged object of the extended JSON form (`{"$bin": …}` and its kin) that does not hold what its
    /// tag needs, or holds more than its one entry.
    public static let invalidExtendedValue = Code(.invalidExtendedValue)

    // MARK: Writing JSON

    /// A MessagePack value that plain JSON cannot hold (binary data, an extension value, NaN or an
    /// infinity, a map key that is not a string): only the extended form writes it.
    public static let needsExtendedForm = Code(.needsExtendedForm)
  }
}
