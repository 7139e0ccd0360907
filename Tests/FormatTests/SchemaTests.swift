import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// The model types, reached by the kind of object each decodes, so one test can walk every table.
struct ModelType {
  /// Decodes the kind's type from a value and encodes it again.
  let roundTrip: (MessagePackValue) throws -> MessagePackValue
  /// Decodes, forgets the top-level key order as an object made in code has none, and encodes.
  let encodeAsNew: (MessagePackValue) throws -> MessagePackValue
  /// Whether two values decode to equal typed values.
  let typedEqual: (MessagePackValue, MessagePackValue) throws -> Bool

  init<T: Codable & Equatable & KeyOrdered>(_ type: T.Type) {
    roundTrip = { try MessagePackEncoder().encodeValue(MessagePackDecoder().decode(T.self, from: $0)) }
    encodeAsNew = {
      var object = try MessagePackDecoder().decode(T.self, from: $0)
      object.keyOrder = SourceKeyOrder()
      return try MessagePackEncoder().encodeValue(object)
    }
    typedEqual = { try MessagePackDecoder().decode(T.self, from: $0) == MessagePackDecoder().decode(T.self, from: $1) }
  }

  static func of(_ kind: InertiaSchema.ObjectKind) -> ModelType {
    switch kind {
    case .animation: return ModelType(InertiaAnimation.self)
    case .keyframe: return ModelType(InertiaAnimationKeyframe.self)
    case .values: return ModelType(InertiaAnimationValues.self)
    case .shape: return ModelType(InertiaShape.self)
    case .shapeDescription: return ModelType(InertiaShapeDescription.self)
    case .colour: return ModelType(InertiaColour.self)
    }
  }
}

protocol KeyOrdered {
  var keyOrder: SourceKeyOrder { get set }
}

extension InertiaAnimation: KeyOrdered {}
extension InertiaAnimationKeyframe: KeyOrdered {}
extension InertiaAnimationValues: KeyOrdered {}
extension InertiaShape: KeyOrdered {}
extension InertiaShapeDescription: KeyOrdered {}
extension InertiaColour: KeyOrdered {}

/// Valid values built from the schema alone, differing from every default.
enum SchemaSamples {
  /// An object of `kind` with every field present (or, `minimal`, only the required ones).
  static func object(_ kind: InertiaSchema.ObjectKind, minimal: Bool = false, depth: Int = 0) -> MessagePackValue {
    let fields = InertiaSchema.object(kind).fields.filter { !minimal || $0.isRequired }
    return .map(fields.map { .init(.string($0.name), value(for: $0, depth: depth)) })
  }

  static func value(for field: InertiaSchema.Field, depth: Int) -> MessagePackValue {
    if field.type == .bool, case .bool(let b)? = field.defaultValue { return .bool(!b) }
    return value(field.type, depth: depth)
  }

  static func value(_ type: InertiaSchema.ValueType, depth: Int) -> MessagePackValue {
    switch type {
    case .string: return "text"
    case .number: return 0.5
    case .integer: return 2
    case .bool: return true
    case .oneOf(let allowed): return .string(allowed.last!)
    case .object(let kind): return object(kind, depth: depth + 1)
    case .array(let element): return depth < 2 ? [value(element, depth: depth + 1)] : []
    case .numberPair: return [0.25, -1]
    case .anyArray: return [[0, 0], "corner"]
    }
  }

  /// Values that are not of `type`, each with the path (below the field) the fault is reported at.
  static func wrongValues(_ type: InertiaSchema.ValueType) -> [(MessagePackValue, [JSONPointer.Component])] {
    switch type {
    case .string: return [(1, []), (.nil, []), (["a"], [])]
    case .number: return [("1", []), (true, []), (.nil, [])]
    case .integer: return [(1.5, []), ("1", []), (.float64(.nan), []), (.uint(.max), [])]
    case .bool: return [(1, []), ("true", [])]
    case .oneOf: return [("nope", []), (1, [])]
    case .object: return [([], []), ("x", [])]
    case .array: return [(.map([]), []), ("x", []), ([1], [.index(0)])]
    case .numberPair: return [([1, 2, 3], []), ([1], []), (["a", 1], [.index(0)]), ([1, .nil], [.index(1)])]
    case .anyArray: return [("x", []), (.map([]), [])]
    }
  }

