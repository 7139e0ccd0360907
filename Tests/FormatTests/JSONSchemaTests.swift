import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// The JSON Schema editors use (`schema/inertia.schema.json`) is generated from the tables, and means what
/// they mean.
@Suite("JSON Schema of the JSON form")
struct JSONSchemaTests {
  static let committed = Fixtures.packageRoot.appendingPathComponent(InertiaSchema.jsonSchemaPath)

  static func validator() throws -> JSONSchemaValidator {
    try JSONSchemaValidator(schema: InertiaSchema.jsonSchema())
  }

  /// The JSON files of `Corpus/valid/` and `Corpus/lint/clean/`: files every tool accepts.
  static let validFiles: [FixtureFile] =
    (Fixtures.files(in: "valid", withSuffix: ".json", under: Fixtures.corpus)
    + Fixtures.files(in: "lint/clean", withSuffix: ".json", under: Fixtures.corpus)).map(FixtureFile.init)

  /// The JSON files of `Corpus/lint/`, each made to trigger one rule.
  static let lintFiles: [FixtureFile] =
    Fixtures.files(in: "lint", withSuffix: ".json", under: Fixtures.corpus).map(FixtureFile.init)

  @Test("The committed schema is the one the tables generate (RECORD_SNAPSHOTS=1 writes it afresh)")
  func committedSchemaIsCurrent() throws {
    let generated = InertiaSchema.jsonSchemaText()
    #expect(generated.count > 1000)
    if Fixtures.recording {
      try FileManager.default.createDirectory(
        at: Self.committed.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(generated).write(to: Self.committed, options: .atomic)
      return
    }
    let onDisk = (try? Fixtures.bytes(Self.committed)) ?? []
    guard onDisk != generated else { return }
    // Name the first line that differs rather than print two 10 kB texts.
    let old = String(decoding: onDisk, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let new = String(decoding: generated, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let line = old.indices.first { $0 >= new.count || old[$0] != new[$0] } ?? old.count
    Issue.record(
      """
      \(InertiaSchema.jsonSchemaPath) differs from what InertiaSchema.jsonSchema() generates, first at line \
      \(line + 1) (\(line < new.count ? new[line] : "the end")); run RECORD_SNAPSHOTS=1 swift test --disable-xctest \
      --filter JSONSchemaTests and review the diff
      """)
  }

  @Test("The committed file reads as JSON and uses only keywords the validator knows")
  func committedSchemaReads() throws {
    let value = try JSONReader().read(try Fixtures.bytes(Self.committed))
    let validator = try JSONSchemaValidator(schema: value)
    #expect(validator.schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
    #expect(validator.schema["$defs"]?.mapEntries?.count == InertiaSchema.objects.count)
  }

  @Test("Every valid JSON file of the corpus follows the schema", arguments: validFiles)
  func corpusValidates(_ file: FixtureFile) throws {
    let document = try JSONReader().read(try Fixtures.bytes(file.url))
    let failures = try Self.validator().failures(in: document)
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test(
    "A lint example fails the schema exactly when the tables or the colour range say it is wrong",
    arguments: lintFiles)
  func lintExamples(_ file: FixtureFile) throws {
    guard let document = try? JSONReader().read(try Fixtures.bytes(file.url)) else { return }  // invalid-file
    let failures = try Self.validator().failures(in: document)
    let violations = InertiaSchema.violations(in: document, fromJSON: true).filter(\.isExpressedByJSONSchema)
    let outOfRange = failures.filter { ["minimum", "maximum"].contains($0.keyword) }
    #expect(
      Set(failures.map(\.path)) == Set(violations.map(\.path) + outOfRange.map(\.path)),
      "\(failures) against \(violations)")
    #expect(outOfRange.isEmpty == (file.stem != "colour-out-of-range"), "\(failures)")
    if ["schema", "colour-out-of-range"].contains(file.stem) { #expect(!failures.isEmpty) }
  }

  @Test("Each object: every field, only the required ones, and unknown keys are all valid", arguments: kinds)
  func validObjects(kind: InertiaSchema.ObjectKind) throws {
    let validator = try Self.validator()
    let definition = try #require(validator.schema["$defs"]?[kind.rawValue])
    let checker = try JSONSchemaValidator(schema: Self.schema(rootedAt: definition))
    #expect(checker.failures(in: SchemaSamples.object(kind)).isEmpty)
    #expect(checker.failures(in: SchemaSamples.object(kind, minimal: true)).isEmpty)
    var extra = SchemaSamples.object(kind).mapEntries!
    extra.append(.init("notes", ["anything": [1, "two"]]))
    #expect(checker.failures(in: .map(extra)).isEmpty)
  }

  @Test("Each object: a missing required field, and every wrong type, fail where the tables say", arguments: kinds)
  func invalidObjects(kind: InertiaSchema.ObjectKind) throws {
    let checker = try JSONSchemaValidator(
      schema: Self.schema(rootedAt: try #require(Self.validator().schema["$defs"]?[kind.rawValue])))
    let full = SchemaSamples.object(kind)
    for field in InertiaSchema.object(kind).fields {
      let without = MessagePackValue.map(full.mapEntries!.filter { $0.key.stringValue != field.name })
      let missing = checker.failures(in: without)
      #expect(
        missing.map(\.keyword) == (field.isRequired ? ["required"] : []), "\(kind).\(field.name) absent: \(missing)")
      // null in an optional field is read as absent (see NullFieldTests), not a wrong type.
      for (wrong, below) in SchemaSamples.wrongValues(field.type) where !(wrong == .nil && !field.isRequired) {
        let mutated = MessagePackValue.map(
          full.mapEntries!.map { $0.key.stringValue == field.name ? .init($0.key, wrong) : $0 })
        let failures = checker.failures(in: mutated)
        #expect(
          failures.map(\.path) == [JSONPointer([.key(field.name)] + below)], "\(kind).\(field.name) = \(wrong)")
      }
      // NaN and the infinities are no JSON.
      for other in SchemaSamples.otherValidValues(field.type)
      where field.range == nil && other.doubleValue.map(\.isFinite) != false {
        let mutated = MessagePackValue.map(
          full.mapEntries!.map { $0.key.stringValue == field.name ? .init($0.key, other) : $0 })
        #expect(checker.failures(in: mutated).isEmpty, "\(kind).\(field.name) = \(other)")
      }
    }
  }

  @Test("Colour components must be from 0 to 1", arguments: [-0.001, 1.5, 255, -1] as [Double])
  func colourRange(_ component: Double) throws {
    let checker = try JSONSchemaValidator(
      schema: Self.schema(rootedAt: try #require(Self.validator().schema["$defs"]?["colour"])))
    let inside: MessagePackValue = ["red": 0, "green": 0.5, "blue": 1, "alpha": 1.0]
    #expect(checker.failures(in: inside).isEmpty)
    for name in ["red", "green", "blue", "alpha"] {
      let outside = MessagePackValue.map(
        inside.mapEntries!.map { $0.key.stringValue == name ? .init($0.key, .float64(component)) : $0 })
      #expect(checker.failures(in: outside).map(\.keyword) == [component < 0 ? "minimum" : "maximum"], "\(name)")
    }
  }

  @Test("Random damage to corpus files: the schema refuses exactly what the tables refuse", arguments: 0..<8)
  func agreesWithTheTables(seed: UInt64) throws {
    let validator = try Self.validator()
    let sources = try Self.validFiles.map { try JSONReader().read(Fixtures.bytes($0.url)) }.filter {
      $0.arrayValue?.isEmpty == false
    }
    var rng = SeededGenerator(seed: seed)
    // Numbers from 0 to 1 only, so that a colour never leaves its range: that is the one thing the tables
    // leave to the linter.
    let replacements: [MessagePackValue] = [
      "x", "auto", "top", "circle", 0, 1, 0.5, true, .nil, [], .map([]), [0.5, 1], [1, 0, 1], ["red": 1],
    ]
    var invalid = 0
    for _ in 0..<60 {
      var document = sources.randomElement(using: &rng)!
      let places = Self.places(in: document)
      for _ in 0..<Int.random(in: 1...2, using: &rng) {
        let place = places.randomElement(using: &rng)!
        if Bool.random(using: &rng) {
          document = Self.replacing(place, in: document, with: replacements.randomElement(using: &rng)!)
        } else {
          document = Self.removing(place, in: document)
        }
      }
      let failures = validator.failures(in: document)
      let violations = InertiaSchema.violations(in: document, fromJSON: true).filter(\.isExpressedByJSONSchema)
      #expect(failures.isEmpty == violations.isEmpty, "\(failures) against \(violations)")
      if !failures.isEmpty { invalid += 1 }
    }
    #expect(invalid > 10)
  }

  static let kinds = InertiaSchema.ObjectKind.allCases

  /// The schema with `definition` at its root, keeping `$defs` for the references inside it.
  static func schema(rootedAt definition: MessagePackValue) throws -> MessagePackValue {
    var entries = definition.mapEntries ?? []
    entries.append(.init("$defs", InertiaSchema.jsonSchema()["$defs"]!))
    return .map(entries)
  }

  /// Every place below the root of `value`.
  static func places(in value: MessagePackValue, at path: [JSONPointer.Component] = []) -> [[JSONPointer.Component]] {
    var found: [[JSONPointer.Component]] = path.isEmpty ? [] : [path]
    switch value {
    case .array(let elements):
      for (i, element) in elements.enumerated() { found += places(in: element, at: path + [.index(i)]) }
    case .map(let entries):
      for entry in entries { found += places(in: entry.value, at: path + [.key(entry.key.stringValue ?? "")]) }
    default:
      break
    }
    return found
  }

  static func replacing(
    _ path: [JSONPointer.Component], in value: MessagePackValue, with replacement: MessagePackValue
  ) -> MessagePackValue {
    guard let first = path.first else { return replacement }
    let rest = Array(path.dropFirst())
    switch (first, value) {
    case (.index(let i), .array(var elements)) where elements.indices.contains(i):
      elements[i] = replacing(rest, in: elements[i], with: replacement)
      return .array(elements)
    case (.key(let key), .map(var entries)):
      guard let i = entries.firstIndex(where: { $0.key.stringValue == key }) else { return value }
      entries[i].value = replacing(rest, in: entries[i].value, with: replacement)
      return .map(entries)
    default:
      return value
    }
  }

  static func removing(_ path: [JSONPointer.Component], in value: MessagePackValue) -> MessagePackValue {
    guard let first = path.first else { return value }
    let rest = Array(path.dropFirst())
    switch (first, value) {
    case (.index(let i), .array(var elements)) where elements.indices.contains(i):
      if rest.isEmpty { elements.remove(at: i) } else { elements[i] = removing(rest, in: elements[i]) }
      return .array(elements)
    case (.key(let key), .map(var entries)):
      guard let i = entries.firstIndex(where: { $0.key.stringValue == key }) else { return value }
      if rest.isEmpty { entries.remove(at: i) } else { entries[i].value = removing(rest, in: entries[i].value) }
      return .map(entries)
    default:
      return value
    }
  }
}

extension InertiaSchemaViolation {
  /// Whether the JSON Schema can say this: unknown keys are allowed by it, as the runtimes ignore them, and
  /// it cannot tell repeated keys, `2.0` from `2` in `zIndex`, nor an integer a double holds from one it
  /// does not (the linter reports those).
  var isExpressedByJSONSchema: Bool {
    switch kind {
    case .unknownField, .duplicateKey, .keyType, .refusedNumber(.floatForInteger), .refusedNumber(.inexactInteger):
      return false
    default:
      return true
    }
  }
}
