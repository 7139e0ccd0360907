import Dispatch
import InertiaLint
import TestSupport

/// A runner that really runs pieces on several threads, as the tool's does, so that tests exercise the
/// engine's sharing of work between threads.
struct ThreadRunner: ParallelRunner {
  let width: Int

  func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
  }
}
