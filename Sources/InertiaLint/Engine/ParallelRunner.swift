/// Runs independent pieces of work, on as many threads as it has.
///
/// The linter owns no threads. It splits the rules of a large document into pieces, and a tool that
/// wants them run on several cores gives the ``Linter`` a runner that does so (``Linter/runner``). The
/// default, ``SerialRunner``, runs them one after another on the calling thread.
public protocol ParallelRunner: Sendable {
  /// How many pieces the runner runs at once.
  var width: Int { get }

  /// Calls `body` with each number in `0..<count`, perhaps on several threads at once, and returns once
  /// every call has returned.
  func run(_ count: Int, _ body: @Sendable (Int) -> Void)
}
