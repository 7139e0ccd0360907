import Foundation
import TestSupport
import Testing

@testable import InertiaFormat

/// Every way the package reads a document, each run on the same input with the same limits.
enum ReadPath: String, CaseIterable, Sendable {
  case messagePackReader, messagePackIndex, messagePackToJSON, messagePackToExtendedJSON
  case jsonReader, jsonIndex, jsonToMessagePack, jsonToMessagePackExtended

  var isJSON: Bool { rawValue.hasPrefix("json") }

  func read(_ bytes: [UInt8], _ limits: DecodingLimits) throws(FormatError) {
    switch self {
    case .messagePackReader: _ = try MessagePackReader(limits: limits).read(bytes)
    case .messagePackIndex: _ = try IndexedDocument.read(bytes, as: .messagePack, limits: limits)
    case .messagePackToJSON: _ = try Converter.toJSON(messagePack: bytes, limits: limits)
    case .messagePackToExtendedJSON:
      _ = try Converter.toJSON(messagePack: bytes, options: .init(extended: true), limits: limits)
    case .jsonReader: _ = try JSONReader(limits: limits).read(bytes)
    case .jsonIndex: _ = try IndexedDocument.read(bytes, as: .json, limits: limits)
    case .jsonToMessagePack: _ = try Converter.toMessagePack(json: bytes, limits: limits)
    case .jsonToMessagePackExtended: _ = try Converter.toMessagePack(json: bytes, extended: true, limits: limits)
    }
  }
}

@Suite("Limits: depth, input size and length prefixes, at their boundaries")
struct LimitsTests {
  struct DepthCase: Sendable, CustomTestStringConvertible {
    let limit: Int
    let maps: Bool
    let path: ReadPath
    var testDescription: String { "\(path) limit \(limit)\(maps ? " with maps" : "")" }
  }

  static let depthCases: [DepthCase] = [1, 2, 7, 512].flatMap { limit in
    [false, true].flatMap { maps in ReadPath.allCases.map { DepthCase(limit: limit, maps: maps, path: $0) } }
  }

  @Test(
    "a document nested exactly to maxDepth is read; one level more fails at the container that opens it",
    arguments: depthCases)
  func depthBoundary(_ row: DepthCase) throws {
    let limits = DecodingLimits(maxDepth: row.limit)
    func input(_ depth: Int) throws -> [UInt8] {
      let value = nested(depth, maps: row.maps)
      return row.path.isJSON
        ? try JSONWriter(options: .init(style: .compact)).write(value) : MessagePackWriter().write(value)
    }
    #expect(throws: Never.self) { try row.path.read(try input(row.limit), limits) }
    let tooDeep = try input(row.limit + 1)
    do {
      try row.path.read(tooDeep, limits)
      Issue.record("read \(row.limit + 1) levels")
    } catch {
      #expect(error.message == "nesting is deeper than the limit of \(counted(row.limit, "level"))")
      #expect(error.path.components.count == row.limit)
      // The offset is that of the innermost container's opening byte.
      let opener: UInt8 =
        row.maps ? (row.path.isJSON ? UInt8(ascii: "{") : 0x81) : (row.path.isJSON ? UInt8(ascii: "[") : 0x91)
      #expect(tooDeep[error.offset] == opener)
    }
  }

  @Test("scalars do not count as a level")
  func scalarsDoNotCount() throws {
    let limits = DecodingLimits(maxDepth: 2)
    #expect(try JSONReader(limits: limits).read(utf8("[[1, \"a\", null]]")) == [[1, "a", nil]])
    #expect(try MessagePackReader(limits: limits).read(hexBytes("91 81 a1 61 c0")) == [["a": nil]])
    #expect(try MessagePackReader(limits: DecodingLimits(maxDepth: 1)).read(hexBytes("81 a1 61 c0")) == ["a": nil])
  }

