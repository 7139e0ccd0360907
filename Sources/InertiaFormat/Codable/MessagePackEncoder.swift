#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Encodes any `Encodable` value as MessagePack, shaped like Foundation's `JSONEncoder`.
///
/// The value is first built as a ``MessagePackValue`` tree (``encodeValue(_:)``), then written by
/// ``MessagePackWriter`` in the canonical smallest encodings. Map keys keep the order the value encodes
/// them in; the Inertia model's types encode theirs in the order their file had, so a file the editor
/// wrote comes back byte for byte.
///
/// Numbers: integers take the smallest integer encoding; a `Double` or `Float` with an integral value is
/// written as an integer (`"duration": 3`), except `-0.0`; other doubles are float64, other floats
/// float32, NaN and the infinities included. `Data` is MessagePack binary, `URL` its string.
///
/// ```swift
/// let data = try MessagePackEncoder().encode(animations)          // Data, as Foundation's coders return
/// let bytes = try MessagePackEncoder().encodeBytes(animations)    // [UInt8], to compare with a file read so
/// ```
public struct MessagePackEncoder: Sendable {
  /// Whether the Inertia model's types write the fields they do not know. Defaults to `.preserve`.
  public var unknownFieldPolicy: InertiaUnknownFieldPolicy
  /// Values the encoded types can read from their encoder's `userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable]

  /// An encoder; by default it writes unknown fields back and passes no `userInfo`.
  public init(
    unknownFieldPolicy: InertiaUnknownFieldPolicy = .preserve, userInfo: [CodingUserInfoKey: any Sendable] = [:]
  ) {
    self.unknownFieldPolicy = unknownFieldPolicy
    self.userInfo = userInfo
  }

  /// The MessagePack encoding of `value`, as `Data`.
  /// - Throws: `EncodingError` from the value's own `encode(to:)`.
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    MessagePackWriter().writeData(try encodeValue(value))
  }

  /// The MessagePack encoding of `value`, as bytes: the same bytes as ``encode(_:)``, in the form
  /// ``MessagePackDecoder/decode(_:from:)-(_,[UInt8])`` reads, so it compares directly with a file's bytes.
  /// - Throws: `EncodingError` from the value's own `encode(to:)`.
  public func encodeBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
    MessagePackWriter().write(try encodeValue(value))
  }

  /// The value tree of `value`, before it is written: what ``encode(_:)`` writes.
  /// - Throws: `EncodingError` from the value's own `encode(to:)`.
  public func encodeValue<T: Encodable>(_ value: T) throws -> MessagePackValue {
    let options = ValueCodingOptions(dataForm: .binary, userInfo: userInfo, unknownFieldPolicy: unknownFieldPolicy)
    return try ValueEncoder(options: options).box(value, at: []).value
  }
}
