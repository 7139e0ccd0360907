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
enum InertiaNumberRule {
  /// Rewrites `canonical`, the canonical MessagePack the JSON parser made of `json`, by the rule: the
  /// numbers `sites` lists (the schema walk's ``SchemaWalk/Events/numbers``, of a document without an error)
  /// in the formats the editor writes; `document` is `canonical`'s index. The few floats whose nearest
  /// float32 their double cannot settle are rounded from their text in `json`, found by `textOf`.
  static func rewrite(
    _ canonical: ByteBuffer, document: IndexedDocument, sites: [SchemaWalk.NumberSite],
    textOf: (IndexedDocument.Node) -> ByteView?
  ) -> ByteBuffer {
    let bytes = canonical.view
    let out = ByteBuffer(capacity: canonical.count)
    var copied = 0
    for site in sites {
      let range = document.messagePackRange(of: site.node)
      let start = range.lowerBound
      let format = bytes[start]
      switch (site.fieldType, format) {
      case (.double, 0xCB):
        let d = Double(bitPattern: bytes.bigEndian(UInt64.self, at: start + 1))
        guard let single = Float(exactly: d) else { continue }
        out.append(bytes[copied..<start])
        appendFloat32(single, to: out)
      case (.float, 0xCB):
        let d = Double(bitPattern: bytes.bigEndian(UInt64.self, at: start + 1))
        guard
          let single = JSONNumber.nearestFloat32(toDecimalRoundedTo: d) ?? textOf(site.node).flatMap(JSONNumber.float32)
        else { continue }
        out.append(bytes[copied..<start])
        appendFloat32(single, to: out)
      case (.int, 0xCC...0xCF):
        var scanner = MessagePackScanner(bytes, offset: start)
        let signed: Int64
        switch try? scanner.readHeader() {
        case .int(let value)?: signed = value
        case .uint(let value)? where value <= UInt64(Int64.max): signed = Int64(value)
        default: continue
        }
        out.append(bytes[copied..<start])
        appendSigned(signed, to: out)
      default:
        continue
      }
      copied = range.upperBound
    }
    out.append(bytes[copied..<bytes.count])
    return out
  }

  private static func appendFloat32(_ value: Float, to out: ByteBuffer) {
    out.append(0xCA)
    out.appendBigEndian(value.bitPattern)
  }

  /// Writes an integer as msgpack-swift writes a Swift `Int`: a positive or negative fixint where one holds
  /// it, otherwise the smallest of int8, int16, int32 and int64 (never a uint format).
  static func appendSigned(_ value: Int64, to out: ByteBuffer) {
    if value >= -32 && value <= 127 {
      out.append(UInt8(bitPattern: Int8(value)))
    } else if let small = Int8(exactly: value) {
      out.append(0xD0, UInt8(bitPattern: small))
    } else if let small = Int16(exactly: value) {
      out.append(0xD1)
      out.appendBigEndian(small)
    } else if let small = Int32(exactly: value) {
      out.append(0xD2)
      out.appendBigEndian(small)
    } else {
      out.append(0xD3)
      out.appendBigEndian(value)
    }
  }

  /// Whether `bytes` hold a float32 anywhere, read head by head without indexing them: a document without
  /// one prints the same with either ``Converter/Numbers``. `false` for bytes that do not read (the
  /// conversion then reports why).
  static func holdsFloat32(_ bytes: ByteView) -> Bool {
    var scanner = MessagePackScanner(bytes)
    while !scanner.isAtEnd {
      switch try? scanner.readHeader() {
      case .float32?: return true
      case .string(let length)?, .binary(let length)?, .ext(_, let length)?: scanner.offset &+= length
      case nil: return false
      default: break
      }
    }
    return false
  }
}
