import Foundation

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
