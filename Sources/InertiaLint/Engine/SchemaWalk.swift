import InertiaFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Walks a document against the shared field table (``InertiaSchema``) with positions, once per
/// document, for the `schema` and `unknown-field` rules (see ``LintContext/schemaEvents``).
///
/// Every event carries the node value, so a finding on a later duplicate of a key points at that
/// duplicate. A field's first entry is the one checked, as decoders use it. It finds what
/// ``InertiaSchema/violations(in:)`` finds (a test keeps the two in step), and beyond that repeated keys,
/// in every map, including those the table does not describe (inside unknown fields, `vertices`, or values
/// of the wrong type). A `nil` is of the wrong type for every field, optional ones included, as the typed
/// model reads it.
final class SchemaWalk {
  /// What the walk meets.
  enum Event {
    /// A value of the wrong kind, or a string outside its field's set.
    case mismatch(IndexedDocument.Node, context: Context, message: String)
    /// An object without a required field; `misspelling` is a key present that looks like it.
    case missingField(object: IndexedDocument.Node, kind: InertiaSchema.ObjectKind, field: String, misspelling: String?)
    /// A string key the object's table does not list; `suggestion` is a field it looks like.
    case unknownField(
      IndexedDocument.Entry, name: String, object: IndexedDocument.Node, kind: InertiaSchema.ObjectKind,
      suggestion: String?)
    /// A key that is not a string, in an object the table describes.
    case nonStringKey(IndexedDocument.Entry, kind: InertiaSchema.ObjectKind)
    /// A key that an earlier entry of the same map already has.
    case duplicateKey(IndexedDocument.Entry, firstPosition: Int)
  }

  /// Where a value sits, as messages name it: `"duration" in a keyframe`, `an element of "keyframes" in
  /// an animation object`. Kept as numbers and spelled out only for a finding.
  struct Context: CustomStringConvertible {
    static let file = Context(kind: nil, field: 0, isElement: false)

    let kind: InertiaSchema.ObjectKind?
    /// The field's index in its object's table.
    let field: Int
    let isElement: Bool

    var element: Context { Context(kind: kind, field: field, isElement: true) }

    var description: String {
      var text = "the file"
      if let kind { text = "\"\(InertiaSchema.object(kind).fields[field].name)\" in \(kind.description)" }
      return isElement ? "an element of " + text : text
    }
  }

  let document: IndexedDocument
  private let indexed: IndexedDocument
  private let schema = CompiledSchema.shared
  private(set) var events: [Event] = []

  private init(document: IndexedDocument) {
    self.document = document
    self.indexed = document
  }

  /// The events of a whole document, read as an animation file.
  static func events(in document: IndexedDocument) -> [Event] {
    guard let root = document.root else { return [] }
    let walk = SchemaWalk(document: document)
    walk.check(root, as: walk.schema.fileType, context: .file)
    return walk.events
  }

  private func check(_ node: IndexedDocument.Node, as type: Int, context: Context) {
    if let message = mismatch(node, type) {
      events.append(.mismatch(node, context: context, message: message))
      scanForDuplicateKeys(node)
      return
    }
    switch schema.types[type] {
    case .object(let slot):
      checkObject(node, slot)
    case .array(let elementType):
      let elementContext = context.element
      document.forEachElement(of: node) { element in
        check(element, as: elementType, context: elementContext)
      }
    case .anyArray:
      scanForDuplicateKeys(node)
    default:
      break
    }
  }

  /// Why a value does not have a type, as `expected …, found …`; `nil` when it does.
  private func mismatch(_ node: IndexedDocument.Node, _ type: Int) -> String? {
    let kind = document.kind(of: node)
    let found: String
    switch (schema.types[type], kind) {
    case (.string, .string), (.bool, .bool), (.object, .map), (.anyArray, .array),
      (.number, .int), (.number, .uint), (.number, .float32), (.number, .float64), (.integer, .int):
      return nil
    case (.array, .array):
      // A number pair is an array of numbers with a count of 2.
      guard schema.pairs[type], let count = document.count(of: node), count != 2 else { return nil }
      found = String(count)
    case (.integer, .float32), (.integer, .float64):
      let number = document.double(of: node) ?? .nan
      if Int64(exactly: number) != nil { return nil }
      found = String(describing: number)
    case (.oneOf, .string):
      let text = document.string(of: node) ?? ""
      if schema.allowed(type).contains(text) { return nil }
      found = "\"\(text)\""
    default:
      found = kind.description
    }
    return "expected \(schema.valueTypes[type].description), found \(found)"
  }

