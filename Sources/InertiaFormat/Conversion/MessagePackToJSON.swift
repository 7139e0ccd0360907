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
struct MessagePackToJSON {
  var scanner: MessagePackScanner
  let out: ByteBuffer
  let options: JSONWriter.Options
  let limits: DecodingLimits
  private var indent = 0

  /// The longest array of numbers the pretty layout keeps on one line.
  static let inlineNumberArrayLimit = 8

  init(_ bytes: ByteView, out: ByteBuffer, options: JSONWriter.Options, limits: DecodingLimits) {
    self.scanner = MessagePackScanner(bytes)
    self.out = out
    self.options = options
    self.limits = limits
  }

  private var pretty: Bool { options.style == .pretty }

  mutating func document() throws(FormatError) {
    try limits.checkSize(scanner.bytes.count, format: .messagePack)
    // The maps the extended form writes as `{"$map": …}`.
    let taggedMaps = options.extended ? findTaggedMaps() : []
    // The innermost open container is kept in `top`, the ones around it in `outer`.
    var top = Container.document
    var outer = ContainerStack<Container>()
    do throws(FormatError) {
      try emit(top: &top, outer: &outer, taggedMaps: taggedMaps)
      try scanner.checkAtEnd()
    } catch {
      var path = ErrorPath()
      for container in outer.elements(then: top) {
        guard locate(container, &path) else { break }
      }
      throw path.locate(error)
    }
    if pretty { out.append(0x0A) }
  }

  /// An array or map being written, or the document itself (the bottom of the stack).
  struct Container {
    enum Kind {
      case document
      /// An array with one element per line.
      case array
      /// An array on one line: compact output, or a short array of numbers.
      case inlineArray
      case map
      /// A map written as `{"$map": [[key, value], …]}`.
      case taggedMap
    }

    var kind: Kind
    var count: Int
    /// The element or entry being written.
    var index = 0
    /// Which part of the entry is being read (tagged maps; plain maps set it only as an error is thrown).
    var reading = EntryPart.value
    /// The offset of the entry's key (maps), and where it ends (tagged maps), to name it in a path.
    var keyStart = 0
    var keyEnd = 0

    static let document = Container(kind: .document, count: 1)
  }

  /// The part of a map entry being read: an error in the key names the map, one in the value names
  /// the key, and one of the entry as a whole (a key plain JSON cannot hold) names the map alone.
  enum EntryPart { case key, value, neither }

  /// Adds where the value being written sits in `container` to `path`; `false` when that is a map key.
  private func locate(_ container: Container, _ path: inout ErrorPath) -> Bool {
    switch container.kind {
    case .document: break
    case .array, .inlineArray: path.append(.index(container.index))
    case .map, .taggedMap:
      switch container.reading {
      case .key: return path.enterKey(ofEntry: container.index)
      case .neither: return false
      case .value: break
      }
      // The key was read whole before its value: read it again, to name it.
      let key = scanner.bytes[container.keyStart..<container.keyEnd]
      let token = (try? MessagePackReader(limits: DecodingLimits(maxDepth: .max)).read(key))?.pointerToken
      path.append(.key(token ?? "?"))
    }
    return true
  }

