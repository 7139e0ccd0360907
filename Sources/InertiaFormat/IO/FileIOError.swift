#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed file operation, with the path and the system's reason.
public struct FileIOError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file the operation was on.
  public var path: String
  /// What was being done: `read` or `write`.
  public var operation: String
  /// Why it failed, as the system says it or in words of our own.
  public var reason: String

  /// A failure of `operation` on `path`, for `reason`.
  public init(path: String, operation: String, reason: String) {
    self.path = path
    self.operation = operation
    self.reason = reason
  }

  package init(path: String, operation: String, errno code: Int32) {
    self.init(path: path, operation: operation, reason: String(cString: strerror(code)))
  }

  /// `PATH: cannot read: No such file or directory`.
  public var description: String { "\(path): cannot \(operation): \(reason)" }

  /// The same failure, naming the file as `path` (as the user gave it, where the operation was on the
  /// path made absolute for them).
  package func naming(_ path: String) -> FileIOError {
    var error = self
    error.path = path
    return error
  }
}
