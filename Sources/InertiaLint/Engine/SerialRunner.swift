/// Runs every piece on the calling thread, one after another.
public struct SerialRunner: ParallelRunner {
  /// A runner that runs everything on the calling thread.
  public init() {}

  /// One piece at a time.
  public var width: Int { 1 }

  /// Calls `body` with 0, 1, … `count - 1`, in order, on the calling thread.
  public func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
    for index in 0..<count { body(index) }
  }
}
