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
    "forEach(deliver:) delivers each result once, in order, on the calling thread, at most a window waiting",
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
    // One more than the window is counted while a result is between its slot and `deliver`.
    #expect(waiting.most <= ThreadPool.deliveryWindow(jobs: jobs) + 1)
  }

  @Test(
    "forEach(deliver:) holds at most a window of results when delivering is the slow part",
    arguments: [2, 3])
  func slowDelivery(jobs: Int) {
    let waiting = Waiting()
    let count = 4 * ThreadPool.deliveryWindow(jobs: jobs)
    var delivered = 0
    ThreadPool.forEach(Array(0..<count), jobs: jobs) { index in
      waiting.add(1)
      return index
    } deliver: { result in
      waiting.add(-1)
      // The other threads run ahead until the window stops them, then are woken as it empties.
      if result % 4 == 0 { usleep(20) }
      #expect(result == delivered)
      delivered += 1
    }
    #expect(delivered == count)
    #expect(waiting.most <= ThreadPool.deliveryWindow(jobs: jobs) + 1)
  }

  /// A result that notes the thread that made it, and whether it was freed on another.
  final class Made {
    let index: Int
    let maker = pthread_self()
    let strays: Strays

    init(_ index: Int, _ strays: Strays) {
      self.index = index
      self.strays = strays
    }

    deinit {
      strays.note(index, sameThread: pthread_equal(pthread_self(), maker) != 0)
    }
  }

  /// The results freed, and those freed on a thread other than their maker's.
  final class Strays: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var freed: [Int] = []
    private(set) var elsewhere: [Int] = []

    func note(_ index: Int, sameThread: Bool) {
      lock.lock()
      freed.append(index)
      if !sameThread { elsewhere.append(index) }
      lock.unlock()
    }
  }

  @Test(
    "forEach(deliver:) frees each delivered result once, on the thread that made it",
    arguments: [(2, 2), (300, 2), (2000, 2), (2000, 3), (700, 8)])
  func freesOnMaker(count: Int, jobs: Int) {
    let strays = Strays()
    var delivered: [Int] = []
    ThreadPool.forEach(Array(0..<count), jobs: jobs) { index in
      if index % 5 == 0 { usleep(UInt32(index % 3) * 100) }
      return Made(index, strays)
    } deliver: { made in
      delivered.append(made.index)
    }
    #expect(delivered == Array(0..<count))
    #expect(strays.freed.sorted() == Array(0..<count))
    #expect(strays.elsewhere.isEmpty, "freed on another thread than their maker's: \(strays.elsewhere.prefix(8))…")
  }

  @Test("forEach gives every result in the inputs' order", arguments: [0, 1, 7, 1000])
  func results(count: Int) {
    let results = ThreadPool.forEach(Array(0..<count), jobs: 4) { $0 + 1 }
    #expect(results == Array(1..<(count + 1)))
  }
}
