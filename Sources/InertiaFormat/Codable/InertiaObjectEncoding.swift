/// Writes one object of the format through any `Encoder`, in the order its file had, or else its
/// ``InertiaSchema`` table's order.
///
/// The model's types hand over each field with ``encode(_:_:)``, ``encodeIfPresent(_:_:)`` or
/// ``encode(_:_:default:)``, then ``write(to:unknownFields:)`` writes them:
///
/// - A required field is always written; an optional one when it has a value.
/// - A field with a default is written when its file had it, or when it differs from its default. So a
///   field absent from a file stays absent, and an object made in code writes only what it changes.
/// - Unknown fields are written unless the encoder's ``InertiaUnknownFieldPolicy`` is `.drop`.
/// - Keys the file had come first, in the file's order; the rest follow in the table's order, then any
///   unknown fields added in code.
struct InertiaObjectEncoding {
  let object: InertiaSchema.Object
  private let keyOrder: SourceKeyOrder
  private var fields: [(name: String, value: any Encodable)] = []

  init(_ object: InertiaSchema.Object, keyOrder: SourceKeyOrder) {
    self.object = object
    self.keyOrder = keyOrder
  }

  /// A required field.
  mutating func encode(_ value: some Encodable, _ name: String) {
    assert(object.field(named: name)?.presence == .required, "\(object.kind).\(name) is not a required field")
    fields.append((name, value))
  }

  /// An optional field without a default, written when it has a value, or as `null` when its file had
  /// `null` there.
  mutating func encodeIfPresent(_ value: (some Encodable)?, _ name: String) {
    assert(object.field(named: name)?.presence == .optional, "\(object.kind).\(name) is not an optional field")
    if let value {
      fields.append((name, value))
    } else if keyOrder.nullKeys.contains(name) {
      fields.append((name, MessagePackValue.nil))
    }
  }

  /// A field with a default, written when the file had it or when it differs from `defaultValue`; as
  /// `null` when its file had `null` there and it still holds the default.
  mutating func encode<T: Encodable & Equatable>(_ value: T, _ name: String, default defaultValue: T) {
    assert(object.field(named: name)?.defaultValue != nil, "\(object.kind).\(name) has no default")
    if value == defaultValue && keyOrder.nullKeys.contains(name) {
      fields.append((name, MessagePackValue.nil))
    } else if value != defaultValue || keyOrder.keys.contains(name) {
      fields.append((name, value))
    }
  }

  /// Writes the fields handed over and `unknownFields` as one keyed container.
  func write(to encoder: any Encoder, unknownFields: [MessagePackValue.MapEntry]) throws {
    var entries = fields.sorted { object.index(ofField: $0.name)! < object.index(ofField: $1.name)! }
    if InertiaUnknownFieldPolicy(encoder.userInfo) == .preserve {
      for entry in unknownFields {
        // A key that is not a string, or that names a known field, cannot be written beside the fields.
        guard let name = entry.key.stringValue, object.field(named: name) == nil else { continue }
        entries.append((name, entry.value))
      }
    }
    if !keyOrder.keys.isEmpty {
      var rank: [String: Int] = [:]
      for (i, key) in keyOrder.keys.enumerated() where rank[key] == nil { rank[key] = i }
      entries = entries.enumerated()
        .sorted { (rank[$0.element.name] ?? Int.max, $0.offset) < (rank[$1.element.name] ?? Int.max, $1.offset) }
        .map(\.element)
    }
    var container = encoder.container(keyedBy: AnyCodingKey.self)
    for entry in entries {
      try container.encode(entry.value, forKey: AnyCodingKey(entry.name))
    }
  }
}
