#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one JSON writer: reads MessagePack and writes the same document as JSON text, in one pass.
///
/// ``JSONWriter`` encodes a value to MessagePack and runs this, and the converter runs it on a file's
/// bytes directly, so every JSON the tools print has the same layout.
///
/// Pretty layout: two-space indentation, one array element or map entry per line, `"key": value`,
/// empty containers as `[]` and `{}`, and arrays of at most eight numbers on one line (`[0.25, 0]`).
struct JSONEmitter {
  var scanner: MessagePackScanner
  let out: ByteBuffer
  let options: JSONWriter.Options
  let limits: DecodingLimits
  private var indent = 0

  /// The longest array of numbers the pretty layout keeps on one line.
  static let inlineNumberArrayLimit = 8

  init(_ bytes: UnsafeRawBufferPointer, out: ByteBuffer, options: JSONWriter.Options, limits: DecodingLimits) {
    self.scanner = MessagePackScanner(bytes)
    self.out = out
    self.options = options
    self.limits = limits
  }

  private var pretty: Bool { options.style == .pretty }

  mutating func document() throws(FormatError) {
    try limits.checkSize(scanner.bytes.count, format: .messagePack)
    try value(depth: 0)
    try scanner.checkAtEnd()
    if pretty { out.append(0x0A) }
  }

  /// A newline and 64 levels of indentation, copied from in one piece.
  private static let indentation: StaticString =
    "\n                                                                                                                                "

  @inline(__always)
  private func newline() {
    let width = 1 + 2 * indent
    if width <= Self.indentation.utf8CodeUnitCount {
      out.append(UnsafeRawBufferPointer(start: Self.indentation.utf8Start, count: width))
    } else {
      out.append(0x0A)
      for _ in 0..<indent { out.append(0x20, 0x20) }
    }
  }

  /// `NaN`, `Infinity` or `-Infinity`, as JSON texts and the extended form spell them.
  private static func nonFiniteName(_ value: Double) -> String {
    value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity"
  }

  @inline(never)
  private func unrepresentable(_ what: String, at offset: Int) -> FormatError {
    FormatError(
      format: .messagePack, offset: offset,
      message: "\(what) cannot be written as plain JSON (the extended form, --extended, keeps it)")
  }

  mutating func value(depth: Int) throws(FormatError) {
    let start = scanner.offset
    switch try scanner.readHeader() {
    case .nil: out.append("null")
    case .bool(let b): b ? out.append("true") : out.append("false")
    case .int(let i): JSONNumber.write(i, to: out)
    case .uint(let u): JSONNumber.write(u, to: out)
    case .float64(let d):
      if d.isFinite {
        JSONNumber.write(d, to: out)
      } else {
        guard options.extended else { throw unrepresentable("float64 \(Self.nonFiniteName(d))", at: start) }
        let name = ExtendedJSON.specialName(
          d, bitsHex: hex(d.bitPattern), canonicalNaN: d.bitPattern == Double.nan.bitPattern)
        writeTagged(.float64) { $0.writeString(name) }
      }
    case .float32(let f):
      if options.extended {
        let name: String? = f.isFinite ? nil : ExtendedJSON.specialName(
          Double(f), bitsHex: hex(f.bitPattern), canonicalNaN: f.bitPattern == Float.nan.bitPattern)
        writeTagged(.float32) { emitter in
          if let name { emitter.writeString(name) } else { JSONNumber.write(Double(f), to: emitter.out) }
        }
      } else {
        // A float32 widens exactly to a double; JSON has one number type.
        guard f.isFinite else { throw unrepresentable("float32 \(Self.nonFiniteName(Double(f)))", at: start) }
        JSONNumber.write(Double(f), to: out)
      }
    case .string(let length):
      writeString(try scanner.readString(length: length, start: start))
    case .binary(let length):
      guard options.extended else { throw unrepresentable("binary data (\(counted(length, "byte")))", at: start) }
      let data = Data(scanner.take(length))
      writeTagged(.bin) { $0.writeString(data.base64EncodedString()) }
    case .ext(let type, let length):
      guard options.extended else { throw unrepresentable("extension value of type \(type) (\(counted(length, "byte")))", at: start) }
      let payload = Array(scanner.take(length))
      if type == MessagePackTimestamp.extensionType, let timestamp = MessagePackTimestamp(payload: payload),
        timestamp.payload == payload
      {
        writeTagged(.timestamp) { emitter in
          emitter.out.append(UInt8(ascii: "["))
          JSONNumber.write(timestamp.seconds, to: emitter.out)
          emitter.separator()
          JSONNumber.write(UInt64(timestamp.nanoseconds), to: emitter.out)
          emitter.out.append(UInt8(ascii: "]"))
        }
      } else {
        writeTagged(.ext) { emitter in
          emitter.out.append(UInt8(ascii: "["))
          JSONNumber.write(Int64(type), to: emitter.out)
          emitter.separator()
          emitter.writeString(Data(payload).base64EncodedString())
          emitter.out.append(UInt8(ascii: "]"))
        }
      }
    case .array(let count):
      try scanner.checkDepth(depth, limits, at: start)
      try array(count: count, depth: depth)
    case .map(let count):
      try scanner.checkDepth(depth, limits, at: start)
      try map(count: count, depth: depth, start: start)
    }
  }