  /// Writes the document's one value: each step writes what goes before the next value of the innermost
  /// container (a separator, a map's key), then reads a value head. A scalar or empty container is
  /// written whole and closes each container it completes; any other container is opened on the stack.
  @inline(__always)
  private mutating func emit(
    top: inout Container, outer: inout ContainerStack<Container>, taggedMaps: [Int]
  ) throws(FormatError) {
    // How many of `taggedMaps` the writing has passed: maps are met in document order, as listed.
    var nextTaggedMap = 0
    // The float32s printed as float32s, by the rule for an Inertia document's numbers: found when the writing
    // meets the first float32 (so a document without one costs nothing), and passed as `taggedMaps` are.
    var float32Heads: [InertiaNumberRule.Site] = []
    var float32HeadsFound = false
    var nextFloat32Head = 0
    // The float32s met before the heads were found that print alike either way.
    var alikeFloat32s = 0
    nextValue: while true {
      switch top.kind {
      case .document: break
      case .array:
        if top.index > 0 { out.append(UInt8(ascii: ",")) }
        newline()
      case .inlineArray:
        if top.index > 0 { separator() }
      case .map:
        if top.index > 0 { out.append(UInt8(ascii: ",")) }
        if pretty { newline() }
        // `reading` stays `.value` on the way, and names the part of the entry only as an error is thrown.
        let keyStart = scanner.offset
        top.keyStart = keyStart
        let header: MessagePackHeader
        do {
          header = try scanner.readHeader()
        } catch {
          top.reading = .key
          throw error
        }
        guard case .string(let length) = header else {
          top.reading = .neither
          // Only a uint64's format byte leaves its kind open, and it is an integer either way.
          let kind = MessagePackHeader.kind(ofFormat: scanner.bytes[keyStart]) ?? .uint
          throw unrepresentable("a map key that is \(kind)", at: keyStart)
        }
        // Most keys are short ASCII without escapes: checked and written from one or two words.
        if Self.writeShortPlainString(scanner.bytes[scanner.offset..<scanner.offset &+ length], to: out) {
          scanner.offset &+= length
        } else {
          let key: ByteView
          do {
            key = try scanner.readString(length: length, start: keyStart)
          } catch {
            top.reading = .key
            throw error
          }
          Self.writeString(key, to: out)
        }
        top.keyEnd = scanner.offset
        if pretty { out.append(UInt8(ascii: ":"), 0x20) } else { out.append(UInt8(ascii: ":")) }
      case .taggedMap:
        if top.reading == .key {
          if top.index > 0 { out.append(UInt8(ascii: ",")) }
          if pretty { newline() }
          out.append(UInt8(ascii: "["))
          top.keyStart = scanner.offset
        } else {
          top.keyEnd = scanner.offset
          separator()
        }
      }

      let start = scanner.offset
      switch try scanner.readHeader() {
      case .nil: out.append("null")
      case .bool(let b): b ? out.append("true") : out.append("false")
      case .int(let i):
        if options.extended && !Self.isCanonicalInteger(at: start, in: scanner.bytes) {
          writeTaggedInteger(at: start, Int64(i).description)
        } else {
          JSONNumber.write(i, to: out)
        }
      case .uint(let u):
        if options.extended && !Self.isCanonicalInteger(at: start, in: scanner.bytes) {
          writeTaggedInteger(at: start, u.description)
        } else {
          JSONNumber.write(u, to: out)
        }
      case .float64(let d):
        if d.isFinite {
          JSONNumber.write(d, to: out)
        } else {
          guard options.extended else { throw unrepresentable("float64 \(Self.nonFiniteName(d))", at: start) }
          let name = ExtendedJSON.specialName(
            d, bitsHex: hex(d.bitPattern), canonicalNaN: d.bitPattern == Double.nan.bitPattern)
          writeTagged(.float64) { $0.writePlainString(name) }
        }
      case .float32(let f):
        if options.extended {
          let name: String? =
            f.isFinite
            ? nil
            : ExtendedJSON.specialName(
              Double(f), bitsHex: hex(f.bitPattern), canonicalNaN: f.bitPattern == Float.nan.bitPattern)
          // The tag says the value is a float32: its shortest text reads back to it.
          writeTagged(.float32) { emitter in
            if let name { emitter.writePlainString(name) } else { JSONNumber.write(f, to: emitter.out) }
          }
        } else {
          guard f.isFinite else { throw unrepresentable("float32 \(Self.nonFiniteName(Double(f)))", at: start) }
          if !float32HeadsFound && options.numbers == .inertia {
            if alikeFloat32s < 64 && f.description == Double(f).description {
              // Both ways of printing it agree (`0.5`, `-0.75`): which way is due needs no answer yet, and a
              // small file of such numbers none at all. (A few dozen are compared so: each makes two strings.)
              alikeFloat32s &+= 1
              JSONNumber.write(Double(f), to: out)
              break
            }
            float32Heads = Converter.float32FieldSites(in: scanner.bytes, limits: limits)
          }
          float32HeadsFound = true
          while nextFloat32Head < float32Heads.count && float32Heads[nextFloat32Head].head < start {
            nextFloat32Head &+= 1
          }
          if nextFloat32Head < float32Heads.count && float32Heads[nextFloat32Head].head == start {
            // A colour component of an Inertia document, which `to-msgpack` writes as the float32 nearest its
            // text: the shortest text that reads back to this one (`0.33`).
            JSONNumber.write(f, to: out)
          } else {
            // A float32 widens exactly to a double; JSON has one number type.
            JSONNumber.write(Double(f), to: out)
          }
        }
      case .string(let length):
        // The payload is within the bytes (`readHeader()` checked its length).
        if Self.writeShortPlainString(scanner.bytes[scanner.offset..<scanner.offset &+ length], to: out) {
          scanner.offset &+= length
        } else {
          Self.writeString(try scanner.readString(length: length, start: start), to: out)
        }
      case .binary(let length):
        guard options.extended else { throw unrepresentable("binary data (\(counted(length, "byte")))", at: start) }
        let data = Data(scanner.take(length).array)
        writeTagged(.bin) { $0.writePlainString(data.base64EncodedString()) }
      case .ext(let type, let length):
        guard options.extended else {
          throw unrepresentable("extension value of type \(type) (\(counted(length, "byte")))", at: start)
        }
        writeExtension(type: type, payload: scanner.take(length).array)
      case .array(let count):
        try scanner.checkDepth(outer.count, limits, at: start)
        guard count > 0 else {
          out.append(UInt8(ascii: "["), UInt8(ascii: "]"))
          break
        }
        let multiline = pretty && !startsShortNumberArray(count: count)
        out.append(UInt8(ascii: "["))
        if multiline { indent += 1 }
        outer.push(top)
        top = Container(kind: multiline ? .array : .inlineArray, count: count)
        continue nextValue
      case .map(let count):
        try scanner.checkDepth(outer.count, limits, at: start)
        guard count > 0 else {
          out.append(UInt8(ascii: "{"), UInt8(ascii: "}"))
          break
        }
        outer.push(top)
        while nextTaggedMap < taggedMaps.count && taggedMaps[nextTaggedMap] < start { nextTaggedMap &+= 1 }
        if nextTaggedMap < taggedMaps.count && taggedMaps[nextTaggedMap] == start {
          writeTagHead(.map)
          out.append(UInt8(ascii: "["))
          top = Container(kind: .taggedMap, count: count, reading: .key)
        } else {
          out.append(UInt8(ascii: "{"))
          top = Container(kind: .map, count: count)
        }
        indent += 1
        continue nextValue
      }

      // A value is written: close each container it completes.
      while true {
        switch top.kind {
        case .document:
          return
        case .array, .inlineArray:
          top.index &+= 1
          if top.index < top.count { continue nextValue }
          if top.kind == .array {
            indent -= 1
            newline()
          }
          out.append(UInt8(ascii: "]"))
        case .map:
          top.index &+= 1
          if top.index < top.count { continue nextValue }
          indent -= 1
          if pretty { newline() }
          out.append(UInt8(ascii: "}"))
        case .taggedMap:
          if top.reading == .key {
            top.reading = .value
            continue nextValue
          }
          out.append(UInt8(ascii: "]"))
          top.index &+= 1
          top.reading = .key
          if top.index < top.count { continue nextValue }
          indent -= 1
          if pretty { newline() }
          out.append(UInt8(ascii: "]"), UInt8(ascii: "}"))
        }
        top = outer.pop()
      }
    }
  }

