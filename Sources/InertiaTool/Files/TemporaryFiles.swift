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

  /// Makes a file from `template`, whose `XXXXXX` (followed by `suffixLength` more bytes) is replaced by
  /// random letters and digits until the name is free, as `mkstemps` does, with `mode` (less the umask,
  /// as the kernel applies it), closed on exec and noted for removal on a stop. Refuses while the run is
  /// being stopped.
  /// - Throws: ``FileIOError`` for `path`, the file the temporary one is made for.
  static func make(
    _ template: String, suffixLength: Int = 0, mode: mode_t = 0o600, for path: String
  ) throws(FileIOError) -> (fd: Int32, path: String, slot: Int) {
    try make(PathText.bytes(template), suffixLength: suffixLength, mode: mode, for: path)
  }

  /// ``make(_:suffixLength:mode:for:)`` with the template's bytes.
  static func make(
    _ template: [UInt8], suffixLength: Int = 0, mode: mode_t = 0o600, for path: String
  ) throws(FileIOError) -> (fd: Int32, path: String, slot: Int) {
    // The name as the C string the calls take, made once; its letters are filled in place.
    var name = template
    name.append(0)
    let letters = name.count - 1 - suffixLength - 6
    guard letters >= 0, name[letters..<letters + 6].allSatisfy({ $0 == UInt8(ascii: "X") }) else {
      throw FileIOError(path: path, operation: "write", reason: "the temporary file's name has no XXXXXX")
    }
    return try ProcessSignals.withStopsHeld { () throws(FileIOError) in
      making(true)
      defer { making(false) }
      guard ProcessSignals.isStopping == 0 else {
        throw FileIOError(path: path, operation: "write", reason: "the run is being stopped")
      }
      let fd = create(&name, lettersAt: letters) { open($0, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
      guard fd >= 0 else { throw FileIOError(path: path, operation: "write", errno: errno) }
      let slot = name.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { note(cString: $0.baseAddress!) }
      }
      return (fd, PathText.decode(name.dropLast()), slot)
    }
  }

  /// Makes a folder from `template` as ``make(_:suffixLength:mode:for:)`` makes a file (its `XXXXXX` the
  /// last six bytes), with the permissions any new folder gets there (0777 less the umask), noted for
  /// removal on a stop (once what is noted inside it is removed, see ``removeAll()``).
  /// - Throws: ``FileIOError`` for `path`, the folder the temporary one is made for.
  static func makeDirectory(_ template: [UInt8], for path: String) throws(FileIOError) -> (path: String, slot: Int) {
    var name = template
    name.append(0)
    let letters = name.count - 7
    guard letters >= 0, name[letters..<letters + 6].allSatisfy({ $0 == UInt8(ascii: "X") }) else {
      throw FileIOError(path: path, operation: "write", reason: "the temporary folder's name has no XXXXXX")
    }
    return try ProcessSignals.withStopsHeld { () throws(FileIOError) in
      guard ProcessSignals.isStopping == 0 else {
        throw FileIOError(path: path, operation: "write", reason: "the run is being stopped")
      }
      let made = create(&name, lettersAt: letters) { mkdir($0, 0o777) }
      guard made == 0 else { throw FileIOError(path: path, operation: "write", errno: errno) }
      let slot = name.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { note(cString: $0.baseAddress!) }
      }
      return (PathText.decode(name.dropLast()), slot)
    }
  }

  /// The letters and digits of temporary files' names.
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

  /// Calls `create` (`open` or `mkdir`) with `name`, a C string, its six bytes from `start` (its `XXXXXX`)
  /// letters and digits at random, each time anew while the name is taken (`EEXIST`), up to 100 times.
  /// - Returns: what `create` last returned (negative for a failure, `errno` then saying why).
  private static func create(
    _ name: inout [UInt8], lettersAt start: Int, _ create: (UnsafePointer<CChar>) -> Int32
  ) -> Int32 {
    var result: Int32 = -1
    for _ in 0..<100 {
      var random = nextRandom()
      for index in start..<start + 6 {
        name[index] = alphabet[Int(random % UInt64(alphabet.count))]
        random /= UInt64(alphabet.count)
      }
      result = name.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { create($0.baseAddress!) }
      }
      if result >= 0 || errno != EEXIST { break }
    }
    return result
  }

  /// The state of the generator of names: a seed from the system, stepped on for each name.
  nonisolated(unsafe) private static var randomState = UInt64.random(in: .min ... .max)

  /// The next number of the generator of names (SplitMix64: each step's state mixed into 64 bits that
  /// look random), unpredictable to other processes as its seed is, and without a system call per name.
  private static func nextRandom() -> UInt64 {
    var z = lock.withLock {
      randomState &+= 0x9E37_79B9_7F4A_7C15
      return randomState
    }
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Notes a temporary file; returns its slot, for ``forget(_:)``.
  static func note(_ path: String) -> Int {
    PathText.withCString(path) { note(cString: $0) }
  }

  /// Notes a temporary file by the C string of its name; returns its slot, for ``forget(_:)``.
  private static func note(cString path: UnsafePointer<CChar>) -> Int {
    let name = strdup(path)
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

  /// How deep the temporary folders noted may nest, which ``removeAll()`` empties from the inside out.
  static let folderDepth = 64

  /// Removes every temporary file noted, then every temporary folder (a folder a run is making, see
  /// ``NewDirectory``), innermost first: a pass for each level, at most ``folderDepth``. For signal
  /// handlers: only `unlink` and `rmdir`, no locks, no allocation.
  static func removeAll() {
    let current = table
    for index in 0..<current.capacity {
      if let path = current.slots[index] { unlink(path) }
    }
    for _ in 0..<folderDepth {
      var removed = false
      for index in 0..<current.capacity {
        if let path = current.slots[index], rmdir(path) == 0 { removed = true }
      }
      if !removed { break }
    }
  }
}