  /// Other encodings of a valid value that runtimes accept.
  static func otherValidValues(_ type: InertiaSchema.ValueType) -> [MessagePackValue] {
    switch type {
    case .number: return [1, .float32(0.5), .uint(.max)]
    case .integer: return [.float64(3), .float32(-2), -7]
    case .numberPair: return [[1, .float32(2)]]
    case .anyArray: return [[]]
    default: return []
    }
  }
}

/// Where a decoding error says it is.
func pointer(of error: any Error) -> JSONPointer? {
  switch error as? DecodingError {
  case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
    .dataCorrupted(let context):
    return JSONPointer(codingPath: context.codingPath)
  default:
    return nil
  }
}

@Suite("The schema tables and the typed model cannot drift apart")
struct SchemaTests {
  static let kinds = InertiaSchema.ObjectKind.allCases

  @Test("Every kind has its table, and the tables list each name once", arguments: kinds)
  func tables(kind: InertiaSchema.ObjectKind) {
    let object = InertiaSchema.object(kind)
    #expect(object.kind == kind)
    #expect(Set(object.fieldNames).count == object.fields.count)
    #expect(InertiaSchema.objects.contains(object))
    #expect(object.field(named: "nope") == nil)
  }

  @Test("A full object decodes and re-encodes unchanged", arguments: kinds)
  func fullObjectRoundTrips(kind: InertiaSchema.ObjectKind) throws {
    let sample = SchemaSamples.object(kind)
    #expect(try ModelType.of(kind).roundTrip(sample) == sample)
    #expect(InertiaSchema.violations(in: sample, as: .object(kind)).isEmpty)
  }

  @Test("The model writes every field of the table, in the table's order", arguments: kinds)
  func modelWritesTableOrder(kind: InertiaSchema.ObjectKind) throws {
    let reversed = MessagePackValue.map(SchemaSamples.object(kind).mapEntries!.reversed())
    let written = try ModelType.of(kind).encodeAsNew(reversed)
    #expect(written.mapEntries?.map(\.key.stringValue) == InertiaSchema.object(kind).fieldNames)
  }

