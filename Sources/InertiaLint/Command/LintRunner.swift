import Dispatch
import InertiaFormat

/// What linting one input came to.
public enum LintOutcome: Sendable {
  /// The findings, in report order.
  case linted([Finding])
  /// The input could not be read; the message names the path and the reason.
  case unreadable(String)
}

/// Lints many inputs across the machine's cores, giving results in the inputs' order.
struct LintRunner {
  let linter: Linter
  /// How many inputs are linted at once.
  let jobs: Int

  /// Lints every input. Standard input, if among them, is read first, on the calling thread.
  func run(_ inputs: [LintInput], standardInput: () -> [UInt8]?) -> [LintOutcome] {
    let stdinBytes: [UInt8]? = inputs.contains(where: \.isStandardInput) ? standardInput() : nil
    let linter = self.linter
    return Self.forEach(inputs, jobs: jobs) { input in
      let contents: FileContents
      if let path = input.readPath {
        do throws(FileIOError) {
          contents = try FileContents(path: path, maxSize: DecodingLimits.default.maxInputSize)
        } catch {
          return .unreadable("\(input.path): cannot read: \(error.reason)")
        }
      } else {
        guard let stdinBytes else { return .unreadable("\(input.path): cannot read standard input") }
        contents = FileContents(copying: stdinBytes)
      }
      return .linted(linter.lint(contents, file: input.path, fileName: input.fileName))
    }
  }

  /// Works on every input across `jobs` threads and gives the results in the inputs' order.
  /// - Parameters:
  ///   - done: called, from any thread, after each input with how many are done so far.
  ///   - body: the work for one input; it runs on many threads at once.
  static func forEach<Input: Sendable, Output>(
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
    let next = Counter()
    let finished = Counter()
    DispatchQueue.concurrentPerform(iterations: min(jobs, batches)) { _ in
      while true {
        let index = next.increment()
        if index >= batches { return }
        for i in (index * batch)..<min(inputs.count, (index + 1) * batch) {
          (shared.baseAddress! + i).initialize(to: body(inputs[i]))
          done?(finished.increment() + 1)
        }
      }
    }
    let outcomes = Array(results)
    results.baseAddress!.deinitialize(count: inputs.count)
    return outcomes
  }
}

/// A counter that threads draw numbers from, each number once.
final class Counter: @unchecked Sendable {
  private var value = 0
  private let lock = Lock()

  /// The next number, from 0.
  func increment() -> Int {
    lock.lock()
    defer { lock.unlock() }
    let current = value
    value += 1
    return current
  }
}
