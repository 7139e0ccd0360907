import InertiaFormat

/// Walks a document against the shared field table (``InertiaSchema``) with positions, once per
/// document, for the `schema` and `unknown-field` rules (see ``LintContext/schemaEvents``).
///
/// Unlike a path-only check, every event carries the located value, so a finding on a later duplicate of
/// a key points at that duplicate. A field's first entry is the one checked, as decoders use it. A field
/// that is not required may be `nil`, which decoders read as absent. Maps the table does not describe
/// (inside unknown fields, `vertices`, or values of the wrong type) are still checked for repeated keys.
struct SchemaWalk {
  /// What the walk meets.
  enum Event {
    /// A value of the wrong kind, or a string outside its field's set.
    case mismatch(Located, context: Context, message: String)
    /// An object without a required field; `misspelling` is a key present that looks like it.
    case missingField(object: Located, kind: InertiaSchema.ObjectKind, field: String, misspelling: String?)
    /// A string key the object's table does not list; `suggestion` is a field it looks like.
    case unknownField(LocatedEntry, object: Located, kind: InertiaSchema.ObjectKind, suggestion: String?)
    /// A key that is not a string, in an object the table describes.
    case nonStringKey(LocatedEntry, kind: InertiaSchema.ObjectKind)
    /// A key that an earlier entry of the same map already has.
    case duplicateKey(LocatedEntry, firstPosition: Int)
  }

  /// Where a value sits, as messages name it: `"duration" in a keyframe`, `an element of "keyframes" in
  /// an animation object`. Kept as parts and spelled out only for a finding.
  struct Context: CustomStringConvertible {
    static let file = Context(field: nil, kind: nil, isElement: false)

    let field: String?
    let kind: InertiaSchema.ObjectKind?
    let isElement: Bool

    var element: Context { Context(field: field, kind: kind, isElement: true) }

    var description: String {
      var text = "the file"
      if let field, let kind { text = "\"\(field)\" in \(kind.description)" }
      return isElement ? "an element of " + text : text
    }
  }

  let document: LocatedDocument
  private(set) var events: [Event] = []

  /// The events of a whole document, read as an animation file, in document order per object.
  static func events(in document: LocatedDocument) -> [Event] {
    guard let root = document.root else { return [] }
    var walk = SchemaWalk(document: document)
    walk.check(root, as: InertiaSchema.file, context: .file)
    return walk.events
  }

  private mutating func check(_ located: Located, as type: InertiaSchema.ValueType, context: Context) {
    if let message = type.mismatch(in: located.value) {
      events.append(.mismatch(located, context: context, message: message))
      scanForDuplicateKeys(located)
      return
    }
    switch (type, located.value) {
    case (.object(let kind), .map):
      checkObject(located, InertiaSchema.object(kind))
    case (_, .array):
      guard let elementType = type.elementType else {
        scanForDuplicateKeys(located)
        return
      }
      let elementContext = context.element
      document.forEachElement(of: located) { element in
        check(element, as: elementType, context: elementContext)
      }
    default:
      break
    }
  }

  private mutating func checkObject(_ located: Located, _ object: InertiaSchema.Object) {
    let fields = object.fields
    // Which fields have been met, as bits by their index in the table (tables have fewer than 64).
    var seen: UInt64 = 0
    var unknown: [(entry: LocatedEntry, suggestion: String?)] = []
    var otherKeys: [LocatedEntry] = []
    var checked: [(field: Int, value: Located)] = []
    checked.reserveCapacity(fields.count)
    document.forEachEntry(of: located) { entry in
      guard let name = entry.name else {
        if let first = otherKeys.first(where: { $0.key.value == entry.key.value }) {
          events.append(.duplicateKey(entry, firstPosition: first.position))
        } else {
          events.append(.nonStringKey(entry, kind: object.kind))
          otherKeys.append(entry)
        }
        scanForDuplicateKeys(entry.value)
        return
      }
      guard let index = fields.firstIndex(where: { $0.name == name }) else {
        if let first = unknown.first(where: { $0.entry.name == name }) {
          events.append(.duplicateKey(entry, firstPosition: first.entry.position))
        } else {
          unknown.append((entry, NameSuggestion.closest(to: name, in: object.fieldNames)))
        }
        scanForDuplicateKeys(entry.value)
        return
      }
      if seen & (1 << index) != 0 {
        let first = document.entries(of: located).first { $0.name == name }?.position ?? 0
        events.append(.duplicateKey(entry, firstPosition: first))
        scanForDuplicateKeys(entry.value)
        return
      }
      seen |= 1 << index
      checked.append((index, entry.value))
    }
    for (index, value) in checked {
      if !fields[index].isRequired, case .nil = value.value { continue }
      check(value, as: fields[index].type, context: Context(field: fields[index].name, kind: object.kind, isElement: false))
    }
    for (index, field) in fields.enumerated() where field.isRequired && seen & (1 << index) == 0 {
      let misspelling = unknown.first { $0.suggestion == field.name }?.entry.name
      events.append(.missingField(object: located, kind: object.kind, field: field.name, misspelling: misspelling))
    }
    for (entry, suggestion) in unknown {
      events.append(.unknownField(entry, object: located, kind: object.kind, suggestion: suggestion))
    }
  }

  /// Reports repeated keys in every map inside a value the table does not describe.
  private mutating func scanForDuplicateKeys(_ located: Located) {
    switch located.value {
    case .array(let elements):
      guard elements.contains(where: \.isContainer) else { return }
      for element in document.elements(of: located) where element.value.isContainer {
        scanForDuplicateKeys(element)
      }
    case .map(let mapEntries):
      let entries = document.entries(of: located)
      if mapEntries.count > 1 {
        if mapEntries.count <= 16 {
          for (i, entry) in entries.enumerated() {
            if let first = entries[..<i].first(where: { $0.key.value == entry.key.value }) {
              events.append(.duplicateKey(entry, firstPosition: first.position))
            }
          }
        } else {
          var firstPositions: [MessagePackValue: Int] = [:]
          for entry in entries {
            if let first = firstPositions[entry.key.value] {
              events.append(.duplicateKey(entry, firstPosition: first))
            } else {
              firstPositions[entry.key.value] = entry.position
            }
          }
        }
      }
      for entry in entries where entry.value.value.isContainer {
        scanForDuplicateKeys(entry.value)
      }
    default:
      break
    }
  }
}

extension MessagePackValue {
  /// Whether this is an array or a map.
  var isContainer: Bool {
    switch self {
    case .array, .map: return true
    default: return false
    }
  }
}
