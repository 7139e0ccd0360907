/// Why a document could not be read or converted, and exactly where.
///
/// Every error of a reader or converter names its position: the byte offset in MessagePack input, or
/// the line and column in JSON input (computed from the byte offset when the error is made), and the
/// path of the value inside the document at which reading stopped. An error of ``JSONWriter``, which
/// writes a value rather than reading bytes, has no position (``hasPosition`` is `false`): only its
/// path says where. Its ``code`` says what kind of fault it is, for code that acts on it.
public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What kind of fault this is: truncated input, a depth limit, invalid UTF-8 and so on.
  public var code: Code
  /// The encoding that was being read (or, for conversion errors, the one being written from).
  public var format: DocumentEncoding
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

  /// An error of kind `code` at `offset` (and, for JSON, `line` and `column`) in `format` input, at `path`.
  public init(
    code: Code, format: DocumentEncoding, offset: Int, line: Int? = nil, column: Int? = nil, path: JSONPointer = .root,
    message: String,
    hasPosition: Bool = true
  ) {
    self.code = code
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
