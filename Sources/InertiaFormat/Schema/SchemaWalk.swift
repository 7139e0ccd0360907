/// The one walk of a document against the field table (``InertiaSchema``): the `schema` and
/// `unknown-field` rules read its events, and ``InertiaSchema/violations(in:as:at:fromJSON:)`` turns them into
/// violations, so the linter and the typed model's checks cannot drift apart.
///
/// The walk goes over a document's index, so every event carries its value's position: a finding on a
/// later duplicate of a key points at that duplicate. A field's first entry is the one checked, as decoders
/// use it. Beyond type checks it reports what the SwiftUI runtime's decoder refuses in a value of the right
/// kind (a number its field's Swift type does not hold, a `translate` of fewer than two numbers), and
/// repeated keys in every map: in the maps the runtime reads (every object the table describes) and, as a
/// sort of their own, inside values it never reads (unknown fields, values of the wrong type). A `nil` is of
/// the wrong type for every required field, and read as absent in an optional one.
///
/// Each event has a sort (``Sort``), which says the rule that reports it and whether the runtime can decode
/// a file that has one (``Sort/isError``): ``InertiaSchema/isInertiaDocument(_:)`` is a walk without an
/// event of an error sort.
package final class SchemaWalk {
  /// What the walk meets, in the order it meets it: within an object, its entries in file order, then its
  /// missing fields, then its unknown ones.
  package enum Event: Sendable {
    /// A value of the wrong kind, or a string outside its field's set; `message` says `expected …, found …`.
    case mismatch(IndexedDocument.Node, context: Context, expected: InertiaSchema.ValueType, message: String)
    /// `null` (MessagePack `nil`) as the value of an optional field: undocumented, read as absent by a
    /// decoder that decodes optional fields with `decodeIfPresent`.
    case nullInOptionalField(IndexedDocument.Node, context: Context)
    /// An object without a required field.
    case missingField(object: IndexedDocument.Node, kind: InertiaSchema.ObjectKind, field: String)
    /// A string key the object's table does not list.
    case unknownField(
      IndexedDocument.Entry, name: String, object: IndexedDocument.Node, kind: InertiaSchema.ObjectKind)
    /// A key that is neither a string nor an integer in `Int`'s range, in an object the table describes: the
    /// runtime's decoder refuses the whole map.
    case nonStringKey(IndexedDocument.Entry, object: IndexedDocument.Node, kind: InertiaSchema.ObjectKind)
    /// A key the runtime's decoder cannot read at all, in a map anywhere, even inside a value it never reads: a
    /// map whose own keys are not all distinct strings or integers, or a timestamp that is not one. The
    /// decoder stops reading the map at that key and goes on from there as if the map had ended, so it loses
    /// its place in the file, and the file fails.
    case unreadableKey(IndexedDocument.Entry, map: IndexedDocument.Node)
    /// An integer key in an object the table describes, which the runtimes ignore as they ignore unknown
    /// fields.
    case integerKey(IndexedDocument.Entry, object: IndexedDocument.Node, kind: InertiaSchema.ObjectKind)
    /// A key that an earlier entry of the same map already has; `kind` is the map's when the table
    /// describes it (a map the runtime reads), `nil` inside a value the runtime never reads.
    case duplicateKey(
      IndexedDocument.Entry, firstPosition: Int, map: IndexedDocument.Node, kind: InertiaSchema.ObjectKind?)
    /// A number of the right kind that the runtime's decoder refuses for its field's Swift type (see
    /// ``InertiaSchema/NumberProblem``); `message` says `expected …, found …`.
    case refusedNumber(
      IndexedDocument.Node, context: Context, problem: InertiaSchema.NumberProblem, message: String)
  }

  /// Where a value sits, as messages name it: `"duration" in a keyframe`, `an element of "keyframes" in
  /// an animation object`. Kept as numbers and spelled out only for a finding.
  package struct Context: CustomStringConvertible, Sendable {
    static let root = Context(kind: nil, field: 0, isElement: false)

    /// The object the value is a field of (`nil` for the file itself).
    package let kind: InertiaSchema.ObjectKind?
    /// The field's index in its object's table.
    package let field: Int
    /// Whether the value is an element of the field's array rather than the field itself.
    package let isElement: Bool

    var element: Context { Context(kind: kind, field: field, isElement: true) }

    package var description: String {
      var text = "the file"
      if let kind { text = "\"\(InertiaSchema.object(kind).fields[field].name)\" in \(kind.description)" }
      return isElement ? "an element of " + text : text
    }
  }

  /// The sorts of event, each reported by its own rule and so limited on its own.
  package enum Sort: Int, CaseIterable, Sendable {
    /// Values of the wrong kind (``Event/mismatch(_:context:expected:message:)``) and missing required fields
    /// (``Event/missingField(object:kind:field:)``), except those the sorts below take.
    case schema
    /// ``Event/unknownField(_:name:object:kind:)`` and ``Event/integerKey(_:object:kind:)``: keys the runtimes
    /// ignore.
    case unknownField
    /// ``Event/nullInOptionalField(_:context:)``: read as absent.
    case nullInOptionalField
    /// ``Event/refusedNumber(_:context:problem:message:)`` for `zIndex`: a float, or an integer beyond
    /// `Int64.max` (``InertiaSchema/NumberProblem/floatForInteger``,
    /// ``InertiaSchema/NumberProblem/integerOutOfRange``).
    case integerField
    /// ``Event/refusedNumber(_:context:problem:message:)`` for a colour component: a float64 that is not a
    /// float32 (``InertiaSchema/NumberProblem/notFloat32``).
    case float32Field
    /// ``Event/refusedNumber(_:context:problem:message:)``: an integer a floating-point field's type cannot
    /// hold exactly (``InertiaSchema/NumberProblem/inexactInteger``).
    case integerPrecision
    /// ``Event/mismatch(_:context:expected:message:)`` of a `translate` array of fewer than two numbers, which
    /// crashes the runtime as it decodes it (an index out of range, in editor mode too).
    case translateLength
    /// ``Event/duplicateKey(_:firstPosition:map:kind:)`` in a map the runtime reads (any key, known or not).
    case duplicateKey
    /// ``Event/duplicateKey(_:firstPosition:map:kind:)`` inside a value the runtime never reads.
    case ignoredDuplicateKey
    /// ``Event/nonStringKey(_:object:kind:)``: a key neither a string nor an integer, in a map the runtime
    /// reads; and ``Event/unreadableKey(_:map:)``, anywhere.
    case mapKeyType
    /// ``Event/mismatch(_:context:expected:message:)`` and ``Event/missingField(object:kind:field:)`` in a
    /// shape's `vertices` (an element that is not `{position: {x, y}, color: {red, green, blue, alpha}}`).
    case vertexShape

    /// Whether the SwiftUI runtime's decoder refuses a file with an event of this sort, so that a container
    /// with `dev: false` traps at launch: every sort but the three whose values the runtime ignores or reads
    /// as absent (``unknownField``, ``nullInOptionalField``, ``ignoredDuplicateKey``). The rules that report
    /// these sorts are errors, and ``InertiaSchema/isInertiaDocument(_:)`` is a walk without any.
    package var isError: Bool {
      switch self {
      case .unknownField, .nullInOptionalField, .ignoredDuplicateKey: false
      case .schema, .integerField, .float32Field, .integerPrecision, .translateLength, .duplicateKey, .mapKeyType,
        .vertexShape:
        true
      }
    }

    /// The sort of a refused number.
    init(_ problem: InertiaSchema.NumberProblem) {
      switch problem {
      case .floatForInteger, .integerOutOfRange: self = .integerField
      case .notFloat32: self = .float32Field
      case .inexactInteger: self = .integerPrecision
      }
    }
  }

  /// A number a conversion may write in another format, noted by a walk with tables that note numbers
  /// (``CompiledSchema/toJSONFile``, ``CompiledSchema/toMessagePackFile``): where it is, and the Swift type the
  /// runtime reads it as.
  package struct NumberSite: Sendable {
    /// The Swift type a number field is read as.
    package enum FieldType: UInt8, Sendable {
      /// `CGFloat` or `Double` (``InertiaSchema/ValueType/number``).
      case double
      /// `Float`, a colour component (``InertiaSchema/ValueType/float32``).
      case float
      /// `Int`, `zIndex` (``InertiaSchema/ValueType/integer``).
      case int
    }

    /// The number.
    package let node: IndexedDocument.Node
    /// Its field's type.
    package let fieldType: FieldType
  }

  /// What a walk met: its events, up to a limit of each sort, and how many more of each sort there were.
  ///
  /// A reference to lists that do not change once the walk is done: the rules that read a file's events
  /// (each of the schema walk's rules takes them from the linter) share them rather than each copying them.
  package final class Events: Sendable {
    /// The events kept, in the order the walk met them.
    package let list: [Event]
    /// The sort of each event of ``list``.
    package let sorts: [Sort]
    /// Where a finding about each event of ``list`` points, for ``SchemaWalk/merged(_:limit:)``.
    package let places: [IndexedDocument.Node]
    /// The numbers a conversion may write in another format, in document order: noted only by a walk with
    /// tables that note numbers, and meant only for a document without an event of an error sort.
    package let numbers: [NumberSite]
    /// How many events of each sort were past the limit, and where the first of them is (the value a
    /// finding about it would point at).
    fileprivate let omittedBySort: PerSort<(count: Int, first: IndexedDocument.Node)?>
    /// How many events of each sort the filter left out.
    fileprivate let filteredBySort: PerSort<Int>
    /// How many entries the walk stepped over to place the entries that events name (counting positions,
    /// finding a repeated field's first entry): at most about twice an object's entries, plus one pass for
    /// each field of its table that repeats, whatever the number of keys. The tests read it at n and 4n keys.
    package let entriesStepped: Int

    fileprivate init(_ met: Met = Met()) {
      (list, sorts, places, numbers) = (met.list, met.sorts, met.places, met.numbers)
      (omittedBySort, filteredBySort, entriesStepped) = (met.omittedBySort, met.filteredBySort, met.entriesStepped)
    }

    /// How many events of `sort` were past the limit, and where the first of them is.
    package func omitted(_ sort: Sort) -> (count: Int, first: IndexedDocument.Node)? {
      omittedBySort[sort]
    }

    /// How many events of `sort` the filter left out.
    package func filtered(_ sort: Sort) -> Int { filteredBySort[sort] }

    /// Whether the walk met an event of an error sort (``Sort/isError``), kept, past the limit or filtered
    /// out: whether the SwiftUI runtime's decoder refuses the document.
    package var hasError: Bool {
      Sort.allCases.contains { sort in
        sort.isError && (omittedBySort[sort] != nil || filteredBySort[sort] > 0)
      } || sorts.contains { $0.isError }
    }
  }

  /// ``Events`` as a walk gathers them.
  fileprivate struct Met {
    var list: [Event] = []
    var sorts: [Sort] = []
    var places: [IndexedDocument.Node] = []
    var numbers: [NumberSite] = []
    var omittedBySort = PerSort<(count: Int, first: IndexedDocument.Node)?>(nil)
    var filteredBySort = PerSort(0)
    var entriesStepped = 0

    /// Counts `count` more events past the limit, of `sort`; `node` is where the first of them is, unless an
    /// earlier one was counted already.
    mutating func omit(_ count: Int, of sort: Sort, firstAt node: IndexedDocument.Node) {
      omittedBySort[sort] = ((omittedBySort[sort]?.count ?? 0) + count, omittedBySort[sort]?.first ?? node)
    }
  }

  /// A value for each sort of event.
  fileprivate struct PerSort<Value: Sendable>: Sendable {
    /// The values, each at its sort's raw value.
    private var values: [Value]

    init(_ value: Value) {
      values = Array(repeating: value, count: Sort.allCases.count)
    }

    subscript(sort: Sort) -> Value {
      get { values[sort.rawValue] }
      set { values[sort.rawValue] = newValue }
    }
  }

  /// Which events a walk keeps: `false` for an event of a sort at a value leaves it out altogether, neither
  /// kept nor counted (the linter's suppressions).
  package typealias Filter = (Sort, IndexedDocument.Node) -> Bool

  private let document: IndexedDocument
  private let schema: CompiledSchema
  /// The most events kept of each sort (0: all).
  private let limit: Int
  private let filter: Filter?
  /// The document's index and bytes, which the document owns (and the walk holds the document): the loops
  /// over a map's entries and an array's elements read them where they are, without going through the
  /// document at each value. Every node number read from the index is one of the document's values.
  private let nodes: UnsafePointer<IndexedDocument.Record>?
  private let bytes: ByteView
  /// Whether numbers are read as the JSON form's are, whose format `to-msgpack` chooses: a float for a
  /// `Float` is then written as a float32 whatever its value.
  private let numbersAsJSON: Bool
  // Only the walk's own thread touches these; unchecked, they cost no runtime exclusivity check at each
  // of the hundreds of values a file holds.
  @exclusivity(unchecked) private var events = Met()
  @exclusivity(unchecked) private var keptBySort = PerSort(0)
  /// How many `vertices` arrays the walk is inside (0 or 1), whose faults are ``Sort/vertexShape``.
  @exclusivity(unchecked) private var verticesDepth = 0

  /// The events of a whole document, read as an animation file, keeping at most `limit` of each sort
  /// (0: all), so that a document of a million faults costs counts, not a million events, and only those
  /// `filter` lets through.
  ///
  /// Numbers are read as the document's encoding stores them: a JSON document's as the JSON form's
  /// (`numbersAsJSON`, see ``events(in:at:schema:limit:filter:numbersAsJSON:)``).
  package static func events(in document: IndexedDocument, limit: Int = 0, filter: Filter? = nil) -> Events {
    guard let root = document.root else { return Events() }
    return events(in: document, at: root, schema: .file, limit: limit, filter: filter)
  }

  /// The events of the value at `node`, read as `schema`'s root type; with `numbersAsJSON` (by default, for
  /// a document read from JSON), a float where the runtime reads a `Float` is not held against the document,
  /// as `to-msgpack` writes it as the float32 nearest its text.
  static func events(
    in document: IndexedDocument, at node: IndexedDocument.Node, schema: CompiledSchema, limit: Int = 0,
    filter: Filter? = nil, numbersAsJSON: Bool? = nil
  ) -> Events {
    let walk = SchemaWalk(
      document: document, schema: schema, limit: limit, filter: filter,
      numbersAsJSON: numbersAsJSON ?? (document.encoding == .json))
    walk.check(node, as: schema.root, context: .root)
    return Events(walk.events)
  }

  private init(document: IndexedDocument, schema: CompiledSchema, limit: Int, filter: Filter?, numbersAsJSON: Bool) {
    self.document = document
    self.schema = schema
    self.limit = limit
    self.filter = filter
    self.numbersAsJSON = numbersAsJSON
    nodes = UnsafePointer(document.entries.baseAddress)
    bytes = document.bytes
  }

  /// Whether another event of `sort` is kept, so worth wording.
  private func keeps(_ sort: Sort) -> Bool { limit == 0 || keptBySort[sort] < limit }

  /// Keeps an event of a sort, or counts it past the limit; `node` is where a finding about it points.
  private func record(_ event: @autoclosure () -> Event, at node: IndexedDocument.Node, _ sort: Sort = .schema) {
    if let filter, !filter(sort, node) {
      events.filteredBySort[sort] += 1
      return
    }
    guard limit == 0 || keptBySort[sort] < limit else {
      events.omit(1, of: sort, firstAt: node)
      return
    }
    keptBySort[sort] += 1
    events.list.append(event())
    events.sorts.append(sort)
    events.places.append(node)
  }

  private func check(_ node: IndexedDocument.Node, as type: Int, context: Context) {
    check(node, schema.step(type, format: document.formatByte(of: node)), as: type, context: context)
  }

  /// Checks a value by its first step (``CompiledSchema/step(_:format:)``): most are of their type, with
  /// nothing to report and only objects and arrays to go into.
  private func check(
    _ node: IndexedDocument.Node, _ step: CompiledSchema.Step, as type: Int, context: Context
  ) {
    switch step {
    case .valid:
      return
    case .object:
      guard case .object(let slot) = schema.types[type] else { return }
      checkObject(node, slot)
    case .elements:
      checkElements(of: node, as: type, context: context)
    case .pair:
      // A count that no longer decodes is not held against it, as ``mismatch(_:_:_:describing:)`` does.
      if document.count(of: node).map({ $0 >= 2 }) ?? true {
        checkElements(of: node, as: type, context: context)
      } else {
        reportMismatch(node, .array, type, context: context)
      }
    case .member:
      if !schema.allows(type, node, in: document) { reportMismatch(node, .string, type, context: context) }
    case .number:
      noteNumber(node, type)
      check(node, document.kind(of: node), as: type, context: context)
    case .closer:
      check(node, document.kind(of: node), as: type, context: context)
    }
  }

  /// Notes a number a conversion may write in another format (``Step/number``): of the float64s at a field the
  /// runtime reads as a `CGFloat` or `Double`, only those that are exactly a float32, which are few.
  @inline(never)
  private func noteNumber(_ node: IndexedDocument.Node, _ type: Int) {
    let fieldType: NumberSite.FieldType
    switch schema.types[type] {
    case .float32: fieldType = .float
    case .integer: fieldType = .int
    default:
      guard let value = document.double(of: node), Float(exactly: value) != nil else { return }
      fieldType = .double
    }
    events.numbers.append(NumberSite(node: node, fieldType: fieldType))
  }

  /// Checks a value whose kind the caller has read already, so each value's head is read once.
  private func check(
    _ node: IndexedDocument.Node, _ kind: IndexedDocument.Kind, as type: Int, context: Context
  ) {
    // The step by the kind itself: the format byte does not tell every kind (a uint64 is an integer up to
    // `Int64.max`).
    let step = schema.step(type, kind)
    guard step == .closer else {
      check(node, step, as: type, context: context)
      return
    }
    reportMismatch(node, kind, type, context: context)
  }

  /// Reports a value that does not have its type, unless a closer look finds that it has (an integer a
  /// double holds, for a `CGFloat`), and looks for repeated keys in it.
  @inline(never)
  private func reportMismatch(
    _ node: IndexedDocument.Node, _ kind: IndexedDocument.Kind, _ type: Int, context: Context
  ) {
    let valueType = schema.valueTypes[type]
    if valueType.isNumber, Self.isNumber(kind) {
      // A number for a number: only the runtime's conversion to the field's Swift type can refuse it.
      guard !(numbersAsJSON && valueType == .float32 && kind == .float64) else { return }
      let value = document.value(of: node)
      guard let problem = valueType.numberProblem(in: value) else { return }
      let sort = Sort(problem)
      record(
        .refusedNumber(
          node, context: context, problem: problem,
          message: keeps(sort) ? problem.message(for: value, as: valueType) : ""),
        at: node, sort)
      return
    }
    let sort: Sort =
      verticesDepth > 0 || type == schema.verticesType
      ? .vertexShape : schema.pairs[type] && kind == .array ? .translateLength : .schema
    guard let message = mismatch(node, kind, type, describing: keeps(sort)) else { return }
    record(.mismatch(node, context: context, expected: valueType, message: message), at: node, sort)
    scanForDuplicateKeys(node)
  }

  private static func isNumber(_ kind: IndexedDocument.Kind) -> Bool {
    switch kind {
    case .int, .uint, .float32, .float64: true
    default: false
    }
  }

  /// Checks the elements of an array of an array type: most are numbers, which the format byte says are
  /// valid without a call.
  private func checkElements(of node: IndexedDocument.Node, as type: Int, context: Context) {
    guard case .array(let elementType) = schema.types[type] else { return }
    // A vertex's faults are of a sort of their own.
    let entersVertices = type == schema.verticesType
    if entersVertices { verticesDepth &+= 1 }
    defer { if entersVertices { verticesDepth &-= 1 } }
    let steps = schema.steps(of: elementType)
    let nodes = self.nodes.unsafelyUnwrapped
    let bytes = self.bytes
    // The elements are the values from the node after the array's to the end of its subtree, each
    // followed by its own subtree (``IndexedDocument/firstChild(of:)`` and ``IndexedDocument/nextSibling(of:in:)``).
    let end = Int(nodes[node.index].next)
    var element = node.index &+ 1
    while element < end {
      let record = nodes[element]
      let step = steps[Int(bytes[Int(record.head)])]
      if step == .object {
        // The commonest element to look into (keyframes, shapes), without ``check(_:_:as:context:)``'s call.
        checkObject(IndexedDocument.Node(element), schema.referents[elementType])
      } else if step != .valid {
        check(IndexedDocument.Node(element), step, as: elementType, context: context.element)
      }
      element = Int(record.next)
    }
  }

  /// Why a value does not have a type, as `expected …, found …` in the words of
  /// ``InertiaSchema/ValueType/mismatch(in:)``; `nil` when it does. Without `describing`, a mismatch is an
  /// empty string, not worth wording past the limit. (Values of the kinds a type takes as they are do not
  /// get here: their first step, ``CompiledSchema/Step/valid`` and the like, has let them through.)
  private func mismatch(
    _ node: IndexedDocument.Node, _ kind: IndexedDocument.Kind, _ type: Int, describing: Bool = true
  ) -> String? {
    switch (schema.types[type], kind) {
    case (.array, .array):
      // A number pair is an array of at least two numbers.
      guard schema.pairs[type], let count = document.count(of: node), count < 2 else { return nil }
      return schema.valueTypes[type].expectation(found: String(count))
    case (.oneOf, .string):
      if schema.allows(type, node, in: document) { return nil }
    default:
      break
    }
    guard describing else { return "" }
    let valueType = schema.valueTypes[type]
    switch kind {
    case .array, .map: return valueType.expectation(found: kind.description)
    case .nil: return valueType.expectation(found: document.encoding == .json ? "null" : "nil")
    default: return valueType.mismatch(in: document.value(of: node)) ?? valueType.expectation(found: kind.description)
    }
  }

  /// Checks a map's entries against the table of object `slot`, read from the flat tables
  /// (``CompiledSchema/walkFields``). What is rare (keys spelt otherwise than as a fixstr, out of the
  /// table's order or not in it, repeated fields, missing ones) is left to functions of their own, which
  /// keeps the loop over the entries small: it keeps in registers little more than what it changes at every
  /// entry, and counts no positions, which only events need (``entry(key:value:in:)``).
  private func checkObject(_ node: IndexedDocument.Node, _ slot: Int) {
    let schema = self.schema
    let fields = schema.walkFields(of: slot)
    let nodes = self.nodes.unsafelyUnwrapped
    let bytes = self.bytes
    // Which fields have been met (``CompiledSchema/WalkField/bit``).
    var seen: UInt64 = 0
    // The field after the previous key's, where a key is looked for first (after the last field, the entry
    // that no key matches).
    var expected = fields
    // The keys the table does not list, and those that are not strings: made when the first is met, as
    // most objects have none.
    var oddKeys: OddKeys?
    // The entries in file order, as ``IndexedDocument/forEachEntry(of:_:)`` gives them (its `firstChild` and
    // `nextSibling` read from the index in place), without its test that `node` is a map (the caller knows
    // it is).
    let end = Int(nodes[node.index].next)
    // A key with sixteen bytes from its head on starts at or before this.
    let lastWordsStart = bytes.count &- 16
    var keyIndex = node.index &+ 1
    while keyIndex < end {
      let key = nodes[keyIndex]
      let valueIndex = Int(key.next)
      guard valueIndex < end else { break }
      let entryKey = keyIndex
      keyIndex = Int(nodes[valueIndex].next)
      // A fixstr key (most) is found by its first sixteen bytes (``IndexedDocument/leadingWords(of:)``),
      // first as the field after the previous key's, as fields mostly come in the table's order.
      let head = Int(key.head)
      let words = head <= lastWordsStart ? bytes.leadingWords(within: head) : nil
      let field: UnsafePointer<CompiledSchema.WalkField>
      if let words, expected.pointee.name.starts(words) {
        field = expected
      } else if let index = otherField(
        words, from: expected - fields, key: entryKey, value: valueIndex, in: node, slot, &oddKeys)
      {
        field = fields + index
      } else {
        continue
      }
      expected = field + 1
      let bit = field.pointee.bit
      if seen & bit != 0 {
        reportRepeatedField(key: entryKey, value: valueIndex, field: field - fields, in: node, slot, &oddKeys)
        continue
      }
      seen |= bit
      // The value's record read again rather than kept from above, which would take a register more.
      let value = nodes[valueIndex]
      switch field.pointee.steps[Int(bytes[Int(value.head)])] {
      case .valid: continue
      // The commonest values to look into, without ``checkField(_:_:as:_:_:)``'s call.
      case .object: checkObject(IndexedDocument.Node(valueIndex), schema.referents[field.pointee.type])
      case .pair where isPlainPair(valueIndex, value, of: schema.referents[field.pointee.type]): continue
      case let step: checkField(IndexedDocument.Node(valueIndex), step, as: field.pointee.type, slot, field - fields)
      }
    }
    let requiredMask = schema.requiredMasks[slot]
    if seen & requiredMask != requiredMask { reportMissingFields(seen, of: node, slot) }
    if let oddKeys { reportUnknownFields(oddKeys, of: node, slot) }
  }

  /// The field an entry's key names when it is not the one after the previous key's (number `start`),
  /// ``checkObject(_:_:)``'s first guess: looked up by the key's first sixteen bytes, `words`, when it has
  /// them (``CompiledSchema/field(ofEncoded:in:from:)``), then by its bytes
  /// (``field(key:value:in:_:_:)``); `nil` for a key the table does not list or that is not a string.
  @inline(never)
  private func otherField(
    _ words: (UInt64, UInt64)?, from start: Int, key: Int, value: Int, in node: IndexedDocument.Node, _ slot: Int,
    _ oddKeys: inout OddKeys?
  ) -> Int? {
    if let words, let index = schema.field(ofEncoded: words, in: slot, from: start) { return index }
    return field(key: key, value: value, in: node, slot, &oddKeys)
  }

  /// The entry of `map` whose key and value are the values numbered `key` and `value`, with its position
  /// counted from the map's first entry: the loop over a map's entries leaves it to the few that an event
  /// needs it for. The count goes on from where the map's previous one stopped (`oddKeys`'s cursor), as
  /// the loop meets entries in order: all of a map's entries are counted once, however many need it.
  private func entry(
    key: Int, value: Int, in map: IndexedDocument.Node, _ oddKeys: inout OddKeys?
  ) -> IndexedDocument.Entry {
    let nodes = self.nodes.unsafelyUnwrapped
    if oddKeys == nil { oddKeys = OddKeys() }
    var (child, position) = oddKeys!.cursor ?? (map.index &+ 1, 0)
    if child > key { (child, position) = (map.index &+ 1, 0) }
    var stepped = 0
    while child < key {
      child = Int(nodes[Int(nodes[child].next)].next)
      position &+= 1
      stepped &+= 1
    }
    events.entriesStepped &+= stepped
    oddKeys!.cursor = (child, position)
    return IndexedDocument.Entry(key: IndexedDocument.Node(key), value: IndexedDocument.Node(value), position: position)
  }

  /// Whether the value `node` (whose record is `record`) for a number pair is a fixarray of two values, both
  /// of `elementType` as they are (most): then the general path (``check(_:_:as:context:)``'s
  /// ``CompiledSchema/Step/pair``, which counts two elements as ``IndexedDocument/count(of:)`` does, then
  /// ``checkElements(of:as:context:)``) has nothing to report in it either.
  @inline(__always)
  private func isPlainPair(_ node: Int, _ record: IndexedDocument.Record, of elementType: Int) -> Bool {
    let nodes = self.nodes.unsafelyUnwrapped
    let end = Int(record.next)
    let first = node &+ 1
    guard bytes[Int(record.head)] == 0x92, first < end else { return false }
    let second = Int(nodes[first].next)
    guard second < end, Int(nodes[second].next) == end else { return false }
    let steps = schema.steps(of: elementType)
    return steps[Int(bytes[Int(nodes[first].head)])] == .valid && steps[Int(bytes[Int(nodes[second].head)])] == .valid
  }

  /// Checks the value of field number `index` of object `slot`, whose first step is not ``CompiledSchema/Step/valid``.
  private func checkField(
    _ value: IndexedDocument.Node, _ step: CompiledSchema.Step, as type: Int, _ slot: Int, _ index: Int
  ) {
    let context = Context(kind: schema.objectKinds[slot], field: index, isElement: false)
    guard step == .closer else {
      check(value, step, as: type, context: context)
      return
    }
    let valueKind = document.kind(of: value)
    if valueKind == .nil && schema.requiredMasks[slot] & 1 &<< index == 0 {
      record(.nullInOptionalField(value, context: context), at: value, .nullInOptionalField)
    } else {
      check(value, valueKind, as: type, context: context)
    }
  }

  /// What the walk notes of an object's rarer entries, made when the first is met, as most objects have
  /// none: the keys its table does not list, by name, and those that are not strings, by value, each with
  /// its first entry (found by hashing, for telling later entries of them); where the count of entries'
  /// positions stopped; and the first position of each field met twice. Each entry is looked at a bounded
  /// number of times, however many keys the object has (300,000 keys once took minutes).
  private struct OddKeys {
    var unknown: [(entry: IndexedDocument.Entry, name: String)] = []
    /// The place in `unknown` of each name.
    var unknownByName: [String: Int] = [:]
    var other: [MessagePackValue: IndexedDocument.Entry] = [:]
    /// The last entry whose position was counted, and its position.
    var cursor: (child: Int, position: Int)?
    /// The position of the first entry of each field (by its number in the table) met more than once.
    var firstPositions: [Int: Int] = [:]
  }

  /// The field that the key of the entry of `node` whose key and value are the values numbered `key` and
  /// `value` names, looked up by the key's bytes; `nil` for a key the table does not list or that is not a
  /// string, which is noted in `oddKeys`, reported when it repeats an earlier one (a key that is not a string
  /// also when it does not), and has the maps in its value looked through.
  private func field(
    key: Int, value: Int, in node: IndexedDocument.Node, _ slot: Int, _ oddKeys: inout OddKeys?
  ) -> Int? {
    let kind = schema.objectKinds[slot]
    let utf8 = document.utf8(of: IndexedDocument.Node(key))
    if let utf8, let index = schema.names[slot].index(of: utf8) { return index }
    let entry = entry(key: key, value: value, in: node, &oddKeys)
    if let utf8 {
      let name = utf8.string
      if let first = oddKeys!.unknownByName[name] {
        let position = oddKeys!.unknown[first].entry.position
        record(.duplicateKey(entry, firstPosition: position, map: node, kind: kind), at: entry.key, .duplicateKey)
      } else {
        oddKeys!.unknownByName[name] = oddKeys!.unknown.count
        oddKeys!.unknown.append((entry, name))
      }
    } else {
      let key = document.value(of: entry.key)
      if let first = oddKeys!.other[key] {
        record(
          .duplicateKey(entry, firstPosition: first.position, map: node, kind: kind), at: entry.key, .duplicateKey)
      } else {
        // An integer key is one the decoder reads (and the runtime ignores) when an `Int` holds it.
        if case .int = key {
          record(.integerKey(entry, object: node, kind: kind), at: entry.key, .unknownField)
        } else {
          record(.nonStringKey(entry, object: node, kind: kind), at: entry.key, .mapKeyType)
        }
        oddKeys!.other[key] = entry
      }
    }
    scanForDuplicateKeys(entry.value)
    return nil
  }

  /// Reports a later entry of field number `field`, which is not checked, and looks through the maps in
  /// its value. The field's first position is found once for the object, however often it repeats.
  @inline(never)
  private func reportRepeatedField(
    key: Int, value: Int, field: Int, in node: IndexedDocument.Node, _ slot: Int, _ oddKeys: inout OddKeys?
  ) {
    let kind = schema.objectKinds[slot]
    let entry = entry(key: key, value: value, in: node, &oddKeys)
    let first = oddKeys!.firstPositions[field] ?? firstPosition(of: entry, in: node)
    oddKeys!.firstPositions[field] = first
    record(.duplicateKey(entry, firstPosition: first, map: node, kind: kind), at: entry.key, .duplicateKey)
    scanForDuplicateKeys(entry.value)
  }

  /// Reports the required fields an object does not have, of those not `seen`.
  @inline(never)
  private func reportMissingFields(_ seen: UInt64, of node: IndexedDocument.Node, _ slot: Int) {
    let kind = schema.objectKinds[slot]
    let sort: Sort = verticesDepth > 0 ? .vertexShape : .schema
    for (index, field) in InertiaSchema.object(kind).fields.enumerated()
    where field.isRequired && seen & (1 << index) == 0 {
      record(.missingField(object: node, kind: kind, field: field.name), at: node, sort)
    }
  }

  /// Reports the keys of an object that its table does not list, once each, after its other events.
  @inline(never)
  private func reportUnknownFields(_ oddKeys: OddKeys, of node: IndexedDocument.Node, _ slot: Int) {
    let kind = schema.objectKinds[slot]
    for (entry, name) in oddKeys.unknown {
      record(.unknownField(entry, name: name, object: node, kind: kind), at: entry.key, .unknownField)
    }
  }

  /// The position of the first entry of a map with the same key as `entry`.
  private func firstPosition(of entry: IndexedDocument.Entry, in map: IndexedDocument.Node) -> Int {
    var first = entry.position
    document.forEachEntry(of: map) { candidate in
      events.entriesStepped &+= 1
      if candidate.position < first, document.isSameString(candidate.key, as: entry.key) {
        first = candidate.position
      }
    }
    return first
  }

  /// Reports repeated keys in every map inside a value the table does not describe, and the keys anywhere in
  /// it that the decoder cannot read (``Event/unreadableKey(_:map:)``), inside keys too; only those with
  /// `reportingDuplicates` false (inside a key, where a repeated key is part of one that cannot be read).
  ///
  /// With a stack of its own rather than recursion: such a value nests as deep as the reader allows, and a
  /// conversion walks on the thread that called it, whose stack may be small.
  private func scanForDuplicateKeys(_ root: IndexedDocument.Node, reportingDuplicates: Bool = true) {
    /// An open array or map: the next child to look at (a map's: the next entry's key), and for a map the
    /// keys met so far and the entry whose key's inside is being looked at.
    struct Open {
      let node: IndexedDocument.Node
      let isMap: Bool
      let reporting: Bool
      var next: IndexedDocument.Node?
      var position = 0
      var keys: [MessagePackValue: Int] = [:]
      var pending: (entry: IndexedDocument.Entry, key: MessagePackValue)?
    }
    func opened(_ node: IndexedDocument.Node, reporting: Bool) -> Open? {
      switch document.kind(of: node) {
      case .array: return Open(node: node, isMap: false, reporting: reporting, next: document.firstChild(of: node))
      case .map: return Open(node: node, isMap: true, reporting: reporting, next: document.firstChild(of: node))
      default: return nil
      }
    }
    guard let first = opened(root, reporting: reportingDuplicates) else { return }
    var stack = [first]
    while !stack.isEmpty {
      let top = stack.count - 1
      if !stack[top].isMap {
        guard let element = stack[top].next else {
          stack.removeLast()
          continue
        }
        stack[top].next = document.nextSibling(of: element, in: stack[top].node)
        if let inner = opened(element, reporting: stack[top].reporting) { stack.append(inner) }
        continue
      }
      let map = stack[top].node
      if stack[top].pending == nil {
        // The next entry's key: one the decoder cannot read, or the maps inside it (in an array key).
        guard let keyNode = stack[top].next, let valueNode = document.nextSibling(of: keyNode, in: map) else {
          stack.removeLast()
          continue
        }
        let entry = IndexedDocument.Entry(key: keyNode, value: valueNode, position: stack[top].position)
        let key = document.value(of: keyNode)
        stack[top].pending = (entry, key)
        if Self.isUnreadableKey(key) {
          record(.unreadableKey(entry, map: map), at: keyNode, .mapKeyType)
        } else if let inner = opened(keyNode, reporting: false) {
          stack.append(inner)
          continue
        }
      }
      // The entry's key is looked at: a repeat of an earlier one, then the value.
      guard let (entry, key) = stack[top].pending else { continue }
      stack[top].pending = nil
      if let earlier = stack[top].keys[key] {
        if stack[top].reporting {
          record(.duplicateKey(entry, firstPosition: earlier, map: map, kind: nil), at: entry.key, .ignoredDuplicateKey)
        }
      } else {
        stack[top].keys[key] = entry.position
      }
      stack[top].position += 1
      stack[top].next = document.nextSibling(of: entry.value, in: map)
      if let inner = opened(entry.value, reporting: stack[top].reporting) { stack.append(inner) }
    }
  }

  /// Whether msgpack-swift 2.0.6 fails to decode `key` as a value (not merely to use it as a key): a map
  /// holding a key that is not a string or an integer in `Int`'s range, or a key twice (it decodes a map's
  /// keys as it goes, and fails at the end); a timestamp extension whose size or nanoseconds are not a
  /// timestamp's. (A string of invalid UTF-8 fails too, which our reader refuses first.)
  static func isUnreadableKey(_ key: MessagePackValue) -> Bool {
    switch key {
    case .map(let entries):
      var keys: Set<MessagePackValue> = []
      for entry in entries {
        switch entry.key {
        case .string, .int: if !keys.insert(entry.key).inserted { return true }
        default: return true
        }
      }
      return false
    case .ext(let type, _):
      return type == MessagePackTimestamp.extensionType && key.timestamp == nil
    default:
      return false
    }
  }
}

