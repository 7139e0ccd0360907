#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's contents, in memory this value owns for as long as it lives.
///
/// A large regular file is memory-mapped rather than read, when a command-line tool has installed the
/// guard (``FileIO/installMappedFileGuard()``): mapping skips copying the file into memory of our own,
/// which is a quarter of the time of converting a large file. Should another program truncate a mapped
/// file while it is read, the kernel raises SIGBUS on the next read of a lost page, and the guard turns
/// that into a one-line error naming the file and a clean exit instead of a crash. Without the guard (a
/// library inside an app) files are always read.
public final class FileContents: @unchecked Sendable {
  /// The contents; valid and unchanged while this value lives.
  public let bytes: UnsafeRawBufferPointer
  /// Holds read contents.
  private let buffer: ByteBuffer?
  /// The guard's record of mapped contents.
  private let mapping: MappedFileGuard.Slot?

  /// Files at least this large are mapped rather than read.
  static let mappingThreshold = 1 << 20

  /// Reads a whole file, or standard input for `-`, refusing anything larger than `maxSize` bytes before
  /// reading it.
  public init(path: String, maxSize: Int) throws(FileIOError) {
    if path == "-" {
      buffer = try Self.readAll(fd: STDIN_FILENO, path: "<stdin>", sizeHint: 1 << 16, maxSize: maxSize)
      bytes = buffer!.bytes
      mapping = nil
      return
    }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw FileIOError(path: path, operation: "read", errno: errno) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw FileIOError(path: path, operation: "read", errno: errno) }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw FileIOError(path: path, operation: "read", reason: "it is a directory")
    }
    let size = Int(info.st_size)
    if size > maxSize {
      throw FileIOError(
        path: path, operation: "read", reason: "it is \(size) bytes, larger than the limit of \(maxSize) bytes")
    }
    if (info.st_mode & S_IFMT) == S_IFREG, size >= Self.mappingThreshold, let slot = Self.map(fd, size: size, path) {
      bytes = UnsafeRawBufferPointer(start: slot.start, count: size)
      buffer = nil
      mapping = slot
      return
    }
    buffer = try Self.readAll(fd: fd, path: path, sizeHint: size, maxSize: maxSize)
    bytes = buffer!.bytes
    mapping = nil
  }

  /// A copy of `bytes`.
  public init(copying bytes: some Collection<UInt8>) {
    let buffer = ByteBuffer(capacity: bytes.count)
    buffer.append(Array(bytes))
    self.buffer = buffer
    self.bytes = buffer.bytes
    mapping = nil
  }

  deinit {
    if let mapping {
      MappedFileGuard.release(mapping)
      munmap(UnsafeMutableRawPointer(mutating: mapping.start), bytes.count)
    }
  }

  /// The file mapped read-only and known to the guard, or `nil` when there is no guard, no free place
  /// in it, or the mapping fails (the caller reads the file instead).
  private static func map(_ fd: Int32, size: Int, _ path: String) -> MappedFileGuard.Slot? {
    guard MappedFileGuard.isInstalled else { return nil }
    #if os(Linux)
      let flags = MAP_PRIVATE | MAP_POPULATE
    #else
      let flags = MAP_PRIVATE
    #endif
    guard let memory = mmap(nil, size, PROT_READ, flags, fd, 0), memory != MAP_FAILED else { return nil }
    guard let slot = MappedFileGuard.register(UnsafeRawPointer(memory), count: size, path: path) else {
      munmap(memory, size)
      return nil
    }
    return slot
  }

  private static func readAll(fd: Int32, path: String, sizeHint: Int, maxSize: Int) throws(FileIOError)
    -> ByteBuffer
  {
    let buffer = ByteBuffer(capacity: sizeHint + 1)
    var chunkSize = max(sizeHint + 1, 4096)
    while true {
      if buffer.count > maxSize {
        throw FileIOError(path: path, operation: "read", reason: "input is larger than the limit of \(maxSize) bytes")
      }
      let n = buffer.append(readingFrom: fd, upTo: chunkSize)
      if n < 0 && errno == EINTR { continue }
      if n < 0 { throw FileIOError(path: path, operation: "read", errno: errno) }
      if n == 0 { return buffer }
      chunkSize = max(chunkSize, 1 << 16)
    }
  }
}

extension FileIO {
  /// Reads a whole file, or standard input for `-`, refusing anything larger than `maxSize` bytes
  /// before reading it.
  public static func read(_ path: String, maxSize: Int) throws(FileIOError) -> [UInt8] {
    let contents = try FileContents(path: path, maxSize: maxSize)
    return withExtendedLifetime(contents) { Array(contents.bytes) }
  }

