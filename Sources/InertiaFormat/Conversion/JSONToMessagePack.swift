/// The one JSON parser: reads JSON text and writes the same document as canonical MessagePack.
///
/// ``JSONReader`` builds values from its output, and the converter uses it directly, so both accept
/// and reject exactly the same texts with the same errors. Containers are written with a one-byte head
/// and widened in place when they turn out to hold 16 or more entries, which only the few big arrays of
/// a file do.
///
/// The parser is specialised for what it records of where values lie: ``JSONTextRanges`` for the
/// document index, or ``NoTextRanges``, whose calls compile to nothing, for plain conversions.
struct JSONToMessagePack<Positions: JSONPositionRecorder> {
  let bytes: ByteView
  var offset = 0
  let out: ByteBuffer
  let limits: DecodingLimits
  /// Whether `{"$bin": …}` and the other tags of the extended form are read as what they stand for.
  let extended: Bool
  /// Records where each value's text lies (in MessagePack node order), or nothing.
  var positions: Positions
  /// Scratch space for strings with escapes.
  private var scratch: [UInt8] = []

  init(_ bytes: ByteView, out: ByteBuffer, limits: DecodingLimits, extended: Bool, positions: Positions) {
    self.bytes = bytes
    self.out = out
    self.limits = limits
    self.extended = extended
    self.positions = positions
  }

  /// Parses the whole input as one JSON document.
  mutating func document() throws(FormatError) {
    // The open containers, the document at the bottom and the innermost on top.
    var containers = ContainerStack<Container>()
    containers.push(Container(kind: .document, childDepth: 0, extended: extended))
    do throws(FormatError) {
      try limits.checkSize(bytes.count, format: .json)
      if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { offset = 3 }
      skipWhitespace()
      try parse(containers: &containers)
      skipWhitespace()
      if offset < bytes.count {
        throw error(.trailingData, "unexpected text after the end of the document (a file holds one value)", at: offset)
      }
    } catch {
      var path = ErrorPath()
      for container in containers.elements {
        guard container.readingValue else { break }
        switch container.kind {
        case .document: break
        case .array: path.append(.index(container.count))
        case .object: path.append(.key(keyText(at: container.keyHead)))
        case .tag: path.append(.key(container.tag.rawValue))
        }
      }
      var error = path.locate(error)
      (error.line, error.column) = LineIndex(bytes).location(ofOffset: error.offset, in: bytes)
      throw error
    }
  }

  @inline(never)
  func error(_ code: FormatError.Code, _ message: String, at offset: Int) -> FormatError {
    FormatError(code: code, format: .json, offset: offset, message: message)
  }

  @inline(__always)
  mutating func skipWhitespace() {
    // In a local, so that the loop keeps it in a register.
    var i = offset
    let count = bytes.count
    while i < count {
      let byte = bytes[i]
      // Most calls meet no whitespace at all: every byte that can follow it is above a space.
      if byte > 0x20 { break }
      // A space, newline, return or tab, tested as one bit of a mask; any other control character
      // ends the whitespace (and is an error where it stands).
      guard (0x1_0000_2600 as UInt64) &>> UInt64(byte) & 1 != 0 else { break }
      // Then the spaces after it (indentation after a newline) sixteen bytes at a time, stopping at the
      // first that is not a space.
      i &+= 1
      while i &+ 16 <= count {
        let run = WordScan.firstFlagged(
          WordScan.notSpace(bytes.littleEndianWord(at: i)), WordScan.notSpace(bytes.littleEndianWord(at: i &+ 8)))
        i &+= run
        if run < 16 { break }
      }
    }
    offset = i
  }

