import InertiaFormat
import InertiaLint

/// The progress line a long `--fix` run keeps on standard error when it is a terminal:
/// `[1234/10000] fixing…`, rewritten in place and cleared when the run ends.
///
/// It appears only once the run has taken longer than ``delay``, so short runs print nothing, and is
/// redrawn at most every ``interval``. Workers report from any thread.
final class FixProgress: Sendable {
  let total: Int
  let delay: Duration
  let interval: Duration
  private let write: @Sendable (String) -> Void
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  /// When the line was last drawn, and whether it is shown.
  private let drawn = Locked<(last: ContinuousClock.Instant?, isShown: Bool)>((nil, false))

  init(
    total: Int, delay: Duration = .milliseconds(500), interval: Duration = .milliseconds(100),
    write: @escaping @Sendable (String) -> Void
  ) {
    self.total = total
    self.delay = delay
    self.interval = interval
    self.write = write
    start = clock.now
  }

  /// Notes that `done` inputs are finished.
  func update(_ done: Int) {
    drawn.withLock { drawn in
      let now = clock.now
      guard now - start >= delay, drawn.last.map({ now - $0 >= interval }) ?? true else { return }
      drawn = (now, true)
      write("\r[\(done)/\(total)] fixing…")
    }
  }

  /// Clears the line, if it was ever drawn.
  func finish() {
    drawn.withLock { drawn in
      if drawn.isShown { write("\r\u{1B}[K") }
      drawn.isShown = false
    }
  }
}
