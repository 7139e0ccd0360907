import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which files are mapped where, kept so that the SIGBUS handler can name the file whose page was lost
/// from the faulting address alone, without locking or allocating.
enum MappedFileGuard {
  /// A mapped file's start and its place in the table.
  struct Slot: @unchecked Sendable {
    var start: UnsafeRawPointer
    var index: Int
  }

  struct Entry {
    var start: UInt = 0
    var end: UInt = 0
    var path: UnsafeMutablePointer<CChar>?
  }

  /// How many files may be mapped at once. Past that, files are read rather than mapped.
  static let capacity = 64
  nonisolated(unsafe) static var isInstalled = false
  nonisolated(unsafe) static let slots: UnsafeMutablePointer<Entry> = {
    let slots = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
    slots.initialize(repeating: Entry(), count: capacity)
    return slots
  }()
  private static let lock = Lock()

  /// Records a mapping; `nil` when every slot is taken.
  static func register(_ start: UnsafeRawPointer, count: Int, path: String) -> Slot? {
    lock.withLock {
      guard let index = (0..<capacity).first(where: { slots[$0].end == 0 }) else { return nil }
      slots[index].path = strdup(TextEscaping.line(path))  // only ever printed
      slots[index].start = UInt(bitPattern: start)
      slots[index].end = UInt(bitPattern: start) + UInt(count)
      return Slot(start: start, index: index)
    }
  }

  /// Forgets a mapping that is about to be unmapped.
  static func release(_ slot: Slot) {
    lock.withLock {
      let path = slots[slot.index].path
      slots[slot.index] = Entry()
      free(path)
    }
  }

  /// The path of the mapped file holding `address`, for the signal handler.
  static func path(at address: UInt) -> UnsafeMutablePointer<CChar>? {
    for index in 0..<capacity where slots[index].start <= address && address < slots[index].end {
      return slots[index].path
    }
    return nil
  }
}

func mappedFileFault(
  _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  // Only async-signal-safe calls here: write, unlink, _exit.
  func say(_ text: UnsafePointer<CChar>) { _ = write(STDERR_FILENO, text, strlen(text)) }
  #if os(Linux)
    let address = info.map { UInt(bitPattern: $0.pointee._sifields._sigfault.si_addr) } ?? 0
  #else
    let address = info.map { UInt(bitPattern: $0.pointee.si_addr) } ?? 0
  #endif
  if let path = MappedFileGuard.path(at: address) { say(path) } else { say("input") }
  say(": cannot read: the file was truncated while it was read\n")
  TemporaryFiles.removeAll()
  _exit(2)
}
