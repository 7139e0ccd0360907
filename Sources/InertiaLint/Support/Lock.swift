#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock on pthreads, for the package's few shared tables and counters. The tools use
/// it rather than Foundation's `NSLock` so that they need not load all of Foundation, which costs every
/// run a few milliseconds at start-up.
package final class Lock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  package init() {
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  package func lock() { pthread_mutex_lock(mutex) }
  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` holding the lock.
  package func withLock<R>(_ body: () throws -> R) rethrows -> R {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// A value that threads share, read and changed only under a lock of its own: the package's one way to
/// share mutable state between threads, so that no other type need vouch for its own thread safety.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = Lock()
  /// Read and written only in ``withLock(_:)``, which holds `lock`.
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, holding the lock.
  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
