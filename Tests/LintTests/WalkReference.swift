import Foundation
import Testing

@testable import InertiaFormat

/// The schema walk as it was before its fast paths, that ``WalkFastPathTests`` compares it with: each value's
/// kind decoded from its head, each key looked up by its bytes (``KeyNames/index(of:)``), each string of a
/// set compared as a `String`. Its events and their sorts only, without limits or filters, which the fast
/// paths do not touch.
final class ReferenceSchemaWalk {
  typealias Event = SchemaWalk.Event
  typealias Context = SchemaWalk.Context
  private let document: IndexedDocument
  private let schema: CompiledSchema
  var list: [Event] = []

  static func events(in document: IndexedDocument) -> [Event] {
    walk(document).list
  }

  /// The events and their sorts, as `"sort event"` lines.
  static func summary(of document: IndexedDocument) -> [String] {
    let walk = walk(document)
    return zip(walk.sorts, walk.list).map { "\($0) \($1)" }
  }

  private static func walk(_ document: IndexedDocument) -> ReferenceSchemaWalk {
    let walk = ReferenceSchemaWalk(document: document, schema: .file)
    if let root = document.root { walk.check(root, as: walk.schema.root, context: .root) }
    return walk
  }

  private init(document: IndexedDocument, schema: CompiledSchema) {
    self.document = document
    self.schema = schema
  }

  /// The sort of each event of ``list``.
  var sorts: [SchemaWalk.Sort] = []
  /// How many `vertices` arrays the walk is inside.
  private var verticesDepth = 0

  private func record(_ event: Event, at node: IndexedDocument.Node, _ sort: SchemaWalk.Sort = .schema) {
    list.append(event)
    sorts.append(sort)
  }

  private func check(_ node: IndexedDocument.Node, as type: Int, context: Context) {
    check(node, document.kind(of: node), as: type, context: context)
  }

  /// Checks a value whose kind the caller has read already, so each value's head is read once.
  private func check(
    _ node: IndexedDocument.Node, _ kind: IndexedDocument.Kind, as type: Int, context: Context
  ) {
    // The common cases first, each a value of its type: nothing to report, and only objects and arrays to
    // go into.
    switch (schema.types[type], kind) {
    case (.string, .string), (.bool, .bool), (.number, .float32), (.number, .float64), (.float32, .float32),
      (.integer, .int):
      return
    case (.object(let slot), .map):
      checkObject(node, slot)
      return
    case (.array(let elementType), .array):
      // A number pair is an array of at least two numbers.
      if schema.pairs[type], let count = document.count(of: node), count < 2 { break }
      let elementContext = context.element
      let entersVertices = type == schema.verticesType
      if entersVertices { verticesDepth += 1 }
      var child = document.firstChild(of: node)
      while let element = child {
        check(element, as: elementType, context: elementContext)
        child = document.nextSibling(of: element, in: node)
      }
      if entersVertices { verticesDepth -= 1 }
      return
    default:
      break
    }
    let valueType = schema.valueTypes[type]
    if valueType.isNumber, [.int, .uint, .float32, .float64].contains(kind) {
      if document.encoding == .json && valueType == .float32 && kind == .float64 { return }
      let value = document.value(of: node)
      guard let problem = valueType.numberProblem(in: value) else { return }
      record(
        .refusedNumber(node, context: context, problem: problem, message: problem.message(for: value, as: valueType)),
        at: node, SchemaWalk.Sort(problem))
      return
    }
    let sort: SchemaWalk.Sort =
      verticesDepth > 0 || type == schema.verticesType
      ? .vertexShape : schema.pairs[type] && kind == .array ? .translateLength : .schema
    guard let message = mismatch(node, kind, type) else { return }
    record(.mismatch(node, context: context, expected: valueType, message: message), at: node, sort)
    scanForDuplicateKeys(node)
  }

  /// Why a value does not have a type, as `expected …, found …` in the words of
  /// ``InertiaSchema/ValueType/mismatch(in:)``; `nil` when it does. (The kinds a type takes as they are,
  /// ``check(_:_:as:context:)`` has let through already.)
  private func mismatch(_ node: IndexedDocument.Node, _ kind: IndexedDocument.Kind, _ type: Int) -> String? {
    switch (schema.types[type], kind) {
    case (.array, .array):
      // A number pair is an array of at least two numbers.
      guard schema.pairs[type], let count = document.count(of: node), count < 2 else { return nil }
      return schema.valueTypes[type].expectation(found: String(count))
    case (.oneOf, .string):
      if schema.allowed(type).contains(document.string(of: node) ?? "") { return nil }
    default:
      break
    }
    let valueType = schema.valueTypes[type]
    switch kind {
    case .array, .map: return valueType.expectation(found: kind.description)
    case .nil: return valueType.expectation(found: document.encoding == .json ? "null" : "nil")
    default: return valueType.mismatch(in: document.value(of: node)) ?? valueType.expectation(found: kind.description)
    }
  }

