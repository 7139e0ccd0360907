import Dispatch
import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The tools' threads: files are worked on side by side, one per core unless told otherwise, and the
/// linter's rules of one large file likewise (through ``ThreadPool/runner(width:)``).
package enum ThreadPool {
  /// How many cores the machine has.
  package static var processorCount: Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  /// Works on every input across `jobs` threads and gives the results in the inputs' order.
  /// - Parameters:
  ///   - done: called, from any thread, after each input with how many are done so far.
  ///   - body: the work for one input; it runs on many threads at once.
  package static func forEach<Input: Sendable, Output>(
    _ inputs: [Input], jobs: Int, done: (@Sendable (Int) -> Void)? = nil, _ body: @Sendable (Input) -> Output
  ) -> [Output] {
    if jobs <= 1 || inputs.count <= 1 {
      return inputs.enumerated().map { index, input in
        let output = body(input)
        done?(index + 1)
        return output
      }
    }
    let results = UnsafeMutableBufferPointer<Output>.allocate(capacity: inputs.count)
    defer { results.deallocate() }
    nonisolated(unsafe) let shared = results
    // Hand out inputs in small batches, so a slow file does not hold up a whole share of the work.
    let batch = max(1, min(64, inputs.count / (jobs * 8)))
    let batches = (inputs.count + batch - 1) / batch
    let next = IndexDispenser()
    let finished = IndexDispenser()
    DispatchQueue.concurrentPerform(iterations: min(jobs, batches)) { _ in
      while true {
        let index = next.next()
        if index >= batches { return }
        for i in (index * batch)..<min(inputs.count, (index + 1) * batch) {
          (shared.baseAddress! + i).initialize(to: body(inputs[i]))
          done?(finished.next() + 1)
        }
      }
    }
    let outcomes = Array(results)
    results.baseAddress!.deinitialize(count: inputs.count)
    return outcomes
  }

  /// Works on every input across `jobs` threads and hands each result to `deliver`, on the calling
  /// thread, in the inputs' order, as soon as it and every result before it are done. At most
  /// `16 × jobs` results wait to be delivered at a time, so a long run holds a few results, not all of
  /// them.
  ///
  /// The calling thread is one of the `jobs` workers: between inputs of its own it delivers whatever is
  /// ready, and it waits only when nothing is left to take. So `jobs` threads run, not `jobs` and a
  /// deliverer, and a thread sleeps and wakes only when it has to (a deliverer woken for each result
  /// made a lint of small files on two threads take about a third more CPU time than on one).
  package static func forEach<Input: Sendable, Output>(
    _ inputs: [Input], jobs: Int, _ body: @escaping @Sendable (Input) -> Output, deliver: (Output) -> Void
  ) {
    if jobs <= 1 || inputs.count <= 1 {
      for input in inputs { deliver(body(input)) }
      return
    }
    let slots = OrderedSlots<Output>(count: inputs.count, window: 16 * jobs)
    let group = DispatchGroup()
    for _ in 1..<min(jobs, inputs.count) {
      DispatchQueue.global().async(group: group) {
        while let index = slots.nextIndex() {
          slots.fill(index, with: body(inputs[index]))
        }
      }
    }
    var next = 0
    while next < inputs.count {
      while next < inputs.count, let output = slots.takeIfDone(next) {
        deliver(output)
        next += 1
      }
      guard next < inputs.count else { break }
      if let index = slots.nextIndex(waits: false) {
        slots.fill(index, with: body(inputs[index]))
      } else {
        // Every input is handed out, or the window is full: the next result is another thread's.
        deliver(slots.take(next))
        next += 1
      }
    }
    group.wait()
  }

  /// A runner for the linter that runs its pieces on up to `width` threads.
  package static func runner(width: Int = processorCount) -> any ParallelRunner {
    DispatchRunner(width: width)
  }

  private struct DispatchRunner: ParallelRunner {
    let width: Int

    func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
      DispatchQueue.concurrentPerform(iterations: count, execute: body)
    }
  }
}

/// The results of ``ThreadPool/forEach(_:jobs:_:deliver:)``: workers take indices and fill their slots,
/// the deliverer takes them in order; a worker waits rather than run more than `window` ahead of it.
private final class OrderedSlots<Output>: @unchecked Sendable {
  private var slots: [Output?]
  private let window: Int
  private var handedOut = 0
  private var delivered = 0
  private var mutex = pthread_mutex_t()
  private var changed = pthread_cond_t()

  init(count: Int, window: Int) {
    slots = Array(repeating: nil, count: count)
    self.window = window
    pthread_mutex_init(&mutex, nil)
    pthread_cond_init(&changed, nil)
  }

  deinit {
    pthread_cond_destroy(&changed)
    pthread_mutex_destroy(&mutex)
  }

  /// The next index to work on, once it is within the window; `nil` when every index is handed out, or
  /// when the window is full and `waits` is false.
  func nextIndex(waits: Bool = true) -> Int? {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    while waits && handedOut < slots.count && handedOut >= delivered + window {
      pthread_cond_wait(&changed, &mutex)
    }
    guard handedOut < slots.count && handedOut < delivered + window else { return nil }
    handedOut += 1
    return handedOut - 1
  }

  func fill(_ index: Int, with output: Output) {
    pthread_mutex_lock(&mutex)
    slots[index] = output
    pthread_cond_broadcast(&changed)
    pthread_mutex_unlock(&mutex)
  }

  /// The result at `index`, once it is there; its slot is emptied.
  func take(_ index: Int) -> Output {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    while slots[index] == nil { pthread_cond_wait(&changed, &mutex) }
    return taken(index)
  }

  /// The result at `index` if it is there (its slot is emptied), else `nil` at once.
  func takeIfDone(_ index: Int) -> Output? {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return slots[index] == nil ? nil : taken(index)
  }

  /// Empties the filled slot at `index`, the next in order, and lets a worker waiting on the window go on.
  private func taken(_ index: Int) -> Output {
    let output = slots[index]!
    slots[index] = nil
    delivered = index + 1
    if handedOut >= delivered - 1 + window { pthread_cond_broadcast(&changed) }
    return output
  }
}
