/// A quick pass over MessagePack bytes that tells most Inertia documents from the rest, and where their
/// numbers are that a conversion's rule writes in another format, without indexing the document
/// (``InertiaNumberRule``).
///
/// The scan reads the bytes once, head after head, and follows the same compiled tables as the schema walk
/// (``SchemaWalk``, with ``CompiledSchema/toJSONFile`` or ``CompiledSchema/toMessagePackFile``), along the
/// walk's own path: it steps into what the walk steps into, in the same order, by the same first steps. It
/// decides only the common case, a document as the editor writes it, where every key is one its object's table
/// lists, once, every required field is there and every value's first step leaves nothing to look at closer:
/// then the walk would meet no event, and would note the same numbers, which the scan returns
/// (``Verdict/inertia(_:)``). It also says ``Verdict/notInertia`` where one value settles that the walk meets an
/// error: a top-level value that is not an array, or (for `to-json`) a colour component that is a float64 no
/// float32 equals, which a canonical writer's file holds. Anything else it leaves to the walk
/// (``Verdict/undecided``): a key the table does not list or that repeats, a missing field, a `nil`, a number
/// the runtime's conversion may refuse, bytes that do not read, nesting deeper than ``depthLimit``.
///
/// A test holds it to the walk over the corpora and generated documents (`SchemaScanTests`).
struct SchemaScan {
  /// What the scan tells of a document.
  enum Verdict: Equatable {
    /// An Inertia document: the walk meets no event, and notes these numbers, in document order.
    case inertia([InertiaNumberRule.Site])
    /// Not an Inertia document: the walk meets an event of an error sort, or the bytes do not read.
    case notInertia
    /// Left to the walk.
    case undecided
  }

  /// Why the scan stopped before the end.
  private enum Stop: Error {
    case undecided
    case notInertia
  }

  /// How deep the scan follows arrays and maps inside each other before it leaves the document to the walk;
  /// animation files nest about ten deep.
  static let depthLimit = 64

  private let bytes: ByteView
  private let schema: CompiledSchema
  /// Whether numbers are read as the JSON form's (`to-msgpack`'s tables), as the walk's `numbersAsJSON`.
  private let numbersAsJSON: Bool
  private let depthLimit: Int
  /// Where the next head is.
  private var offset = 0
  /// The number of the value at `offset`, in document order, as the document index numbers it (keys
  /// included).
  private var node = 0
  private var sites: [InertiaNumberRule.Site] = []

  /// The verdict on `bytes` read as a whole animation file with `schema`, which notes numbers: one of
  /// ``CompiledSchema/toJSONFile`` and ``CompiledSchema/toMessagePackFile``. Bytes that the document index
  /// would refuse within `limits` are ``Verdict/undecided`` (or ``Verdict/notInertia`` when the scan stops
  /// first on a value that settles it).
  static func verdict(on bytes: ByteView, schema: CompiledSchema, limits: DecodingLimits) -> Verdict {
    guard schema.notesNumbers != .none, bytes.count <= Int(Int32.max), bytes.count <= limits.maxInputSize else {
      return .undecided
    }
    var scan = SchemaScan(
      bytes: bytes, schema: schema, numbersAsJSON: schema.notesNumbers == .toMessagePack,
      depthLimit: min(limits.maxDepth, depthLimit))
    do throws(Stop) {
      try scan.value(as: schema.root, depth: 0)
    } catch {
      return error == .notInertia ? .notInertia : .undecided
    }
    // Bytes after the document: the index refuses them.
    guard scan.offset == bytes.count else { return .undecided }
    return .inertia(scan.sites)
  }

  private init(bytes: ByteView, schema: CompiledSchema, numbersAsJSON: Bool, depthLimit: Int) {
    self.bytes = bytes
    self.schema = schema
    self.numbersAsJSON = numbersAsJSON
    self.depthLimit = depthLimit
  }

  /// Reads the value at `offset` as type number `type`, `depth` containers deep.
  private mutating func value(as type: Int, depth: Int) throws(Stop) {
    guard offset < bytes.count else { throw .undecided }
    let format = bytes[offset]
    try value(schema.step(type, format: format), format, as: type, depth: depth)
  }

  /// Reads the value at `offset`, whose format byte is `format` and whose first step is `step`.
  @inline(__always)
  private mutating func value(
    _ step: CompiledSchema.Step, _ format: UInt8, as type: Int, depth: Int
  ) throws(Stop) {
    switch step {
    case .valid: try stepOver(format)
    case .object: try object(schema.referents[type], depth: depth)
    case .elements: try elements(of: type, atLeast: 0, depth: depth)
    // A number pair: at least two numbers (fewer is an error the walk words).
    case .pair: try elements(of: type, atLeast: 2, depth: depth)
    case .member: try member(of: type, format)
    case .number: try number(type, format)
    case .closer: try closer(type, format, depth: depth)
    }
  }

