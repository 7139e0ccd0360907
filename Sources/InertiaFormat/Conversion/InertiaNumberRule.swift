/// How the conversions write an Inertia document's numbers: as the editor's encoder writes them
/// (msgpack-swift 2.0.6 encoding the SwiftUI runtime's Codable types), field by field, so that a file the
/// editor wrote comes back byte for byte through its plain JSON form.
///
/// Plain JSON has one kind of number, and MessagePack several formats; the editor chooses the format from
/// the Swift type of the field, and so does the rule, at the fields the schema walk finds in a document that
/// is an Inertia document (``InertiaSchema/isInertiaDocument(_:)``):
///
/// | Field, by the Swift type the runtime reads | JSON number with a fraction or an exponent | JSON integer |
/// |---|---|---|
/// | `CGFloat` or `Double`: the five values, `duration`, `loopDuration`, `width`, `height`, `strokeWidth`, a vertex's `x` and `y` | a float32 when the double it reads as is exactly one (`0.5`, `1.0`), else a float64 (`0.648`) | an integer, as today |
/// | `Float`: a colour's `red`, `green`, `blue`, `alpha` | always a float32: the one nearest the text (not rounded through a double) | an integer, as today |
/// | `Int`: `zIndex` | (a float: the document is not an Inertia document) | a signed format: 200 is `d1 00 c8`, not `cc c8` |
///
/// Everything else, and every number of a document that is not an Inertia document, is written in the
/// canonical form. The other way, `to-json` prints a float32 in a `Float` field as the shortest text that
/// reads back to it (`0.33`), which this rule then reads back to the same float32; every other number prints
/// as before (a float32 in a `CGFloat` field as the exact double it widens to, whose double is then that
/// float32 again).
package enum InertiaNumberRule {
  /// A number the rule may write in another format, as the schema walk (``SchemaWalk/Events/numbers``) or
  /// the scan (``SchemaScan``) notes it.
  ///
  /// Twelve bytes: an editor-written file has a site for most of its numbers, and a large one hundreds of
  /// thousands (the documents the index reads lie within 2 GiB, so a head and a number fit in 32 bits).
  struct Site: Equatable {
    private let storedHead: UInt32
    private let storedNode: UInt32
    /// The Swift type the runtime reads it as.
    let fieldType: SchemaWalk.NumberSite.FieldType

    init(head: Int, node: Int, fieldType: SchemaWalk.NumberSite.FieldType) {
      storedHead = UInt32(head)
      storedNode = UInt32(node)
      self.fieldType = fieldType
    }

    /// Where its head is.
    var head: Int { Int(storedHead) }
    /// Its number in document order (``IndexedDocument/Node/index``), for finding its text.
    var node: Int { Int(storedNode) }
  }

  /// Rewrites `canonical`, the canonical MessagePack the JSON parser made of a JSON text, by the rule: the
  /// numbers `sites` lists (in document order, of an Inertia document) in the formats the editor writes. The
  /// few floats whose nearest float32 their double cannot settle are rounded from their text, which
  /// `textOf` finds by the number's ``Site/node``.
  ///
  /// In place, as far as it can: each number is written where the one it replaces lay and the bytes between
  /// move left by what the numbers before them saved (a float64 becomes a float32 four bytes shorter), so a
  /// large file costs no second buffer. Only a `zIndex` from 128 to 255 grows (`cc c8` becomes `d1 00 c8`);
  /// when the savings before it cannot make room, the rest is written into a new buffer. Returns the buffer
  /// that holds the result.
  static func rewrite(_ canonical: ByteBuffer, sites: [Site], textOf: (Int) -> ByteView?) -> ByteBuffer {
    // Bytes of the original before `read` are done; the result's first `written` bytes are in place.
    var read = 0
    var written = 0
    for index in sites.indices {
      let site = sites[index]
      guard let (number, width) = replacement(site, in: canonical.view, textOf: textOf) else { continue }
      let end = written + (site.head - read) + number.count
      guard end <= site.head + width else {
        // No room in place: the rest into a new buffer, from this number on.
        return rewrite(canonical, done: written, from: read, sites: sites[index...], textOf: textOf)
      }
      canonical.moveBytes(read..<site.head, to: written)
      number.write(into: canonical, at: end - number.count)
      written = end
      read = site.head + width
    }
    let total = canonical.count
    canonical.moveBytes(read..<total, to: written)
    canonical.truncate(to: written + (total - read))
    return canonical
  }

  /// ``rewrite(_:sites:textOf:)`` into a new buffer: `canonical`'s first `done` bytes, then its bytes from
  /// `read` on with the numbers of `sites` rewritten.
  private static func rewrite(
    _ canonical: ByteBuffer, done: Int, from read: Int, sites: ArraySlice<Site>, textOf: (Int) -> ByteView?
  ) -> ByteBuffer {
    let bytes = canonical.view
    let out = ByteBuffer(capacity: canonical.count + sites.count)
    out.append(bytes[0..<done])
    var copied = read
    for site in sites {
      guard let (number, width) = replacement(site, in: bytes, textOf: textOf) else { continue }
      out.append(bytes[copied..<site.head])
      number.append(to: out)
      copied = site.head + width
    }
    out.append(bytes[copied..<bytes.count])
    return out
  }

  /// A number as the rule writes it: a head and up to eight bytes after it.
  struct Number {
    let head: UInt8
    /// The bytes after the head, big-endian, in the low `count - 1` bytes.
    let payload: UInt64
    /// The head and the bytes after it.
    let count: Int

    static func float32(_ value: Float) -> Number { Number(head: 0xCA, payload: UInt64(value.bitPattern), count: 5) }

    /// The byte `i` places after the head.
    private func byte(_ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: payload >> (8 * UInt64(count - 1 - i))) }

    func write(into buffer: ByteBuffer, at offset: Int) {
      buffer[offset] = head
      for i in 1..<count { buffer[offset + i] = byte(i) }
    }

    func append(to buffer: ByteBuffer) {
      buffer.append(head)
      for i in 1..<count { buffer.append(byte(i)) }
    }
  }

  /// The number the rule writes for the one of `site` in `bytes`, and how many bytes the one it replaces
  /// takes; `nil` when the canonical form is already the rule's.
  private static func replacement(
    _ site: Site, in bytes: ByteView, textOf: (Int) -> ByteView?
  ) -> (number: Number, width: Int)? {
    let start = site.head
    switch (site.fieldType, bytes[start]) {
    case (.double, 0xCB):
      let d = Double(bitPattern: bytes.bigEndian(UInt64.self, at: start + 1))
      return Float(exactly: d).map { (Number.float32($0), 9) }
    case (.float, 0xCB):
      let d = Double(bitPattern: bytes.bigEndian(UInt64.self, at: start + 1))
      let single = JSONNumber.nearestFloat32(toDecimalRoundedTo: d) ?? textOf(site.node).flatMap(JSONNumber.float32)
      // Past the largest float32 the nearest one is infinity, which is not the number written: it stays the
      // float64 it is (which SwiftUI refuses as it refuses any colour no float32 holds, and the linter says so).
      guard let single, single.isFinite else { return nil }
      return (Number.float32(single), 9)
    case (.int, let format) where (0xCC...0xCF).contains(format):
      var scanner = MessagePackScanner(bytes, offset: start)
      let number: Number
      switch try? scanner.readHeader() {
      case .int(let value)?: number = signed(value)
      case .uint(let value)? where value <= UInt64(Int64.max): number = signed(Int64(value))
      default: return nil
      }
      return (number, scanner.offset - start)
    default:
      return nil
    }
  }

  /// An integer as msgpack-swift writes a Swift `Int`: a positive or negative fixint where one holds it,
  /// otherwise the smallest of int8, int16, int32 and int64 (never a uint format).
  static func signed(_ value: Int64) -> Number {
    if value >= -32 && value <= 127 { return Number(head: UInt8(bitPattern: Int8(value)), payload: 0, count: 1) }
    let pattern = UInt64(bitPattern: value)
    if Int8(exactly: value) != nil { return Number(head: 0xD0, payload: pattern & 0xFF, count: 2) }
    if Int16(exactly: value) != nil { return Number(head: 0xD1, payload: pattern & 0xFFFF, count: 3) }
    if Int32(exactly: value) != nil { return Number(head: 0xD2, payload: pattern & 0xFFFF_FFFF, count: 5) }
    return Number(head: 0xD3, payload: pattern, count: 9)
  }

  /// The bytes of an integer as msgpack-swift writes a Swift `Int` (``signed(_:)``): how the editor writes a
  /// `zIndex`, and so how a fix writes one.
  package static func signedBytes(_ value: Int64) -> [UInt8] {
    let number = signed(value)
    let buffer = ByteBuffer(capacity: number.count)
    number.append(to: buffer)
    return buffer.array
  }
}
