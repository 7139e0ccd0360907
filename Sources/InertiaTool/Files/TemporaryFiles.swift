import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files of the atomic writes in progress, kept so that a signal handler can remove every
/// one of them before the process ends (Ctrl-C, `kill`, a lost mapped input), without locking or
/// allocating.
///
/// The table grows as a batch needs (a `--fix` over a whole repository writes thousands of files before
/// renaming any): a larger table is made and published in one store, and the old one is kept, never
/// freed, so a handler reading it meanwhile still reads valid memory. The names are likewise never freed;
/// a slot whose file is renamed or removed is only emptied. Both cost a few bytes per file written.
enum TemporaryFiles {
  /// A table of C strings and its size; empty slots are `nil`.
  struct Table {
    var slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    var capacity: Int
  }

  nonisolated(unsafe) private(set) static var table = makeTable(capacity: 64)
  private static let lock = Lock()
  /// How many temporary files threads are making right now, between the check that the run is not
  /// being stopped and the note of the file made: the signal handler waits for them before removing.
  nonisolated(unsafe) private(set) static var beingMade = 0

  /// Where to look for a free slot first.
  nonisolated(unsafe) private static var nextFree = 0

  private static func makeTable(capacity: Int) -> Table {
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    slots.initialize(repeating: nil, count: capacity)
    return Table(slots: slots, capacity: capacity)
  }

  /// Makes a file from `template`, whose `XXXXXX` (followed by `suffixLength` more bytes) `mkstemps`
  /// replaces, closed on exec and noted for removal on a stop. Refuses while the run is being stopped.
  /// - Throws: ``FileIOError`` for `path`, the file the temporary one is made for.
  static func make(
    _ template: String, suffixLength: Int32 = 0, for path: String
  ) throws(FileIOError) -> (fd: Int32, path: String, slot: Int) {
    try ProcessSignals.withStopsHeld { () throws(FileIOError) in
      making(true)
      defer { making(false) }
      guard ProcessSignals.isStopping == 0 else {
        throw FileIOError(path: path, operation: "write", reason: "the run is being stopped")
      }
      var bytes = PathText.bytes(template).map { CChar(bitPattern: $0) } + [0]
      let fd = bytes.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, suffixLength) }
      guard fd >= 0 else { throw FileIOError(path: path, operation: "write", errno: errno) }
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      let made = PathText.decode(bytes.dropLast().map { UInt8(bitPattern: $0) })
      return (fd, made, note(made))
    }
  }

  /// Notes a temporary file; returns its slot, for ``forget(_:)``.
  static func note(_ path: String) -> Int {
    let name = PathText.withCString(path) { strdup($0) }
    return lock.withLock {
      var index = nextFree
      while index < table.capacity && table.slots[index] != nil { index += 1 }
      if index == table.capacity {
        let larger = makeTable(capacity: table.capacity * 2)
        larger.slots.update(from: table.slots, count: table.capacity)
        table = larger  // the old table stays valid for a handler that is reading it
      }
      table.slots[index] = name
      nextFree = index + 1
      return index
    }
  }

  /// Counts a temporary file about to be made (`starting`) or made and noted.
  static func making(_ starting: Bool) {
    lock.withLock { beingMade += starting ? 1 : -1 }
  }

  /// Waits, for a little while at most, until no thread is between making a temporary file and noting it.
  /// For signal handlers.
  static func waitForFilesBeingMade() {
    var rounds = 0
    while beingMade > 0 && rounds < 1_000_000 {
      sched_yield()  // a call the compiler cannot see into, so `beingMade` is read afresh each round
      rounds += 1
    }
  }

  /// Forgets a temporary file once it is renamed or removed.
  static func forget(_ index: Int) {
    lock.withLock {
      table.slots[index] = nil
      nextFree = min(nextFree, index)
    }
  }

  /// The temporary file noted at `index`, if any.
  static func name(at index: Int) -> String? {
    lock.withLock { table.slots[index].map { PathText.decode(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } }
  }

  /// Removes every temporary file noted. For signal handlers: only `unlink`, no locks, no allocation.
  static func removeAll() {
    let current = table
    for index in 0..<current.capacity {
      if let path = current.slots[index] { unlink(path) }
    }
  }
}
