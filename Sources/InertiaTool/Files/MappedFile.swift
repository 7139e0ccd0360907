import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading inputs the way the tools do: a large regular file is memory-mapped rather than read.
///
/// Mapping skips copying the file into memory of our own, which is a quarter of the time of converting a
/// large file. Should another program truncate a mapped file while it is read, the kernel raises SIGBUS
/// on the next read of a lost page, and the guard (``installMappedFileGuard()``) turns that into a
/// one-line error naming the file and a clean exit instead of a crash. Without the guard installed,
/// files are always read.
extension FileIO {
  /// Files at least this large are mapped rather than read.
  static let mappingThreshold = 1 << 20

  /// A whole file's contents, or standard input's for `-`, refusing anything larger than `maxSize` bytes
  /// before reading it: mapped when the file is large and regular and the guard is installed, else read.
  package static func contents(of path: String, maxSize: Int) throws(FileIOError) -> FileContents {
    if path == "-" { return try FileContents(path: path, maxSize: maxSize) }
    let fd = PathText.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
    guard fd >= 0 else { throw FileIOError(path: path, operation: "read", errno: errno) }
    defer { close(fd) }
    let size = try FileContents.checkedSize(of: fd, path: path, maxSize: maxSize)
    var info = stat()
    if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, size >= mappingThreshold,
      let mapped = map(fd, size: size, path)
    {
      return mapped
    }
    return FileContents(try FileContents.readAll(fd: fd, path: path, sizeHint: size, maxSize: maxSize))
  }

  /// Reads a whole file, or standard input for `-`, refusing anything larger than `maxSize` bytes before
  /// reading it.
  package static func read(_ path: String, maxSize: Int) throws(FileIOError) -> [UInt8] {
    let contents = try contents(of: path, maxSize: maxSize)
    return withExtendedLifetime(contents) { Array(contents.bytes) }
  }

  /// Calls `body` with a file's contents (standard input for `-`), refusing anything larger than
  /// `maxSize` bytes before reading it. A large file is mapped.
  package static func withContents<R>(
    of path: String, maxSize: Int, _ body: (UnsafeRawBufferPointer) throws -> R
  ) throws -> R {
    let contents = try contents(of: path, maxSize: maxSize)
    return try withExtendedLifetime(contents) { try body(contents.bytes) }
  }

  /// The file mapped read-only and known to the guard, or `nil` when there is no guard, no free place
  /// in it, or the mapping fails (the caller reads the file instead).
  private static func map(_ fd: Int32, size: Int, _ path: String) -> FileContents? {
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
    return FileContents(unsafeOwning: UnsafeRawBufferPointer(start: memory, count: size)) { bytes in
      MappedFileGuard.release(slot)
      munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
  }

  /// Lets large inputs be mapped, and makes a mapped input that shrinks under the process end it with
  /// `FILE: cannot read: the file was truncated while it was read` and exit status 2, removing the
  /// temporary file of an atomic write in progress, instead of a crash. Called once at start-up by each
  /// tool, before any file is read.
  package static func installMappedFileGuard() {
    // Made before any signal can need them.
    _ = MappedFileGuard.slots
    _ = TemporaryFiles.table
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
