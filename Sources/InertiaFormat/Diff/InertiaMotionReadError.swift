/// Why a version of a file cannot be compared: it is not an animation file the runtimes can read, and where.
///
/// A diff reads what the runtimes read, so a value of the wrong type (a `duration` that is a string, a pose
/// without `opacity`) leaves nothing to compare. Ids are the exception: where they are missing or are not
/// strings, the diff matches by position instead (the linter reports them).
public struct InertiaMotionReadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The byte offset of the value in the input.
  public var offset: Int
  /// The 1-based line and column (in Unicode scalars), for JSON input.
  public var line: Int?
  /// The 1-based column, for JSON input.
  public var column: Int?
  /// The value's path in the document.
  public var path: JSONPointer
  /// What is wrong, in one sentence without a trailing period.
  public var message: String

  /// The position as the tools print it after the file name: `:3:14` for JSON, `: offset 1234` for MessagePack.
  public var locationSuffix: String {
    if let line, let column { return ":\(line):\(column)" }
    return ": offset \(offset)"
  }

  /// `3:14: message at /0/keyframes/1/duration`, or `offset 1234: …`.
  public var description: String {
    String(locationSuffix.dropFirst(locationSuffix.hasPrefix(": ") ? 2 : 1)) + ": " + messageWithPath
  }

  /// The message followed by the path, when the path is not the root.
  public var messageWithPath: String { path.isRoot ? message : "\(message) at \(path)" }

  /// The one-line report the tools print: `FILE: offset 1234: message at /0/id` or `FILE:3:14: …`.
  public func report(file: String) -> String { "\(file)\(locationSuffix): \(messageWithPath)" }
}
