/// The field table (``InertiaSchema``) turned into flat data for ``SchemaWalk``: types are numbers into one
/// table, and each object's field names are kept as UTF-8, to compare with keys without decoding them.
///
/// The tables are in a class that walks share without copying them. The one for whole animation files is
/// made once and shared; a walk from another type makes its own. Those that the walk's loops read for every
/// value are in memory of the schema's own (``Frozen``), written once in `init`: read by pointer, they cost
/// no bounds check and no reload of an array's buffer through the schema at each read.
final class CompiledSchema: @unchecked Sendable {
  /// A type, with the types it refers to as numbers.
  enum CompiledType: Equatable, Sendable {
    case string, number, float32, integer, bool, oneOf
    /// An object of the kind with this number (its place in ``objectKinds``).
    case object(Int)
    /// An array of the type with this number (a number pair is an array of numbers with a count of 2).
    case array(Int)
  }

  /// The tables for a whole animation file.
  static let file = CompiledSchema(root: InertiaSchema.file)

  /// The numbers a walk notes for a conversion's rule for an Inertia document's numbers (``Step/number``).
  enum NumberNotes: Sendable {
    /// None: the linter's walk.
    case none
    /// The float32s at a colour component, which `to-json` prints as their shortest text.
    case toJSON
    /// The float64s at the fields the runtime reads as floating-point numbers, and the integers of 128 or
    /// more at `zIndex`: those `to-msgpack` may write in another format.
    case toMessagePack
  }

  /// The tables for a whole animation file, for `to-json`'s rule (``NumberNotes/toJSON``).
  static let toJSONFile = CompiledSchema(root: InertiaSchema.file, notingNumbers: .toJSON)

  /// The tables for a whole animation file, for `to-msgpack`'s rule (``NumberNotes/toMessagePack``).
  static let toMessagePackFile = CompiledSchema(root: InertiaSchema.file, notingNumbers: .toMessagePack)

  /// Which numbers walks with these tables note.
  let notesNumbers: NumberNotes
  /// The number of the type of `vertices` (an array of vertex objects), whose faults are their own sort;
  /// -1 when the tables have no such type.
  let verticesType: Int
  let types: [CompiledType]
  /// Whether each type is a number pair.
  let pairs: [Bool]
  /// The number each type refers to: an object type's object (``CompiledType/object(_:)``), an array type's
  /// elements' type (``CompiledType/array(_:)``); 0 for the others. For the walk's loops, which read it
  /// without a switch over ``types``.
  let referents: Frozen<Int>
  /// The table's own types, for messages and the sets of `oneOf`.
  let valueTypes: [InertiaSchema.ValueType]
  /// Each object's kind, by its number (``CompiledType/object(_:)``).
  let objectKinds: [InertiaSchema.ObjectKind]
  /// Each object's fields numbered one after another across the objects: those of object `slot` are
  /// `fieldStarts[slot]..<fieldStarts[slot + 1]` (``fields(of:)``). These tables are what the walk's loop
  /// over an object's entries reads, in place: plain values, so that the walk writes no reference count as
  /// it goes, and threads that walk pieces of one file share the tables without writing to them.
  let fieldStarts: Frozen<Int>
  /// The number of each field's type.
  let fieldTypes: Frozen<Int>
  /// Each object's fields as the walk's loop over its entries reads them (``WalkField``): object `slot`'s
  /// from ``walkFields(of:)`` on, in its table's order, then one that no key matches (``WalkField/none``).
  /// That one lets the loop try the field after the previous key's without first checking that there is
  /// one.
  let walkFields: Frozen<WalkField>
  /// Each object's required fields, as bits by their index in its table (tables have fewer than 64 fields).
  let requiredMasks: Frozen<UInt64>
  /// Each object's field names, numbered in its table's order: for keys spelt otherwise than in a fixstr.
  let names: [KeyNames]
  /// The strings each `oneOf` type allows, to look string values up in without decoding them (`nil` for
  /// the other types).
  let allowedNames: [KeyNames?]
  /// The encodings of the strings each `oneOf` type allows (``KeyNames/encoded``), one type's after
  /// another's: type `type`'s are `allowedEncodings[allowedStarts[type]..<allowedStarts[type + 1]]`, read in
  /// place as ``walkFields``' names are.
  let allowedEncodings: [KeyNames.Encoded]
  /// Where each type's strings start in ``allowedEncodings``.
  let allowedStarts: [Int]
  /// The number of the type a walk starts from.
  let root: Int
  /// ``step(_:_:)`` for each type and each MessagePack format byte, at `type << 8 | byte` (see
  /// ``step(_:format:)``).
  private let formatSteps: Frozen<Step>