  /// Skips the whitespace after a comma or an opening bracket. In pretty JSON (ours, most editors' and
  /// serializers') that is a newline and up to fifteen spaces of indentation, then a token: found by one
  /// test of the sixteen bytes after the newline, without ``skipWhitespace()``'s loop, which reads any
  /// other run, or one followed by more whitespace. Only there, where most runs are, so that the parse
  /// loop stays small enough for the compiler to inline what it calls.
  @inline(__always)
  mutating func skipWhitespaceBeforeItem() {
    let i = offset
    if i &+ 17 <= bytes.count && bytes[i] == 0x0A {
      let indent = WordScan.firstFlagged(
        WordScan.notSpace(bytes.littleEndianWord(at: i &+ 1)), WordScan.notSpace(bytes.littleEndianWord(at: i &+ 9)))
      if indent < 16 && bytes[i &+ 1 &+ indent] > 0x20 {
        offset = i &+ 1 &+ indent
        return
      }
    }
    skipWhitespace()
  }

  private func describeByte(at offset: Int) -> String {
    guard offset < bytes.count else { return "the end of the input" }
    let byte = bytes[offset]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16))"
  }

  @inline(never)
  private func nonFiniteLiteral(at offset: Int) -> FormatError {
    error(
      .nonFiniteNumber, "NaN and Infinity are not JSON (the extended form writes them as {\"$float64\": \"NaN\"})",
      at: offset)
  }

  private mutating func literal(_ word: StaticString) throws(FormatError) {
    if bytes.hasPrefix(word, at: offset) {
      offset += word.utf8CodeUnitCount
      return
    }
    throw error(.unexpectedCharacter, "expected a value, found \(describeByte(at: offset))", at: offset)
  }

  // MARK: Containers

  /// An array or object being read, the content of a tagged object of the extended form, or the
  /// document itself (the bottom of the stack).
  struct Container {
    enum Kind { case document, array, object, tag }
    /// What an array is to a `$map` around it: its content (`[[key, value], …]`), one of its pairs, or
    /// nothing.
    enum Role { case plain, mapContent, mapPair }

    var kind: Kind
    /// Whether one of the container's values is being read (an element, an entry's value, a tag's
    /// content), rather than a key or the punctuation between values: only then does the container
    /// add to an error's path. Set only as an error is thrown, so it costs nothing on the way.
    var readingValue = true
    /// The depth of the values inside.
    var childDepth: Int
    /// Whether the tags of the extended form are read inside.
    var extended: Bool
    var role = Role.plain
    /// The elements or entries read so far.
    var count = 0
    /// Where the container's MessagePack head is in the output (a `$map` pair has none); for a tag,
    /// where the tagged object started in the output, which its value replaces.
    var head = 0
    /// The offset of the `[` or `{`.
    var start = 0
    /// The container's node, in the order values are written.
    var node = 0
    /// Where the key of the entry being read is in the output (objects).
    var keyHead = 0
    /// The tag, and the offset of its content (tags).
    var tag = ExtendedJSON.Tag.map
    var contentStart = 0
    /// Whether every element so far was a `[key, value]` pair (`$map` content).
    var allPairs = true
  }

  /// How the last array closed, for the `$map` around it: as a pair of two values, as a `$map`'s
  /// content of such pairs only, or neither.
  private enum Shape { case other, pair, pairs }

  /// Parses the document's one value. Each turn of the loop reads a value: a scalar is written whole,
  /// then closes each container it completes; an array or object writes a one-byte head, is opened on
  /// the stack (an object with its first key read), and its head is rewritten once it closes.
  ///
  /// The innermost container is read and changed where it lies on the stack (`containers.top`), so opening
  /// and closing one copies nothing but the container opened.
  @inline(__always)
  private mutating func parse(containers: inout ContainerStack<Container>) throws(FormatError) {
    var shape = Shape.other
    nextValue: while true {
      let start = offset
      var node = positions.open(at: start)
      guard offset < bytes.count else {
        throw error(.truncated, "unexpected end of input: expected a value", at: offset)
      }
      switch bytes[offset] {
      case UInt8(ascii: "\""):
        try string()
      case UInt8(ascii: "{"):
        // In the extended form a tagged object can stand for a scalar, which adds no level of nesting, so
        // there the depth is checked once the first key shows whether the object is a tag.
        let tooDeep = containers.top.childDepth >= limits.maxDepth
        if tooDeep && !containers.top.extended { throw depthError(at: start) }
        offset += 1
        let head = out.count
        out.append(0x80)
        skipWhitespaceBeforeItem()
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "}") {
          if tooDeep { throw depthError(at: start) }
          offset += 1
          break
        }
        containers.push(
          Container(
            kind: .object, childDepth: containers.top.childDepth + 1, extended: containers.top.extended, head: head,
            start: start, node: node))
        let keyHead: Int
        do {
          keyHead = try key()
        } catch {
          containers.top.readingValue = false
          throw error
        }
        if containers.top.extended, let tag = ExtendedJSON.Tag(messagePackKey: out, at: keyHead) {
          // A tagged value: `{"$bin": "…"}` and its kin stand for one MessagePack value, which is
          // written where the object started. A $map is one level, like a plain object: its content
          // `[[key, value], …]` and the pairs in it add none, so its keys and values land one level
          // below it. Anything else inside a $map (an error once it closes) counts as usual, so no form
          // nests past the limit. The other tags stand for scalars; their content is plain JSON, bounded
          // by the limit on its own.
          if tooDeep && tag == .map {
            containers.top.readingValue = false
            throw depthError(at: start)
          }
          out.truncate(to: head)
          containers.top.kind = .tag
          containers.top.tag = tag
          containers.top.contentStart = offset
          if tag != .map { containers.top.childDepth = 0 }
          containers.top.extended = tag == .map
        } else {
          if tooDeep {
            containers.top.readingValue = false
            throw depthError(at: start)
          }
          containers.top.keyHead = keyHead
        }
        continue nextValue
      case UInt8(ascii: "["):
        let role: Container.Role =
          containers.top.role == .mapContent
          ? .mapPair : containers.top.kind == .tag && containers.top.tag == .map ? .mapContent : .plain
        // A $map's content and its pairs are no level of their own.
        let levels = role == .plain ? 1 : 0
        if levels == 1 && containers.top.childDepth >= limits.maxDepth { throw depthError(at: start) }
        offset += 1
        let head = out.count
        // A pair of a $map is no value of its own: its key and value are the map's.
        if role != .mapPair { out.append(role == .mapContent ? 0x80 : 0x90) }
        skipWhitespaceBeforeItem()
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "]") {
          offset += 1
          if role == .mapContent { shape = .pairs }
          break
        }
        containers.push(
          Container(
            kind: .array, childDepth: containers.top.childDepth + levels, extended: containers.top.extended, role: role,
            head: head, start: start, node: node))
        continue nextValue
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        if !singleDigit() && !shortNumber() { try anyNumber() }
      case UInt8(ascii: "t"):
        try literal("true")
        out.append(0xC3)
      case UInt8(ascii: "f"):
        try literal("false")
        out.append(0xC2)
      case UInt8(ascii: "n"):
        try literal("null")
        out.append(0xC0)
      case UInt8(ascii: "N") where bytes.hasPrefix("NaN", at: offset),
        UInt8(ascii: "I") where bytes.hasPrefix("Infinity", at: offset):
        throw nonFiniteLiteral(at: offset)
      default:
        throw error(.unexpectedCharacter, "expected a value, found \(describeByte(at: offset))", at: offset)
      }

      // A value is read: close each container it completes.
      while true {
        positions.close(node, at: offset)
        switch containers.top.kind {
        case .document:
          return
        case .array:
          if containers.top.role == .mapContent {
            if shape != .pair { containers.top.allPairs = false }
            shape = .other
          }
          containers.top.count &+= 1
          if try readComma(orClosing: "]", in: &containers.top) { continue nextValue }
          let array = containers.pop()
          node = array.node
          switch array.role {
          case .plain: try finishContainer(head: array.head, count: array.count, isMap: false, at: array.start)
          case .mapPair: if array.count == 2 { shape = .pair }
          case .mapContent:
            try finishContainer(head: array.head, count: array.count, isMap: true, at: array.start)
            if array.allPairs { shape = .pairs }
          }
        case .object:
          containers.top.count &+= 1
          if try readComma(orClosing: "}", in: &containers.top) {
            do {
              containers.top.keyHead = try key()
            } catch {
              containers.top.readingValue = false
              throw error
            }
            continue nextValue
          }
          let object = containers.pop()
          node = object.node
          try finishContainer(head: object.head, count: object.count, isMap: true, at: object.start)
        case .tag:
          let tagged = containers.pop()
          node = tagged.node
          try finishTag(tagged, shape: shape)
          shape = .other
        }
      }
    }
  }

  /// After a value in an array or object: reads `,` (returning `true`, whitespace after it skipped) or
  /// the closing bracket (returning `false`). Anything else ends the container's value reading with an
  /// error naming what was expected.
  @inline(__always)
  private mutating func readComma(orClosing close: Unicode.Scalar, in top: inout Container) throws(FormatError) -> Bool
  {
    skipWhitespace()
    guard offset < bytes.count else {
      top.readingValue = false
      throw error(.truncated, "unexpected end of input: expected ',' or '\(close)'", at: offset)
    }
    let byte = bytes[offset]
    offset += 1
    if byte == UInt8(ascii: ",") {
      skipWhitespaceBeforeItem()
      return true
    }
    guard byte == UInt8(ascii: close) else {
      top.readingValue = false
      throw error(
        .unexpectedCharacter, "expected ',' or '\(close)', found \(describeByte(at: offset - 1))", at: offset - 1)
    }
    return false
  }

  /// Reads an object's key, the colon after it and the whitespace after that, writing the key; returns
  /// where it is in the output.
  @inline(__always)
  private mutating func key() throws(FormatError) -> Int {
    if let keyHead = shortKey() { return keyHead }
    return try anyKey()
  }

  /// The fast path for keys as animation files spell them: a short ASCII string without escapes (see
  /// ``shortASCIIString()``), a colon, one space and the value. Small enough to be inlined where keys are
  /// read, unlike ``anyKey()``. Returns `nil`, having read and written nothing, for any other spelling.
  @inline(__always)
  private mutating func shortKey() -> Int? {
    let start = offset
    let keyHead = out.count
    guard offset < bytes.count && bytes[offset] == UInt8(ascii: "\"") && shortASCIIString() else { return nil }
    // `: ` (a colon and a space, lowest first) and the value's first byte.
    guard
      offset &+ 3 <= bytes.count && UInt16(littleEndian: bytes.word(UInt16.self, at: offset)) == 0x203A
        && bytes[offset &+ 2] > 0x20
    else {
      offset = start
      out.truncate(to: keyHead)
      return nil
    }
    positions.close(positions.open(at: start), at: offset)
    offset &+= 2
    return keyHead
  }

  /// Reads any key (see ``key()``).
  @inline(never)
  private mutating func anyKey() throws(FormatError) -> Int {
    guard offset < bytes.count else { throw error(.truncated, "unexpected end of input: expected a key", at: offset) }
    guard bytes[offset] == UInt8(ascii: "\"") else {
      throw error(
        .unexpectedCharacter, "expected a key in double quotes, found \(describeByte(at: offset))", at: offset)
    }
    let keyNode = positions.open(at: offset)
    let keyHead = out.count
    try string()
    positions.close(keyNode, at: offset)
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
      let atEnd = offset >= bytes.count
      throw error(
        atEnd ? .truncated : .unexpectedCharacter, "expected ':' after the key, found \(describeByte(at: offset))",
        at: offset)
    }
    offset += 1
    skipWhitespace()
    return keyHead
  }

  @inline(never)
  private func depthError(at offset: Int) -> FormatError {
    error(.depthLimitExceeded, "nesting is deeper than the limit of \(counted(limits.maxDepth, "level"))", at: offset)
  }

  /// The text of the MessagePack string written at `head` (a key, for error paths). The key's value,
  /// or part of it, may follow it in the output, so only the string itself is read.
  private func keyText(at head: Int) -> String {
    var scanner = MessagePackScanner(out.view.suffix(from: head))
    guard case .string(let length)? = try? scanner.readHeader() else { return "?" }
    return scanner.take(length).string
  }

  /// Rewrites a container's one-byte head once its count is known.
  @inline(__always)
  func finishContainer(head: Int, count: Int, isMap: Bool, at start: Int) throws(FormatError) {
    if count < 16 {
      out[head] = (isMap ? 0x80 : 0x90) | UInt8(count)
      return
    }
    if count > Int(UInt32.max) {
      throw error(.containerTooLarge, "container of \(count) entries is larger than MessagePack allows", at: start)
    }
    let size = CanonicalHeads.containerHeaderSize(count)
    out.insertGap(at: head + 1, width: size - 1)
    let saved = out.count
    out.truncate(to: head)
    if isMap { CanonicalHeads.mapHeader(count, to: out) } else { CanonicalHeads.arrayHeader(count, to: out) }
    out.truncate(to: saved)
  }

  /// Turns a tagged object's content, just read, into the value it stands for, and reads the closing
  /// brace. A `$map`'s content is written as the map as it is read; any other content is read back
  /// from the output, decoded and written in its place.
  @inline(never)
  private mutating func finishTag(_ tagged: Container, shape: Shape) throws(FormatError) {
    if tagged.tag == .map {
      guard shape == .pairs else {
        throw error(.invalidExtendedValue, "$map holds an array of [key, value] pairs", at: tagged.contentStart)
      }
    } else {
      let written = out.view.suffix(from: tagged.head)
      let content: MessagePackValue
      do {
        // Already checked against the limits as it was parsed.
        content = try MessagePackReader(limits: DecodingLimits(maxDepth: .max, maxInputSize: .max)).read(written)
      } catch {
        throw self.error(
          .invalidExtendedValue, "internal error re-reading a tagged value: \(error.message)", at: tagged.contentStart)
      }
      do {
        if tagged.tag.integerFormat != nil {
          // An integer in the format its tag names, not its smallest.
          let integer = try ExtendedJSON.integerBytes(tagged.tag, content)
          out.truncate(to: tagged.head)
          out.append(integer)
        } else {
          let value = try ExtendedJSON.decode(tagged.tag, content, text: bytes[tagged.contentStart..<offset])
          out.truncate(to: tagged.head)
          MessagePackWriter().write(value, to: out)
        }
      } catch {
        throw self.error(error.code, error.message, at: tagged.contentStart)
      }
    }
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "}") else {
      throw error(
        offset >= bytes.count ? .truncated : .invalidExtendedValue,
        "a \(tagged.tag.rawValue) object holds exactly one entry: expected '}', found \(describeByte(at: offset))",
        at: offset)
    }
    offset += 1
    // The tagged object is one value: forget the nodes recorded inside it.
    positions.truncate(after: tagged.node)
  }

  // MARK: Strings

  /// Reads a string token and writes it as a MessagePack string.
  @inline(__always)
  private mutating func string() throws(FormatError) {
    let start = offset
    let contentStart = offset &+ 1
    offset = contentStart
    var asciiOnly = true
    if contentStart &+ 16 <= bytes.count {
      // The test of ``shortASCIIString()``. A string it leaves has its first sixteen bytes plain ASCII
      // when none of them is flagged (ids, names): the scan goes on from there.
      let first = bytes.littleEndianWord(at: contentStart)
      let second = bytes.littleEndianWord(at: contentStart &+ 8)
      let firstFlags = WordScan.stringSpecial(first) | first & WordScan.highs
      let length = WordScan.firstFlagged(firstFlags, WordScan.stringSpecial(second) | second & WordScan.highs)
      if length < 16 && bytes[contentStart &+ length] == UInt8(ascii: "\"") {
        out.appendShortString(head: 0xA0 | UInt8(length), first, second, length: length)
        offset = contentStart &+ length &+ 1
        return
      }
      if length == 16 { offset = contentStart &+ 16 }
    }
    // Sixteen, then eight bytes at a time up to the first quote, backslash or control character; a byte
    // beyond ASCII anywhere in a word read (after the string's end too) has the content checked as UTF-8.
    scan: do {
      while offset &+ 16 <= bytes.count {
        let first = bytes.littleEndianWord(at: offset)
        let second = bytes.littleEndianWord(at: offset &+ 8)
        if (first | second) & WordScan.highs != 0 { asciiOnly = false }
        let run = WordScan.firstFlagged(WordScan.stringSpecial(first), WordScan.stringSpecial(second))
        offset &+= run
        if run < 16 { break scan }
      }
      while offset &+ 8 <= bytes.count {
        let word = bytes.littleEndianWord(at: offset)
        if word & WordScan.highs != 0 { asciiOnly = false }
        let special = WordScan.stringSpecial(word)
        if special != 0 {
          offset &+= special.trailingZeroBitCount &>> 3
          break scan
        }
        offset &+= 8
      }
    }
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        let content = bytes[contentStart..<offset]
        if !asciiOnly, let bad = UTF8Validation.firstInvalid(content) {
          throw error(
            .invalidUTF8, "string is not valid UTF-8 (byte 0x\(String(content[bad], radix: 16)))",
            at: contentStart + bad)
        }
        offset += 1
        if content.count <= 16 && contentStart &+ 16 <= bytes.count {
          // A short string in one head byte and two word stores, read from the input where they lie
          // (the bytes after the string are read too, within the input, and never counted).
          out.appendShortString(
            head: 0xA0 | UInt8(content.count), bytes.littleEndianWord(at: contentStart),
            bytes.littleEndianWord(at: contentStart &+ 8), length: content.count)
        } else if content.count < 256 && contentStart &+ content.count &+ 7 <= bytes.count {
          // Ids and names, a word at a time, the same way.
          out.appendMediumString(bytes, at: contentStart, count: content.count)
        } else {
          CanonicalHeads.string(content, to: out)
        }
        return
      }
      if byte == UInt8(ascii: "\\") {
        return try escapedString(start: start, contentStart: contentStart)
      }
      if byte < 0x20 {
        throw error(
          .unescapedControlCharacter, "control character 0x\(String(byte, radix: 16)) must be escaped in a string",
          at: offset)
      }
      if byte >= 0x80 { asciiOnly = false }
      offset += 1
    }
    throw error(.truncated, "unterminated string", at: start)
  }

  /// The fast path for the keys and short values animation files are full of: a string of at most 15
  /// bytes of ASCII without escapes, found in the sixteen bytes after its opening quote by one test of
  /// two words, and written from them as they are (see ``ByteBuffer/appendShortString(head:_:_:length:)``).
  /// Returns `false`, having read nothing, for any other string.
  @inline(__always)
  private mutating func shortASCIIString() -> Bool {
    guard offset &+ 17 <= bytes.count else { return false }
    let first = bytes.littleEndianWord(at: offset &+ 1)
    let second = bytes.littleEndianWord(at: offset &+ 9)
    // The first byte that is a quote, a backslash, a control character or beyond ASCII.
    let length = WordScan.firstFlagged(
      WordScan.stringSpecial(first) | first & WordScan.highs, WordScan.stringSpecial(second) | second & WordScan.highs)
    guard length < 16 && bytes[offset &+ 1 &+ length] == UInt8(ascii: "\"") else { return false }
    out.appendShortString(head: 0xA0 | UInt8(length), first, second, length: length)
    offset &+= length &+ 2
    return true
  }

  /// Reads the rest of a string that has escapes, from the first backslash on.
  ///
  /// Escapes always give whole characters, so the string is UTF-8 exactly when each run of raw bytes
  /// between escapes is: each run is checked where it lies, so an error names the offending byte.
  @inline(never)
  private mutating func escapedString(start: Int, contentStart: Int) throws(FormatError) {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: bytes[contentStart..<offset])
    var runStart = contentStart
    while offset < bytes.count {
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        try checkRawRun(from: runStart)
        offset += 1
        CanonicalHeads.string(scratch, to: out)
        return
      case UInt8(ascii: "\\"):
        try checkRawRun(from: runStart)
        try escape()
        runStart = offset
      case 0..<0x20:
        throw error(
          .unescapedControlCharacter, "control character 0x\(String(byte, radix: 16)) must be escaped in a string",
          at: offset)
      default:
        scratch.append(byte)
        offset += 1
      }
    }
    throw error(.truncated, "unterminated string", at: start)
  }

  /// Checks that the raw bytes from `runStart` up to `offset` are UTF-8.
  @inline(__always)
  private func checkRawRun(from runStart: Int) throws(FormatError) {
    let run = bytes[runStart..<offset]
    if let bad = UTF8Validation.firstInvalid(run) {
      throw error(.invalidUTF8, "string is not valid UTF-8 (byte 0x\(String(run[bad], radix: 16)))", at: runStart + bad)
    }
  }

  private mutating func escape() throws(FormatError) {
    let start = offset
    guard offset + 1 < bytes.count else { throw error(.truncated, "unterminated string", at: start) }
    let kind = bytes[offset + 1]
    offset += 2
    switch kind {
    case UInt8(ascii: "\""): scratch.append(0x22)
    case UInt8(ascii: "\\"): scratch.append(0x5C)
    case UInt8(ascii: "/"): scratch.append(0x2F)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = UInt32(try hex4(at: start))
      if (0xD800...0xDBFF).contains(scalar) {
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
        else {
          throw error(.invalidEscape, "lone surrogate \\u\(String(scalar, radix: 16)) is not a character", at: start)
        }
        let lowStart = offset
        offset += 2
        let low = UInt32(try hex4(at: lowStart))
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error(.invalidEscape, "lone surrogate \\u\(String(scalar, radix: 16)) is not a character", at: start)
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(scalar) {
        throw error(.invalidEscape, "lone surrogate \\u\(String(scalar, radix: 16)) is not a character", at: start)
      }
      scratch.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
    default:
      let next = bytes[start + 1]
      if next >= 0x21 && next < 0x7F {
        throw error(.invalidEscape, "invalid escape '\\\(Character(Unicode.Scalar(next)))' in a string", at: start)
      }
      throw error(
        .invalidEscape, "invalid escape: '\\' followed by \(describeByte(at: start + 1)) in a string", at: start)
    }
  }

  private mutating func hex4(at escapeStart: Int) throws(FormatError) -> UInt16 {
    guard offset + 4 <= bytes.count else { throw error(.invalidEscape, "\\u needs four hex digits", at: escapeStart) }
    var value: UInt16 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error(.invalidEscape, "\\u needs four hex digits", at: escapeStart)
      }
      value = value << 4 | UInt16(digit)
      offset += 1
    }
    return value
  }

  // MARK: Numbers

  /// The fast path for the number animation files hold most (over half of them): one digit, `0` to
  /// `9`, followed by a byte that cannot continue a number, written as a positive fixint. Inlined into
  /// the parse loop, unlike ``shortNumber()``. Returns `false`, having read nothing, for any other text
  /// (`-1`, `10`, `0.5`, `1e3`, `01`, a digit at the end of the input), which that reads.
  ///
  /// A number's grammar continues only with a digit, `.`, `e` or `E`; what else follows the digit is
  /// read by the caller as usual (a comma, a bracket, whitespace, or an error there), as after any
  /// number.
  @inline(__always)
  private mutating func singleDigit() -> Bool {
    guard offset &+ 1 < bytes.count else { return false }
    let digit = bytes[offset] &- UInt8(ascii: "0")
    let next = bytes[offset &+ 1]
    guard digit < 10 && next &- UInt8(ascii: "0") >= 10 && next != UInt8(ascii: ".") && next | 0x20 != UInt8(ascii: "e")
    else { return false }
    out.append(digit)
    offset &+= 1
    return true
  }

  /// The fast path for the numbers animation files are full of (`1`, `-0.752`, `11.744`): at most seven
  /// digits before the point and at most seven after it, no exponent. The digits are read eight at a time
  /// (see ``WordScan/leadingDigits(_:)``), without a branch per digit. Returns `false`, having read
  /// nothing, for any other text, which ``anyNumber()`` then reads (or rejects).
  ///
  /// Both parts fit in 14 digits, below 2^53, so a float is the mantissa divided by an exact power of
  /// ten: one correctly rounded division, as in ``JSONNumber/scan(_:at:)``'s fast path, which gives the
  /// same double.
  ///
  /// Not inlined, and it throws nothing, so the parse loop calls it without setting up for an error;
  /// the loop calls ``anyNumber()`` itself when this returns `false`.
  @inline(never)
  private mutating func shortNumber() -> Bool {
    // Two words are read from the first digit on: up to 24 bytes from the sign.
    guard offset &+ 24 <= bytes.count else { return false }
    let negative = bytes[offset] == UInt8(ascii: "-")
    let digitsStart = offset &+ (negative ? 1 : 0)
    let word = bytes.littleEndianWord(at: digitsStart)
    // Most fractions have one digit before the point and up to five after it, all in this word (`0.75`,
    // `-1.155`): read from it alone. The same mantissa and scale as below, so the same double.
    if UInt8(truncatingIfNeeded: word) &- UInt8(ascii: "0") < 10
      && UInt8(truncatingIfNeeded: word &>> 8) == UInt8(ascii: ".")
    {
      let fraction = word &>> 16
      let fractionDigits = WordScan.leadingDigits(fraction)
      if fractionDigits > 0 && fractionDigits < 6
        && UInt8(truncatingIfNeeded: fraction &>> UInt64(fractionDigits &* 8)) | 0x20 != UInt8(ascii: "e")
      {
        let scale = JSONNumber.integerPowersOfTen[fractionDigits]
        let mantissa =
          Int64(word & 0xFF &- 0x30) &* scale &+ Int64(WordScan.decimalValue(fraction, digits: fractionDigits))
        let magnitude = Double(mantissa) / Double(scale)
        out.appendFloat64((negative ? -magnitude : magnitude).bitPattern)
        offset = digitsStart &+ 2 &+ fractionDigits
        return true
      }
    }
    let integerDigits = WordScan.leadingDigits(word)
    // No digit, too many, or a leading zero before another digit (an error).
    guard integerDigits > 0 && integerDigits < 8 && (integerDigits == 1 || word & 0xFF != 0x30) else { return false }
    let integerPart = WordScan.decimalValue(word, digits: integerDigits)
    let next = UInt8(truncatingIfNeeded: word &>> UInt64(integerDigits &* 8))
    if next == UInt8(ascii: ".") {
      let fractionStart = digitsStart &+ integerDigits &+ 1
      let fraction = bytes.littleEndianWord(at: fractionStart)
      let fractionDigits = WordScan.leadingDigits(fraction)
      guard fractionDigits > 0 && fractionDigits < 8 else { return false }
      let after = UInt8(truncatingIfNeeded: fraction &>> UInt64(fractionDigits &* 8))
      guard after | 0x20 != UInt8(ascii: "e") else { return false }
      let scale = JSONNumber.integerPowersOfTen[fractionDigits]
      // Below 10^14: converted from signed integers, which takes one instruction.
      let mantissa = Int64(integerPart) &* scale &+ Int64(WordScan.decimalValue(fraction, digits: fractionDigits))
      let magnitude = Double(mantissa) / Double(scale)
      out.appendFloat64((negative ? -magnitude : magnitude).bitPattern)
      offset = fractionStart &+ fractionDigits
      return true
    }
    guard next | 0x20 != UInt8(ascii: "e") else { return false }
    if negative {
      CanonicalHeads.integer(0 &- Int64(integerPart), to: out)
    } else {
      CanonicalHeads.unsigned(integerPart, to: out)
    }
    offset = digitsStart &+ integerDigits
    return true
  }

  /// Reads any number token (see ``JSONNumber/scan(_:at:)``).
  @inline(never)
  private mutating func anyNumber() throws(FormatError) {
    if bytes[offset] == UInt8(ascii: "-") && bytes.hasPrefix("Infinity", at: offset + 1) {
      throw nonFiniteLiteral(at: offset)
    }
    switch try JSONNumber.scan(bytes, at: &offset) {
    case .int(let i): CanonicalHeads.integer(i, to: out)
    case .uint(let u): CanonicalHeads.unsigned(u, to: out)
    case .double(let d): out.appendFloat64(d.bitPattern)
    }
  }
}