  private func checkObject(_ node: IndexedDocument.Node, _ slot: Int) {
    let object = schema.objects[slot]
    // Which fields have been met, as bits by their index in the table (tables have fewer than 64).
    var seen: UInt64 = 0
    var unknown: [(entry: IndexedDocument.Entry, name: String, suggestion: String?)] = []
    var otherKeys: [(entry: IndexedDocument.Entry, key: MessagePackValue)] = []
    document.forEachEntry(of: node) { entry in
      switch object.fieldIndex(of: entry.key, in: indexed) {
      case .some(.some(let index)):
        if seen & (1 << index) != 0 {
          events.append(.duplicateKey(entry, firstPosition: firstPosition(of: entry, in: node)))
          scanForDuplicateKeys(entry.value)
        } else {
          seen |= 1 << index
          check(
            entry.value, as: object.fieldTypes[index],
            context: Context(kind: object.kind, field: index, isElement: false))
        }
      case .some(.none):
        let name = document.string(of: entry.key) ?? ""
        if let first = unknown.first(where: { $0.name == name }) {
          events.append(.duplicateKey(entry, firstPosition: first.entry.position))
        } else {
          let fieldNames = InertiaSchema.object(object.kind).fieldNames
          unknown.append((entry, name, NameSuggestion.closest(to: name, in: fieldNames)))
        }
        scanForDuplicateKeys(entry.value)
      case .none:
        let key = document.value(of: entry.key)
        if let first = otherKeys.first(where: { $0.key == key }) {
          events.append(.duplicateKey(entry, firstPosition: first.entry.position))
        } else {
          events.append(.nonStringKey(entry, kind: object.kind))
          otherKeys.append((entry, key))
        }
        scanForDuplicateKeys(entry.value)
      }
    }
    if seen & object.requiredMask != object.requiredMask {
      for (index, field) in InertiaSchema.object(object.kind).fields.enumerated()
      where field.isRequired && seen & (1 << index) == 0 {
        let misspelling = unknown.first { $0.suggestion == field.name }?.name
        events.append(.missingField(object: node, kind: object.kind, field: field.name, misspelling: misspelling))
      }
    }
    for (entry, name, suggestion) in unknown {
      events.append(.unknownField(entry, name: name, object: node, kind: object.kind, suggestion: suggestion))
    }
  }

  /// The position of the first entry of a map with the same key as `entry`.
  private func firstPosition(of entry: IndexedDocument.Entry, in map: IndexedDocument.Node) -> Int {
    let key = document.value(of: entry.key)
    var first = entry.position
    document.forEachEntry(of: map) { candidate in
      if candidate.position < first, document.value(of: candidate.key) == key { first = candidate.position }
    }
    return first
  }

  /// Reports repeated keys in every map inside a value the table does not describe.
  private func scanForDuplicateKeys(_ node: IndexedDocument.Node) {
    switch document.kind(of: node) {
    case .array:
      document.forEachElement(of: node) { scanForDuplicateKeys($0) }
    case .map:
      var keys: [MessagePackValue: Int] = [:]
      document.forEachEntry(of: node) { entry in
        let key = document.value(of: entry.key)
        if let first = keys[key] {
          events.append(.duplicateKey(entry, firstPosition: first))
        } else {
          keys[key] = entry.position
        }
        scanForDuplicateKeys(entry.value)
      }
    default:
      break
    }
  }
}

/// The field table turned into flat data without references, for the walk: types are numbers into one
/// table, and field names are UTF-8 bytes compared without decoding keys. Built once and never freed.
private final class CompiledSchema: @unchecked Sendable {
  /// A type, with the types it refers to as numbers.
  enum CompiledType {
    case string, number, integer, bool, oneOf, anyArray
    case object(Int)
    /// An array of the type with this number (a number pair is an array of numbers with a count of 2).
    case array(Int)
  }

  struct Object {
    let kind: InertiaSchema.ObjectKind
    let names: [String]
    let fieldTypes: [Int]
    let requiredMask: UInt64

    /// The index of the field a key names: `nil` when the key is not a string, `.some(nil)` when it is a
    /// string the table does not list.
    @inline(__always)
    func fieldIndex(of key: IndexedDocument.Node, in indexed: IndexedDocument) -> Int?? {
      guard let length = indexed.utf8Count(of: key) else { return nil }
      for index in names.indices where names[index].utf8.count == length && indexed.string(of: key) == names[index] {
        return .some(index)
      }
      return .some(nil)
    }
  }

  static let shared = CompiledSchema()

  let types: UnsafeBufferPointer<CompiledType>
  /// Whether each type is a number pair.
  let pairs: UnsafeBufferPointer<Bool>
  /// The table's own types, for messages and the sets of `oneOf`.
  let valueTypes: [InertiaSchema.ValueType]
  let objects: UnsafeBufferPointer<Object>
  let fileType: Int

  private init() {
    var valueTypes: [InertiaSchema.ValueType] = []
    var compiled: [CompiledType] = []
    let kinds = InertiaSchema.ObjectKind.allCases.map { $0 }
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
    fileType = number(InertiaSchema.file)
    var objects: [Object] = []
    for kind in kinds {
      let fields = InertiaSchema.object(kind).fields
      var fieldTypes: [Int] = []
      var mask: UInt64 = 0
      for (index, field) in fields.enumerated() {
        fieldTypes.append(number(field.type))
        if field.isRequired { mask |= 1 << index }
      }
      objects.append(Object(kind: kind, names: fields.map(\.name), fieldTypes: fieldTypes, requiredMask: mask))
    }
    self.valueTypes = valueTypes
    types = Self.immortal(compiled)
    pairs = Self.immortal(valueTypes.map { $0 == .numberPair })
    self.objects = Self.immortal(objects)
  }

  private static func immortal<T>(_ values: [T]) -> UnsafeBufferPointer<T> {
    let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(values.count, 1))
    _ = buffer.initialize(from: values)
    return UnsafeBufferPointer(rebasing: buffer[0..<values.count])
  }

  /// The strings a `oneOf` type allows.
  func allowed(_ type: Int) -> [String] {
    if case .oneOf(let allowed) = valueTypes[type] { return allowed }
    return []
  }
}
