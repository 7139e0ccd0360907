#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes any `Decodable` type from MessagePack, shaped like Foundation's `JSONDecoder`.
///
/// ```swift
/// let animations = try MessagePackDecoder().decode([InertiaAnimation].self, from: bytes)
/// ```
///
/// Every failure is a `DecodingError`, as Foundation's decoders throw, never a ``FormatError`` itself.
/// Bytes that are not one well-formed MessagePack value (truncated, invalid UTF-8, bytes after the end)
/// give `DecodingError.dataCorrupted`, and the reader's ``FormatError``, with the byte offset and the
/// path of the value, is only its context's `underlyingError`. A well-formed document that is not of the
/// type gives the other cases, whose context's description starts with the path:
///
/// ```swift
/// do {
///   let animations = try MessagePackDecoder().decode([InertiaAnimation].self, from: bytes)
///   print("\(animations.count) animations")
/// } catch DecodingError.dataCorrupted(let context) where context.underlyingError is FormatError {
///   let error = context.underlyingError as! FormatError
///   print(error)  // offset 5: str8 length 200 runs past the end of the input (4 bytes left) at /0/id
/// } catch DecodingError.keyNotFound(_, let context), DecodingError.typeMismatch(_, let context),
///   DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context)
/// {
///   print(context.debugDescription)  // [0].keyframes[1].values.translate: expected at least 2 numbers, found 1
/// }
/// ```
///
/// The bytes are first read into a ``MessagePackValue`` tree by ``MessagePackReader``, then decoded from it
/// (``decode(_:from:)-(_,MessagePackValue)`` decodes a tree you already hold).
///
/// Numbers decode across encodings the way the runtimes accept them: a `Double` reads an integer or a float
/// of either width (`"scale": 1`); an integer type reads an integer, or a float with an integral value,
/// within its range. A fraction, NaN or infinity into an integer, or any value out of range, is an error.
public struct MessagePackDecoder: Sendable {
  /// Whether the Inertia model's types keep the fields they do not know. Defaults to `.preserve`.
  public var unknownFieldPolicy: InertiaUnknownFieldPolicy
  /// Values the decoded types can read from their decoder's `userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable]
  /// The bounds the reader enforces on the input.
  public var limits: DecodingLimits

  /// A decoder; by default it keeps unknown fields, passes no `userInfo` and reads within the default limits.
  public init(
    unknownFieldPolicy: InertiaUnknownFieldPolicy = .preserve, userInfo: [CodingUserInfoKey: any Sendable] = [:],
    limits: DecodingLimits = .default
  ) {
    self.unknownFieldPolicy = unknownFieldPolicy
    self.userInfo = userInfo
    self.limits = limits
  }

  /// Decodes a value of `type` from MessagePack bytes.
  /// - Throws: `DecodingError`; `.dataCorrupted` with a ``FormatError`` underneath when the bytes are not
  ///   one well-formed MessagePack value.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try decode(
      type, from: CodingFailure.reading { () throws(FormatError) in try MessagePackReader(limits: limits).read(data) })
  }

  /// Decodes a value of `type` from MessagePack bytes.
  /// - Throws: `DecodingError`; `.dataCorrupted` with a ``FormatError`` underneath when the bytes are not
  ///   one well-formed MessagePack value.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    try decode(
      type, from: CodingFailure.reading { () throws(FormatError) in try MessagePackReader(limits: limits).read(bytes) })
  }

  /// Decodes a value of `type` from a value tree already read, from MessagePack or JSON.
  /// - Throws: `DecodingError`.
  public func decode<T: Decodable>(_ type: T.Type, from value: MessagePackValue) throws -> T {
    try Self.decode(type, from: value, dataForm: .binary, userInfo: userInfo, unknownFieldPolicy: unknownFieldPolicy)
  }

  static func decode<T: Decodable>(
    _ type: T.Type, from value: MessagePackValue, dataForm: ValueCodingOptions.DataForm,
    userInfo: [CodingUserInfoKey: any Sendable], unknownFieldPolicy: InertiaUnknownFieldPolicy
  ) throws -> T {
    let options = ValueCodingOptions(dataForm: dataForm, userInfo: userInfo, unknownFieldPolicy: unknownFieldPolicy)
    let decoder = ValueDecoder(value: value, codingPath: [], options: options)
    return try decoder.unbox(value, as: type, at: [])
  }
}
