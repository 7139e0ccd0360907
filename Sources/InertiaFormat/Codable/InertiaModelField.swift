/// One field of a typed model type, in the table its ``InertiaModelCoding`` reads: the key, where the type
/// keeps the value, and what the file's lacking it means.
///
/// A table lists each field once, for both directions, in the order decoding reads them (so the first fault
/// in an object is the one reported).
struct InertiaModelField<Model: Sendable>: Sendable {
  /// The field's key in the file.
  let name: String
  /// Reads the field from the object into the model.
  let decode: @Sendable (InertiaObjectDecoding, inout Model) throws -> Void
  /// Hands the model's value of the field over for writing.
  let encode: @Sendable (Model, inout InertiaObjectEncoding) -> Void

  /// A required field: decoding fails without it, encoding always writes it.
  static func required<T: Codable & Sendable>(_ name: String, _ path: WritableKeyPath<Model, T> & Sendable) -> Self {
    Self(
      name: name, decode: { object, model in model[keyPath: path] = try object.decode(name) },
      encode: { model, object in object.encode(model[keyPath: path], name) })
  }

  /// An optional field without a default: `nil` when the file lacks it.
  static func optional<T: Codable & Sendable>(_ name: String, _ path: WritableKeyPath<Model, T?> & Sendable) -> Self {
    Self(
      name: name, decode: { object, model in model[keyPath: path] = try object.decodeIfPresent(name) },
      encode: { model, object in object.encodeIfPresent(model[keyPath: path], name) })
  }

  /// A field with a default: `defaultValue` when the file lacks it, and not written while it holds the
  /// default unless the file had it.
  static func defaulted<T: Codable & Equatable & Sendable>(
    _ name: String, _ path: WritableKeyPath<Model, T> & Sendable, _ defaultValue: T
  ) -> Self {
    Self(
      name: name, decode: { object, model in model[keyPath: path] = try object.decode(name, default: defaultValue) },
      encode: { model, object in object.encode(model[keyPath: path], name, default: defaultValue) })
  }

  /// An optional number kept as its file stored it: `nil` when the file lacks it. Writing it back writes the
  /// value as read (a float32 stays a float32, an integer an integer) while the model holds the same number;
  /// a number set in code is written as ``NumberConversion`` writes a `Double`.
  static func keptNumber(
    _ name: String, _ path: WritableKeyPath<Model, Double?> & Sendable,
    asRead source: WritableKeyPath<Model, KeptAsRead<MessagePackValue?>> & Sendable
  ) -> Self {
    Self(
      name: name,
      decode: { object, model in
        // Read as a number first, for the error a value of another kind gets; then as stored.
        model[keyPath: path] = try object.decodeIfPresent(name) as Double?
        model[keyPath: source] = KeptAsRead(try object.decodeIfPresent(name) as MessagePackValue?)
      },
      encode: { model, object in
        let number = model[keyPath: path]
        if let read = model[keyPath: source].value, let stored = read.doubleValue, let number,
          stored.bitPattern == number.bitPattern || (stored.isNaN && number.isNaN)
        {
          object.encodeIfPresent(read, name)
        } else {
          object.encodeIfPresent(number.map(NumberConversion.value), name)
        }
      })
  }
}
