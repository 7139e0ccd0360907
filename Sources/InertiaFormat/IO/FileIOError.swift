#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed file operation, with the path and the system's reason.
public struct FileIOError: Error, Equatable, Sendable, CustomStringConvertible {
  public var path: String
  public var operation: String
  public var reason: String

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
}