  /// A field as the walk's loop over an object's entries reads it: what a key that names it starts with,
  /// and what its value is checked with, in one entry of one table.
  struct WalkField: BitwiseCopyable {
    /// The field's name as a key spells it in a fixstr (``KeyNames/encoded``).
    let name: KeyNames.Encoded
    /// ``step(_:format:)`` for the field's type, by format byte (``steps(of:)``): a row of the schema's own
    /// table, which lives as long as the schema.
    let steps: UnsafePointer<Step>
    /// The field's bit in a set of an object's fields (its index in the table: `1 << index`).
    let bit: UInt64
    /// The number of the field's type.
    let type: Int

    /// The entry after an object's fields, whose name no key starts with (masks of nothing, and words that
    /// are not 0) and which is never checked against: its `steps` are any row's.
    static func none(steps: UnsafePointer<Step>) -> WalkField {
      WalkField(name: KeyNames.Encoded(words: (1, 1), masks: (0, 0)), steps: steps, bit: 0, type: 0)
    }
  }

  /// A table of plain values that a schema makes once, in `init`, and frees as it goes: its reads are
  /// unchecked, as every index into the schema's tables comes from the schema itself (a type's, an object's
  /// or a field's number, and a format byte, which all 256 rows of ``formatSteps`` have).
  struct Frozen<Element: BitwiseCopyable> {
    let buffer: UnsafeBufferPointer<Element>

    init(_ values: [Element]) {
      let memory = UnsafeMutableBufferPointer<Element>.allocate(capacity: values.count)
      _ = memory.initialize(from: values)
      buffer = UnsafeBufferPointer(memory)
    }

    func free() { buffer.deallocate() }

    var count: Int { buffer.count }

    @inline(__always)
    subscript(index: Int) -> Element {
      assert(index >= 0 && index < buffer.count, "entry \(index) of a table of \(buffer.count)")
      return buffer.baseAddress.unsafelyUnwrapped[index]
    }

    /// The entries in `range`, in place.
    @inline(__always)
    subscript(range: Range<Int>) -> UnsafeBufferPointer<Element> {
      assert(
        range.lowerBound >= 0 && range.upperBound <= buffer.count, "entries \(range) of a table of \(buffer.count)")
      return UnsafeBufferPointer(start: buffer.baseAddress.unsafelyUnwrapped + range.lowerBound, count: range.count)
    }
  }

  /// The tables for walking a value of type `root`; with `notingNumbers`, the walk's steps also note the
  /// numbers a conversion may write in another format (see ``Step/number``).
  init(root rootType: InertiaSchema.ValueType, notingNumbers: NumberNotes = .none) {
    var valueTypes: [InertiaSchema.ValueType] = []
    var compiled: [CompiledType] = []
    let kinds = InertiaSchema.ObjectKind.allCases
    func number(_ type: InertiaSchema.ValueType) -> Int {
      if let existing = valueTypes.firstIndex(of: type) { return existing }
      let made: CompiledType
      switch type {
      case .string: made = .string
      case .number: made = .number
      case .float32: made = .float32
      case .integer: made = .integer
      case .bool: made = .bool
      case .oneOf: made = .oneOf
      case .object(let kind): made = .object(kinds.firstIndex(of: kind)!)
      case .array, .numberPair: made = .array(number(type.elementType!))
      }
      valueTypes.append(type)
      compiled.append(made)
      return valueTypes.count - 1
    }
    root = number(rootType)
    notesNumbers = notingNumbers
    var fieldStarts = [0]
    var fieldTypes: [Int] = []
    var requiredMasks: [UInt64] = []
    var names: [KeyNames] = []
    for kind in kinds {
      let fields = InertiaSchema.object(kind).fields
      var mask: UInt64 = 0
      for (index, field) in fields.enumerated() where field.isRequired { mask |= 1 << index }
      fieldStarts.append(fieldStarts[fieldStarts.count - 1] + fields.count)
      fieldTypes += fields.map { number($0.type) }
      requiredMasks.append(mask)
      names.append(KeyNames(fields.map { $0.name }))
    }
    verticesType = valueTypes.firstIndex(of: .array(of: .object(.vertex))) ?? -1
    objectKinds = kinds
    self.fieldStarts = Frozen(fieldStarts)
    self.fieldTypes = Frozen(fieldTypes)
    self.requiredMasks = Frozen(requiredMasks)
    self.names = names
    self.valueTypes = valueTypes
    types = compiled
    referents = Frozen(
      compiled.map {
        switch $0 {
        case .object(let slot): slot
        case .array(let elementType): elementType
        default: 0
        }
      })
    let pairs = valueTypes.map { $0 == .numberPair }
    self.pairs = pairs
    let allowedNames = valueTypes.map { type -> KeyNames? in
      if case .oneOf(let allowed) = type { return KeyNames(allowed) }
      return nil
    }
    self.allowedNames = allowedNames
    allowedEncodings = allowedNames.flatMap { $0?.encoded ?? [] }
    var allowedStarts = [0]
    for names in allowedNames {
      allowedStarts.append(allowedStarts[allowedStarts.count - 1] + (names?.encoded.count ?? 0))
    }
    self.allowedStarts = allowedStarts
    // Each type's steps by kind, spread over the format bytes of each kind, in a few tens of thousands of
    // instructions: ``InertiaSchema/violations(in:as:at:fromJSON:)`` makes tables for each value of another type.
    var formatSteps = [Step](repeating: .closer, count: compiled.count << 8)
    formatSteps.withUnsafeMutableBufferPointer { formatSteps in
      for (number, (type, isPair)) in zip(compiled, pairs).enumerated() {
        let byKind = Self.kinds.map { Self.step(type, isPair: isPair, $0) } + [.closer]
        // The format byte says more than the kind only for the number types.
        let isNumber = type == .number || type == .float32 || type == .integer
        for (format, kind) in Self.formatKinds.enumerated() {
          formatSteps[number << 8 | format] =
            (isNumber ? Self.step(type, format: UInt8(format), notingNumbers: notingNumbers) : nil) ?? byKind[kind]
        }
      }
    }
    let frozenSteps = Frozen(formatSteps)
    self.formatSteps = frozenSteps
    let rows = frozenSteps.buffer.baseAddress.unsafelyUnwrapped
    walkFields = Frozen(
      names.indices.flatMap { slot in
        let fields = fieldStarts[slot]..<fieldStarts[slot + 1]
        return zip(names[slot].encoded, fieldTypes[fields]).enumerated().map { index, field in
          WalkField(name: field.0, steps: rows + field.1 << 8, bit: 1 << index, type: field.1)
        } + [.none(steps: rows)]
      })
  }

