import InertiaFormat

/// Checks values against a JSON Schema, for the part of draft 2020-12 that `InertiaSchema.jsonSchema()` writes:
/// `$ref` to a place in the same schema, `type`, `enum`, `properties`, `required`, `additionalProperties`,
/// `items`, `minItems`, `maxItems`, `minimum`, `exclusiveMinimum`, `maximum`, `minLength`, `pattern` and `anyOf`, with `title`, `description`, `default`,
/// `$comment`, `$schema` and `$defs` read as annotations.
///
/// A schema using any other keyword is refused when the validator is made, so a keyword the generator
/// starts writing cannot be skipped here unnoticed. Values are ``MessagePackValue`` trees as ``JSONReader``
/// reads JSON text; numbers are compared exactly, whatever their kind (`9223372036854775808.0` is above
/// `9223372036854775807`).
package struct JSONSchemaValidator {
  /// One place where a value does not follow the schema.
  package struct Failure: Equatable, CustomStringConvertible {
    /// Where the value is in the document checked.
    package var path: JSONPointer
    /// The keyword it fails, such as `required` or `maximum`.
    package var keyword: String
    /// What is wrong.
    package var message: String

    package var description: String { "\(path.isRoot ? "/" : path.description): \(keyword): \(message)" }
  }

  /// A keyword the validator does not understand, or a `$ref` it cannot follow.
  package struct UnsupportedSchema: Error, CustomStringConvertible {
    package var description: String
  }

  static let assertions: Set<String> = [
    "$ref", "type", "enum", "properties", "required", "additionalProperties", "items", "minItems", "maxItems",
    "minimum", "maximum", "anyOf", "exclusiveMinimum", "minLength", "pattern",
  ]
  static let annotations: Set<String> = [
    "$schema", "$comment", "$defs", "title", "description", "default", "deprecated",
  ]

  /// The whole schema, which `$ref` pointers are resolved in.
  package let schema: MessagePackValue

  /// - Throws: ``UnsupportedSchema`` for a keyword outside the subset, or a `$ref` that does not resolve.
  package init(schema: MessagePackValue) throws {
    self.schema = schema
    try checkKeywords(schema, at: .root)
  }

  /// Every failure of `value` against the schema, in document order; empty when it is valid.
  package func failures(in value: MessagePackValue) -> [Failure] {
    var failures: [Failure] = []
    check(value, against: schema, at: .root, into: &failures)
    return failures
  }

  // MARK: The schema itself

  private func checkKeywords(_ subschema: MessagePackValue, at place: JSONPointer) throws {
    if case .bool = subschema { return }
    guard let entries = subschema.mapEntries else {
      throw UnsupportedSchema(description: "\(place): a schema is an object or a boolean")
    }
    for entry in entries {
      guard let keyword = entry.key.stringValue,
        Self.assertions.contains(keyword) || Self.annotations.contains(keyword)
      else { throw UnsupportedSchema(description: "\(place): keyword \(entry.key) is not supported") }
      let here = place.appending(keyword)
      switch keyword {
      case "$ref":
        guard let reference = entry.value.stringValue, resolve(reference) != nil else {
          throw UnsupportedSchema(description: "\(here): cannot resolve \(entry.value)")
        }
      case "$defs", "properties":
        for definition in entry.value.mapEntries ?? [] {
          try checkKeywords(definition.value, at: here.appending(definition.key.stringValue ?? "?"))
        }
      case "items", "additionalProperties":
        try checkKeywords(entry.value, at: here)
      case "anyOf":
        for (index, alternative) in (entry.value.arrayValue ?? []).enumerated() {
          try checkKeywords(alternative, at: here.appending(index))
        }
      default:
        break
      }
    }
  }

  /// The subschema a `#/…` reference points at.
  private func resolve(_ reference: String) -> MessagePackValue? {
    guard reference.hasPrefix("#"), let pointer = JSONPointer(parsing: String(reference.dropFirst())) else {
      return nil
    }
    var current = schema
    for component in pointer.components {
      switch component {
      case .key(let key):
        guard let next = current[key] else { return nil }
        current = next
      case .index(let index):
        guard let elements = current.arrayValue, elements.indices.contains(index) else { return nil }
        current = elements[index]
      }
    }
    return current
  }

  // MARK: Values

  private func check(
    _ value: MessagePackValue, against subschema: MessagePackValue, at path: JSONPointer, into failures: inout [Failure]
  ) {
    if case .bool(let accepts) = subschema {
      if !accepts { failures.append(Failure(path: path, keyword: "false", message: "no value is allowed")) }
      return
    }
    func fail(_ keyword: String, _ message: String) {
      failures.append(Failure(path: path, keyword: keyword, message: message))
    }
    for entry in subschema.mapEntries ?? [] {
      let rule = entry.value
      switch entry.key.stringValue ?? "" {
      case "$ref":
        if let target = rule.stringValue.flatMap(resolve) { check(value, against: target, at: path, into: &failures) }
      case "anyOf":
        // Valid when one alternative holds; otherwise the failures of the alternative that got furthest
        // into the value (the one that is about it, not the `null` one), as jsonschema's best_match does.
        var best: [Failure]?
        for alternative in rule.arrayValue ?? [] {
          var trial: [Failure] = []
          check(value, against: alternative, at: path, into: &trial)
          if trial.isEmpty {
            best = nil
            break
          }
          let depth = trial.map(\.path.components.count).max() ?? 0
          if best == nil || depth > (best!.map(\.path.components.count).max() ?? 0) { best = trial }
        }
        if let best { failures += best }
      case "type":
        let allowed = rule.arrayValue?.compactMap(\.stringValue) ?? rule.stringValue.map { [$0] } ?? []
        if !allowed.contains(where: { Self.has(value, type: $0) }) {
          fail("type", "expected \(allowed.joined(separator: " or ")), found \(Self.typeName(of: value))")
        }
      case "enum":
        if !(rule.arrayValue ?? []).contains(where: { Self.equal($0, value) }) {
          fail("enum", "\(value) is not one of \(rule)")
        }
      case "required":
        guard let entries = value.mapEntries else { break }
        for name in rule.arrayValue?.compactMap(\.stringValue) ?? []
        where !entries.contains(where: { $0.key.stringValue == name }) {
          fail("required", "missing \"\(name)\"")
        }
      case "properties", "additionalProperties":
        break  // checked together below
      case "items":
        for (index, element) in (value.arrayValue ?? []).enumerated() {
          check(element, against: rule, at: path.appending(index), into: &failures)
        }
      case "minItems":
        if let count = value.arrayValue?.count, let least = rule.int, count < least {
          fail("minItems", "expected at least \(least) items, found \(count)")
        }
      case "maxItems":
        if let count = value.arrayValue?.count, let most = rule.int, count > most {
          fail("maxItems", "expected at most \(most) items, found \(count)")
        }
      case "minimum":
        if value.isNumber, let order = Self.compare(value, rule), order < 0 { fail("minimum", "\(value) < \(rule)") }
      case "maximum":
        if value.isNumber, let order = Self.compare(value, rule), order > 0 { fail("maximum", "\(value) > \(rule)") }
      case "exclusiveMinimum":
        if value.isNumber, let order = Self.compare(value, rule), order <= 0 {
          fail("exclusiveMinimum", "\(value) <= \(rule)")
        }
      case "pattern":
        if let text = value.stringValue, let pattern = rule.stringValue,
          let regex = try? Regex(pattern), (try? regex.firstMatch(in: text)) == nil
        {
          fail("pattern", "\(text.debugDescription) does not match \(pattern)")
        }
      case "minLength":
        if let text = value.stringValue, let least = rule.int, text.unicodeScalars.count < least {
          fail("minLength", "expected at least \(least) characters, found \(text.unicodeScalars.count)")
        }
      default:
        break  // annotations
      }
    }
    guard let entries = value.mapEntries, subschema["properties"] != nil || subschema["additionalProperties"] != nil
    else { return }
    let properties = subschema["properties"]
    for entry in entries {
      guard let name = entry.key.stringValue else {
        fail("type", "a map key \(entry.key) is not a string, which no JSON object holds")
        continue
      }
      if let property = properties?[name] {
        check(entry.value, against: property, at: path.appending(name), into: &failures)
      } else if let additional = subschema["additionalProperties"] {
        check(entry.value, against: additional, at: path.appending(name), into: &failures)
      }
    }
  }

  /// Whether `value` is an instance of the JSON Schema type `name`.
  static func has(_ value: MessagePackValue, type name: String) -> Bool {
    switch (name, value) {
    case ("null", .nil), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .map):
      return true
    case ("number", _):
      return value.doubleValue.map(\.isFinite) ?? false
    case ("integer", .int), ("integer", .uint):
      return true
    case ("integer", .float32), ("integer", .float64):
      return value.doubleValue.map { $0.isFinite && $0.rounded() == $0 } ?? false
    default:
      return false
    }
  }

  static func typeName(of value: MessagePackValue) -> String {
    for name in ["null", "boolean", "string", "array", "object", "integer", "number"] where has(value, type: name) {
      return name
    }
    return value.kindDescription
  }

  /// JSON equality: numbers by value, whatever their kind; objects by their entries.
  static func equal(_ a: MessagePackValue, _ b: MessagePackValue) -> Bool {
    if a.isNumber && b.isNumber { return compare(a, b) == 0 }
    return a == b
  }

  /// The order of two numbers, exactly: -1, 0 or 1; `nil` when either is NaN or not a number.
  static func compare(_ a: MessagePackValue, _ b: MessagePackValue) -> Int? {
    if let x = exactInteger(a), let y = exactInteger(b) {
      if x.negative != y.negative { return x.negative ? -1 : 1 }
      if x.magnitude == y.magnitude { return 0 }
      return (x.magnitude < y.magnitude) != x.negative ? -1 : 1
    }
    // At least one is not an integer (or is beyond UInt64), so it is a double and the comparison in
    // doubles is exact: the integer's rounding cannot cross a non-integral or out-of-range double.
    guard let x = a.doubleValue, let y = b.doubleValue, !x.isNaN, !y.isNaN else { return nil }
    return x < y ? -1 : (x > y ? 1 : 0)
  }

  /// An integral number within ±(2^64 - 1), as a sign and a magnitude.
  private static func exactInteger(_ value: MessagePackValue) -> (negative: Bool, magnitude: UInt64)? {
    switch value {
    case .int(let i): return (i < 0, i.magnitude)
    case .uint(let u): return (false, u)
    default:
      guard let d = value.doubleValue, d.isFinite, d.rounded() == d, let magnitude = UInt64(exactly: d.magnitude)
      else { return nil }
      return (d < 0, magnitude)
    }
  }
}

extension MessagePackValue {
  /// An integer value as `Int`, whichever kind holds it.
  fileprivate var int: Int? {
    switch self {
    case .int(let i): return Int(exactly: i)
    case .uint(let u): return Int(exactly: u)
    default: return nil
    }
  }
}