  @Test("extended JSON counts a tagged value like the value it stands for", arguments: [1, 2, 6, 100])
  func extendedTagsCountLikeTheirValues(_ limit: Int) throws {
    let limits = DecodingLimits(maxDepth: limit)
    // Maps with non-string keys (written as {"$map": [[key, value]]}) nested to the limit, around
    // a scalar that only the extended form holds.
    let bytes = MessagePackWriter().write(mapsWithIntegerKeys(limit))
    let json = try Converter.toJSON(messagePack: bytes, options: .init(extended: true), limits: limits)
    #expect(try Converter.toMessagePack(json: json, extended: true, limits: limits) == bytes)
    #expect(try JSONReader(limits: limits, extended: true).read(json) == mapsWithIntegerKeys(limit))
    // One level more fails in both directions, at the innermost map.
    let deeper = MessagePackWriter().write(mapsWithIntegerKeys(limit + 1))
    let readError = try #require(messagePackError(deeper, limits: limits))
    #expect(readError.message == "nesting is deeper than the limit of \(counted(limit, "level"))")
    let deeperJSON = try Converter.toJSON(messagePack: deeper, options: .init(extended: true))
    let parseError = try #require(jsonError(deeperJSON, extended: true, limits: limits))
    #expect(parseError.message == "nesting is deeper than the limit of \(counted(limit, "level"))")
    #expect(text(Array(deeperJSON[parseError.offset...].prefix(8))) == "{\"$map\":")
    // A tagged scalar inside `limit` containers is no level of its own.
    var scalarInside: MessagePackValue = .binary([1])
    for _ in 0..<limit { scalarInside = [scalarInside] }
    let scalarJSON = try Converter.toJSON(
      messagePack: MessagePackWriter().write(scalarInside), options: .init(extended: true), limits: limits)
    #expect(try JSONReader(limits: limits, extended: true).read(scalarJSON) == scalarInside)
    // But a plain object there is one.
    var objectInside: MessagePackValue = ["$other": 1]
    for _ in 0..<limit { objectInside = [objectInside] }
    let objectJSON = try JSONWriter(options: .init(style: .compact, extended: true)).write(objectInside)
    #expect(
      jsonError(objectJSON, extended: true, limits: limits)?.message
        == "nesting is deeper than the limit of \(counted(limit, "level"))")
    var emptyInside: MessagePackValue = [:]
    for _ in 0..<limit { emptyInside = [emptyInside] }
    #expect(
      jsonError(try JSONWriter(options: .init(style: .compact)).write(emptyInside), extended: true, limits: limits)
        != nil)
  }

  struct TagNesting: Sendable, CustomTestStringConvertible {
    let tag: ExtendedJSON.Tag
    /// What one level of nesting opens and closes, around `tag`: `{"$map": ` … `}` and the like.
    let open: String
    let close: String
    var testDescription: String { "\(open)…\(close)" }
  }

  static let tagNestings: [TagNesting] = ExtendedJSON.Tag.allCases.flatMap { tag in
    let t = tag.rawValue
    return [
      TagNesting(tag: tag, open: #"{"\#(t)": "#, close: "}"),
      TagNesting(tag: tag, open: #"{"\#(t)": ["#, close: "]}"),
      TagNesting(tag: tag, open: #"{"\#(t)": [["#, close: "]]}"),
      TagNesting(tag: tag, open: #"{"\#(t)": [[1, "#, close: "]]}"),
      TagNesting(tag: tag, open: #"[{"\#(t)": "#, close: "}]"),
      TagNesting(tag: tag, open: #"{"a": {"\#(t)": "#, close: "}}"),
    ]
  }

  @Test(
    "extended JSON: 200,000 levels of any tag form fail on the depth limit, near the start (issue 10, item 5)",
    arguments: tagNestings)
  func deepTagNesting(_ row: TagNesting) throws {
    let levels = 200_000
    let json = utf8(String(repeating: row.open, count: levels) + "1" + String(repeating: row.close, count: levels))
    for limit in [7, 512] {
      let limits = DecodingLimits(maxDepth: limit)
      for path in [ReadPath.jsonReader, .jsonToMessagePackExtended] {
        do {
          if path == .jsonReader {
            _ = try JSONReader(limits: limits, extended: true).read(json)
          } else {
            try path.read(json, limits)
          }
          Issue.record("read \(levels) levels")
        } catch {
          #expect(error.code == .depthLimitExceeded, "\(error.message)")
          #expect(error.message == "nesting is deeper than the limit of \(counted(limit, "level"))")
          // Where: at a container's opening byte, within the first two limits' worth of levels (the
          // content of a scalar tag is plain JSON, bounded by the limit on its own), with its path.
          #expect(json[error.offset] == UInt8(ascii: "{") || json[error.offset] == UInt8(ascii: "["))
          #expect(error.offset <= 2 * (limit + 1) * row.open.utf8.count)
          #expect(error.path.components.count <= 4 * (limit + 1))
          #expect(error.line == 1 && error.column == error.offset + 1)
        }
      }
    }
  }

  // MARK: Input size

  @Test(
    "maxInputSize: an input of exactly the limit is read, one byte more is refused first", arguments: ReadPath.allCases)
  func inputSize(_ path: ReadPath) throws {
    let fits = path.isJSON ? utf8("[1,2,3,45]") : hexBytes("99 01 02 03 04 05 06 07 08 09")
    #expect(fits.count == 10)
    let limits = DecodingLimits(maxInputSize: 10)
    #expect(throws: Never.self) { try path.read(fits, limits) }
    let tooBig = path.isJSON ? utf8("[1,2,3,456]") : hexBytes("9a 01 02 03 04 05 06 07 08 09 0a")
    #expect(
      throws: FormatError(
        code: .inputTooLarge, format: path.isJSON ? .json : .messagePack, offset: 0,
        line: path.isJSON ? 1 : nil, column: path.isJSON ? 1 : nil,
        message: "input of 11 bytes is larger than the limit of 10 bytes")
    ) {
      try path.read(tooBig, limits)
    }
  }

  @Test("FileContents refuses a file larger than its limit before reading it")
  func fileSizeLimit() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("x.json", "[1,2,3,456]")
    #expect(try FileContents(path: path, maxSize: 11).bytes.count == 11)
    #expect(
      throws: FileIOError(path: path, operation: "read", reason: "it is 11 bytes, larger than the limit of 10 bytes")
    ) {
      try FileContents(path: path, maxSize: 10)
    }
  }

  // MARK: Length prefixes

  struct PrefixCase: Sendable, CustomTestStringConvertible {
    let format: String
    /// The head for a length or count of `n`.
    let head: @Sendable (Int) -> [UInt8]
    /// The bytes each unit of length or count needs.
    let unit: Int
    let message: @Sendable (Int, Int) -> String
    var testDescription: String { format }
  }

  private static func be(_ n: Int, _ width: Int) -> [UInt8] {
    (0..<width).reversed().map { UInt8(truncatingIfNeeded: n >> (8 * $0)) }
  }

  static let prefixes: [PrefixCase] = {
    func payload(_ name: String, _ head: @escaping @Sendable (Int) -> [UInt8]) -> PrefixCase {
      PrefixCase(format: name, head: head, unit: 1) { n, left in
        "\(name) length \(n) runs past the end of the input (\(counted(left, "byte")) left)"
      }
    }
    func array(_ name: String, _ head: @escaping @Sendable (Int) -> [UInt8]) -> PrefixCase {
      PrefixCase(format: name, head: head, unit: 1) { n, left in
        "\(name) of \(counted(n, "element")) runs past the end of the input (\(counted(left, "byte")) left)"
      }
    }
    func map(_ name: String, _ head: @escaping @Sendable (Int) -> [UInt8]) -> PrefixCase {
      PrefixCase(format: name, head: head, unit: 2) { n, left in
        "\(name) of \(counted(n, "entry", "entries")) runs past the end of the input (\(counted(left, "byte")) left)"
      }
    }
    return [
      payload("fixstr") { [0xA0 | UInt8($0)] },
      payload("str8") { [0xD9] + be($0, 1) },
      payload("str16") { [0xDA] + be($0, 2) },
      payload("str32") { [0xDB] + be($0, 4) },
      payload("bin8") { [0xC4] + be($0, 1) },
      payload("bin16") { [0xC5] + be($0, 2) },
      payload("bin32") { [0xC6] + be($0, 4) },
      payload("ext8") { [0xC7] + be($0, 1) + [0x05] },
      payload("ext16") { [0xC8] + be($0, 2) + [0x05] },
      payload("ext32") { [0xC9] + be($0, 4) + [0x05] },
      array("fixarray") { [0x90 | UInt8($0)] },
      array("array16") { [0xDC] + be($0, 2) },
      array("array32") { [0xDD] + be($0, 4) },
      map("fixmap") { [0x80 | UInt8($0)] },
      map("map16") { [0xDE] + be($0, 2) },
      map("map32") { [0xDF] + be($0, 4) },
    ]
  }()

  @Test(
    "a length or count that exactly fits the bytes left is read; one more is refused at the head", arguments: prefixes)
  func lengthPrefix(_ row: PrefixCase) throws {
    for n in [1, 5, 14] {
      // n units of content: 'a' for payloads (valid UTF-8), nil for elements and entries.
      let content = [UInt8](
        repeating: row.unit == 1 && !row.format.contains("array") ? 0x61 : 0xC0, count: n * row.unit)
      #expect(throws: Never.self, "\(row.format) \(n)") { try MessagePackReader().read(row.head(n) + content) }
      let short = row.head(n + 1) + content
      let error = try #require(messagePackError(short))
      #expect(error.offset == 0)
      #expect(error.message == row.message(n + 1, content.count), "\(row.format) \(n + 1)")
    }
    // A length field of all ones over a short input fails at once, allocating nothing.
    if !row.format.hasPrefix("fix") {
      let huge =
        row.head(row.format.hasSuffix("8") ? 0xFF : row.format.hasSuffix("16") ? 0xFFFF : 0xFFFF_FFFF) + [0xC0, 0xC0]
      #expect(messagePackError(huge)?.offset == 0)
    }
  }

  @Test("fixext sizes are checked like lengths", arguments: [(0xD4, 1), (0xD5, 2), (0xD6, 4), (0xD7, 8), (0xD8, 16)])
  func fixext(_ format: Int, _ size: Int) throws {
    let head: [UInt8] = [UInt8(format), 0x05]
    #expect(
      try MessagePackReader().read(head + [UInt8](repeating: 7, count: size))
        == .ext(type: 5, data: [UInt8](repeating: 7, count: size)))
    let error = try #require(messagePackError(head + [UInt8](repeating: 7, count: size - 1)))
    #expect(
      error.message == "fixext\(size) length \(size) runs past the end of the input (\(counted(size - 1, "byte")) left)"
    )
  }
}

