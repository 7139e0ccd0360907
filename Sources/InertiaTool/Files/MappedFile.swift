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

  /// Reads a whole file, or standard input for `-`, for `role`, refusing anything larger than `maxSize`
  /// bytes before reading it, and a regular file that changed while it was read (see
  /// ``withCheckedContents(of:as:maxSize:_:)``).
  package static func read(_ path: String, as role: InputRole, maxSize: Int) throws(FileIOError) -> [UInt8] {
    try withCheckedContents(of: path, as: role, maxSize: maxSize) { contents, _ in Array(contents.bytes) }
  }

  /// Calls `body` with a file's contents (standard input for `-`), read for `role`, refusing anything
  /// larger than `maxSize` bytes before reading it. A large file is mapped.
  /// - Throws: what `body` throws, or ``FileIOError`` when the file cannot be read or changed while `body`
  ///   read it (an editor saving in place), whatever `body` made of it.
  package static func withContents<R>(
    of path: String, as role: InputRole, maxSize: Int, _ body: (UnsafeRawBufferPointer) throws -> R
  ) throws -> R {
    try withCheckedContents(of: path, as: role, maxSize: maxSize) { contents, _ in
      Result { try body(contents.bytes) }
    }.get()
  }

  /// Calls `body` with a file's contents (standard input's for `-`) and the identity of the file they
  /// came from (`nil` for standard input), then checks that a regular file did not change meanwhile.
  ///
  /// The one opener of the tools' inputs (see ``InputRole`` for what each role may read): every read goes
  /// through it. One descriptor stays open throughout: the identity is the `fstat` of it before reading,
  /// compared with another after `body`, so no path is looked up again. A file written in place changes
  /// its size or time; one replaced under its name (by a rename) loses its link, which counts as a change
  /// too.
  /// - Throws: ``FileIOError`` when the file cannot be read, is not a file `role` may read, or changed
  ///   while it was read or while `body` used it (an editor saving in place), whatever `body` made of it.
  static func withCheckedContents<R>(
    of path: String, as role: InputRole, maxSize: Int, _ body: (FileContents, FileIdentity?) -> R
  ) throws(FileIOError) -> R {
    if path == "-" { return body(try FileContents(path: path, maxSize: maxSize), nil) }
    let (fd, opened) = try openForReading(path, as: role)
    defer { close(fd) }
    let (contents, before) = try contents(ofOpen: fd, opened: opened, path: path, maxSize: maxSize)
    let result = withExtendedLifetime(contents) { body(contents, before) }
    // A FIFO's or device's times change as it is read; only a regular file must stay as it was.
    if before.isRegular, FileIdentity(fd: fd) != before {
      throw FileIOError(path: path, operation: "read", reason: changedWhileRead)
    }
    return result
  }

  /// Whether `path` is a file `role` may read, checked as ``openForReading(_:as:)`` checks it (nothing is
  /// read): for a run that names its files first and reads them later.
  /// - Throws: ``FileIOError`` saying why it may not be read.
  package static func checkReadable(_ path: String, as role: InputRole) throws(FileIOError) {
    close(try openForReading(path, as: role).fd)
  }

  /// Opens `path` for `role` without waiting (a FIFO with no writer would hold a plain `open` for ever),
  /// then refuses, before anything is read, what the role may not read (see ``InputRole``): a directory,
  /// and a device, FIFO or socket unless the user names it as a stream. A stream is opened again as a
  /// plain `open` would, to be read as it comes. Returns the descriptor and, for a regular file, its `fstat`
  /// (`nil` for a stream), which is the identity reading starts from.
  static func openForReading(_ path: String, as role: InputRole) throws(FileIOError) -> (fd: Int32, info: stat?) {
    let flags = O_RDONLY | O_CLOEXEC | O_NOCTTY
    let fd = PathText.withCString(path) { open($0, flags | O_NONBLOCK) }
    guard fd >= 0 else { throw FileIOError(path: path, operation: "read", errno: errno) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let error = FileIOError(path: path, operation: "read", errno: errno)
      close(fd)
      throw error
    }
    let type = info.st_mode & S_IFMT
    if type == S_IFREG { return (fd, info) }
    close(fd)
    if type == S_IFDIR { throw FileIOError(path: path, operation: "read", reason: "it is a directory") }
    guard role.isNamedByUser && InputRole.namesStream(path) else {
      throw FileIOError(path: path, operation: "read", reason: "it is \(fileTypeName(type)), not a regular file")
    }
    let stream = PathText.withCString(path) { open($0, flags) }
    guard stream >= 0 else { throw FileIOError(path: path, operation: "read", errno: errno) }
    return (stream, nil)
  }

  /// What a file of type `type` (`st_mode & S_IFMT`) is, in words: `a FIFO`.
  static func fileTypeName(_ type: mode_t) -> String {
    switch type {
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symbolic link"
    case S_IFDIR: return "a directory"
    default: return "a special file"
    }
  }

  /// The open file's contents, mapped when it is large and regular and the guard is installed, else read;
  /// and its identity before reading: `opened`, the `fstat` made when it was opened, or one made now.
  private static func contents(ofOpen fd: Int32, opened: stat?, path: String, maxSize: Int) throws(FileIOError) -> (
    contents: FileContents, identity: FileIdentity
  ) {
    var info = opened ?? stat()
    guard opened != nil || fstat(fd, &info) == 0 else { throw FileIOError(path: path, operation: "read", errno: errno) }
    let identity = FileIdentity(info)
    let size = try FileContents.checkedSize(info, path: path, maxSize: maxSize)
    if identity.isRegular, size >= mappingThreshold, let mapped = map(fd, size: size, path) {
      return (mapped, identity)
    }
    // A regular file's identity is checked again once it is read (``withCheckedContents(of:as:maxSize:_:)``).
    let read = try FileContents.readAll(
      fd: fd, path: path, sizeHint: size, maxSize: maxSize, endsAtShortRead: identity.isRegular)
    return (FileContents(read), identity)
  }

  /// Why a file that changed while it was read was not used.
  static let changedWhileRead = "it changed while it was read; nothing was made of it"

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
