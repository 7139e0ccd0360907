/// Why a document could not be read or converted, and exactly where.
///
/// Every error of a reader or converter names its position: the byte offset in MessagePack input, or
/// the line and column in JSON input (computed from the byte offset when the error is made), and the
/// path of the value inside the document at which reading stopped. An error of ``JSONWriter``, which
/// writes a value rather than reading bytes, has no position (``hasPosition`` is `false`): only its
/// path says where.
public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Format: String, Sendable {
    case messagePack = "MessagePack"
    case json = "JSON"
  }

  /// The encoding that was being read (or, for conversion errors, the one being written from).
  public var format: Format
  /// The byte offset of the fault in the input; 0 when the error has no position.
  public var offset: Int
  /// The 1-based line, for JSON input.
  public var line: Int?
  /// The 1-based column, counted in Unicode scalars, for JSON input.
  public var column: Int?
  /// Where in the document: the value being read when reading stopped.
  public var path: JSONPointer
  /// What is wrong, in one sentence without a trailing period.
  public var message: String
  /// Whether ``offset`` (and ``line`` and ``column``) place the fault in input bytes. `false` for the
  /// errors of ``JSONWriter``, which has a value, not bytes, to point into: their descriptions and
  /// reports give no position, and their offset is 0.
  public var hasPosition: Bool

  public init(
    format: Format, offset: Int, line: Int? = nil, column: Int? = nil, path: JSONPointer = .root, message: String,
    hasPosition: Bool = true
  ) {
    self.format = format
    self.offset = offset
    self.line = line
    self.column = column
    self.path = path
    self.message = message
    self.hasPosition = hasPosition
  }

  /// The position as the CLI prints it after the file name: `:3:14` for JSON, `: offset 1234` for
  /// MessagePack, nothing for an error without a position.
  public var locationSuffix: String {
    guard hasPosition else { return "" }
    if let line, let column { return ":\(line):\(column)" }
    return ": offset \(offset)"
  }

  /// The message followed by the path, when the path is not the root. A path more than 32 levels deep
  /// is shortened in the middle, so the line stays readable.
  public var messageWithPath: String {
    if path.isRoot { return message }
    let components = path.components
    guard components.count > 32 else { return "\(message) at \(path)" }
    let head = JSONPointer(Array(components.prefix(16)))
    let tail = JSONPointer(Array(components.suffix(8)))
    return "\(message) at \(head)/…(\(components.count - 24) more levels)…\(tail)"
  }

  /// `offset 1234: message at /0/id` or `3:14: message at /0/id`; `message at /0/id` without a position.
  public var description: String {
    guard hasPosition else { return messageWithPath }
    return String(locationSuffix.dropFirst(locationSuffix.hasPrefix(": ") ? 2 : 1)) + ": " + messageWithPath
  }

  /// The one-line report the tools print: `FILE: offset 1234: message` or `FILE:3:14: message`
  /// (`FILE: message` without a position).
  public func report(file: String) -> String {
    "\(file)\(locationSuffix): \(messageWithPath)"
  }
}

/// `1 byte`, `2 bytes`: a count and its noun, for error messages.
func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
  "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}

/// The path of an error, built from a reader's stack of open containers once the error is thrown.
///
/// Each container adds the component of the value it was reading. A map key has no path of its own:
/// while a key is read the path stops at its map, and the message says which entry's key it was.
struct ErrorPath {
  private(set) var components: [JSONPointer.Component] = []
  private(set) var keyOfEntry: Int?

  mutating func append(_ component: JSONPointer.Component) {
    components.append(component)
  }

  /// Notes that the fault lies in the key of the map's `entry`-th entry; returns `false` so that a
  /// walk over the containers stops here (those further in are inside the key).
  mutating func enterKey(ofEntry entry: Int) -> Bool {
    keyOfEntry = entry
    return false
  }

  /// `error`, at this path.
  func locate(_ error: FormatError) -> FormatError {
    var error = error
    error.path = JSONPointer(components + error.path.components)
    if let keyOfEntry { error.message += " in the key of entry \(keyOfEntry)" }
    return error
  }
}