/// Whether the readers can go as deep as their limit allows on a thread with a small stack.
///
/// No reader recurses per level of nesting: each keeps its open containers on an explicit stack, so
/// its use of the thread's stack does not grow with depth, and a document nested to the default limit
/// of 512 levels reads on the 512 KiB stack of a secondary thread on Darwin, in debug builds too.
@Suite("Stack safety: reading to the depth limit on small stacks")
struct StackSafetyTests {
  struct DepthCase: Sendable, CustomTestStringConvertible {
    let path: ReadPath
    let maps: Bool
    var testDescription: String { "\(path)\(maps ? " with maps" : "")" }
  }

  static let depthCases = ReadPath.allCases.flatMap { path in [false, true].map { DepthCase(path: path, maps: $0) } }

  @Test("documents nested to the default limit read on a 512 KiB thread, in every reader", arguments: depthCases)
  func limitDepthOnSmallThread(_ row: DepthCase) throws {
    let value = nested(DecodingLimits.default.maxDepth, maps: row.maps)
    let bytes =
      row.path.isJSON ? try JSONWriter(options: .init(style: .compact)).write(value) : MessagePackWriter().write(value)
    let result = onThread(stackSize: smallThreadStackSize) {
      Result { () throws(FormatError) in try row.path.read(bytes, .default) }
    }
    #expect(throws: Never.self) { try result.get() }
  }