  deinit {
    referents.free()
    fieldStarts.free()
    walkFields.free()
    fieldTypes.free()
    requiredMasks.free()
    formatSteps.free()
  }

  /// The kinds of value, numbered for ``formatKinds``.
  private static let kinds: [IndexedDocument.Kind] = [
    .nil, .bool, .int, .uint, .float32, .float64, .string, .binary, .ext, .array, .map,
  ]

  /// The number in ``kinds`` of the kind each format byte tells (``MessagePackHeader/kind(ofFormat:)``),
  /// `kinds.count` where the byte does not tell it.
  private static let formatKinds: [Int] = (0...255).map { byte in
    MessagePackHeader.kind(ofFormat: UInt8(byte)).flatMap { kinds.firstIndex(of: $0) } ?? kinds.count
  }

  /// What the walk does first with a value, by its type and kind.
  enum Step: UInt8 {
    /// Nothing: the value has its type and holds nothing to check (a string for a string, a number for a
    /// number).
    case valid
    /// Check its fields: a map for an object type.
    case object
    /// Check its elements: an array for an array type other than a number pair.
    case elements
    /// Count its elements, then check them: an array for a number pair (an array of numbers with a count
    /// of 2).
    case pair
    /// Look it up in the type's set: a string for ``InertiaSchema/ValueType/oneOf(_:)``.
    case member
    /// Note where it is, then look closer: a number a conversion may write in another format than this one
    /// (a float64 where the runtime reads a `CGFloat`, any float where it reads a `Float`, an integer of 128
    /// or more where it reads an `Int`). Only in tables that note numbers.
    case number
    /// Look closer: a float for an integer, an integer for a floating-point type (which may not hold it
    /// exactly), a float64 for a `Float`, and every value of the wrong kind.
    case closer
  }

  /// What the walk does first with a value of `kind` for type `type`.
  func step(_ type: Int, _ kind: IndexedDocument.Kind) -> Step {
    Self.step(types[type], isPair: pairs[type], kind)
  }

  /// What the walk does first with a value whose head starts with `format`, for type `type`: ``step(_:_:)``
  /// looked up by the format byte, which tells the kind of almost every value (the step is
  /// ``Step/closer`` where it does not), so that most values cost the walk one byte and one table read.
  @inline(__always)
  func step(_ type: Int, format: UInt8) -> Step {
    formatSteps[type &<< 8 | Int(format)]
  }

  private static func step(_ type: CompiledType, isPair: Bool, _ kind: IndexedDocument.Kind) -> Step {
    switch (type, kind) {
    case (.string, .string), (.bool, .bool), (.number, .float32), (.number, .float64), (.float32, .float32),
      (.integer, .int):
      return .valid
    case (.object, .map):
      return .object
    case (.array, .array):
      return isPair ? .pair : .elements
    case (.oneOf, .string):
      return .member
    default:
      // Integers for the floating-point types and floats for `Int` are numbers, but the runtime's decoder
      // takes only some: looked at closer. So are a uint64 for `Int` and a float64 for `Float`.
      return .closer
    }
  }

