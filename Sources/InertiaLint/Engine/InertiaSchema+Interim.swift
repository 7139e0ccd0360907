import InertiaFormat

// TODO(typed model): the shared field table `InertiaFormat/Schema/InertiaSchema.swift` is being written
// in the `typed` branch. Until it lands on main, this file stands in for the part of its API the lint
// rules use, under the same names; once merged, delete this file and the rules use the shared table.

/// Interim stand-in for the shared field table (see the TODO above).
enum InertiaSchema {
  enum ObjectKind: String, CaseIterable, Hashable, Sendable {
    case animation, keyframe, values, shape, shapeDescription, colour

    var description: String {
      switch self {
      case .animation: return "an animation object"
      case .keyframe: return "a keyframe"
      case .values: return "a set of animatable values"
      case .shape: return "a shape object"
      case .shapeDescription: return "a shape description"
      case .colour: return "a colour"
      }
    }
  }

  struct Field: Hashable, Sendable {
    let name: String
    let type: ValueType
    let isRequired: Bool
  }

  struct Object: Hashable, Sendable {
    let kind: ObjectKind
    let fields: [Field]

    func field(named name: String) -> Field? { fields.first { $0.name == name } }
    var fieldNames: [String] { fields.map(\.name) }
  }

  indirect enum ValueType: Hashable, Sendable, CustomStringConvertible {
    case string, number, integer, bool
    case oneOf([String])
    case object(ObjectKind)
    case array(of: ValueType)
    case numberPair
    case anyArray

    var description: String {
      switch self {
      case .string: return "a string"
      case .number: return "a number"
      case .integer: return "an integer"
      case .bool: return "a boolean"
      case .oneOf(let allowed):
        let quoted = allowed.map { "\"\($0)\"" }
        return quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
      case .object(let kind): return kind.description
      case .array, .anyArray: return "an array"
      case .numberPair: return "2 numbers"
      }
    }

    func mismatch(in value: MessagePackValue) -> String? {
      let found: String
      switch (self, value) {
      case (.string, .string), (.bool, .bool), (.object, .map), (.array, .array), (.anyArray, .array):
        return nil
      case (.number, _) where value.isNumber:
        return nil
      case (.integer, .int):
        return nil
      case (.integer, .float32), (.integer, .float64):
        if let d = value.doubleValue, Int64(exactly: d) != nil { return nil }
        found = value.doubleValue.map { String(describing: $0) } ?? value.kindDescription
      case (.oneOf(let allowed), .string(let s)):
        if allowed.contains(s) { return nil }
        found = "\"\(s)\""
      case (.numberPair, .array(let elements)):
        if elements.count == 2 { return nil }
        found = String(elements.count)
      default:
        found = value.kindDescription
      }
      return "expected \(description), found \(found)"
    }

    func isOutsideSet(_ value: MessagePackValue) -> Bool {
      guard case .oneOf(let allowed) = self, case .string(let s) = value else { return false }
      return !allowed.contains(s)
    }

    var elementType: ValueType? {
      switch self {
      case .array(let element): return element
      case .numberPair: return .number
      default: return nil
      }
    }
  }

  static let file: ValueType = .array(of: .object(.animation))

  private static func fields(_ list: [(String, ValueType, Bool)]) -> [Field] {
    list.map { Field(name: $0.0, type: $0.1, isRequired: $0.2) }
  }

  static let animation = Object(
    kind: .animation,
    fields: fields([
      ("id", .string, true), ("invokeType", .oneOf(["auto", "trigger"]), true),
      ("initialValues", .object(.values), true), ("keyframes", .array(of: .object(.keyframe)), true),
      ("shapes", .array(of: .object(.shape)), false),
    ]))
  static let keyframe = Object(
    kind: .keyframe,
    fields: fields([("id", .string, true), ("duration", .number, true), ("values", .object(.values), true)]))
  static let values = Object(
    kind: .values,
    fields: fields([
      ("scale", .number, true), ("translate", .numberPair, true), ("rotate", .number, true),
      ("rotateCenter", .number, true), ("opacity", .number, true),
    ]))
  static let shape = Object(
    kind: .shape,
    fields: fields([
      ("id", .string, true), ("zIndex", .integer, false), ("position", .oneOf(["bottom", "top"]), false),
      ("ownCanvas", .bool, false), ("showsBeforeAnimation", .bool, false), ("transforms", .object(.values), false),
      ("shape", .object(.shapeDescription), false), ("vertices", .anyArray, false),
      ("animation", .object(.animation), false), ("shapes", .array(of: .object(.shape)), false),
    ]))
  static let shapeDescription = Object(
    kind: .shapeDescription,
    fields: fields([
      ("id", .string, true), ("type", .oneOf(["rectangle", "square", "circle", "oval", "triangle"]), true),
      ("width", .number, true), ("height", .number, true), ("fill", .object(.colour), false),
      ("stroke", .object(.colour), false), ("strokeWidth", .number, false),
    ]))
  static let colour = Object(
    kind: .colour,
    fields: fields([("red", .number, true), ("green", .number, true), ("blue", .number, true), ("alpha", .number, true)]))

  static func object(_ kind: ObjectKind) -> Object {
    switch kind {
    case .animation: return animation
    case .keyframe: return keyframe
    case .values: return values
    case .shape: return shape
    case .shapeDescription: return shapeDescription
    case .colour: return colour
    }
  }
}
