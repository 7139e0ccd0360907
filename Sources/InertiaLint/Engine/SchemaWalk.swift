import InertiaFormat

/// Walks a document against the shared field table (``InertiaSchema``) with positions, for the `schema`
/// and `unknown-field` rules.
///
/// Unlike a path-only check, every event carries the located value, so a finding on a later duplicate of
/// a key points at that duplicate. A field's first entry is the one checked, as decoders use it. A field
/// that is not required may be `nil`, which decoders read as absent.
struct SchemaWalk {
  /// What the walk meets.
  enum Event {
    /// A value of the wrong kind, or a string outside its field's set.
    case mismatch(Located, context: String, message: String)
    /// An object without a required field; `misspelling` is a key present that looks like it.
    case missingField(object: Located, kind: InertiaSchema.ObjectKind, field: String, misspelling: String?)
    /// A string key the object's table does not list; `suggestion` is a field it looks like.
    case unknownField(LocatedEntry, object: Located, kind: InertiaSchema.ObjectKind, suggestion: String?)
    /// A key that is not a string.
    case nonStringKey(LocatedEntry, kind: InertiaSchema.ObjectKind)
  }

  let document: LocatedDocument
  let visit: (Event) -> Void

  /// Walks the whole document as an animation file.
  static func walk(_ document: LocatedDocument, _ visit: (Event) -> Void) {
    withoutActuallyEscaping(visit) { visit in
      guard let root = document.root else { return }
      SchemaWalk(document: document, visit: visit).check(root, as: InertiaSchema.file, context: "the file")
    }
  }

  func check(_ located: Located, as type: InertiaSchema.ValueType, context: String) {
    if let message = type.mismatch(in: located.value) {
      visit(.mismatch(located, context: context, message: message))
      return
    }
    switch (type, located.value) {
    case (.object(let kind), .map):
      checkObject(located, InertiaSchema.object(kind))
    case (_, .array):
      guard let elementType = type.elementType else { return }
      let elementContext = "an element of " + (context == "the file" ? "the file" : context)
      for element in document.elements(of: located) {
        check(element, as: elementType, context: elementContext)
      }
    default:
      break
    }
  }

  private func checkObject(_ located: Located, _ object: InertiaSchema.Object) {
    let entries = document.entries(of: located)
    var seen: Set<String> = []
    var unknown: [(entry: LocatedEntry, suggestion: String?)] = []
    for entry in entries {
      guard let name = entry.name else {
        visit(.nonStringKey(entry, kind: object.kind))
        continue
      }
      guard let field = object.field(named: name) else {
        unknown.append((entry, NameSuggestion.closest(to: name, in: object.fieldNames)))
        continue
      }
      guard seen.insert(name).inserted else { continue }
      if !field.isRequired, case .nil = entry.value.value { continue }
      check(entry.value, as: field.type, context: "\"\(name)\" in \(object.kind.description)")
    }
    for field in object.fields where field.isRequired && !seen.contains(field.name) {
      let misspelling = unknown.first { $0.suggestion == field.name }?.entry.name
      visit(.missingField(object: located, kind: object.kind, field: field.name, misspelling: misspelling))
    }
    for (entry, suggestion) in unknown {
      visit(.unknownField(entry, object: located, kind: object.kind, suggestion: suggestion))
    }
  }
}
