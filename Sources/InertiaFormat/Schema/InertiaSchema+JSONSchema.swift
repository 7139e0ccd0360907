extension InertiaSchema {
  /// Where the generated schema is committed, relative to the package root.
  package static let jsonSchemaPath = "schema/inertia.schema.json"

  /// A JSON Schema (draft 2020-12) of the JSON form of an animation file, built from the tables, so that
  /// editors can check and complete `animation.json` files.
  ///
  /// Every object becomes a definition under `$defs` with the table's title and summary, and every field
  /// a property whose description is the field's summary followed by what its absence means; a default
  /// is also given as `default`. `invokeType`, `position` and `type` are enums, `translate` is at least
  /// two numbers, `zIndex` an integer, and a field with a ``Field/range`` (a colour component) has it as
  /// `minimum` and `maximum`. A JSON Schema cannot tell `2.0` from `2`, nor a number a double holds from one
  /// it does not: `inertia-lint` reports those. Keys the tables do not list are allowed, as the runtimes ignore them, with a description
  /// saying so; the linter's `unknown-field` rule reports them.
  ///
  /// Only keywords that draft 7 also knows are used (`$defs` is reached through `$ref` pointers), so an
  /// editor that knows only draft 7 checks files the same way; it shows no description beside a `$ref`,
  /// which draft 7 ignores.
  package static func jsonSchema() -> MessagePackValue {
    var definitions: [MessagePackValue.MapEntry] = []
    for object in objects {
      definitions.append(.init(.string(object.kind.rawValue), jsonSchema(of: object)))
    }
    return .map([
      .init("$schema", "https://json-schema.org/draft/2020-12/schema"),
      .init(
        "$comment",
        .string(
          "Generated from InertiaSchema (Sources/InertiaFormat/Schema) by InertiaSchema.jsonSchema(); do not "
            + "edit. `RECORD_SNAPSHOTS=1 swift test --disable-xctest --filter JSONSchemaTests` writes it afresh.")),
      .init("title", "Inertia animation file, JSON form"),
      .init(
        "description",
        .string(
          "An animation file as `inertia-convert to-json` writes it: an array of animation objects, one per "
            + "animated view. An empty array is a valid file.")),
      .init("type", "array"),
      .init("items", reference(to: .animation)),
      .init("$defs", .map(definitions)),
    ])
  }

  /// ``jsonSchema()`` as the committed file holds it: laid out as `inertia-convert to-json` lays out JSON.
  package static func jsonSchemaText() -> [UInt8] {
    // The schema holds only strings, integers, booleans, arrays and maps: nothing plain JSON cannot hold.
    (try? JSONWriter().write(jsonSchema())) ?? []
  }

  private static func jsonSchema(of object: Object) -> MessagePackValue {
    var properties: [MessagePackValue.MapEntry] = []
    for field in object.fields {
      properties.append(.init(.string(field.name), jsonSchema(of: field)))
    }
    return .map([
      .init("title", .string(object.title)),
      .init("description", .string(object.summary)),
      .init("type", "object"),
      .init("properties", .map(properties)),
      .init("required", .array(object.requiredFields.map { .string($0.name) })),
      .init(
        "additionalProperties",
        .map([
          .init(
            "description",
            .string(
              "A field the format does not document: the runtimes ignore it, and inertia-lint reports it "
                + "(unknown-field)."))
        ])),
    ])
  }

  private static func jsonSchema(of field: Field) -> MessagePackValue {
    var entries: [MessagePackValue.MapEntry] = [.init("description", .string(description(of: field)))]
    var checks = keywords(for: field.type)
    if let range = field.range {
      checks.append(.init("minimum", number(range.lowerBound)))
      checks.append(.init("maximum", number(range.upperBound)))
    }
    if field.isRequired {
      entries += checks
    } else {
      // A decoder reads null in an optional field as absent (decodeIfPresent), and so does the typed model:
      // allowed, and described as undocumented (inertia-lint warns: null-optional-field).
      let null: MessagePackValue = [
        "type": "null",
        "description": "Undocumented: read as absent, as Swift's decodeIfPresent reads it; leave the key out instead.",
      ]
      entries.append(.init("anyOf", [.map(checks), null]))
    }
    if let defaultValue = field.defaultValue {
      entries.append(.init("default", defaultValue))
    }
    return .map(entries)
  }

  /// The field's summary, then what a file without it means.
  private static func description(of field: Field) -> String {
    switch field.presence {
    case .required:
      return field.summary + " Required."
    case .optional:
      return field.summary + " Optional; absent means none."
    case .defaulted(.map):
      // An object reads badly as escaped JSON inside a sentence; `default` holds it.
      return field.summary + " Absent reads as its default."
    case .defaulted(let value):
      let text = (try? JSONWriter(options: .init(style: .compact)).write(value)).map {
        String(decoding: $0, as: UTF8.self)
      }
      return field.summary + " Absent reads as \(text ?? "its default")."
    }
  }

  /// The validation keywords of a type.
  private static func keywords(for type: ValueType) -> [MessagePackValue.MapEntry] {
    switch type {
    case .string:
      return [.init("type", "string")]
    case .number, .float32:
      return [.init("type", "number")]
    case .integer:
      return [
        .init("type", "integer"), .init("minimum", .int(Int64.min)), .init("maximum", .int(Int64.max)),
      ]
    case .bool:
      return [.init("type", "boolean")]
    case .oneOf(let allowed):
      return [.init("enum", .array(allowed.map { .string($0) }))]
    case .object(let kind):
      return reference(to: kind).mapEntries ?? []
    case .array(let element):
      return [.init("type", "array"), .init("items", .map(keywords(for: element)))]
    case .numberPair:
      return [.init("type", "array"), .init("items", ["type": "number"]), .init("minItems", 2)]
    }
  }

  private static func reference(to kind: ObjectKind) -> MessagePackValue {
    ["$ref": .string("#/$defs/\(kind.rawValue)")]
  }

  /// A bound as an integer when it is one (`0`, not `0.0`).
  private static func number(_ value: Double) -> MessagePackValue {
    if let integer = Int64(exactly: value) { return .int(integer) }
    return .float64(value)
  }
}