  @inline(__always)
  private func newline() {
    out.appendNewline(indentedBy: 2 &* indent)
  }

  /// `NaN`, `Infinity` or `-Infinity`, as JSON texts and the extended form spell them.
  private static func nonFiniteName(_ value: Double) -> String {
    value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity"
  }

  @inline(never)
  private func unrepresentable(_ what: String, at offset: Int) -> FormatError {
    FormatError(
      code: .needsExtendedForm, format: .messagePack, offset: offset,
      message: "\(what) cannot be written as plain JSON (the extended form, --extended, keeps it)")
  }

  /// `", "` in pretty output, `","` in compact output, for one-line lists.
  @inline(__always)
  private func separator() {
    if pretty { out.append(UInt8(ascii: ","), 0x20) } else { out.append(UInt8(ascii: ",")) }
  }

  /// Whether the next `count` values are all numbers, and few enough to print on one line.
  private func startsShortNumberArray(count: Int) -> Bool {
    guard count <= Self.inlineNumberArrayLimit else { return false }
    var lookahead = scanner
    for _ in 0..<count {
      let head = lookahead.offset
      guard let header = try? lookahead.readHeader() else { return false }
      switch header {
      case .float64: continue
      case .int, .uint:
        // An integer in another format than its smallest is a tag in the extended form.
        if options.extended && !Self.isCanonicalInteger(at: head, in: lookahead.bytes) { return false }
      case .float32: if options.extended { return false }
      default: return false
      }
    }
    return true
  }