  /// ``skipScalar(_:)`` with the commonest scalars (a fixint, a float64, a fixstr: most keys and values)
  /// stepped over in place, without a call.
  @inline(__always)
  private mutating func stepOver(_ format: UInt8) throws(Stop) {
    let width = format < 0x80 ? 1 : format == 0xCB ? 9 : format & 0xE0 == 0xA0 ? 1 &+ Int(format & 0x1F) : 0
    guard width > 0 else { return try skipScalar(format) }
    guard width <= bytes.count &- offset else { throw .undecided }
    offset &+= width
    node &+= 1
  }

  /// Steps over a string, a boolean or a number: the values a first step of ``CompiledSchema/Step/valid``
  /// takes as they are.
  private mutating func skipScalar(_ format: UInt8) throws(Stop) {
    let remaining = bytes.count &- offset
    let width: Int
    if format & 0xE0 == 0xA0 {
      width = 1 &+ Int(format & 0x1F)
    } else if format < 0x80 || format >= 0xE0 || format == 0xC0 || format == 0xC2 || format == 0xC3 {
      width = 1
    } else {
      switch format {
      case 0xCC, 0xD0: width = 2
      case 0xCD, 0xD1: width = 3
      case 0xCA, 0xCE, 0xD2: width = 5
      case 0xCB, 0xCF, 0xD3: width = 9
      case 0xD9, 0xDA, 0xDB: width = try stringWidth(format)
      default: throw .undecided
      }
    }
    guard width <= remaining else { throw .undecided }
    offset &+= width
    node &+= 1
  }

  /// The width of the str8, str16 or str32 at `offset`, head included (not checked against what is left).
  private func stringWidth(_ format: UInt8) throws(Stop) -> Int {
    let lengthBytes = format == 0xD9 ? 1 : format == 0xDA ? 2 : 4
    guard lengthBytes < bytes.count &- offset else { throw .undecided }
    let length: Int
    switch lengthBytes {
    case 1: length = Int(bytes[offset &+ 1])
    case 2: length = Int(bytes.bigEndian(UInt16.self, at: offset &+ 1))
    default: length = Int(bytes.bigEndian(UInt32.self, at: offset &+ 1))
    }
    return 1 &+ lengthBytes &+ length
  }

  /// Reads the head of the array or map at `offset` (the step said which): its count of elements or entries.
  private mutating func containerCount() throws(Stop) -> Int {
    let format = bytes[offset]
    let remaining = bytes.count &- offset
    let count: Int
    let width: Int
    if format & 0xE0 == 0x80 {
      (count, width) = (Int(format & 0x0F), 1)
    } else if format == 0xDC || format == 0xDE {
      guard remaining >= 3 else { throw .undecided }
      (count, width) = (Int(bytes.bigEndian(UInt16.self, at: offset &+ 1)), 3)
    } else {
      guard remaining >= 5 else { throw .undecided }
      (count, width) = (Int(bytes.bigEndian(UInt32.self, at: offset &+ 1)), 5)
    }
    // Each element, or each key and value, takes a byte at least.
    guard count <= (remaining &- width) >> (format & 0xF0 == 0x80 || format >= 0xDE ? 1 : 0) else {
      throw .undecided
    }
    offset &+= width
    node &+= 1
    return count
  }

  /// Reads an object of slot `slot` as ``SchemaWalk``'s `checkObject` does: each key found among its
  /// table's fields, first as the field after the previous key's.
  private mutating func object(_ slot: Int, depth: Int) throws(Stop) {
    guard depth < depthLimit else { throw .undecided }
    let count = try containerCount()
    let fields = schema.walkFields(of: slot)
    let lastWordsStart = bytes.count &- 16
    var expected = fields
    var seen: UInt64 = 0
    for _ in 0..<count {
      let key = offset
      guard key < bytes.count else { throw .undecided }
      let format = bytes[key]
      let field: UnsafePointer<CompiledSchema.WalkField>
      if key <= lastWordsStart, format & 0xE0 == 0xA0 {
        // A fixstr (most keys), found by its first sixteen bytes as the walk finds it.
        let words = bytes.leadingWords(within: key)
        if expected.pointee.name.starts(words) {
          field = expected
        } else if let index = schema.field(ofEncoded: words, in: slot, from: expected - fields) {
          field = fields + index
        } else {
          field = fields + (try spelledField(in: slot))
        }
      } else {
        field = fields + (try spelledField(in: slot))
      }
      try stepOver(format)
      // A field met twice: the walk reports it.
      let bit = field.pointee.bit
      guard seen & bit == 0 else { throw .undecided }
      seen |= bit
      expected = field + 1
      guard offset < bytes.count else { throw .undecided }
      let valueFormat = bytes[offset]
      try value(field.pointee.steps[Int(valueFormat)], valueFormat, as: field.pointee.type, depth: depth &+ 1)
    }
    // A required field missing: the walk reports it.
    let required = schema.requiredMasks[slot]
    guard seen & required == required else { throw .undecided }
  }

