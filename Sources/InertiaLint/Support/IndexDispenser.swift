/// Hands out 0, 1, 2, … to whichever thread asks next, each number once: how threads share out a list
/// of work without two taking the same item.
package final class IndexDispenser: Sendable {
  private let value = Locked(0)

  package init() {}

  /// The next number, from 0.
  package func next() -> Int {
    value.withLock { value in
      defer { value += 1 }
      return value
    }
  }
}