  /// The offsets of the maps the extended form writes as `{"$map": …}`, in document order: those with a
  /// key that is not a string, or whose first key is a tag.
  ///
  /// One pass over the value heads, skipping payloads, decides every map, so the work is linear
  /// however deep maps nest. The pass stops at the first fault; writing then meets the same fault and
  /// reports it with its path. A map decided before the fault is written as decided.
  private func findTaggedMaps() -> [Int] {
    var scanner = self.scanner
    /// An open container: the values left in it (keys and values alike for maps), and for a map its
    /// offset and its entry count, or -1 once it is decided.
    struct Open {
      var remaining: Int
      var mapStart: Int
      var entries: Int
    }
    var tagged: [Int] = []
    var top = Open(remaining: 1, mapStart: -1, entries: -1)
    var outer = ContainerStack<Open>()
    while true {
      let readingKey = top.entries >= 0 && top.remaining & 1 == 0
      let start = scanner.offset
      guard let header = try? scanner.readHeader() else { break }
      if readingKey {
        if case .string(let length) = header {
          let isFirstKey = top.remaining == 2 &* top.entries
          let key = scanner.bytes[scanner.offset..<scanner.offset &+ length]
          if isFirstKey && ExtendedJSON.Tag(key: key) != nil {
            tagged.append(top.mapStart)
            top.entries = -1
          }
        } else {
          tagged.append(top.mapStart)
          top.entries = -1
        }
      }
      top.remaining &-= 1
      switch header {
      case .string(let length), .binary(let length), .ext(_, let length):
        scanner.offset &+= length
      case .array(let count) where count > 0:
        guard outer.count < limits.maxDepth else { return tagged.sorted() }
        outer.push(top)
        top = Open(remaining: count, mapStart: -1, entries: -1)
        continue
      case .map(let count) where count > 0:
        guard outer.count < limits.maxDepth else { return tagged.sorted() }
        outer.push(top)
        top = Open(remaining: 2 &* count, mapStart: start, entries: count)
        continue
      default:
        break
      }
      while top.remaining == 0 {
        guard outer.count > 0 else { return tagged.sorted() }
        top = outer.pop()
      }
    }
    return tagged.sorted()
  }

  /// Whether the integer whose head starts at `start` is in the format the canonical writer gives its value,
  /// as the extended form writes an integer untagged.
  static func isCanonicalInteger(at start: Int, in bytes: ByteView) -> Bool {
    let format = bytes[start]
    guard let tag = ExtendedJSON.Tag(integerFormat: format) else { return true }
    var scanner = MessagePackScanner(bytes, offset: start)
    switch try? scanner.readHeader() {
    case .int(let i)?: return ExtendedJSON.Tag(integerFormat: CanonicalHeads.format(ofInteger: i)) == tag
    case .uint(let u)?: return ExtendedJSON.Tag(integerFormat: CanonicalHeads.format(ofUnsigned: u)) == tag
    default: return true
    }
  }

  /// Writes an integer in the format its head at `start` has, `{"$int16": 200}`.
  private mutating func writeTaggedInteger(at start: Int, _ digits: String) {
    guard let tag = ExtendedJSON.Tag(integerFormat: scanner.bytes[start]) else { return }
    writeTagged(tag) { $0.out.append(digits) }
  }

  /// Writes `{"$tag": …}` on one line, the content written by `body`.
  private mutating func writeTagged(_ tag: ExtendedJSON.Tag, _ body: (inout MessagePackToJSON) -> Void) {
    writeTagHead(tag)
    body(&self)
    out.append(UInt8(ascii: "}"))
  }

  /// Writes `{"$tag": `, the start of a tagged object.
  private func writeTagHead(_ tag: ExtendedJSON.Tag) {
    out.append(UInt8(ascii: "{"))
    writePlainString(tag.rawValue)
    if pretty { out.append(UInt8(ascii: ":"), 0x20) } else { out.append(UInt8(ascii: ":")) }
  }