  /// The number of the field of object `slot` that the string key at `offset` spells, looked up by its bytes
  /// (a key spelt otherwise than as a fixstr, a long one, or one near the end of the bytes); the scan stops
  /// for a key that is not a string or that the table does not list. Leaves `offset` where it was.
  private func spelledField(in slot: Int) throws(Stop) -> Int {
    let format = bytes[offset]
    let width: Int
    let lengthBytes: Int
    if format & 0xE0 == 0xA0 {
      (width, lengthBytes) = (1 &+ Int(format & 0x1F), 0)
    } else if format == 0xD9 || format == 0xDA || format == 0xDB {
      width = try stringWidth(format)
      lengthBytes = format == 0xD9 ? 1 : format == 0xDA ? 2 : 4
    } else {
      throw .undecided
    }
    guard width <= bytes.count &- offset else { throw .undecided }
    guard let index = schema.names[slot].index(of: bytes[(offset &+ 1 &+ lengthBytes)..<(offset &+ width)]) else {
      throw .undecided
    }
    return index
  }

  /// Reads an array of array type `type` (a number pair: at least `minimum` elements), each element by its
  /// first step, as the walk's `checkElements` does.
  private mutating func elements(of type: Int, atLeast minimum: Int, depth: Int) throws(Stop) {
    guard depth < depthLimit else { throw .undecided }
    let count = try containerCount()
    guard count >= minimum else { throw .undecided }
    let elementType = schema.referents[type]
    let steps = schema.steps(of: elementType)
    for _ in 0..<count {
      guard offset < bytes.count else { throw .undecided }
      let format = bytes[offset]
      try value(steps[Int(format)], format, as: elementType, depth: depth &+ 1)
    }
  }

  /// Reads a string that must be one of a set (``CompiledSchema/Step/member``): found among the set's
  /// encodings by its first sixteen bytes, as ``CompiledSchema/allows(_:_:in:)`` looks first, or by its bytes
  /// near the end of the document (an animation's last key is often `invokeType`). A string not found is left
  /// to the walk, which compares strings beyond ASCII by canonical equivalence.
  private mutating func member(of type: Int, _ format: UInt8) throws(Stop) {
    if offset <= bytes.count &- 16 {
      let words = bytes.leadingWords(within: offset)
      let found = schema.allowedEncodings.withUnsafeBufferPointer {
        KeyNames.index(
          ofEncoded: words,
          in: UnsafeBufferPointer(rebasing: $0[schema.allowedStarts[type]..<schema.allowedStarts[type &+ 1]]),
          from: 0)
      }
      if found != nil {
        try skipScalar(format)
        return
      }
    }
    let start = offset
    try skipScalar(format)
    // The payload after the head: a fixstr's, or a str8's (the set's strings are short).
    let head = format & 0xE0 == 0xA0 ? 1 : format == 0xD9 ? 2 : 0
    guard head > 0, let names = schema.allowedNames[type], names.index(of: bytes[(start &+ head)..<offset]) != nil
    else { throw .undecided }
  }

  /// Notes a number the rule may write in another format (``CompiledSchema/Step/number``), as the walk's
  /// `noteNumber` does, and steps over it.
  private mutating func number(_ type: Int, _ format: UInt8) throws(Stop) {
    let remaining = bytes.count &- offset
    let fieldType: SchemaWalk.NumberSite.FieldType
    let width: Int
    switch (schema.types[type], format) {
    case (.float32, 0xCA): (fieldType, width) = (.float, 5)
    // A float64 for a `Float`, which the JSON form's number is (`to-msgpack`).
    case (.float32, 0xCB): (fieldType, width) = (.float, 9)
    case (.number, 0xCB):
      guard remaining >= 9 else { throw .undecided }
      // Only a float64 that is exactly a float32 is noted.
      let value = Double(bitPattern: bytes.bigEndian(UInt64.self, at: offset &+ 1))
      guard Float(exactly: value) != nil else {
        offset &+= 9
        node &+= 1
        return
      }
      (fieldType, width) = (.double, 9)
    case (.integer, 0xCC): (fieldType, width) = (.int, 2)
    case (.integer, 0xCD): (fieldType, width) = (.int, 3)
    case (.integer, 0xCE): (fieldType, width) = (.int, 5)
    default:
      // A uint64, which is out of an `Int`'s range past `Int64.max`: left to the walk.
      throw .undecided
    }
    guard width <= remaining else { throw .undecided }
    sites.append(InertiaNumberRule.Site(head: offset, node: node, fieldType: fieldType))
    offset &+= width
    node &+= 1
  }

  /// A value whose first step is ``CompiledSchema/Step/closer``: one that the walk looks at closer. The scan
  /// settles two, and leaves the rest to the walk.
  private mutating func closer(_ type: Int, _ format: UInt8, depth: Int) throws(Stop) {
    // A top-level value that is not an array: the walk reports it.
    if depth == 0 { throw .notInertia }
    // A float64 for a `Float`, read as stored (`to-json`): an error unless it is exactly a float32.
    if !numbersAsJSON && format == 0xCB && schema.types[type] == .float32 {
      guard bytes.count &- offset >= 9 else { throw .undecided }
      guard Float(exactly: Double(bitPattern: bytes.bigEndian(UInt64.self, at: offset &+ 1))) != nil else {
        throw .notInertia
      }
      offset &+= 9
      node &+= 1
      return
    }
    throw .undecided
  }
}