// MARK: A walk in pieces

extension SchemaWalk {
  /// A whole file's walk cut into pieces that threads can share out: each piece walks a run of the
  /// top-level array's elements, and ``merged(_:limit:)`` joins the pieces' events, in order, into what one
  /// walk of the file gives. A file whose top-level value is not an array is one piece.
  package struct Pieces: Sendable {
    /// The top-level array's elements, or `nil` when the file is walked as one piece.
    fileprivate let elements: [IndexedDocument.Node]?
    /// The number of the elements' type in ``CompiledSchema/file``.
    fileprivate let elementType: Int
    /// Piece `i` walks `elements[starts[i]..<starts[i + 1]]`.
    fileprivate let starts: [Int]

    /// How many pieces there are.
    package var count: Int { starts.count - 1 }

    /// A file's walk in about `count` pieces of as many elements each (fewer when the array is shorter).
    package init(_ document: IndexedDocument, count: Int) {
      let schema = CompiledSchema.file
      guard let root = document.root, case .array(let elementType) = schema.types[schema.root],
        !schema.pairs[schema.root], document.kind(of: root) == .array
      else {
        (elements, elementType, starts) = (nil, 0, [0, 1])
        return
      }
      let elements = document.elements(of: root)
      let pieces = max(1, min(count, elements.count))
      self.elements = elements
      self.elementType = elementType
      starts = (0...pieces).map { elements.count * $0 / pieces }
    }
  }

