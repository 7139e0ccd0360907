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
  /// ``deliveryWindow(jobs:)`` results wait to be delivered at a time, so a long run holds a bounded
  /// number of results, not all of them.
  ///
  /// The calling thread is one of the `jobs` workers: between inputs of its own it delivers whatever is
  /// ready, and it waits only when nothing is left to take. So `jobs` threads run, not `jobs` and a
  /// deliverer, and a thread sleeps and wakes only when it has to (a deliverer woken for each result
  /// made a lint of small files on two threads take about a third more CPU time than on one).
  ///
  /// A result is freed by the thread that made it: once delivered, it goes back to its maker, which drops
  /// it before its next input. The C library's allocator keeps memory per thread, and memory freed on
  /// another thread makes the two threads take turns at one lock (on two threads, some of the futex waits
  /// of a lint of small files came from freeing their findings on the delivering thread).
  package static func forEach<Input: Sendable, Output>(
    _ inputs: [Input], jobs: Int, _ body: @escaping @Sendable (Input) -> Output, deliver: (Output) -> Void
  ) {
    if jobs <= 1 || inputs.count <= 1 {
      // By index, each input read in place: `for input in inputs` copied each (its strings retained and
      // released).
      for index in inputs.indices { deliver(body(inputs[index])) }
      return
    }
    let workers = min(jobs, inputs.count)
    let slots = OrderedSlots<Output>(count: inputs.count, window: deliveryWindow(jobs: workers), workers: workers)
    let group = DispatchGroup()
    for worker in 1..<workers {
      DispatchQueue.global().async(group: group) {
        var delivered: [OrderedSlots<Output>.Made] = []
        while let index = slots.nextIndex(for: worker, givingBack: &delivered) {
          delivered.removeAll(keepingCapacity: true)
          slots.fill(index, with: body(inputs[index]), by: worker)
        }
        delivered.removeAll()
        // The last results this thread made are still to be delivered: wait for them, to free them here too.
        slots.waitForAllGivenBack(to: worker, &delivered)
        delivered.removeAll()
      }
    }
    var next = 0
    var none: [OrderedSlots<Output>.Made] = []
    while next < inputs.count {
      let made: OrderedSlots<Output>.Made
      if let done = slots.takeIfDone(next) {
        made = done
      } else if let index = slots.nextIndex(for: 0, givingBack: &none, waits: false) {
        slots.fill(index, with: body(inputs[index]), by: 0)
        continue
      } else {
        // Every input is handed out, or the window is full: the next result is another thread's.
        made = slots.take(next)
      }
      deliver(made.output)
      slots.giveBack(consume made)
      next += 1
    }
    group.wait()
  }

  /// How many results ``forEach(_:jobs:_:deliver:)`` lets wait to be delivered, on `jobs` threads: enough
  /// that a worker seldom sleeps on it when the delivering thread loses its core for a while (a
  /// scheduler's time slice is a few milliseconds, a small file's lint some tens of microseconds), few
  /// enough that the waiting results of small files (their findings and text, some kilobytes each) take a
  /// few megabytes at most.
  package static func deliveryWindow(jobs: Int) -> Int { 128 * jobs }

  /// The largest `--max-depth` a command takes: a thread with the stack for it (see ``withStack(forDepth:_:)``)
  /// reserves 41 MiB of address space, of which only what is used takes memory.
  package static let largestMaxDepth = 10_000

  /// The stack one level of a document's nesting may take on a thread that goes into it: the recursions
  /// over a document (the typed model's decoding of nested shapes, the canonical MessagePack writer, the
  /// schema walk, the release of a tree of values) take well under this per level, debug builds included.
  static let stackPerLevel = 4 << 10
  /// The stack of a thread before any nesting: 1 MiB.
  static let stackBase = 1 << 20

  /// Runs `body` where the thread's stack holds `depth` levels of a document's nesting: in place for the
  /// default limit (512 levels, which every thread's stack holds), else on a thread of its own with a stack
  /// of ``stackBase`` and ``stackPerLevel`` a level (41 MiB for 10,000 levels, of which only what is used
  /// takes memory), which it waits for.
  package static func withStack<R>(forDepth depth: Int, _ body: () -> R) -> R {
    guard depth > DecodingLimits.default.maxDepth else { return body() }
    return withoutActuallyEscaping(body) { body in
      var result: R?
      let call = ThreadCall { result = body() }
      var attributes = pthread_attr_t()
      pthread_attr_init(&attributes)
      defer { pthread_attr_destroy(&attributes) }
      pthread_attr_setstacksize(&attributes, stackBase + depth * stackPerLevel)
      let context = Unmanaged.passRetained(call).toOpaque()
      #if canImport(Darwin)
        var thread: pthread_t?
      #else
        var thread = pthread_t()
      #endif
      let started = pthread_create(&thread, &attributes, runThreadCall, context)
      guard started == 0 else {
        Unmanaged<ThreadCall>.fromOpaque(context).release()
        return body()
      }
      #if canImport(Darwin)
        pthread_join(thread!, nil)
      #else
        pthread_join(thread, nil)
      #endif
      return result!
    }
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
/// the deliverer takes them in order and gives each back to the worker that made it; a worker waits
/// rather than run more than `window` ahead of the deliverer.
///
/// A thread is woken only when what it waits for is there: the deliverer when the slot it waits on is
/// filled, a worker waiting on the window once half of the window is free again (not for each result
/// delivered, which made the two threads take turns, waking each other thousands of times).
private final class OrderedSlots<Output>: @unchecked Sendable {
  /// A result and the worker that made it (0: the delivering thread).
  struct Made {
    var output: Output
    var maker: Int
  }

  // Every field is read and written with `mutex` held, which is what keeps threads apart here: the
  // run-time exclusivity checks of a class's fields would only cost time (a thread-local look-up each).
  @exclusivity(unchecked) private var slots: [Made?]
  private let window: Int
  @exclusivity(unchecked) private var handedOut = 0
  @exclusivity(unchecked) private var delivered = 0
  /// Delivered results on their way back to each worker.
  @exclusivity(unchecked) private var returned: [[Made]]
  /// The slot the deliverer sleeps on, if it does.
  @exclusivity(unchecked) private var awaited = -1
  /// How many workers sleep on the window, and on the last results (both on `windowFreed`).
  @exclusivity(unchecked) private var waitingOnWindow = 0, waitingForEnd = 0
  /// How many results were given back (and the deliverer's own dropped).
  @exclusivity(unchecked) private var givenBack = 0
  // In memory of their own, at an address that stays put, and without run-time exclusivity checks (which
  // `&` on a class's field would make at each use).
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let filled = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private let windowFreed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init(count: Int, window: Int, workers: Int) {
    slots = Array(repeating: nil, count: count)
    self.window = window
    returned = Array(repeating: [], count: workers)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    for condition in [filled, windowFreed] {
      condition.initialize(to: pthread_cond_t())
      pthread_cond_init(condition, nil)
    }
  }

  deinit {
    for condition in [filled, windowFreed] {
      pthread_cond_destroy(condition)
      condition.deallocate()
    }
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// The next index for `worker` to work on, once it is within the window; `nil` when every index is
  /// handed out, or when the window is full and `waits` is false. The results given back to `worker`
  /// since it last asked are swapped into `delivered` (which should be empty), for it to drop.
  func nextIndex(for worker: Int, givingBack delivered: inout [Made], waits: Bool = true) -> Int? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while waits && handedOut < slots.count && handedOut >= self.delivered + window {
      waitingOnWindow += 1
      pthread_cond_wait(windowFreed, mutex)
      waitingOnWindow -= 1
    }
    if worker > 0 { swap(&returned[worker], &delivered) }
    guard handedOut < slots.count && handedOut < self.delivered + window else { return nil }
    handedOut += 1
    return handedOut - 1
  }

  func fill(_ index: Int, with output: consuming Output, by worker: Int) {
    pthread_mutex_lock(mutex)
    slots[index] = Made(output: output, maker: worker)
    if index == awaited { pthread_cond_signal(filled) }
    pthread_mutex_unlock(mutex)
  }

  /// The result at `index`, once it is there; its slot is emptied.
  func take(_ index: Int) -> Made {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while slots[index] == nil {
      awaited = index
      pthread_cond_wait(filled, mutex)
    }
    awaited = -1
    return taken(index)
  }

  /// The result at `index` if it is there (its slot is emptied), else `nil` at once.
  func takeIfDone(_ index: Int) -> Made? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return slots[index] == nil ? nil : taken(index)
  }

  /// Hands a delivered result back to the worker that made it, to be freed there; the deliverer's own
  /// are freed at once.
  func giveBack(_ made: consuming Made) {
    let maker = made.maker
    pthread_mutex_lock(mutex)
    givenBack += 1
    if givenBack == slots.count && waitingForEnd > 0 { pthread_cond_broadcast(windowFreed) }
    // Moved, not copied, so that no reference to it is left here for this thread to drop last.
    if maker > 0 { returned[maker].append(consume made) }
    pthread_mutex_unlock(mutex)
  }

  /// Waits until every result is delivered and given back, then swaps the rest of `worker`'s into
  /// `delivered` (which should be empty).
  func waitForAllGivenBack(to worker: Int, _ delivered: inout [Made]) {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while givenBack < slots.count {
      waitingForEnd += 1
      pthread_cond_wait(windowFreed, mutex)
      waitingForEnd -= 1
    }
    swap(&returned[worker], &delivered)
  }

  /// Empties the filled slot at `index`, the next in order, and wakes the workers waiting on the window
  /// once half of it is free.
  private func taken(_ index: Int) -> Made {
    let made = slots[index].take()!
    delivered = index + 1
    if waitingOnWindow > 0 && handedOut - delivered <= window / 2 { pthread_cond_broadcast(windowFreed) }
    return made
  }
}

/// The work of a thread ``ThreadPool/withStack(forDepth:_:)`` starts, handed to it as its argument.
private final class ThreadCall {
  let body: () -> Void
  init(_ body: @escaping () -> Void) { self.body = body }
}

#if canImport(Darwin)
  private func runThreadCall(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadCall>.fromOpaque(context).takeRetainedValue().body()
    return nil
  }
#else
  private func runThreadCall(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadCall>.fromOpaque(context!).takeRetainedValue().body()
    return nil
  }
#endif
