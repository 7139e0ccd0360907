/// A counter that threads draw numbers from, each number once.
package final class Counter: @unchecked Sendable {
  private var value = 0
  private let lock = Lock()

  package init() {}

  /// The next number, from 0.
  package func increment() -> Int {
    lock.lock()
    defer { lock.unlock() }
    let current = value
    value += 1
    return current
  }
}
