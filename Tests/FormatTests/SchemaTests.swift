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
    // The model keeps `vertices` as read: their objects have no type of their own.
    case .vertex, .point: fatalError("\(kind) has no model type")
    }
  }

  /// The kinds the typed model has a type for: all but a vertex's two.
  static let modelledKinds = InertiaSchema.ObjectKind.allCases.filter { ![.vertex, .point].contains($0) }
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
    case .float32: return 0.25
    case .integer: return 2
    case .bool: return true
    case .oneOf(let allowed): return .string(allowed.last!)
    case .object(let kind): return object(kind, depth: depth + 1)
    case .array(let element): return depth < 2 ? [value(element, depth: depth + 1)] : []
    case .numberPair: return [0.25, -1]
    }
  }

  /// Values that are not of `type`, each with the path (below the field) the fault is reported at.
  static func wrongValues(_ type: InertiaSchema.ValueType) -> [(MessagePackValue, [JSONPointer.Component])] {
    switch type {
    case .string: return [(1, []), (.nil, []), (["a"], [])]
    case .number, .float32: return [("1", []), (true, []), (.nil, [])]
    case .integer: return [(1.5, []), ("1", []), (.float64(.nan), []), (.uint(.max), [])]
    case .bool: return [(1, []), ("true", [])]
    case .oneOf: return [("nope", []), (1, [])]
    case .object: return [([], []), ("x", [])]
    case .array: return [(.map([]), []), ("x", []), ([1], [.index(0)])]
    case .numberPair:
      return [([], []), ([1], []), (["a", 1], [.index(0)]), ([1, .nil], [.index(1)]), ([1, 2, "3"], [.index(2)])]
    }
  }

  /// Other encodings of a valid value that the SwiftUI runtime accepts.
  static func otherValidValues(_ type: InertiaSchema.ValueType) -> [MessagePackValue] {
    switch type {
    case .number:
      return [1, .float32(0.5), .float32(.nan), .float64(.infinity), .uint(1 << 60), .int(-(1 << 53)), .uint(200)]
    case .float32: return [1, .float32(0.33), .float32(.nan), .float64(0.5), .float64(-.infinity), .uint(1 << 24)]
    case .integer: return [-7, .uint(200), .int(Int64.min), .uint(UInt64(Int64.max))]
    case .numberPair: return [[1, .float32(2)], [1, 2, 3], [.float32(0), .float64(-0.003), 4, 5, 6]]
    case .array: return [[]]
    default: return []
    }
  }

  /// Numbers the typed model reads, as the Compose runtime does, but the SwiftUI runtime's decoder refuses
  /// for the field's Swift type, with the problem the schema names.
  static func refusedNumbers(_ type: InertiaSchema.ValueType) -> [(MessagePackValue, InertiaSchema.NumberProblem)] {
    switch type {
    case .number: return [(.int(9_007_199_254_740_993), .inexactInteger), (.uint(.max), .inexactInteger)]
    case .float32:
      return [
        (.float64(0.33), .notFloat32), (.float64(.nan), .notFloat32), (.float64(1e40), .notFloat32),
        (.int(16_777_217), .inexactInteger),
      ]
    case .integer: return [(.float64(3), .floatForInteger), (.float32(-2), .floatForInteger)]
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
  static let kinds = ModelType.modelledKinds

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
      // null in an optional field is read as absent (see NullFieldTests), not a wrong type; the model keeps
      // `vertices` as read, so their elements' faults are the schema's alone (see `vertices()`).
      for (wrong, below) in SchemaSamples.wrongValues(field.type)
      where !(wrong == .nil && !field.isRequired) && !(field.name == "vertices" && !below.isEmpty) {
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

  @Test(
    "A number the runtime's decoder refuses for its field's type is a schema violation the model reads past",
    arguments: kinds)
  func refusedNumbers(kind: InertiaSchema.ObjectKind) throws {
    let full = SchemaSamples.object(kind)
    for field in InertiaSchema.object(kind).fields {
      for (number, problem) in SchemaSamples.refusedNumbers(field.type) {
        let mutated = MessagePackValue.map(
          full.mapEntries!.map { $0.key.stringValue == field.name ? .init($0.key, number) : $0 })
        let label = Comment(rawValue: "\(kind).\(field.name) = \(number)")
        #expect(throws: Never.self, label) { try ModelType.of(kind).roundTrip(mutated) }
        let violations = InertiaSchema.violations(in: mutated, as: .object(kind))
        #expect(violations.map(\.kind) == [.refusedNumber(problem)], label)
        #expect(violations.map(\.path) == [JSONPointer([.key(field.name)])], label)
        #expect(field.type.numberProblem(in: number) == problem, label)
      }
    }
  }

  @Test("A vertex's faults are the schema's, at their paths")
  func vertices() throws {
    let vertex: MessagePackValue = [
      "position": ["x": 0.5, "y": -1], "color": ["red": 1, "green": .float32(0.5), "blue": 0, "alpha": 1],
    ]
    let cases: [(MessagePackValue, [String])] = [
      ([vertex, vertex, vertex], []),
      ([], []),
      ([[0, 0]], ["/0: expected a vertex, found an array"]),
      ([["position": ["x": 0, "y": 0]]], ["/0: missing required field \"color\""]),
      (
        [["position": [0, 0], "color": vertex.mapEntries![1].value]],
        ["/0/position: expected a vertex's position, found an array"]
      ),
      (
        [["position": ["x": 0, "y": "1"], "color": ["red": .float64(0.33), "green": 0, "blue": 0]]],
        [
          "/0/position/y: expected a number, found a string", "/0/color: missing required field \"alpha\"",
          "/0/color/red: expected a float32, found the float64 0.33, which no float32 equals",
        ]
      ),
      ("corners", ["expected an array, found a string"]),
    ]
    for (vertices, expected) in cases {
      let found = InertiaSchema.violations(in: vertices, as: InertiaSchema.shape.field(named: "vertices")!.type)
      #expect(found.map(\.description) == expected, "\(vertices)")
      // The model keeps an array of them as read, whatever it holds.
      let shape: MessagePackValue = ["id": "S", "vertices": vertices]
      if vertices.arrayValue != nil { #expect(try ModelType.of(.shape).roundTrip(shape) == shape) }
    }
  }

  @Test("Every other encoding the runtime accepts passes the model and the schema", arguments: kinds)
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
    // Read from the spec's JSON, whose colours `to-msgpack` writes as float32s.
    #expect(InertiaSchema.violations(in: SpecExamples.animationFile, fromJSON: true).isEmpty)
    #expect(InertiaSchema.violations(in: [SpecExamples.circleAnimation], fromJSON: true).isEmpty)
    #expect(InertiaSchema.violations(in: []).isEmpty)
    // Stored as float64s, as a canonical writer stores them, its colours are no float32s: the SwiftUI runtime
    // refuses them.
    #expect(
      InertiaSchema.violations(in: [SpecExamples.circleAnimation]).map(\.kind)
        == Array(repeating: .refusedNumber(.notFloat32), count: 3))
  }

  @Test("The walker reports nested faults with their paths and messages")
  func walkerMessages() {
    var keyframe = SpecExamples.card0Keyframe1.mapEntries!
    keyframe[2].value = ["scale": "big", "translate": [1], "rotate": 0, "rotateCenter": 0, "opacity": 1]
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
        "/0/keyframes/0/values/translate: expected at least 2 numbers, found 1",
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
    keyframe[2].value = ["scale": "big", "translate": [1], "rotate": 0, "rotateCenter": 0, "opacity": 1]
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
      let alone = InertiaSchema.violations(in: [object], fromJSON: true).map(\.description)
      let followed = InertiaSchema.violations(in: [object, SpecExamples.circleAnimation], fromJSON: true).map(
        \.description)
      #expect(alone == followed, "\(object)")
    }
    #expect(
      InertiaSchema.violations(in: [.map(base + [.init("k", 1)])], fromJSON: true).map(\.description) == [
        "/0/k: unknown field \"k\" in an animation object"
      ])
  }

  @Test("Value types describe themselves as messages name them")
  func typeDescriptions() {
    #expect(InertiaSchema.ValueType.oneOf(["a", "b", "c"]).description == "\"a\", \"b\" or \"c\"")
    #expect(
      InertiaSchema.ValueType.integer.mismatch(in: .uint(.max))
        == "expected an integer, found 18446744073709551615, which is too large")
    #expect(InertiaSchema.ValueType.integer.mismatch(in: .float64(2)) == "expected an integer, found the float 2.0")
    #expect(InertiaSchema.ValueType.integer.mismatch(in: .int(2)) == nil)
    #expect(
      InertiaSchema.ValueType.number.mismatch(in: .int(9_007_199_254_740_993))
        == "expected a number a double holds exactly, found the integer 9007199254740993")
    #expect(
      InertiaSchema.ValueType.float32.mismatch(in: .float64(0.1))
        == "expected a float32, found the float64 0.1, which no float32 equals")
    #expect(InertiaSchema.ValueType.numberPair.mismatch(in: [1]) == "expected at least 2 numbers, found 1")
    #expect(InertiaSchema.ValueType.numberPair.mismatch(in: [1, 2, 3]) == nil)
    #expect(InertiaSchema.ValueType.numberPair.elementType == .number)
    #expect(InertiaSchema.colour.fields.allSatisfy { $0.type == .float32 })
    #expect(InertiaSchema.animation.field(named: "loopDuration")?.presence == .optional)
    #expect(InertiaSchema.shape.field(named: "transforms")?.defaultValue == InertiaSchema.identityPose)
    #expect(InertiaSchema.shape.field(named: "shape")?.presence == .optional)
    #expect(InertiaSchema.keyframe.requiredFields.map(\.name) == ["id", "duration", "values"])
  }
}