  /// Writes an extension value in the extended form: `$timestamp` for a timestamp in its canonical size,
  /// `$ext` for any other.
  private mutating func writeExtension(type: Int8, payload: [UInt8]) {
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
        emitter.writePlainString(Data(payload).base64EncodedString())
        emitter.out.append(UInt8(ascii: "]"))
      }
    }
  }

  /// Whether any byte of a view of at least eight bytes is `"`, `\\` or a control character, checked
  /// eight bytes at a time, the last eight overlapping the word before.
  @inline(__always)
  private static func needsEscaping(_ utf8: ByteView) -> Bool {
    var i = 0
    while i &+ 8 <= utf8.count {
      if WordScan.stringSpecial(utf8.littleEndianWord(at: i)) != 0 { return true }
      i &+= 8
    }
    return i < utf8.count && WordScan.stringSpecial(utf8.littleEndianWord(at: utf8.count &- 8)) != 0
  }

  private func hex<T: FixedWidthInteger>(_ bits: T) -> String {
    let digits = String(bits, radix: 16)
    return String(repeating: "0", count: T.bitWidth / 4 - digits.count) + digits
  }

  /// Writes a string that needs no escapes (a tag, a name, base64 text) in quotes.
  private func writePlainString(_ text: String) {
    out.append(UInt8(ascii: "\""))
    out.append(text)
    out.append(UInt8(ascii: "\""))
  }

  /// Writes a string of at most 16 bytes that is ASCII and needs no escapes, checked for both at once
  /// from one or two words (ASCII is valid UTF-8); `false`, having written nothing, for any other string,
  /// which is validated and written the general way.
  @inline(__always)
  private static func writeShortPlainString(_ utf8: ByteView, to out: ByteBuffer) -> Bool {
    let length = utf8.count
    if length < 8 {
      if length == 0 {
        out.append(UInt8(ascii: "\""), UInt8(ascii: "\""))
        return true
      }
      let word = utf8.paddedShortWord()
      guard word & WordScan.highs == 0, WordScan.stringSpecial(word) == 0 else { return false }
      out.appendQuoted(word, length: length)
      return true
    }
    guard length <= 16 else { return false }
    let first = utf8.littleEndianWord(at: 0)
    let last = utf8.littleEndianWord(at: length &- 8)
    guard (first | last) & WordScan.highs == 0, WordScan.stringSpecial(first) | WordScan.stringSpecial(last) == 0
    else { return false }
    out.appendQuoted(first: first, last: last, length: length)
    return true
  }

  /// Writes a quoted, escaped string: `"`, `\` and control characters are escaped, the rest is copied.
  /// (Static, so that calling it from the writing loop needs no copy of the emitter.)
  @inline(__always)
  private static func writeString(_ utf8: ByteView, to out: ByteBuffer) {
    // Strings without escapes, by length: keys and short values in one or two words, the rest copied.
    let length = utf8.count
    if length < 8 {
      if length == 0 {
        out.append(UInt8(ascii: "\""), UInt8(ascii: "\""))
        return
      }
      let word = utf8.paddedShortWord()
      if WordScan.stringSpecial(word) == 0 {
        out.appendQuoted(word, length: length)
        return
      }
    } else if length <= 16 {
      let first = utf8.littleEndianWord(at: 0)
      let last = utf8.littleEndianWord(at: length &- 8)
      if WordScan.stringSpecial(first) | WordScan.stringSpecial(last) == 0 {
        out.appendQuoted(first: first, last: last, length: length)
        return
      }
    } else if !needsEscaping(utf8) {
      out.appendQuoted(utf8)
      return
    }
    out.reserve(length + 2)
    out.append(UInt8(ascii: "\""))
    var runStart = 0
    for i in 0..<utf8.count {
      let byte = utf8[i]
      if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") { continue }
      out.append(utf8[runStart..<i])
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
        // Control characters: 0x00...0x1f, so the first digit is 0 or 1.
        let low = byte & 0x0F
        out.append("\\u00")
        out.append(UInt8(ascii: "0") &+ byte >> 4, low < 10 ? UInt8(ascii: "0") &+ low : UInt8(ascii: "a") &+ low &- 10)
      }
    }
    out.append(utf8[runStart..<utf8.count])
    out.append(UInt8(ascii: "\""))
  }
}
