/// The `DecodingError` and `EncodingError` values the Inertia coders throw.
///
/// Every message starts with the path it is about (`[0].keyframes[2].values.translate: expected at least 2
/// numbers, found 1`), so the error's description alone says where and what; the coding path says the same for
/// code.
enum CodingFailure {
  /// `path: message`, or just the message at the root.
  static func describe(_ message: String, at path: [any CodingKey]) -> String {
    let place = JSONPointer(codingPath: path).dottedDescription
    return place.isEmpty ? message : "\(place): \(message)"
  }

  /// A value of the wrong kind: `expected a number, found a string`.
  static func typeMismatch(
    _ type: Any.Type, expected: String, found value: MessagePackValue, at path: [any CodingKey]
  ) -> DecodingError {
    let found = value.isNumber ? value.numberDescription : value.kindDescription
    return typeMismatch(type, "expected \(expected), found \(found)", at: path)
  }

  static func typeMismatch(_ type: Any.Type, _ message: String, at path: [any CodingKey]) -> DecodingError {
    .typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: describe(message, at: path)))
  }

  /// A value of the right kind that cannot be used: a number out of range, a string outside a set.
  static func dataCorrupted(_ message: String, at path: [any CodingKey]) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: describe(message, at: path)))
  }

  /// A missing field. The path is the object's, as Foundation's decoders report it.
  static func keyNotFound(_ key: any CodingKey, in path: [any CodingKey]) -> DecodingError {
    .keyNotFound(
      key,
      DecodingError.Context(
        codingPath: path, debugDescription: describe("missing field \"\(key.stringValue)\"", at: path)))
  }

  /// A value asked for past the end of an array.
  static func valueNotFound(_ type: Any.Type, _ message: String, at path: [any CodingKey]) -> DecodingError {
    .valueNotFound(type, DecodingError.Context(codingPath: path, debugDescription: describe(message, at: path)))
  }

  /// Bytes that are not a document at all, before any decoding.
  /// The value `read` gives, or the decoding error for bytes that do not read as one value.
  static func reading(_ read: () throws(FormatError) -> MessagePackValue) throws(DecodingError) -> MessagePackValue {
    do {
      return try read()
    } catch {
      throw unreadable(error)
    }
  }

  static func unreadable(_ error: FormatError) -> DecodingError {
    .dataCorrupted(
      DecodingError.Context(
        codingPath: error.path.codingPath,
        debugDescription: "The data is not valid \(error.format.rawValue): \(error.description)",
        underlyingError: error))
  }

  /// A value tree the writer cannot write, such as NaN in plain JSON.
  static func unwritable(_ value: Any, _ error: FormatError) -> EncodingError {
    .invalidValue(
      value,
      EncodingError.Context(
        codingPath: error.path.codingPath,
        debugDescription: "The value cannot be written as \(error.format.rawValue): \(error.description)",
        underlyingError: error))
  }
}
