#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's contents, in memory this value owns for as long as it lives.
///
/// The library reads files plainly: ``init(path:maxSize:)`` reads the whole file into memory of its own,
/// refusing anything larger than a limit before reading it. A command-line tool may hand the library
/// memory it manages another way (a mapped file) through `init(unsafeOwning:release:)` (package access).
public final class FileContents: @unchecked Sendable {
  /// The contents; valid and unchanged while this value lives.
  public let bytes: UnsafeRawBufferPointer
  /// Holds read contents.
  private let buffer: ByteBuffer?
  /// Gives back memory handed over by `init(unsafeOwning:release:)` (package access).
  private let release: (@Sendable (UnsafeRawBufferPointer) -> Void)?

  /// Reads a whole file, or standard input for `-`, refusing anything larger than `maxSize` bytes before
  /// reading it.
  /// - Throws: ``FileIOError`` naming the path and the system's reason.
  public init(path: String, maxSize: Int) throws(FileIOError) {
    buffer = try Self.read(path, maxSize: maxSize)
    bytes = buffer!.bytes
    release = nil
  }

  /// A copy of `bytes`.
  public init(copying bytes: some Collection<UInt8>) {
    let buffer = ByteBuffer(capacity: bytes.count)
    buffer.append(Array(bytes))
    self.buffer = buffer
    self.bytes = buffer.bytes
    release = nil
  }

  /// Contents in memory the caller manages, which must stay valid and unchanged until `release` is called
  /// with them, when this value goes away.
  package init(
    unsafeOwning bytes: UnsafeRawBufferPointer, release: @escaping @Sendable (UnsafeRawBufferPointer) -> Void
  ) {
    self.bytes = bytes
    self.buffer = nil
    self.release = release
  }

  deinit {
    release?(bytes)
  }

  /// A file's size, or standard input's for `-`, read with `read(2)` into a buffer of our own.
  private static func read(_ path: String, maxSize: Int) throws(FileIOError) -> ByteBuffer {
    if path == "-" {
      return try readAll(fd: STDIN_FILENO, path: "<stdin>", sizeHint: 1 << 16, maxSize: maxSize)
    }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw FileIOError(path: path, operation: "read", errno: errno) }
    defer { close(fd) }
    let size = try checkedSize(of: fd, path: path, maxSize: maxSize)
    return try readAll(fd: fd, path: path, sizeHint: size, maxSize: maxSize)
  }

  /// The size of the open file `fd`, after checking that it is no directory and no larger than `maxSize`.
  package static func checkedSize(of fd: Int32, path: String, maxSize: Int) throws(FileIOError) -> Int {
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw FileIOError(path: path, operation: "read", errno: errno) }
    return try checkedSize(info, path: path, maxSize: maxSize)
  }

  /// The size `fstat` gave a file, after checking that it is no directory and no larger than `maxSize`.
  package static func checkedSize(_ info: stat, path: String, maxSize: Int) throws(FileIOError) -> Int {
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw FileIOError(path: path, operation: "read", reason: "it is a directory")
    }
    let size = Int(info.st_size)
    if size > maxSize {
      throw FileIOError(
        path: path, operation: "read", reason: "it is \(size) bytes, larger than the limit of \(maxSize) bytes")
    }
    return size
  }

  /// Everything `fd` gives until its end, failing once it passes `maxSize` bytes.
  /// - Parameter endsAtShortRead: whether `fd` is a regular file whose size and times the caller checks
  ///   again once it is read (as the tools do, to tell a file that changed while it was read): then a read
  ///   that gives fewer bytes than asked for has reached the end, which is all a regular file's read ever
  ///   stops short for (a signal that interrupts one stops the run), and the read that would give none is
  ///   not made. A file that grows meanwhile is the caller's check's to find.
  package static func readAll(
    fd: Int32, path: String, sizeHint: Int, maxSize: Int, endsAtShortRead: Bool = false
  ) throws(FileIOError) -> ByteBuffer {
    // The first allocation holds the size `fstat` gave and one byte more, so that a file of that size is
    // read into it whole and the read that finds its end (into the spare byte) needs no more memory.
    // Past it (a file that grew, or standard input) the buffer grows by 64 KiB reads.
    let first = max(sizeHint + 1, 4096)
    let buffer = ByteBuffer(capacity: first)
    while true {
      if buffer.count > maxSize {
        throw FileIOError(path: path, operation: "read", reason: "input is larger than the limit of \(maxSize) bytes")
      }
      let room = first - buffer.count
      let asked = room > 0 ? room : 1 << 16
      let n = buffer.append(readingFrom: fd, upTo: asked)
      if n < 0 && errno == EINTR { continue }
      if n < 0 { throw FileIOError(path: path, operation: "read", errno: errno) }
      if n == 0 || (endsAtShortRead && n < asked) {
        if buffer.count > maxSize {
          throw FileIOError(
            path: path, operation: "read", reason: "input is larger than the limit of \(maxSize) bytes")
        }
        return buffer
      }
    }
  }

  /// Takes over a buffer's memory without copying it.
  package init(_ buffer: ByteBuffer) {
    self.buffer = buffer
    self.bytes = buffer.bytes
    release = nil
  }
}
