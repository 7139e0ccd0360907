import Foundation
import Testing

@testable import InertiaTool

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The tools' threads: every input worked on once, results in the inputs' order, delivered on the
/// calling thread, with a bounded number waiting.
@Suite("Thread pool")
struct ThreadPoolTests {
  /// Counts what is done and not yet delivered, and the most there ever was.
  final class Waiting: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private(set) var most = 0

    func add(_ change: Int) {
      lock.lock()
      count += change
      most = max(most, count)
      lock.unlock()
    }
  }

  @Test(
    "forEach(deliver:) delivers each result once, in order, on the calling thread, at most 16 x jobs waiting",
    arguments: [(0, 2), (1, 2), (2, 2), (3, 4), (500, 1), (500, 2), (500, 3), (2000, 8)])
  func delivers(count: Int, jobs: Int) {
    let caller = pthread_self()
    let waiting = Waiting()
    var delivered: [Int] = []
    var onCaller = true
    ThreadPool.forEach(Array(0..<count), jobs: jobs) { index in
      // Uneven work, so that results finish out of order.
      if index % 7 == 0 { usleep(UInt32(index % 3) * 200) }
      waiting.add(1)
      return index * 2
    } deliver: { result in
      waiting.add(-1)
      if pthread_equal(pthread_self(), caller) == 0 { onCaller = false }
      delivered.append(result)
    }
    #expect(delivered == (0..<count).map { $0 * 2 })
    #expect(onCaller)
    // The window holds 16 x jobs; one more is counted while a result is between its slot and `deliver`.
    #expect(waiting.most <= 16 * jobs + 1)
  }

  @Test("forEach gives every result in the inputs' order", arguments: [0, 1, 7, 1000])
  func results(count: Int) {
    let results = ThreadPool.forEach(Array(0..<count), jobs: 4) { $0 + 1 }
    #expect(results == Array(1..<(count + 1)))
  }
}