  @Test("A required field's absence fails both the model and the schema; an optional one's neither", arguments: kinds)
  func presence(kind: InertiaSchema.ObjectKind) throws {
    let full = SchemaSamples.object(kind)
    for field in InertiaSchema.object(kind).fields {
      let without = MessagePackValue.map(full.mapEntries!.filter { $0.key.stringValue != field.name })
      let violations = InertiaSchema.violations(in: without, as: .object(kind))
      if field.isRequired {
        let error = #expect(throws: DecodingError.self, "\(kind).\(field.name)") {
          try ModelType.of(kind).roundTrip(without)
        }
        guard case .keyNotFound(let key, let context)? = error else {
          Issue.record("\(kind).\(field.name): expected keyNotFound, got \(String(describing: error))")
          continue
        }
        #expect(key.stringValue == field.name)
        #expect(context.codingPath.isEmpty)
        #expect(context.debugDescription == "missing field \"\(field.name)\"")
        #expect(
          violations == [
            .init(path: .root, kind: .missingField(field.name), message: "missing required field \"\(field.name)\"")
          ])
      } else {
        #expect(try ModelType.of(kind).roundTrip(without) == without, "\(kind).\(field.name)")
        #expect(violations.isEmpty, "\(kind).\(field.name)")
      }
    }
  }

  @Test("An absent field reads as the table's default", arguments: kinds)
  func defaults(kind: InertiaSchema.ObjectKind) throws {
    let model = ModelType.of(kind)
    let minimal = SchemaSamples.object(kind, minimal: true)
    for field in InertiaSchema.object(kind).fields {
      guard let defaultValue = field.defaultValue else { continue }
      var explicit = minimal.mapEntries!
      explicit.append(.init(.string(field.name), defaultValue))
      #expect(try model.typedEqual(minimal, .map(explicit)), "\(kind).\(field.name)")
      // The model recognises the table's default as its own: an object made in code leaves it out.
      #expect(try model.encodeAsNew(.map(explicit)) == minimal, "\(kind).\(field.name)")
    }
  }

  @Test("Every wrong type fails the model and the schema at the same place", arguments: kinds)
  func wrongTypes(kind: InertiaSchema.ObjectKind) throws {
    let full = SchemaSamples.object(kind)
    for field in InertiaSchema.object(kind).fields {
      // null in an optional field is read as absent (see NullFieldTests), not a wrong type.
      for (wrong, below) in SchemaSamples.wrongValues(field.type) where !(wrong == .nil && !field.isRequired) {
        let mutated = MessagePackValue.map(
          full.mapEntries!.map { $0.key.stringValue == field.name ? .init($0.key, wrong) : $0 })
        let place = JSONPointer([.key(field.name)] + below)
        let label = Comment(rawValue: "\(kind).\(field.name) = \(wrong)")
        let error = #expect(throws: DecodingError.self, label) { try ModelType.of(kind).roundTrip(mutated) }
        #expect(error.flatMap(pointer(of:)) == place, label)
        let violations = InertiaSchema.violations(in: mutated, as: .object(kind))
        #expect(violations.map(\.path) == [place], label)
        if case .oneOf(let allowed) = field.type, wrong.stringValue != nil {
          #expect(violations.first?.kind == .valueNotAllowed(allowed: allowed), label)
        }
      }
    }
  }

  @Test("Every other encoding runtimes accept passes the model and the schema", arguments: kinds)
  func otherValidValues(kind: InertiaSchema.ObjectKind) throws {
    let full = SchemaSamples.object(kind)
    for field in InertiaSchema.object(kind).fields {
      for valid in SchemaSamples.otherValidValues(field.type) + (field.isRequired ? [] : [.nil]) {
        let mutated = MessagePackValue.map(
          full.mapEntries!.map { $0.key.stringValue == field.name ? .init($0.key, valid) : $0 })
        let label = Comment(rawValue: "\(kind).\(field.name) = \(valid)")
        #expect(throws: Never.self, label) { try ModelType.of(kind).roundTrip(mutated) }
        #expect(InertiaSchema.violations(in: mutated, as: .object(kind)).isEmpty, label)
      }
    }
  }

  @Test("An unknown key is an unknown field to the schema and is kept by the model", arguments: kinds)
  func unknownKeys(kind: InertiaSchema.ObjectKind) throws {
    var entries = SchemaSamples.object(kind).mapEntries!
    entries.insert(.init("fromTheFuture", [1, "two"]), at: 1)
    let object = MessagePackValue.map(entries)
    #expect(try ModelType.of(kind).roundTrip(object) == object)
    let violations = InertiaSchema.violations(in: object, as: .object(kind))
    #expect(violations.map(\.kind) == [.unknownField("fromTheFuture")])
    #expect(violations.first?.path == JSONPointer([.key("fromTheFuture")]))
  }

  @Test("The enums list exactly the table's allowed values")
  func enumCases() {
    #expect(
      InertiaSchema.animation.field(named: "invokeType")?.type
        == .oneOf(InertiaAnimationInvokeType.allCases.map(\.rawValue)))
    #expect(InertiaSchema.shape.field(named: "position")?.type == .oneOf(InertiaShapePosition.allCases.map(\.rawValue)))
    #expect(
      InertiaSchema.shapeDescription.field(named: "type")?.type == .oneOf(InertiaShapeType.allCases.map(\.rawValue)))
  }

  @Test("The model's own defaults are the table's")
  func initialiserDefaults() throws {
    let decoder = MessagePackDecoder()
    let shape = try decoder.decode(InertiaShape.self, from: SchemaSamples.object(.shape, minimal: true))
    #expect(shape == InertiaShape(id: "text"))
    let description = try decoder.decode(
      InertiaShapeDescription.self, from: SchemaSamples.object(.shapeDescription, minimal: true))
    #expect(description == InertiaShapeDescription(id: "text", type: .triangle, width: 0.5, height: 0.5))
    let identity = try decoder.decode(InertiaAnimationValues.self, from: InertiaSchema.identityPose)
    #expect(identity == .identity)
    #expect(try MessagePackEncoder().encodeValue(InertiaAnimationValues.identity) == InertiaSchema.identityPose)
  }

  @Test("The spec's examples follow the schema")
  func examplesAreValid() {
    #expect(InertiaSchema.violations(in: SpecExamples.animationFile).isEmpty)
    #expect(InertiaSchema.violations(in: [SpecExamples.circleAnimation]).isEmpty)
    #expect(InertiaSchema.violations(in: []).isEmpty)
  }

  @Test("The walker reports nested faults with their paths and messages")
  func walkerMessages() {
    var keyframe = SpecExamples.card0Keyframe1.mapEntries!
    keyframe[2].value = ["scale": "big", "translate": [1, 2, 3], "rotate": 0, "rotateCenter": 0, "opacity": 1]
    let file: MessagePackValue = [
      [
        "id": "card0", "invokeType": "sometimes", "initialValues": InertiaSchema.identityPose,
        "keyframes": [.map(keyframe)],
      ],
      "stray",
    ]
    let found = InertiaSchema.violations(in: file).map(\.description)
    #expect(
      found == [
        "/0/invokeType: expected \"auto\" or \"trigger\", found \"sometimes\"",
        "/0/keyframes/0/values/scale: expected a number, found a string",
        "/0/keyframes/0/values/translate: expected 2 numbers, found 3",
        "/1: expected an animation object, found a string",
      ])
    #expect(InertiaSchema.violations(in: ["id": 1]).map(\.message) == ["expected an array, found a map"])
  }

  /// The walk compares a key's first sixteen bytes with the table's names when the document holds them,
  /// and its bytes otherwise: an object's last keys, at the end of a document, take the second way, the
  /// same object followed by another the first. Each gives the same violations.
  @Test("The walk finds the same faults in an object at the end of the document as away from it")
  func walkAtTheEnd() {
    var keyframe = SpecExamples.card0Keyframe1.mapEntries!
    keyframe[2].value = ["scale": "big", "translate": [1, 2, 3], "rotate": 0, "rotateCenter": 0, "opacity": 1]
    let base = SpecExamples.circleAnimation.mapEntries!
    let objects: [MessagePackValue] = [
      SpecExamples.circleAnimation,
      .map(base.reversed()),
      .map(base + [.init("k", 1)]),
      .map(base + [.init("id", "again")]),
      .map(base + [.init(1, 1)]),
      .map(base.dropLast()),
      .map(Array(base.dropLast()) + [.init("keyframes", [.map(keyframe)])]),
      .map(Array(base.dropLast()) + [.init("keyframes", [.map(keyframe + [.init("o", 1)])])]),
    ]
    for object in objects {
      let alone = InertiaSchema.violations(in: [object]).map(\.description)
      let followed = InertiaSchema.violations(in: [object, SpecExamples.circleAnimation]).map(\.description)
      #expect(alone == followed, "\(object)")
    }
    #expect(
      InertiaSchema.violations(in: [.map(base + [.init("k", 1)])]).map(\.description) == [
        "/0/k: unknown field \"k\" in an animation object"
      ])
  }

  @Test("Value types describe themselves as messages name them")
  func typeDescriptions() {
    #expect(InertiaSchema.ValueType.oneOf(["a", "b", "c"]).description == "\"a\", \"b\" or \"c\"")
    #expect(
      InertiaSchema.ValueType.integer.mismatch(in: .uint(.max))
        == "expected an integer, found 18446744073709551615, which is too large")
    #expect(InertiaSchema.ValueType.integer.mismatch(in: .float64(2)) == nil)
    #expect(InertiaSchema.ValueType.numberPair.elementType == .number)
    #expect(InertiaSchema.shape.field(named: "transforms")?.defaultValue == InertiaSchema.identityPose)
    #expect(InertiaSchema.shape.field(named: "shape")?.presence == .optional)
    #expect(InertiaSchema.keyframe.requiredFields.map(\.name) == ["id", "duration", "values"])
  }
}
