#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Builds a ``MessagePackValue`` tree through Swift's `Encoder` protocol.
///
/// Containers write into shared reference storage (``EncodedMap``, ``EncodedArray``), so a nested
/// container or a super encoder handed out earlier fills in its part of the tree later. ``value`` turns
/// the finished storage into a value.
final class ValueEncoder: Encoder {
  let codingPath: [any CodingKey]
  let options: ValueCodingOptions
  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }
  /// What has been encoded so far; `nil` until a container is asked for.
  var storage: EncodedNode?

  init(codingPath: [any CodingKey] = [], options: ValueCodingOptions) {
    self.codingPath = codingPath
    self.options = options
  }

  /// The encoded tree; an encoder that encoded nothing gives an empty map, as Foundation's does.
  var value: MessagePackValue { storage?.value ?? .map([]) }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    precondition(
      storage == nil || storage?.asMap != nil, "a keyed container was asked for after a \(storage!) was encoded")
    let map = storage?.asMap ?? EncodedMap()
    storage = .map(map)
    return KeyedEncodingContainer(KeyedValueEncodingContainer(map: map, encoder: self, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    precondition(
      storage == nil || storage?.asArray != nil, "an unkeyed container was asked for after a \(storage!) was encoded")
    let array = storage?.asArray ?? EncodedArray()
    storage = .array(array)
    return UnkeyedValueEncodingContainer(array: array, encoder: self, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueValueEncodingContainer(encoder: self)
  }

  /// The tree for `value`, encoded at `path`: primitives directly, anything else through its own
  /// `encode(to:)` on a child encoder.
  func box<T: Encodable>(_ value: T, at path: [any CodingKey]) throws -> EncodedNode {
    if let primitive = primitive(value) { return .value(primitive) }
    let child = ValueEncoder(codingPath: path, options: options)
    try value.encode(to: child)
    return child.storage ?? .map(EncodedMap())
  }

  /// The value of a type the coders write themselves rather than through its `encode(to:)`.
  private func primitive<T: Encodable>(_ value: T) -> MessagePackValue? {
    switch value {
    case let v as MessagePackValue: return v
    case let v as String: return .string(v)
    case let v as Bool: return .bool(v)
    case let v as Double: return NumberConversion.value(v)
    case let v as Float: return NumberConversion.value(v)
    case let v as any BinaryInteger: return NumberConversion.value(v)
    case let v as Data:
      switch options.dataForm {
      case .binary: return .binary([UInt8](v))
      case .base64: return .string(v.base64EncodedString())
      }
    case let v as URL: return .string(v.absoluteString)
    default: return nil
    }
  }
}
