#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes any `Decodable` type from JSON text, the documented JSON form of an animation file.
///
/// ```swift
/// let animations = try InertiaJSONDecoder().decode([InertiaAnimation].self, from: json)
/// ```
///
/// Every failure is a `DecodingError`, as Foundation's decoders throw, never a ``FormatError`` itself.
/// Text that is not one well-formed JSON value (a missing comma, invalid UTF-8, text after the end) gives
/// `DecodingError.dataCorrupted`, and the reader's ``FormatError``, with the line, the column and the
/// path of the value, is only its context's `underlyingError`. A well-formed document that is not of the
/// type gives the other cases, whose context's description starts with the path:
///
/// ```swift
/// do {
///   let animations = try InertiaJSONDecoder().decode([InertiaAnimation].self, from: json)
///   print("\(animations.count) animations")
/// } catch DecodingError.dataCorrupted(let context) where context.underlyingError is FormatError {
///   let error = context.underlyingError as! FormatError
///   print(error)  // 2:24: expected ',' or '}', found '"' at /0
/// } catch DecodingError.keyNotFound(_, let context), DecodingError.typeMismatch(_, let context),
///   DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context)
/// {
///   print(context.debugDescription)  // [0].keyframes[1]: missing field "duration"
/// }
/// ```
///
/// Named so as not to clash with Foundation's `JSONDecoder`, which it resembles. It reads the text with
/// ``JSONReader``, which keeps key order and tells integers from floats, then decodes exactly as
/// ``MessagePackDecoder`` does, with the same number rules and error paths. `Data` reads from a base64
/// string.
public struct InertiaJSONDecoder: Sendable {
  /// Whether the Inertia model's types keep the fields they do not know. Defaults to `.preserve`.
  public var unknownFieldPolicy: InertiaUnknownFieldPolicy
  /// Values the decoded types can read from their decoder's `userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable]
  /// The bounds the reader enforces on the input.
  public var limits: DecodingLimits
  /// Whether the tagged objects of the extended form (`{"$bin": "…"}`, see ``JSONReader/extended``) are
  /// read as the values they stand for, as ``InertiaJSONEncoder`` writes them when its
  /// ``InertiaJSONEncoder/writerOptions`` ask for the extended form.
  public var extended: Bool

  /// A decoder; by default it reads plain JSON within the default limits and keeps unknown fields.
  public init(
    unknownFieldPolicy: InertiaUnknownFieldPolicy = .preserve, userInfo: [CodingUserInfoKey: any Sendable] = [:],
    limits: DecodingLimits = .default, extended: Bool = false
  ) {
    self.unknownFieldPolicy = unknownFieldPolicy
    self.userInfo = userInfo
    self.limits = limits
    self.extended = extended
  }

  /// Decodes a value of `type` from JSON text.
  /// - Throws: `DecodingError`; `.dataCorrupted` with a ``FormatError`` underneath (line and column
  ///   included) when the text is not one well-formed JSON value.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try decode(
      type,
      from: CodingFailure.reading { () throws(FormatError) in
        try JSONReader(limits: limits, extended: extended).read(data)
      })
  }

  /// Decodes a value of `type` from JSON text.
  /// - Throws: `DecodingError`; `.dataCorrupted` with a ``FormatError`` underneath (line and column
  ///   included) when the text is not one well-formed JSON value.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    try decode(
      type,
      from: CodingFailure.reading { () throws(FormatError) in
        try JSONReader(limits: limits, extended: extended).read(bytes)
      })
  }

  private func decode<T: Decodable>(_ type: T.Type, from value: MessagePackValue) throws -> T {
    try MessagePackDecoder.decode(
      type, from: value, dataForm: .base64, userInfo: userInfo, unknownFieldPolicy: unknownFieldPolicy)
  }
}
