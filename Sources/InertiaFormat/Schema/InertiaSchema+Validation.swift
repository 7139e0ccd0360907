extension InertiaSchema {
  /// Every place where `document`, read as a whole animation file, does not follow the schema, in
  /// document order.
  ///
  /// The walk checks each value against its field's type (numbers against what the runtime's decoder takes
  /// for the field's Swift type), reports required fields that are missing, keys the schema does not list,
  /// keys repeated in an object and keys that are neither strings nor integers, and goes on into every object
  /// and array whose own type is right. When a key appears twice, the first entry is the one checked, as
  /// readers use it. It is the walk the linter's `schema` and `unknown-field` rules make.
  ///
  /// Numbers are read as MessagePack stores them (a colour component's float64 must be exactly a float32),
  /// or with `fromJSON`, as the JSON form's: a tree read from JSON text holds every float as a float64, and a
  /// colour component's is written as the nearest float32 by `to-msgpack`, so it counts as one.
  public static func violations(in document: MessagePackValue, fromJSON: Bool = false) -> [InertiaSchemaViolation] {
    violations(in: document, as: file, fromJSON: fromJSON)
  }

  /// Every place where `value`, expected to have `type`, does not follow the schema.
  /// - Parameters:
  ///   - value: The value to check.
  ///   - type: What it must be, such as `.object(.animation)` for one animation object.
  ///   - path: Where `value` sits, which prefixes every reported path.
  ///   - fromJSON: Whether the tree was read from JSON text: numbers are then read as the JSON form's (see
  ///     ``violations(in:fromJSON:)``).
  public static func violations(
    in value: MessagePackValue, as type: ValueType, at path: JSONPointer = .root, fromJSON: Bool = false
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
    for event in SchemaWalk.events(in: document, at: root, schema: schema, numbersAsJSON: fromJSON).list {
      switch event {
      case .mismatch(let node, _, let expected, let message):
        var kind = InertiaSchemaViolation.Kind.wrongType(expected: expected)
        if case .oneOf(let allowed) = expected, document.kind(of: node) == .string {
          kind = .valueNotAllowed(allowed: allowed)
        }
        found.append((node.index, InertiaSchemaViolation(path: place(node), kind: kind, message: message)))
      case .refusedNumber(let node, _, let problem, let message):
        found.append(
          (node.index, InertiaSchemaViolation(path: place(node), kind: .refusedNumber(problem), message: message)))
      case .missingField(let object, _, let field):
        let violation = InertiaSchemaViolation(
          path: place(object), kind: .missingField(field), message: "missing required field \"\(field)\"")
        found.append((object.index, violation))
      case .unknownField(let entry, _, let object, let kind), .integerKey(let entry, let object, let kind):
        if let violation = unknownField(entry, in: object, kind) { found.append((entry.key.index, violation)) }
      case .nonStringKey(let entry, let object, let kind):
        let violation = InertiaSchemaViolation(
          path: place(object), kind: .keyType,
          message: "a key of \(kind.description) is \(document.kind(of: entry.key).description), not a string")
        found.append((entry.key.index, violation))
      case .unreadableKey(let entry, let map):
        let violation = InertiaSchemaViolation(
          path: place(map), kind: .keyType,
          message: "a key is \(document.kind(of: entry.key).description) that the runtime's decoder cannot read")
        found.append((entry.key.index, violation))
      case .duplicateKey(let entry, _, let object, _?):
        let name = document.string(of: entry.key).map { "\"\($0)\"" } ?? document.value(of: entry.key).numberDescription
        let violation = InertiaSchemaViolation(
          path: place(object), kind: .duplicateKey, message: "key \(name) appears again in this map")
        found.append((entry.key.index, violation))
      case .nullInOptionalField, .duplicateKey(_, _, _, nil):
        // Read as absent, as decodeIfPresent reads it, or inside a value the runtime never reads: no
        // violation (the linter warns).
        break
      }
    }
    return found.enumerated().sorted { ($0.element.node, $0.offset) < ($1.element.node, $1.offset) }
      .map(\.element.violation)
  }
}

extension InertiaSchema {
  /// Whether `document` is an Inertia document: one the SwiftUI runtime's decoder reads (at
  /// `hpennington/Inertia` e310d13, with msgpack-swift 2.0.6), so that a container with `dev: false` comes up
  /// with it. It is the schema walk finding nothing of a sort the linter reports as an error: every required
  /// field present, every value of its field's type (numbers as the field's Swift type holds them), every
  /// `translate` at least two numbers, every vertex `{position: {x, y}, color: {…}}`, and no repeated key and
  /// no key that is neither a string nor an integer in a map the runtime reads. Unknown fields, `null` in an
  /// optional field and anything inside a value the runtime never reads do not count against it.
  ///
  /// A document read from JSON is judged as `to-msgpack` would write it: a float in a colour component is
  /// written as a float32, so it counts as one. `to-msgpack` and `to-json` write the numbers of an Inertia
  /// document as the editor does (see ``Converter``); every other document keeps its canonical form.
  ///
  /// Beyond what this checks, the runtime's decoder also fails on inputs the reader refuses first (bytes
  /// after the document, truncation, invalid UTF-8), and crashes on some it reads (nesting many thousands
  /// deep, or a container declaring billions of entries, even inside a value it ignores), which the reader's
  /// limits refuse.
  public static func isInertiaDocument(_ document: IndexedDocument) -> Bool {
    guard let root = document.root else { return false }
    return !SchemaWalk.events(in: document, at: root, schema: .file, limit: 1).hasError
  }
}
