import InertiaFormat

extension LintConfiguration {
  /// Where the configuration's JSON Schema is committed, from the package's root.
  package static let jsonSchemaPath = "schema/inertia-lint.schema.json"

  /// A JSON Schema (draft 2020-12) of `.inertia-lint.json`, from the keys ``parse(_:path:)`` reads and the
  /// rules ``RuleRegistry`` holds, so that an editor completes rule ids and flags a misspelt key before the
  /// linter does. It accepts what the parser accepts, except what JSON Schema cannot say: a key given twice.
  /// A removed rule's id is accepted and marked `deprecated`, as the parser accepts it with a warning.
  package static func jsonSchema() -> MessagePackValue {
    let ruleIDs = MessagePackValue.array(RuleRegistry.identifiers.map { .string($0) })
    let nonEmptyString: MessagePackValue = ["type": "string", "minLength": 1]
    let strings: MessagePackValue = ["type": "array", "items": nonEmptyString]
    var severities: [MessagePackValue.MapEntry] = []
    for rule in RuleRegistry.descriptions {
      let summary = "\(rule.summary) (default: \(rule.severity.rawValue))"
      severities.append(
        .init(.string(rule.identifier), schema(summary, ["enum": ["error", "warning", "info", "off"]])))
    }
    // A removed rule's id is accepted, as the parser accepts it (with a warning), and marked deprecated so
    // that an editor strikes it through rather than flag a file the linter runs with.
    let removedNote = { (rule: RemovedRule) in
      "Removed: \(rule.reason). Accepted and ignored, with a warning; delete it."
    }
    for rule in RuleRegistry.removedRules {
      severities.append(
        .init(
          .string(rule.identifier),
          schema(removedNote(rule), ["enum": ["error", "warning", "info", "off"], "deprecated": true])))
    }
    let ruleIDItem: MessagePackValue =
      RuleRegistry.removedRules.isEmpty
      ? ["enum": ruleIDs]
      : [
        "anyOf": .array(
          [["enum": ruleIDs]]
            + RuleRegistry.removedRules.map { rule in
              schema(removedNote(rule), ["enum": [.string(rule.identifier)], "deprecated": true])
            })
      ]
    let files = schema(
      "Globs of the files the entry applies to, relative to this file's folder.",
      ["anyOf": [nonEmptyString, ["type": "array", "minItems": 1, "items": nonEmptyString]]])
    let rules = schema(
      "The rules whose findings are left out.", ["type": "array", "minItems": 1, "items": ruleIDItem])
    let pointer = schema(
      "Where: a JSON Pointer or a subject (ids in place of indexes), with everything under it; the whole file "
        + "when absent.", ["type": "string", "pattern": "^(/|$)"])
    let ignore = MessagePackValue.map([
      .init("type", "object"),
      .init(
        "properties",
        .map([
          .init("files", files), .init("rules", rules), .init("pointer", pointer),
          .init("reason", schema("Why, for readers.", ["type": "string"])),
        ])),
      .init("required", ["files", "rules"]),
      .init("additionalProperties", false),
    ])
    let appSourceGlobs = MessagePackValue.map([
      .init("type", "object"),
      .init(
        "properties",
        .map([
          .init(
            "include",
            schema(
              "Globs of the sources read, relative to this file's folder, in place of every .swift, .kt, .kts, .js, "
                + ".jsx, .ts, .tsx, .mjs and .cjs file.", strings)),
          .init(
            "exclude",
            schema(
              "Globs of files and folders whose sources are not read, in place of exclude (which applies to sources "
                + "too when this is absent).", strings)),
        ])),
      .init("additionalProperties", false),
    ])
    let properties: [MessagePackValue.MapEntry] = [
      .init("$schema", schema("Where an editor finds this schema; inertia-lint ignores it.", ["type": "string"])),
      .init(
        "rules",
        schema(
          "A severity, or off, per rule id; a rule not named keeps its default.",
          ["type": "object", "properties": .map(severities), "additionalProperties": false])),
      .init("include", schema("Globs of the files a directory walk lints, instead of *.inertia.", strings)),
      .init("exclude", schema("Globs of files and folders not to lint.", strings)),
      .init(
        "containerId",
        schema(
          "The container ids files may be named after (animation, by default).",
          ["anyOf": [["type": "string"], strings]])),
      .init(
        "loopDuration",
        schema(
          "The loop duration the app sets (inertia.loopDuration), in seconds; by default each file's own.",
          ["type": "number", "exclusiveMinimum": 0])),
      .init(
        "ignore",
        schema("Findings not to report (nor fix), by file, rule and place.", ["type": "array", "items": ignore])),
      .init(
        "baseline",
        schema(
          "A baseline file (inertia-lint --write-baseline), relative to this file's folder, whose findings are left "
            + "out.", nonEmptyString)),
      .init(
        "appSources",
        schema(
          "Which app sources a folder walk reads for the app rules: false for none, or which to read (every source "
            + "by default).", ["anyOf": [["type": "boolean"], appSourceGlobs]])),
    ]
    return .map([
      .init("$schema", "https://json-schema.org/draft/2020-12/schema"),
      .init(
        "$comment",
        .string(
          "Generated by LintConfiguration.jsonSchema() (Sources/InertiaLint/Configuration); do not edit. "
            + "`RECORD_SNAPSHOTS=1 swift test --disable-xctest --filter ConfigurationSchemaTests` writes it afresh.")),
      .init("title", "inertia-lint configuration (.inertia-lint.json)"),
      .init(
        "description",
        .string(
          "What inertia-lint applies to the files in this folder and below: rule severities, which files to lint, "
            + "the app's containers and loop, and findings to leave out.")),
      .init("type", "object"),
      .init("properties", .map(properties)),
      .init("additionalProperties", false),
    ])
  }

  /// ``jsonSchema()`` as the committed file's text.
  package static func jsonSchemaText() -> [UInt8] {
    // Strings, integers, booleans, arrays and maps only: nothing plain JSON cannot hold.
    (try? JSONWriter().write(jsonSchema())) ?? []
  }

  /// A subschema: `description` followed by the entries of `body` (a map).
  private static func schema(_ description: String, _ body: MessagePackValue) -> MessagePackValue {
    .map([.init("description", .string(description))] + (body.mapEntries ?? []))
  }
}
