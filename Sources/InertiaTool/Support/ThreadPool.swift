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