  /// `", "` in pretty output, `","` in compact output, for one-line lists.
  @inline(__always)
  private func separator() {
    if pretty { out.append(UInt8(ascii: ","), 0x20) } else { out.append(UInt8(ascii: ",")) }
  }

  private mutating func array(count: Int, depth: Int) throws(FormatError) {
    if count == 0 {
      out.append(UInt8(ascii: "["), UInt8(ascii: "]"))
      return
    }
    let multiline = pretty && !startsShortNumberArray(count: count)
    out.append(UInt8(ascii: "["))
    if multiline { indent += 1 }
    for i in 0..<count {
      if i > 0 { multiline ? out.append(UInt8(ascii: ",")) : separator() }
      if multiline { newline() }
      do {
        try value(depth: depth + 1)
      } catch {
        var error = error
        error.prepend(.index(i))
        throw error
      }
    }
    if multiline {
      indent -= 1
      newline()
    }
    out.append(UInt8(ascii: "]"))
  }

  /// Whether the next `count` values are all numbers, and few enough to print on one line.
  private func startsShortNumberArray(count: Int) -> Bool {
    guard count <= Self.inlineNumberArrayLimit else { return false }
    var lookahead = scanner
    for _ in 0..<count {
      guard let header = try? lookahead.readHeader() else { return false }
      switch header {
      case .int, .uint, .float64: continue
      case .float32: if options.extended { return false }
      default: return false
      }
    }
    return true
  }

  private mutating func map(count: Int, depth: Int, start: Int) throws(FormatError) {
    if count == 0 {
      out.append(UInt8(ascii: "{"), UInt8(ascii: "}"))
      return
    }
    if options.extended, needsMapTag(count: count, depth: depth) {
      return try taggedMap(count: count, depth: depth)
    }
    out.append(UInt8(ascii: "{"))
    indent += 1
    for i in 0..<count {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      if pretty { newline() }
      let keyStart = scanner.offset
      let header = try scanner.readHeader()
      guard case .string(let length) = header else {
        throw unrepresentable("a map key that is \(header.kindDescription)", at: keyStart)
      }
      let key = try scanner.readString(length: length, start: keyStart)
      writeString(key)
      if pretty { out.append(UInt8(ascii: ":"), 0x20) } else { out.append(UInt8(ascii: ":")) }
      do {
        try value(depth: depth + 1)
      } catch {
        var error = error
        error.prepend(.key(String(decoding: key, as: UTF8.self)))
        throw error
      }
    }
    indent -= 1
    if pretty { newline() }
    out.append(UInt8(ascii: "}"))
  }

  /// Whether a map must be written as `{"$map": …}`: a key is not a string, or the first key is a tag.
  ///
  /// A fault met while looking ahead answers `false`: writing the map entry by entry then meets the same
  /// fault and reports it with its full path, which this lookahead does not know.
  private func needsMapTag(count: Int, depth: Int) -> Bool {
    var lookahead = scanner
    for i in 0..<count {
      guard let header = try? lookahead.readHeader() else { return false }
      guard case .string(let length) = header else { return true }
      let key = lookahead.take(length)
      if i == 0 && ExtendedJSON.Tag(key: key) != nil { return true }
      do {
        try lookahead.skipValue(depth: depth + 1, limits: limits)
      } catch {
        return false
      }
    }
    return false
  }

