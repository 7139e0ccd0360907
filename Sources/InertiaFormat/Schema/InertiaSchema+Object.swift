extension InertiaSchema {
  /// One kind of object: its fields, in the order the editor writes them.
  public struct Object: Hashable, Sendable {
    /// Which object this table describes.
    public let kind: ObjectKind
    /// The object's name as a heading: "Animation object", "Colour".
    public let title: String
    /// What the object is, in a sentence or two.
    public let summary: String
    /// The fields, in the order the editor writes them.
    public let fields: [Field]

    init(kind: ObjectKind, title: String, summary: String, fields: [Field]) {
      self.kind = kind
      self.title = title
      self.summary = summary
      self.fields = fields
    }

    /// The field called `name`, or `nil` when the object has no such field (an unknown field).
    public func field(named name: String) -> Field? {
      fields.first { $0.name == name }
    }

    /// The position of the field called `name` in ``fields``.
    public func index(ofField name: String) -> Int? {
      fields.firstIndex { $0.name == name }
    }

    /// The names of the fields, in order.
    public var fieldNames: [String] { fields.map(\.name) }

    /// The fields a file must carry.
    public var requiredFields: [Field] { fields.filter(\.isRequired) }
  }
}
