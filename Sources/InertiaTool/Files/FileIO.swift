import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading and writing whole files the way the tools need: bounded reads, and writes that are atomic.
package enum FileIO {
  /// Writes all of `bytes` to a file descriptor.
  package static func write(_ bytes: UnsafeRawBufferPointer, fd: Int32, path: String) throws(FileIOError) {
    var done = 0
    while done < bytes.count {
      let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
      if n < 0 {
        if errno == EINTR { continue }
        throw FileIOError(path: path, operation: "write", errno: errno)
      }
      done += n
    }
  }

  /// Replaces (or creates) the file at `path` with `bytes` atomically: the bytes go to a temporary file
  /// beside it, which is flushed to disk and renamed over the target, so a reader (or a crash) sees
  /// either the old file or the new one, never a part. An existing file keeps its permissions (and its
  /// owner and group, where the process is allowed to set them), and a symbolic link is written through:
  /// the file it points at is replaced, the link stays.
  package static func writeAtomically(_ bytes: UnsafeRawBufferPointer, to path: String) throws(FileIOError) {
    do {
      try writeAtomically(to: path) { fd in try write(bytes, fd: fd, path: path) }
    } catch let error as FileIOError {
      throw error
    } catch {
      throw FileIOError(path: path, operation: "write", reason: "\(error)")
    }
  }

  /// Replaces (or creates) the file at `path` atomically with what `body` writes to the file descriptor
  /// it is given, as ``writeAtomically(_:to:)`` does. When `body` throws, the target is left as it was,
  /// the temporary file is removed, and the error is rethrown.
  package static func writeAtomically(to path: String, _ body: (Int32) throws -> Void) throws {
    let target = resolvedPath(path)
    let directory = target.lastIndex(of: "/").map { String(target[...$0]) } ?? "./"
    let name = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
    var template = Array("\(directory).\(name).tmp-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw FileIOError(path: path, operation: "write", errno: errno) }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var renamed = false
    var closed = false
    defer {
      if !closed { close(fd) }
      if !renamed { unlink(temporary) }
    }
    var existing = stat()
    let mode: mode_t
    if stat(target, &existing) == 0 {
      mode = existing.st_mode & 0o7777
      // Keep the owner and group too where the process may (as root, or a group it belongs to).
      _ = fchown(fd, existing.st_uid, existing.st_gid)
    } else {
      let mask = umask(0)
      umask(mask)
      mode = 0o666 & ~mask
    }
    fchmod(fd, mode)
    let noted = MappedFileGuard.noteTemporaryFile(temporary)
    defer { if let noted { MappedFileGuard.forgetTemporaryFile(noted) } }
    try body(fd)
    guard fsync(fd) == 0 else { throw FileIOError(path: path, operation: "write", errno: errno) }
    closed = true
    guard close(fd) == 0 else { throw FileIOError(path: path, operation: "write", errno: errno) }
    guard rename(temporary, target) == 0 else { throw FileIOError(path: path, operation: "write", errno: errno) }
    renamed = true
    // Make the rename itself durable.
    let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryFD >= 0 {
      fsync(directoryFD)
      close(directoryFD)
    }
  }

  /// The path a symbolic link finally points at (or `path` itself when it is no link or does not exist).
  static func resolvedPath(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let real = realpath(path, nil) else {
      return path
    }
    defer { free(real) }
    return String(validatingCString: real) ?? path
  }

  /// Whether two paths name the same existing file, however they are spelled (`x.json`, `./x.json`,
  /// a symbolic link to it, a hard link): same device and inode. A path that does not exist names no
  /// file, so it is never the same as another.
  package static func isSameFile(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// Whether the file descriptor is a terminal.
  package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// Whether a path exists and is a directory.
  package static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }
}

extension FileIO {
  /// Writes one line of text to a file descriptor, ignoring failures (for diagnostics).
  package static func writeLine(_ text: String, fd: Int32) {
    var line = text + "\n"
    line.withUTF8 { try? write(UnsafeRawBufferPointer($0), fd: fd, path: "") }
  }
}
