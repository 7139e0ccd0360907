/// The field table (``InertiaSchema``) turned into flat data for ``SchemaWalk``: types are numbers into one
/// table, and each object's field names are kept as UTF-8, to compare with keys without decoding them.
///
/// The tables are ordinary arrays. The one for whole animation files is made once and shared; a walk from
/// another type makes its own.
struct CompiledSchema: Sendable {
  /// A type, with the types it refers to as numbers.
  enum CompiledType: Sendable {
    case string, number, integer, bool, oneOf, anyArray
    /// An object of the kind with this number (its place in ``objects``).
    case object(Int)
    /// An array of the type with this number (a number pair is an array of numbers with a count of 2).
    case array(Int)
  }

  /// One kind of object's fields. (A class, so that the walk takes one without copying its arrays.)
  final class Object: Sendable {
    let kind: InertiaSchema.ObjectKind
    /// The fields' names, numbered in the table's order.
    let names: KeyNames
    /// The number of each field's type.
    let fieldTypes: [Int]
    /// The required fields, as bits by their index in the table (tables have fewer than 64 fields).
    let requiredMask: UInt64

    init(kind: InertiaSchema.ObjectKind, names: KeyNames, fieldTypes: [Int], requiredMask: UInt64) {
      self.kind = kind
      self.names = names
      self.fieldTypes = fieldTypes
      self.requiredMask = requiredMask
    }
  }

  /// The tables for a whole animation file.
  static let file = CompiledSchema(root: InertiaSchema.file)

  let types: [CompiledType]
  /// Whether each type is a number pair.
  let pairs: [Bool]
  /// The table's own types, for messages and the sets of `oneOf`.
  let valueTypes: [InertiaSchema.ValueType]
  let objects: [Object]
  /// The strings each `oneOf` type allows, to look string values up in without decoding them (`nil` for
  /// the other types).
  let allowedNames: [KeyNames?]
  /// The number of the type a walk starts from.
  let root: Int

  /// The tables for walking a value of type `root`.
  init(root rootType: InertiaSchema.ValueType) {
    var valueTypes: [InertiaSchema.ValueType] = []
    var compiled: [CompiledType] = []
    let kinds = InertiaSchema.ObjectKind.allCases
    func number(_ type: InertiaSchema.ValueType) -> Int {
      if let existing = valueTypes.firstIndex(of: type) { return existing }
      let made: CompiledType
      switch type {
      case .string: made = .string
      case .number: made = .number
      case .integer: made = .integer
      case .bool: made = .bool
      case .oneOf: made = .oneOf
      case .anyArray: made = .anyArray
      case .object(let kind): made = .object(kinds.firstIndex(of: kind)!)
      case .array, .numberPair: made = .array(number(type.elementType!))
      }
      valueTypes.append(type)
      compiled.append(made)
      return valueTypes.count - 1
    }
    root = number(rootType)
    var objects: [Object] = []
    for kind in kinds {
      let fields = InertiaSchema.object(kind).fields
      var mask: UInt64 = 0
      for (index, field) in fields.enumerated() where field.isRequired { mask |= 1 << index }
      objects.append(
        Object(
          kind: kind, names: KeyNames(fields.map(\.name)), fieldTypes: fields.map { number($0.type) },
          requiredMask: mask))
    }
    self.valueTypes = valueTypes
    types = compiled
    pairs = valueTypes.map { $0 == .numberPair }
    allowedNames = valueTypes.map { type in
      if case .oneOf(let allowed) = type { return KeyNames(allowed) }
      return nil
    }
    self.objects = objects
  }

  /// Whether a string value is one of those the `oneOf` type allows, as `allowed(type)` compares them.
  ///
  /// Fast path: the value's bytes are looked up among the allowed strings' without making a `String`. A
  /// miss settles it for a value that is all ASCII (two ASCII strings are equal only byte for byte); a value
  /// beyond ASCII is decoded and compared as before, by canonical equivalence.
  func allows(_ type: Int, _ node: IndexedDocument.Node, in document: IndexedDocument) -> Bool {
    if let names = allowedNames[type], let utf8 = document.utf8(of: node) {
      if names.index(of: utf8) != nil { return true }
      if utf8.raw.allSatisfy({ $0 < 0x80 }) { return false }
    }
    return allowed(type).contains(document.string(of: node) ?? "")
  }

  /// The strings a `oneOf` type allows.
  func allowed(_ type: Int) -> [String] {
    if case .oneOf(let allowed) = valueTypes[type] { return allowed }
    return []
  }
}
