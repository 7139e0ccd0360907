/// Hands out 0, 1, 2, … to whichever thread asks next, each number once: how threads share out a list
/// of work without two taking the same item.
package final class IndexDispenser: @unchecked Sendable {
  private var value = 0
  private let lock = Lock()

  package init() {}

  /// The next number, from 0.
  package func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    let current = value
    value += 1
    return current
  }
}
