extension InertiaSchema {
  /// Every place where `document`, read as a whole animation file, does not follow the schema, in
  /// document order.
  ///
  /// The walk checks each value against its field's type, reports required fields that are missing and
  /// keys the schema does not list, and goes on into every object and array whose own type is right. When
  /// a key appears twice, the first entry is the one checked, as readers use it. It is the walk the linter's
  /// `schema` and `unknown-field` rules make.
  public static func violations(in document: MessagePackValue) -> [InertiaSchemaViolation] {
    violations(in: document, as: file)
  }

  /// Every place where `value`, expected to have `type`, does not follow the schema.
  /// - Parameters:
  ///   - value: The value to check.
  ///   - type: What it must be, such as `.object(.animation)` for one animation object.
  ///   - path: Where `value` sits, which prefixes every reported path.
  public static func violations(
    in value: MessagePackValue, as type: ValueType, at path: JSONPointer = .root
  ) -> [InertiaSchemaViolation] {
    // The walk goes over a document's index: the value's own encoding is indexed for it.
    let limits = DecodingLimits(maxDepth: .max, maxInputSize: .max)
    guard let document = try? IndexedDocument.read(MessagePackWriter().write(value), as: .messagePack, limits: limits),
      let root = document.root
    else { return [] }
    let schema = type == file ? CompiledSchema.file : CompiledSchema(root: type)
    let pointers = IndexedDocument.PointerCache(document)
    func place(_ node: IndexedDocument.Node) -> JSONPointer {
      JSONPointer(path.components + pointers.pointer(of: node).components)
    }
    func unknownField(_ entry: IndexedDocument.Entry, in object: IndexedDocument.Node, _ kind: ObjectKind)
      -> InertiaSchemaViolation?
    {
      // A key that is not a string is never a field; it is named by its value.
      let name = document.string(of: entry.key) ?? document.value(of: entry.key).numberDescription
      if document.string(of: entry.key) != nil, InertiaSchema.object(kind).field(named: name) != nil { return nil }
      return InertiaSchemaViolation(
        path: place(object).appending(name), kind: .unknownField(name),
        message: "unknown field \"\(name)\" in \(kind.description)")
    }
    // Each violation with the number of the value it was found at, to put them in document order: an
    // object's missing fields before its entries.
    var found: [(node: Int, violation: InertiaSchemaViolation)] = []
    for event in SchemaWalk.events(in: document, at: root, schema: schema).list {
      switch event {
      case .mismatch(let node, _, let expected, let message):
        var kind = InertiaSchemaViolation.Kind.wrongType(expected: expected)
        if case .oneOf(let allowed) = expected, document.kind(of: node) == .string {
          kind = .valueNotAllowed(allowed: allowed)
        }
        found.append((node.index, InertiaSchemaViolation(path: place(node), kind: kind, message: message)))
      case .missingField(let object, _, let field):
        let violation = InertiaSchemaViolation(
          path: place(object), kind: .missingField(field), message: "missing required field \"\(field)\"")
        found.append((object.index, violation))
      case .unknownField(let entry, _, let object, let kind), .nonStringKey(let entry, let object, let kind),
        // A later entry of an unknown key is unknown too; one of a field is not checked at all.
        .duplicateKey(let entry, _, let object, let kind?):
        if let violation = unknownField(entry, in: object, kind) { found.append((entry.key.index, violation)) }
      case .nullInOptionalField:
        // Read as absent, as decodeIfPresent reads it: no violation (the linter warns).
        break
      case .duplicateKey(_, _, _, nil):
        break
      }
    }
    return found.enumerated().sorted { ($0.element.node, $0.offset) < ($1.element.node, $1.offset) }
      .map(\.element.violation)
  }
}
