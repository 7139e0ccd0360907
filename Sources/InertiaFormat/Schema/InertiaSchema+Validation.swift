extension InertiaSchema {
  /// Every place where `document`, read as a whole animation file, does not follow the schema, in
  /// document order.
  ///
  /// The walk checks each value against its field's type, reports required fields that are missing and
  /// keys the schema does not list, and goes on into every object and array whose own type is right. When
  /// a key appears twice, the first entry is the one checked, as readers use it.
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
    var walk = SchemaWalk()
    walk.check(value, as: type, at: path)
    return walk.violations
  }
}

/// The state of one ``InertiaSchema/violations(in:as:at:)`` walk.
private struct SchemaWalk {
  var violations: [InertiaSchemaViolation] = []

  mutating func check(_ value: MessagePackValue, as type: InertiaSchema.ValueType, at path: JSONPointer) {
    if let message = type.mismatch(in: value) {
      let kind: InertiaSchemaViolation.Kind
      if type.isOutsideSet(value), case .oneOf(let allowed) = type {
        kind = .valueNotAllowed(allowed: allowed)
      } else {
        kind = .wrongType(expected: type)
      }
      violations.append(InertiaSchemaViolation(path: path, kind: kind, message: message))
      return
    }
    switch (type, value) {
    case (.object(let kind), .map(let entries)):
      checkObject(entries, InertiaSchema.object(kind), at: path)
    case (_, .array(let elements)):
      guard let elementType = type.elementType else { return }
      for (i, element) in elements.enumerated() {
        check(element, as: elementType, at: path.appending(i))
      }
    default:
      break
    }
  }

  mutating func checkObject(
    _ entries: [MessagePackValue.MapEntry], _ object: InertiaSchema.Object, at path: JSONPointer
  ) {
    for field in object.fields where field.isRequired {
      if !entries.contains(where: { $0.key.stringValue == field.name }) {
        violations.append(
          InertiaSchemaViolation(
            path: path, kind: .missingField(field.name), message: "missing required field \"\(field.name)\""))
      }
    }
    var seen = Set<String>()
    for entry in entries {
      // A key that is not a string is never a field; it is named by its value.
      let name = entry.key.stringValue ?? entry.key.numberDescription
      guard entry.key.stringValue != nil, let field = object.field(named: name) else {
        violations.append(
          InertiaSchemaViolation(
            path: path.appending(name), kind: .unknownField(name),
            message: "unknown field \"\(name)\" in \(object.kind.description)"))
        continue
      }
      if seen.insert(name).inserted {
        check(entry.value, as: field.type, at: path.appending(name))
      }
    }
  }
}
