/// The `Codable` of the typed model's types, read from one table of each type's fields.
///
/// A type lists its ``InertiaSchema`` object and its ``fields``; decoding starts from ``blank`` and reads
/// each field of the table into it, encoding hands each over to ``InertiaObjectEncoding``. Both keep the
/// unknown fields and the key order, as ``InertiaModelObject`` describes.
protocol InertiaModelCoding: InertiaModelObject {
  /// The object the type models, whose table says which fields are required and their defaults.
  static var schema: InertiaSchema.Object { get }
  /// The type's fields, each once, in the order decoding reads them.
  static var fields: [InertiaModelField<Self>] { get }
  /// The value decoding starts from; every field the table lists is then read over it.
  static var blank: Self { get }
  /// The key order of the file the value was read from.
  var keyOrder: SourceKeyOrder { get set }
}

extension InertiaModelCoding {
  /// Reads the object, keeping what the file says as it says it (see ``InertiaModelObject``).
  public init(from decoder: any Decoder) throws {
    let object = try InertiaObjectDecoding(decoder, Self.schema)
    self = Self.blank
    for field in Self.fields {
      try field.decode(object, &self)
    }
    unknownFields = try object.unknownFields()
    keyOrder = object.keyOrder
  }

  /// Writes the object as it was read (see ``InertiaModelObject``).
  public func encode(to encoder: any Encoder) throws {
    var object = InertiaObjectEncoding(Self.schema, keyOrder: keyOrder)
    for field in Self.fields {
      field.encode(self, &object)
    }
    try object.write(to: encoder, unknownFields: unknownFields)
  }
}
