/// Random Inertia documents (files the SwiftUI runtime's decoder reads) whose every number is stored in a
/// format chosen at random among those that hold it, each tagged with the Swift type the runtime reads it
/// as: to check the conversions' rule for an Inertia document's numbers against a model of it written
/// here, apart from the converter.
package struct InertiaDocuments {
  /// A number as stored: its format, and the field type the runtime reads it as (`nil` outside the
  /// schema's fields, in an unknown field).
  package struct Number {
    package enum Stored {
      case float32(Float)
      case float64(Double)
      /// An integer with the format byte it is written with (a fixint is `nil`).
      case integer(Int64, format: UInt8?)
    }
    package enum Field { case double, float, int }

    package var stored: Stored
    package var field: Field?
  }

  /// A document tree whose numbers keep their formats.
  package indirect enum Node {
    case number(Number)
    case string(String)
    case bool(Bool)
    case array([Node])
    case map([(String, Node)])
  }

  package var rng: SeededGenerator
  /// Whether numbers are stored as the editor stores them (the rule's formats), or in any format that holds
  /// their value.
  package var asTheEditorWrites: Bool

  package init(seed: UInt64, asTheEditorWrites: Bool = false) {
    rng = SeededGenerator(seed: seed)
    self.asTheEditorWrites = asTheEditorWrites
  }

  // MARK: Making documents

  package mutating func document() -> Node {
    .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in animation(depth: 0) })
  }

  private mutating func coin(_ percent: Int = 50) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

  private mutating func animation(depth: Int) -> Node {
    var entries: [(String, Node)] = [
      ("id", .string("card\(Int.random(in: 0...9, using: &rng))")),
      ("invokeType", .string(coin() ? "auto" : "trigger")),
      ("initialValues", values()),
      ("keyframes", .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in keyframe() })),
    ]
    if coin(80) {
      entries.append(
        ("shapes", .array(depth < 2 ? (0..<Int.random(in: 0...2, using: &rng)).map { _ in shape(depth: depth) } : [])))
    }
    if coin(70) { entries.append(("loopDuration", .number(double(maximum: 60)))) }
    if coin(20) { entries.append(("notes", unknownValue())) }
    return .map(entries.shuffled(using: &rng))
  }

  private mutating func keyframe() -> Node {
    .map(
      [
        ("id", .string("K\(Int.random(in: 0...99, using: &rng))")), ("duration", .number(double(maximum: 4))),
        ("values", values()),
      ].shuffled(using: &rng))
  }

  private mutating func values() -> Node {
    var translate = [Node.number(double(maximum: 1)), .number(double(maximum: 1))]
    if coin(10) { translate.append(.number(double(maximum: 1))) }
    return .map(
      [
        ("scale", .number(double(maximum: 2))), ("translate", .array(translate)),
        ("rotate", .number(double(maximum: 360))),
        ("rotateCenter", .number(double(maximum: 90))), ("opacity", .number(double(maximum: 1))),
      ].shuffled(using: &rng))
  }

  private mutating func shape(depth: Int) -> Node {
    var entries: [(String, Node)] = [("id", .string("S\(Int.random(in: 0...99, using: &rng))"))]
    if coin(70) {
      entries.append(("zIndex", .number(integer(Int64.random(in: -40_000...70_000, using: &rng), field: .int))))
    }
    if coin(50) { entries.append(("position", .string(coin() ? "top" : "bottom"))) }
    if coin(50) { entries.append(("ownCanvas", .bool(coin()))) }
    if coin(30) { entries.append(("transforms", values())) }
    if coin(70) {
      var description: [(String, Node)] = [
        ("id", .string("D")),
        ("type", .string(["rectangle", "square", "circle", "oval", "triangle"].randomElement(using: &rng)!)),
        ("width", .number(double(maximum: 1.5))), ("height", .number(double(maximum: 1.5))),
      ]
      if coin(80) { description.append(("fill", colour())) }
      if coin(40) { description.append(("stroke", colour())) }
      if coin(50) { description.append(("strokeWidth", .number(double(maximum: 0.1)))) }
      entries.append(("shape", .map(description.shuffled(using: &rng))))
    }
    if coin(15) {
      entries.append(
        (
          "vertices",
          .array(
            (0..<Int.random(in: 0...3, using: &rng)).map { _ in
              .map([
                ("position", .map([("x", .number(double(maximum: 1))), ("y", .number(double(maximum: 1)))])),
                ("color", colour()),
              ])
            })
        ))
    }
    if depth == 0 && coin(15) { entries.append(("animation", animation(depth: depth + 1))) }
    if depth < 1 && coin(30) { entries.append(("shapes", .array([shape(depth: depth + 1)]))) }
    return .map(entries.shuffled(using: &rng))
  }

  private mutating func colour() -> Node {
    .map(["red", "green", "blue", "alpha"].map { ($0, .number(float())) }.shuffled(using: &rng))
  }

  /// A value of an unknown field, which the runtime never reads: numbers in the canonical form (a float as
  /// a float64, an integer in its smallest format), as plain JSON gives them back.
  private mutating func unknownValue() -> Node {
    .array([
      .number(Number(stored: .float64(Double.random(in: -2...2, using: &rng)), field: nil)),
      .number(Number(stored: Self.canonicalInteger(Int64.random(in: -300...300, using: &rng)), field: nil)),
      .string("note"),
    ])
  }

  /// A number the runtime reads as a `CGFloat`: an integer, a float32, a float64 that is a float32, or one
  /// that is not (in the editor's formats, a float32 exactly when it is one).
  private mutating func double(maximum: Double) -> Number {
    switch Int.random(in: 0..<5, using: &rng) {
    case 0 where !asTheEditorWrites:
      return integer(Int64.random(in: -300...300, using: &rng), field: .double)
    case 1:
      let value = Float(Double.random(in: -maximum...maximum, using: &rng))
      return Number(stored: asTheEditorWrites || coin() ? .float32(value) : .float64(Double(value)), field: .double)
    case 2:
      // A short decimal, as people and the editor's snapping write them: rarely a float32.
      let value = (Double.random(in: -maximum...maximum, using: &rng) * 1000).rounded() / 1000
      if asTheEditorWrites, let single = Float(exactly: value) {
        return Number(stored: .float32(single), field: .double)
      }
      return Number(stored: .float64(value), field: .double)
    case 3:
      let value = [0.5, 1, 0, -0.25, 2, 0.125].randomElement(using: &rng)!
      return Number(stored: asTheEditorWrites || coin() ? .float32(Float(value)) : .float64(value), field: .double)
    default:
      let value = Double.random(in: -maximum...maximum, using: &rng)
      if asTheEditorWrites, let single = Float(exactly: value) {
        return Number(stored: .float32(single), field: .double)
      }
      return Number(stored: .float64(value), field: .double)
    }
  }

  /// A number the runtime reads as a `Float`: a float32 (any), a float64 that is exactly one, or a small
  /// integer (in the editor's formats, always a float32).
  private mutating func float() -> Number {
    let single = [Float(Double.random(in: 0...1, using: &rng)), 0.33, 0.35, 0.86, 1, 0, 0.5].randomElement(using: &rng)!
    if asTheEditorWrites { return Number(stored: .float32(single), field: .float) }
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: return Number(stored: .float64(Double(single)), field: .float)
    case 1: return integer(Int64.random(in: 0...1, using: &rng), field: .float)
    default: return Number(stored: .float32(single), field: .float)
    }
  }

  /// An integer in a format chosen among those that hold it (in the editor's formats: a signed one for
  /// `zIndex`; the editor writes no integer elsewhere).
  private mutating func integer(_ value: Int64, field: Number.Field) -> Number {
    if asTheEditorWrites { return Number(stored: .integer(value, format: Self.signedFormat(value)), field: field) }
    var formats: [UInt8?] = []
    if (-32...127).contains(value) { formats.append(nil) }
    if Int8(exactly: value) != nil { formats.append(0xD0) }
    if Int16(exactly: value) != nil { formats.append(0xD1) }
    if Int32(exactly: value) != nil { formats.append(0xD2) }
    formats.append(0xD3)
    if value >= 0 {
      if value <= 0xFF { formats.append(0xCC) }
      if value <= 0xFFFF { formats.append(0xCD) }
      if value <= 0xFFFF_FFFF { formats.append(0xCE) }
      formats.append(0xCF)
    }
    return Number(stored: .integer(value, format: formats.randomElement(using: &rng)!), field: field)
  }

  // MARK: The rule, written apart from the converter

  /// msgpack-swift's format for a Swift `Int`: a fixint, else the smallest signed format.
  package static func signedFormat(_ value: Int64) -> UInt8? {
    if (-32...127).contains(value) { return nil }
    if Int8(exactly: value) != nil { return 0xD0 }
    if Int16(exactly: value) != nil { return 0xD1 }
    return Int32(exactly: value) != nil ? 0xD2 : 0xD3
  }

  /// An integer in its canonical format.
  package static func canonicalInteger(_ value: Int64) -> Number.Stored {
    .integer(value, format: canonicalFormat(value))
  }

  /// The canonical format of an integer (a fixint is `nil`).
  package static func canonicalFormat(_ value: Int64) -> UInt8? {
    if (-32...127).contains(value) { return nil }
    if value < 0 { return signedFormat(value) }
    if value <= 0xFF { return 0xCC }
    if value <= 0xFFFF { return 0xCD }
    return value <= 0xFFFF_FFFF ? 0xCE : 0xCF
  }

  /// `node` as its plain JSON form read back by `to-msgpack` writes it, by the rule for an Inertia document:
  /// at a `CGFloat` field a float is a float32 when exactly one, at a `Float` field always a float32, `zIndex`
  /// in a signed format; integers elsewhere, and every number outside the fields, canonical (a float32 widened
  /// to a float64).
  package static func asTheRuleWrites(_ node: Node) -> Node {
    switch node {
    case .number(var number):
      switch (number.stored, number.field) {
      case (.float32(let f), .double?), (.float32(let f), .float?): number.stored = .float32(f)
      case (.float64(let d), .double?):
        number.stored = Float(exactly: d).map { .float32($0) } ?? .float64(d)
      case (.float64(let d), .float?): number.stored = .float32(Float(d))
      case (.float32(let f), nil): number.stored = .float64(Double(f))
      case (.integer(let i, _), .int?): number.stored = .integer(i, format: signedFormat(i))
      case (.integer(let i, _), _): number.stored = .integer(i, format: canonicalFormat(i))
      case (.float32(let f), .int?): number.stored = .float64(Double(f))
      default: break
      }
      return .number(number)
    case .array(let elements): return .array(elements.map(asTheRuleWrites))
    case .map(let entries): return .map(entries.map { ($0.0, asTheRuleWrites($0.1)) })
    default: return node
    }
  }

  // MARK: Bytes

  /// The node as MessagePack: every number in its stored format, everything else canonical.
  package static func bytes(_ node: Node) -> [UInt8] {
    var out: [UInt8] = []
    write(node, to: &out)
    return out
  }

  private static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.bigEndian) { Array($0) }
  }

  private static func head(_ count: Int, fix: UInt8, fixLimit: Int, _ formats: [(UInt8, Int)]) -> [UInt8] {
    if count < fixLimit { return [fix | UInt8(count)] }
    for (format, width) in formats where width == 4 || count < 1 << (8 * width) {
      switch width {
      case 1: return [format, UInt8(count)]
      case 2: return [format] + bigEndian(UInt16(count))
      default: return [format] + bigEndian(UInt32(count))
      }
    }
    return []
  }

  private static func write(_ node: Node, to out: inout [UInt8]) {
    switch node {
    case .number(let number):
      switch number.stored {
      case .float32(let f): out += [0xCA] + bigEndian(f.bitPattern)
      case .float64(let d): out += [0xCB] + bigEndian(d.bitPattern)
      case .integer(let i, nil): out.append(UInt8(bitPattern: Int8(i)))
      case .integer(let i, let format?):
        out.append(format)
        switch format {
        case 0xCC, 0xD0: out += bigEndian(UInt8(truncatingIfNeeded: i))
        case 0xCD, 0xD1: out += bigEndian(UInt16(truncatingIfNeeded: i))
        case 0xCE, 0xD2: out += bigEndian(UInt32(truncatingIfNeeded: i))
        default: out += bigEndian(UInt64(bitPattern: i))
        }
      }
    case .string(let s):
      out += head(s.utf8.count, fix: 0xA0, fixLimit: 32, [(0xD9, 1), (0xDA, 2), (0xDB, 4)]) + Array(s.utf8)
    case .bool(let b): out.append(b ? 0xC3 : 0xC2)
    case .array(let elements):
      out += head(elements.count, fix: 0x90, fixLimit: 16, [(0xDC, 2), (0xDD, 4)])
      for element in elements { write(element, to: &out) }
    case .map(let entries):
      out += head(entries.count, fix: 0x80, fixLimit: 16, [(0xDE, 2), (0xDF, 4)])
      for (key, value) in entries {
        write(.string(key), to: &out)
        write(value, to: &out)
      }
    }
  }
}