  /// The events of piece `piece` of a file's walk, keeping at most `limit` of each sort (0: all) and only
  /// those `filter` lets through, as ``events(in:limit:filter:)`` does for the whole file.
  package static func events(
    of piece: Int, in pieces: Pieces, document: IndexedDocument, limit: Int = 0, filter: Filter? = nil
  ) -> Events {
    guard let elements = pieces.elements else { return events(in: document, limit: limit, filter: filter) }
    // The shared ``CompiledSchema/file``: the walk reads its tables in place and writes no reference count
    // as it goes (which threads writing alike would slow each other down with).
    let walk = SchemaWalk(
      document: document, schema: .file, limit: limit, filter: filter, numbersAsJSON: document.encoding == .json)
    let context = Context.root.element
    for element in elements[pieces.starts[piece]..<pieces.starts[piece + 1]] {
      walk.check(element, as: pieces.elementType, context: context)
    }
    return Events(walk.events)
  }

  /// The events of the pieces of a walk, in order, as one walk of the whole gives them: at most `limit`
  /// of each sort kept (0: all), the rest counted from the first of them on.
  package static func merged(_ parts: [Events], limit: Int) -> Events {
    var merged = Met()
    var kept = PerSort(0)
    for part in parts {
      merged.numbers += part.numbers
      for ((event, sort), place) in zip(zip(part.list, part.sorts), part.places) {
        if limit == 0 || kept[sort] < limit {
          kept[sort] += 1
          merged.list.append(event)
          merged.sorts.append(sort)
          merged.places.append(place)
        } else {
          merged.omit(1, of: sort, firstAt: place)
        }
      }
      // A part's own omitted events come after all it kept.
      for sort in Sort.allCases {
        merged.filteredBySort[sort] += part.filteredBySort[sort]
        if let (count, first) = part.omittedBySort[sort] { merged.omit(count, of: sort, firstAt: first) }
      }
    }
    return Events(merged)
  }
}