  @Test("conversions both ways at the default limit on a 512 KiB thread, plain and extended ($map in $map)")
  func conversionsOnSmallThread() throws {
    let depth = DecodingLimits.default.maxDepth
    let documents = [nested(depth, maps: false), nested(depth, maps: true), mapsWithIntegerKeys(depth)]
    for document in documents {
      let messagePack = MessagePackWriter().write(document)
      let extended = document == mapsWithIntegerKeys(depth)
      // Everything that reads or writes the deep document runs on the small thread; the results are
      // compared here.
      let results = onThread(stackSize: smallThreadStackSize) {
        Result {
          () throws(FormatError) -> (pretty: [UInt8], compact: [UInt8], back: [UInt8], backFromPretty: [UInt8]) in
          let pretty = try Converter.toJSON(
            messagePack: messagePack, options: .init(style: .pretty, extended: extended))
          let compact = try Converter.toJSON(
            messagePack: messagePack, options: .init(style: .compact, extended: extended))
          let back = try Converter.toMessagePack(json: compact, extended: extended)
          let backFromPretty = try Converter.toMessagePack(json: pretty, extended: extended)
          // The index reads plain JSON only: the extended form's tags nest deeper there.
          if !extended { _ = try IndexedDocument.read(pretty, as: .json) }
          _ = try IndexedDocument.read(back, as: .messagePack)
          return (pretty, compact, back, backFromPretty)
        }
      }
      let converted = try results.get()
      #expect(converted.back == messagePack)
      #expect(converted.backFromPretty == messagePack)
      #expect(
        converted.compact == (try JSONWriter(options: .init(style: .compact, extended: extended)).write(document)))
    }
  }

  @Test("1,000,000 levels fail on the limit on a 512 KiB thread", arguments: ReadPath.allCases)
  func millionLevels(_ path: ReadPath) throws {
    let bytes =
      path.isJSON ? utf8(String(repeating: "[", count: 1_000_000)) : [UInt8](repeating: 0x91, count: 1_000_000)
    let result = onThread(stackSize: smallThreadStackSize) {
      Result { () throws(FormatError) in try path.read(bytes, .default) }
    }
    guard case .failure(let error) = result else {
      Issue.record("accepted")
      return
    }
    #expect(error.message == "nesting is deeper than the limit of 512 levels")
  }
}