  /// One kind of object's table, as the walk read it.
  private struct Object {
    let kind: InertiaSchema.ObjectKind
    let names: KeyNames
    let fieldTypes: [Int]
    let requiredMask: UInt64
  }

  private func checkObject(_ node: IndexedDocument.Node, _ slot: Int) {
    let object = Object(
      kind: schema.objectKinds[slot], names: schema.names[slot],
      fieldTypes: Array(schema.fieldTypes[schema.fields(of: slot)]),
      requiredMask: schema.requiredMasks[slot])
    // Which fields have been met, as bits by their index in the table.
    var seen: UInt64 = 0
    var unknown: [(entry: IndexedDocument.Entry, name: String)] = []
    var otherKeys: [(entry: IndexedDocument.Entry, key: MessagePackValue)] = []
    // The entries in file order, as ``IndexedDocument/forEachEntry(of:_:)`` gives them, without its test
    // that `node` is a map (``check(_:_:as:context:)`` knows it is).
    var position = 0
    var child = document.firstChild(of: node)
    while let keyNode = child, let value = document.nextSibling(of: keyNode, in: node) {
      let entry = IndexedDocument.Entry(key: keyNode, value: value, position: position)
      position += 1
      child = document.nextSibling(of: value, in: node)
      guard let key = document.utf8(of: entry.key) else {
        let key = document.value(of: entry.key)
        if let first = otherKeys.first(where: { $0.key == key }) {
          record(
            .duplicateKey(entry, firstPosition: first.entry.position, map: node, kind: object.kind), at: entry.key,
            .duplicateKey)
        } else {
          if case .int = key {
            record(.integerKey(entry, object: node, kind: object.kind), at: entry.key, .unknownField)
          } else {
            record(.nonStringKey(entry, object: node, kind: object.kind), at: entry.key, .mapKeyType)
          }
          otherKeys.append((entry, key))
        }
        scanForDuplicateKeys(entry.value)
        continue
      }
      guard let index = object.names.index(of: key) else {
        let name = key.string
        if let first = unknown.first(where: { $0.name == name }) {
          record(
            .duplicateKey(entry, firstPosition: first.entry.position, map: node, kind: object.kind), at: entry.key,
            .duplicateKey)
        } else {
          unknown.append((entry, name))
        }
        scanForDuplicateKeys(entry.value)
        continue
      }
      if seen & (1 << index) != 0 {
        record(
          .duplicateKey(entry, firstPosition: firstPosition(of: entry, in: node), map: node, kind: object.kind),
          at: entry.key, .duplicateKey)
        scanForDuplicateKeys(entry.value)
      } else {
        seen |= 1 << index
        let context = Context(kind: object.kind, field: index, isElement: false)
        let kind = document.kind(of: entry.value)
        if kind == .nil && !InertiaSchema.object(object.kind).fields[index].isRequired {
          record(.nullInOptionalField(entry.value, context: context), at: entry.value, .nullInOptionalField)
        } else {
          check(entry.value, kind, as: object.fieldTypes[index], context: context)
        }
      }
    }
    if seen & object.requiredMask != object.requiredMask {
      for (index, field) in InertiaSchema.object(object.kind).fields.enumerated()
      where field.isRequired && seen & (1 << index) == 0 {
        record(
          .missingField(object: node, kind: object.kind, field: field.name), at: node,
          verticesDepth > 0 ? .vertexShape : .schema)
      }
    }
    for (entry, name) in unknown {
      record(.unknownField(entry, name: name, object: node, kind: object.kind), at: entry.key, .unknownField)
    }
  }

  /// The position of the first entry of a map with the same key as `entry`.
  private func firstPosition(of entry: IndexedDocument.Entry, in map: IndexedDocument.Node) -> Int {
    var first = entry.position
    document.forEachEntry(of: map) { candidate in
      if candidate.position < first, document.isSameString(candidate.key, as: entry.key) {
        first = candidate.position
      }
    }
    return first
  }

  /// Reports repeated keys in every map inside a value the table does not describe, and the keys anywhere
  /// in it (in keys too) that the decoder cannot read.
  private func scanForDuplicateKeys(_ node: IndexedDocument.Node, reportingDuplicates: Bool = true) {
    switch document.kind(of: node) {
    case .array:
      document.forEachElement(of: node) { scanForDuplicateKeys($0, reportingDuplicates: reportingDuplicates) }
    case .map:
      var keys: [MessagePackValue: Int] = [:]
      document.forEachEntry(of: node) { entry in
        let key = document.value(of: entry.key)
        if SchemaWalk.isUnreadableKey(key) {
          record(.unreadableKey(entry, map: node), at: entry.key, .mapKeyType)
        } else {
          scanForDuplicateKeys(entry.key, reportingDuplicates: false)
        }
        if let first = keys[key] {
          if reportingDuplicates {
            record(
              .duplicateKey(entry, firstPosition: first, map: node, kind: nil), at: entry.key, .ignoredDuplicateKey)
          }
        } else {
          keys[key] = entry.position
        }
        scanForDuplicateKeys(entry.value, reportingDuplicates: reportingDuplicates)
      }
    default:
      break
    }
  }
}