  /// The step for a value of `type` whose head starts with `format`, where the format byte says more than the
  /// kind does; `nil` where the kind's step (``step(_:isPair:_:)``) stands.
  ///
  /// An integer in 32 bits or fewer is one a double holds exactly, and one in 16 bits or fewer one a `Float`
  /// holds; a uint8 to uint32 is within `Int`'s range. With `notingNumbers`, the numbers a conversion may
  /// write in another format are ``Step/number`` (see ``InertiaNumberRule``).
  private static func step(_ type: CompiledType, format: UInt8, notingNumbers: NumberNotes) -> Step? {
    // (Switches, not sets: this runs for every type and format byte while a tool starts.)
    let fixint = format < 0x80 || format >= 0xE0
    let toMessagePack = notingNumbers == .toMessagePack
    switch type {
    case .number:
      if toMessagePack && format == 0xCB { return .number }
      switch format {
      case 0xCC, 0xCD, 0xCE, 0xD0, 0xD1, 0xD2: return .valid
      default: return fixint ? .valid : nil
      }
    case .float32:
      if (notingNumbers == .toJSON && format == 0xCA) || (toMessagePack && format == 0xCB) { return .number }
      switch format {
      case 0xCC, 0xCD, 0xD0, 0xD1: return .valid
      default: return fixint ? .valid : nil
      }
    case .integer:
      switch format {
      case 0xCC...0xCF where toMessagePack: return .number
      case 0xCC, 0xCD, 0xCE: return .valid
      default: return nil
      }
    default:
      return nil
    }
  }

  /// The fields of object `slot`, by their numbers across the objects.
  @inline(__always)
  func fields(of slot: Int) -> Range<Int> { fieldStarts[slot]..<fieldStarts[slot &+ 1] }

  /// The first of object `slot`'s fields in ``walkFields``, which holds one more entry after each object's
  /// fields.
  @inline(__always)
  func walkFields(of slot: Int) -> UnsafePointer<WalkField> {
    walkFields.buffer.baseAddress.unsafelyUnwrapped + (fieldStarts[slot] &+ slot)
  }

  /// The number of the first of object `slot`'s fields, from number `start` on and around to the ones before
  /// it, whose name's encoding (a fixstr) `words` start with, as ``KeyNames/index(ofEncoded:from:)`` finds it
  /// among the object's names; `nil` when none matches.
  func field(ofEncoded words: (UInt64, UInt64), in slot: Int, from start: Int) -> Int? {
    let fields = walkFields(of: slot)
    let count = fieldStarts[slot &+ 1] &- fieldStarts[slot]
    var index = start
    for _ in 0..<count {
      if index >= count { index = 0 }
      if fields[index].name.starts(words) { return index }
      index &+= 1
    }
    return nil
  }

  /// ``step(_:format:)`` for type `type`, by format byte: the row of ``formatSteps`` that a loop over values
  /// of one type reads.
  @inline(__always)
  func steps(of type: Int) -> UnsafePointer<Step> {
    assert(type >= 0 && type < types.count, "type \(type) of \(types.count)")
    return formatSteps.buffer.baseAddress.unsafelyUnwrapped + type &<< 8
  }

  /// Whether a string value is one of those the `oneOf` type allows, as `allowed(type)` compares them.
  ///
  /// Fast path: the value's bytes are looked up among the allowed strings' without making a `String`, first
  /// as they are encoded (a value that starts with an allowed string's fixstr is that string). A miss
  /// settles it for a value that is all ASCII (two ASCII strings are equal only byte for byte); a value
  /// beyond ASCII is decoded and compared as before, by canonical equivalence.
  func allows(_ type: Int, _ node: IndexedDocument.Node, in document: IndexedDocument) -> Bool {
    if let words = document.leadingWords(of: node) {
      let found = allowedEncodings.withUnsafeBufferPointer {
        KeyNames.index(
          ofEncoded: words, in: UnsafeBufferPointer(rebasing: $0[allowedStarts[type]..<allowedStarts[type &+ 1]]),
          from: 0)
      }
      if found != nil { return true }
    }
    if let names = allowedNames[type], let utf8 = document.utf8(of: node) {
      if names.index(of: utf8) != nil { return true }
      if utf8.raw.allSatisfy({ $0 < 0x80 }) { return false }
    }
    return allowed(type).contains(document.string(of: node) ?? "")
  }

  /// The strings a `oneOf` type allows.
  func allowed(_ type: Int) -> [String] {
    if case .oneOf(let allowed) = valueTypes[type] { return allowed }
    return []
  }
}
