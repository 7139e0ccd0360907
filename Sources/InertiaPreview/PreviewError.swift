import InertiaFormat

/// Why a file cannot be drawn: a value the runtimes cannot draw either, at ``pointer``.
public struct PreviewError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Where the value is in the document.
  public var pointer: JSONPointer
  /// What is wrong and what the runtime does, in one sentence without a trailing period.
  public var message: String

  /// An error about the value at `pointer`.
  public init(pointer: JSONPointer, message: String) {
    self.pointer = pointer
    self.message = message
  }

  /// `message at /0/keyframes/1/values/scale`.
  public var description: String { pointer.isRoot ? message : "\(message) at \(pointer)" }
}
