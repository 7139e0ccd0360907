import Foundation
import InertiaFormat
import Testing

/// A box that carries a result out of a thread.
private final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}

/// The stack of a secondary thread on Darwin (512 KiB), smaller than the 8 MiB of a main thread: what an
/// app's background thread reading an animation file has.
package let smallThreadStackSize = 512 * 1024

/// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for it to finish.
package func onThread<T>(stackSize: Int, _ body: @escaping @Sendable () -> T) -> T {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    box.value = body()
    done.signal()
  }
  thread.stackSize = stackSize
  thread.start()
  done.wait()
  return box.value!
}

/// Runs each of `reads` of a million nested containers on a thread with a 512 KiB stack, checks that each
/// fails on the depth limit at offset 512 (recording an issue for one that does not fail), and returns
/// their errors for the checks particular to their format.
package func depthLimitErrors(
  _ reads: [@Sendable () throws -> Void], sourceLocation: SourceLocation = #_sourceLocation
) -> [FormatError] {
  let results = onThread(stackSize: smallThreadStackSize) { reads.map { read in Result { try read() } } }
  return results.compactMap { result in
    guard case .failure(let error) = result else {
      Issue.record("a million nested arrays were accepted", sourceLocation: sourceLocation)
      return nil
    }
    guard let error = error as? FormatError else {
      Issue.record("a million nested arrays failed with \(error)", sourceLocation: sourceLocation)
      return nil
    }
    #expect(error.message == "nesting is deeper than the limit of 512 levels", sourceLocation: sourceLocation)
    #expect(error.offset == 512, sourceLocation: sourceLocation)
    return error
  }
}
