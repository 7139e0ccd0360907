import InertiaFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the tools do when the process is told to stop: Ctrl-C (SIGINT), `kill` (SIGTERM), a closed
/// terminal (SIGHUP) or a closed pipe (SIGPIPE) ends the process as the signal would, but first removes
/// the temporary files of the writes in flight, so that every file is wholly old or wholly new and
/// nothing is left beside it. The shell then reports 130 for SIGINT and 143 for SIGTERM, as for any
/// program a signal ends. A signal the process was started ignoring (`nohup` ignores SIGHUP) stays
/// ignored.
enum ProcessSignals {
  static let stopping = [SIGINT, SIGTERM, SIGHUP, SIGPIPE]

  /// Set once a stopping signal arrives: no temporary file is begun after it.
  nonisolated(unsafe) static var isStopping: sig_atomic_t = 0

  /// Runs `body` with the stopping signals held back, so that a temporary file is never made without
  /// being noted for removal; a signal that arrives meanwhile is handled as soon as `body` returns.
  static func withStopsHeld<R>(_ body: () throws(FileIOError) -> R) throws(FileIOError) -> R {
    var held = sigset_t()
    sigemptyset(&held)
    for signal in stopping { sigaddset(&held, signal) }
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &held, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return try body()
  }

  /// Installs the handlers; called once at start-up by each tool.
  static func install() {
    _ = TemporaryFiles.table  // made before any signal can need it
    for signal in stopping {
      var current = sigaction()
      sigaction(signal, nil, &current)
      #if os(Linux)
        let ignored = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1  // SIG_IGN
      #else
        let ignored = unsafeBitCast(current.__sigaction_u.__sa_handler, to: Int.self) == 1
      #endif
      if ignored { continue }
      var action = sigaction()
      #if os(Linux)
        action.__sigaction_handler.sa_handler = stop
      #else
        action.__sigaction_u.__sa_handler = stop
      #endif
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
  }
}

/// Removes the temporary files, then ends the process by the same signal with its default action.
private func stop(_ number: Int32) {
  ProcessSignals.isStopping = 1
  TemporaryFiles.waitForFilesBeingMade()
  TemporaryFiles.removeAll()
  signal(number, SIG_DFL)
  raise(number)
}
