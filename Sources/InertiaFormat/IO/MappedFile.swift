#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileIO {
  /// Files at least this large are mapped rather than read: mapping skips copying the file into memory
  /// of our own, which is a quarter of the time of converting a large file.
  static let mappingThreshold = 1 << 20

  /// Calls `body` with a file's contents (standard input for `-`), refusing anything larger than
  /// `maxSize` bytes before reading it.
  ///
  /// A large regular file is memory-mapped instead of read. Should another program truncate it while
  /// `body` runs, the kernel raises SIGBUS on the next read of a lost page; ``installMappedFileGuard()``
  /// turns that into a one-line error and a clean exit instead of a crash.
  public static func withContents<R>(
    of path: String, maxSize: Int, _ body: (UnsafeRawBufferPointer) throws -> R
  ) throws -> R {
    if path != "-", let mapped = try map(path, maxSize: maxSize) {
      defer { munmap(mapped.baseAddress, mapped.count) }
      MappedFileGuard.current = path
      defer { MappedFileGuard.current = nil }
      return try body(UnsafeRawBufferPointer(mapped))
    }
    let bytes = try read(path, maxSize: maxSize)
    return try bytes.withUnsafeBytes { try body($0) }
  }

  /// The file mapped read-only, or `nil` when it is no regular file of at least the threshold's size.
  private static func map(_ path: String, maxSize: Int) throws(FileIOError) -> UnsafeMutableRawBufferPointer? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw FileIOError(path: path, operation: "read", errno: errno) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw FileIOError(path: path, operation: "read", errno: errno) }
    guard (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) >= mappingThreshold else { return nil }
    if Int(info.st_size) > maxSize {
      throw FileIOError(
        path: path, operation: "read", reason: "it is \(info.st_size) bytes, larger than the limit of \(maxSize) bytes")
    }
    let size = Int(info.st_size)
    #if os(Linux)
      let flags = MAP_PRIVATE | MAP_POPULATE
    #else
      let flags = MAP_PRIVATE
    #endif
    guard let memory = mmap(nil, size, PROT_READ, flags, fd, 0), memory != MAP_FAILED else { return nil }
    return UnsafeMutableRawBufferPointer(start: memory, count: size)
  }

  /// Makes a mapped input that shrinks under the process end it with `FILE: cannot read: the file was
  /// truncated while it was read` and exit status 2, removing the temporary file of an atomic write in
  /// progress, instead of a crash. For command-line tools; call once at start-up.
  public static func installMappedFileGuard() {
    var action = sigaction()
    #if os(Linux)
      action.__sigaction_handler.sa_handler = mappedFileFault
    #else
      action.__sigaction_u.__sa_handler = mappedFileFault
    #endif
    sigemptyset(&action.sa_mask)
    sigaction(SIGBUS, &action, nil)
  }
}

/// What the SIGBUS handler needs, kept as C strings it can use without allocating.
enum MappedFileGuard {
  nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?
  nonisolated(unsafe) static var temporaryFile: UnsafeMutablePointer<CChar>?

  /// The mapped file being read, if any.
  static var current: String? {
    get { path.map { String(cString: $0) } }
    set {
      let old = path
      path = newValue.flatMap { strdup($0) }
      free(old)
    }
  }

  static var pathPointer: UnsafeMutablePointer<CChar>? { path }
}

private func mappedFileFault(_ signal: Int32) {
  // Only async-signal-safe calls here: write, unlink, _exit.
  func say(_ text: UnsafePointer<CChar>) { _ = write(STDERR_FILENO, text, strlen(text)) }
  if let path = MappedFileGuard.pathPointer { say(path) } else { say("input") }
  say(": cannot read: the file was truncated while it was read\n")
  if let temporary = MappedFileGuard.temporaryFile { unlink(temporary) }
  _exit(2)
}