  private mutating func taggedMap(count: Int, depth: Int) throws(FormatError) {
    var failure: FormatError?
    writeTagged(.map) { emitter in
      emitter.out.append(UInt8(ascii: "["))
      emitter.indent += 1
      for i in 0..<count {
        if i > 0 { emitter.out.append(UInt8(ascii: ",")) }
        if emitter.pretty { emitter.newline() }
        emitter.out.append(UInt8(ascii: "["))
        do throws(FormatError) {
          try emitter.value(depth: depth + 1)
          emitter.separator()
          try emitter.value(depth: depth + 1)
        } catch {
          var error = error
          error.prepend(.index(i))
          failure = error
          return
        }
        emitter.out.append(UInt8(ascii: "]"))
      }
      emitter.indent -= 1
      if emitter.pretty { emitter.newline() }
      emitter.out.append(UInt8(ascii: "]"))
    }
    if let failure { throw failure }
  }

  /// Writes `{"$tag": …}` on one line, the content written by `body`.
  private mutating func writeTagged(_ tag: ExtendedJSON.Tag, _ body: (inout JSONEmitter) -> Void) {
    out.append(UInt8(ascii: "{"))
    writeString(tag.rawValue)
    if pretty { out.append(UInt8(ascii: ":"), 0x20) } else { out.append(UInt8(ascii: ":")) }
    body(&self)
    out.append(UInt8(ascii: "}"))
  }

  /// Whether any byte is `"`, `\\` or a control character, checked eight bytes at a time.
  @inline(__always)
  private func needsEscaping(_ utf8: UnsafeRawBufferPointer) -> Bool {
    var i = 0
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    while i &+ 8 <= utf8.count {
      let word = utf8.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      // A byte is flagged when it is below 0x20, or equal to 0x22 or 0x5C (classic zero-byte tests).
      let control = (word &- ones &* 0x20) & ~word & highs
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      let special = ((quote &- ones) & ~quote & highs) | ((backslash &- ones) & ~backslash & highs)
      if control | special != 0 { return true }
      i &+= 8
    }
    while i < utf8.count {
      let byte = utf8[i]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C { return true }
      i &+= 1
    }
    return false
  }

  private func hex<T: FixedWidthInteger>(_ bits: T) -> String {
    let digits = String(bits, radix: 16)
    return String(repeating: "0", count: T.bitWidth / 4 - digits.count) + digits
  }

  private func writeString(_ text: String) {
    var text = text
    text.withUTF8 { writeString(UnsafeRawBufferPointer($0)) }
  }

  /// Writes a quoted, escaped string: `"`, `\` and control characters are escaped, the rest is copied.
  @inline(__always)
  private func writeString(_ utf8: UnsafeRawBufferPointer) {
    out.reserve(utf8.count + 2)
    out.append(UInt8(ascii: "\""))
    if !needsEscaping(utf8) {
      out.append(utf8)
      out.append(UInt8(ascii: "\""))
      return
    }
    var runStart = 0
    for i in 0..<utf8.count {
      let byte = utf8[i]
      if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") { continue }
      out.append(UnsafeRawBufferPointer(rebasing: utf8[runStart..<i]))
      runStart = i + 1
      switch byte {
      case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\"), UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"), UInt8(ascii: "\\"))
      case 0x0A: out.append(UInt8(ascii: "\\"), UInt8(ascii: "n"))
      case 0x0D: out.append(UInt8(ascii: "\\"), UInt8(ascii: "r"))
      case 0x09: out.append(UInt8(ascii: "\\"), UInt8(ascii: "t"))
      case 0x08: out.append(UInt8(ascii: "\\"), UInt8(ascii: "b"))
      case 0x0C: out.append(UInt8(ascii: "\\"), UInt8(ascii: "f"))
      default:
        let hexDigits: StaticString = "0123456789abcdef"
        out.append("\\u00")
        out.append(hexDigits.utf8Start[Int(byte >> 4)], hexDigits.utf8Start[Int(byte & 0x0F)])
      }
    }
    out.append(UnsafeRawBufferPointer(rebasing: utf8[runStart...]))
    out.append(UInt8(ascii: "\""))
  }
}
