#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Encodes any `Encodable` value as JSON text, the documented JSON form of an animation file.
///
/// Named so as not to clash with Foundation's `JSONEncoder`, which it resembles. It builds the same
/// ``MessagePackValue`` tree as ``MessagePackEncoder`` and writes it with ``JSONWriter``, so keys keep
/// their order and numbers the same integer-or-float form: a file's JSON and MessagePack forms hold the
/// same values. `Data` is written as a base64 string, as Foundation writes it.
///
/// ```swift
/// let json = try InertiaJSONEncoder(writerOptions: .init(style: .compact)).encode(animations)
/// ```
public struct InertiaJSONEncoder: Sendable {
  /// How the text is laid out, and whether values plain JSON cannot hold (NaN, the infinities) are written
  /// in the writer's extended form rather than failing.
  public var writerOptions: JSONWriter.Options
  /// Whether the Inertia model's types write the fields they do not know. Defaults to `.preserve`.
  public var unknownFieldPolicy: InertiaUnknownFieldPolicy
  /// Values the encoded types can read from their encoder's `userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable]

  /// An encoder; by default it writes the pretty layout in plain JSON and writes unknown fields back.
  public init(
    writerOptions: JSONWriter.Options = .init(), unknownFieldPolicy: InertiaUnknownFieldPolicy = .preserve,
    userInfo: [CodingUserInfoKey: any Sendable] = [:]
  ) {
    self.writerOptions = writerOptions
    self.unknownFieldPolicy = unknownFieldPolicy
    self.userInfo = userInfo
  }

  /// The JSON text of `value`, in UTF-8.
  /// - Throws: `EncodingError` from the value's own `encode(to:)`, or `.invalidValue` with a
  ///   ``FormatError`` underneath when the tree holds something the writer cannot write as JSON.
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    Data(try encodeBytes(value))
  }

  /// The JSON text of `value`, in UTF-8, as bytes: the same bytes as ``encode(_:)``.
  /// - Throws: `EncodingError` from the value's own `encode(to:)`, or `.invalidValue` with a
  ///   ``FormatError`` underneath when the tree holds something the writer cannot write as JSON.
  public func encodeBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
    let options = ValueCodingOptions(dataForm: .base64, userInfo: userInfo, unknownFieldPolicy: unknownFieldPolicy)
    let tree = try ValueEncoder(options: options).box(value, at: []).value
    do {
      return try JSONWriter(options: writerOptions).write(tree)
    } catch {
      throw CodingFailure.unwritable(value, error)
    }
  }
}
