/// Reads one object of the format through any `Decoder`, field by field, against its ``InertiaSchema`` table.
///
/// The model's types call ``decode(_:)`` for required fields, ``decodeIfPresent(_:)`` for optional ones
/// and ``decode(_:default:)`` for fields with a default; each checks (in debug builds) that the table
/// agrees. Every key the table does not list is an unknown field, kept with its value unless the decoder's
/// ``InertiaUnknownFieldPolicy`` is `.drop`.
struct InertiaObjectDecoding {
  let object: InertiaSchema.Object
  private let decoder: any Decoder
  private let container: KeyedDecodingContainer<AnyCodingKey>

  init(_ decoder: any Decoder, _ object: InertiaSchema.Object) throws {
    self.object = object
    self.decoder = decoder
    container = try decoder.container(keyedBy: AnyCodingKey.self)
  }

  /// A required field.
  /// - Throws: `DecodingError.keyNotFound` when the object lacks it.
  func decode<T: Decodable>(_ name: String) throws -> T {
    assert(object.field(named: name)?.presence == .required, "\(object.kind).\(name) is not a required field")
    return try container.decode(T.self, forKey: AnyCodingKey(name))
  }

  /// An optional field without a default: `nil` when absent, or `null`, as Swift's `decodeIfPresent` reads
  /// it (``keyOrder`` notes the `null`, so that writing the object back keeps it).
  func decodeIfPresent<T: Decodable>(_ name: String) throws -> T? {
    assert(object.field(named: name)?.presence == .optional, "\(object.kind).\(name) is not an optional field")
    let key = AnyCodingKey(name)
    guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
    return try container.decode(T.self, forKey: key)
  }

  /// A field with a default: `defaultValue` when absent or `null`. The schema's test checks the two
  /// defaults agree.
  func decode<T: Decodable>(_ name: String, default defaultValue: T) throws -> T {
    assert(object.field(named: name)?.defaultValue != nil, "\(object.kind).\(name) has no default")
    let key = AnyCodingKey(name)
    guard container.contains(key), try !container.decodeNil(forKey: key) else { return defaultValue }
    return try container.decode(T.self, forKey: key)
  }

  /// The entries whose keys the table does not list, in file order; none when the policy is `.drop`.
  func unknownFields() throws -> [MessagePackValue.MapEntry] {
    guard InertiaUnknownFieldPolicy(decoder.userInfo) == .preserve else { return [] }
    return try container.allKeys.filter { object.field(named: $0.stringValue) == nil }.map { key in
      MessagePackValue.MapEntry(.string(key.stringValue), try container.decode(MessagePackValue.self, forKey: key))
    }
  }

  /// The object's keys: in file order from the Inertia decoders; from a decoder that does not keep order
  /// (Foundation's `JSONDecoder`), in the table's order with unknown keys after.
  var keyOrder: SourceKeyOrder {
    let keys = container.allKeys.map(\.stringValue)
    // The optional fields the file wrote as null, read as absent and written back as null.
    let nullKeys = Set(
      keys.filter { key in
        guard let field = object.field(named: key), !field.isRequired else { return false }
        return (try? container.decodeNil(forKey: AnyCodingKey(key))) == true
      })
    if decoder is ValueDecoder { return SourceKeyOrder(keys: keys, nullKeys: nullKeys) }
    let rank = { (key: String) in self.object.index(ofField: key) ?? Int.max }
    return SourceKeyOrder(
      keys: keys.enumerated().sorted { (rank($0.1), $0.0) < (rank($1.1), $1.0) }.map(\.1), nullKeys: nullKeys)
  }
}