  /// Calls `body` with a file's contents (standard input for `-`), refusing anything larger than
  /// `maxSize` bytes before reading it. A large file is mapped (see ``FileContents``).
  public static func withContents<R>(
    of path: String, maxSize: Int, _ body: (UnsafeRawBufferPointer) throws -> R
  ) throws -> R {
    let contents = try FileContents(path: path, maxSize: maxSize)
    return try withExtendedLifetime(contents) { try body(contents.bytes) }
  }

  /// Lets large inputs be mapped, and makes a mapped input that shrinks under the process end it with
  /// `FILE: cannot read: the file was truncated while it was read` and exit status 2, removing the
  /// temporary file of an atomic write in progress, instead of a crash. For command-line tools; call
  /// once at start-up, before any file is read.
  public static func installMappedFileGuard() {
    // Made before any signal can need them.
    _ = MappedFileGuard.slots
    _ = MappedFileGuard.temporaryFiles
    var action = sigaction()
    #if os(Linux)
      action.__sigaction_handler.sa_sigaction = mappedFileFault
    #else
      action.__sigaction_u.__sa_sigaction = mappedFileFault
    #endif
    action.sa_flags = SA_SIGINFO
    sigemptyset(&action.sa_mask)
    sigaction(SIGBUS, &action, nil)
    MappedFileGuard.isInstalled = true
  }
}

/// Which files are mapped where, and which temporary files are being written, kept so that the SIGBUS
/// handler can name the file whose page was lost from the faulting address alone, and remove every
/// temporary file before the process ends, without locking or allocating.
enum MappedFileGuard {
  /// A mapped file's start and its place in the table.
  struct Slot {
    var start: UnsafeRawPointer
    var index: Int
  }

  fileprivate struct Entry {
    var start: UInt = 0
    var end: UInt = 0
    var path: UnsafeMutablePointer<CChar>?
  }

  /// How many files may be mapped, and how many temporary files noted, at once. Past that, files are
  /// read rather than mapped, and a temporary file left by a lost mapping is not removed.
  static let capacity = 64
  nonisolated(unsafe) static var isInstalled = false
  nonisolated(unsafe) fileprivate static let slots: UnsafeMutablePointer<Entry> = {
    let slots = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
    slots.initialize(repeating: Entry(), count: capacity)
    return slots
  }()
  /// The temporary files of the atomic writes in progress, as C strings.
  nonisolated(unsafe) fileprivate static let temporaryFiles: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let files = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    files.initialize(repeating: nil, count: capacity)
    return files
  }()
  private static let lock = Lock()

  /// Records a mapping; `nil` when every slot is taken.
  static func register(_ start: UnsafeRawPointer, count: Int, path: String) -> Slot? {
    lock.withLock {
      guard let index = (0..<capacity).first(where: { slots[$0].end == 0 }) else { return nil }
      slots[index].path = strdup(path)
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

  /// Notes the temporary file of an atomic write, to be removed should a mapped input be lost while it
  /// is written; returns its place for ``forgetTemporaryFile(_:)``, or `nil` when the table is full.
  static func noteTemporaryFile(_ path: String) -> Int? {
    lock.withLock {
      guard let index = (0..<capacity).first(where: { temporaryFiles[$0] == nil }) else { return nil }
      temporaryFiles[index] = strdup(path)
      return index
    }
  }

  /// Forgets a temporary file once it is renamed or removed.
  static func forgetTemporaryFile(_ index: Int) {
    lock.withLock {
      let path = temporaryFiles[index]
      temporaryFiles[index] = nil
      free(path)
    }
  }

  /// The temporary file noted at `index`, if any.
  static func temporaryFile(at index: Int) -> String? {
    lock.withLock { temporaryFiles[index].map { String(cString: $0) } }
  }

  /// The path of the mapped file holding `address`, for the signal handler.
  static func path(at address: UInt) -> UnsafeMutablePointer<CChar>? {
    for index in 0..<capacity where slots[index].start <= address && address < slots[index].end {
      return slots[index].path
    }
    return nil
  }

  /// Removes every temporary file noted, for the signal handler.
  fileprivate static func removeTemporaryFiles() {
    for index in 0..<capacity {
      if let path = temporaryFiles[index] { unlink(path) }
    }
  }
}

private func mappedFileFault(
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
  MappedFileGuard.removeTemporaryFiles()
  _exit(2)
}
