import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading and writing whole files the way the tools need: bounded reads (see `MappedFile.swift`),
/// writes that are atomic (see ``AtomicWriter``), and the few questions the tools ask of the file system.
/// Every path goes to the system as the exact bytes it stands for (see ``PathText``).
package enum FileIO {
  /// Writes all of `bytes` to a file descriptor.
  package static func write(_ bytes: UnsafeRawBufferPointer, fd: Int32, path: String) throws(FileIOError) {
    var done = 0
    while done < bytes.count {
      #if canImport(Glibc)
        let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
      #elseif canImport(Musl)
        let n = Musl.write(fd, bytes.baseAddress! + done, bytes.count - done)
      #else
        let n = Darwin.write(fd, bytes.baseAddress! + done, bytes.count - done)
      #endif
      if n < 0 {
        if errno == EINTR { continue }
        throw FileIOError(path: path, operation: "write", errno: errno)
      }
      done += n
    }
  }

  /// Replaces (or creates) the file at `path` with `bytes` atomically (see ``AtomicWriter``).
  package static func writeAtomically(
    _ bytes: UnsafeRawBufferPointer, to path: String, writer: AtomicWriter = AtomicWriter()
  ) throws(FileIOError) {
    try writeAtomically(to: path, writer: writer) { (fd) throws(FileIOError) in try write(bytes, fd: fd, path: path) }
  }

  /// Replaces (or creates) the file at `path` atomically with what `body` writes to the descriptor it is
  /// given (see ``AtomicWriter``). When `body` throws, the target is left as it was, the temporary file is
  /// removed, and the error is rethrown.
  package static func writeAtomically(
    to path: String, writer: AtomicWriter = AtomicWriter(), _ body: (Int32) throws(FileIOError) -> Void
  ) throws(FileIOError) {
    let replacement: AtomicWriter.Replacement
    do {
      replacement = try writer.prepare(path, body)
    } catch {
      throw error as! FileIOError
    }
    if let failure = writer.commit([replacement])[0] { throw failure.error(naming: path) }
  }

  /// The path a symbolic link finally points at (or `path` itself when it is no link or does not exist).
  /// A link to nothing yet gives the name it points at, followed from link to link as the kernel would:
  /// writing through it makes that file, as a shell's `>` does, and the link stays.
  package static func resolvedPath(_ path: String) -> String {
    var info = stat()
    guard PathText.withCString(path, { lstat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFLNK else {
      return path
    }
    if let real = PathText.withCString(path, { realpath($0, nil) }) {
      defer { free(real) }
      return PathText.decode(UnsafeRawBufferPointer(start: real, count: strlen(real)))
    }
    var current = path
    // As many links as Linux follows (SYMLOOP_MAX); a loop ends on one of its links.
    for _ in 0..<40 {
      guard PathText.withCString(current, { lstat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
        let destination = linkDestination(current)
      else { break }
      current =
        FilePath.isAbsolute(destination) ? destination : FilePath.join(FilePath.directory(of: current), destination)
    }
    return current
  }

  /// What a symbolic link holds, as bytes taken for a path; `nil` when it cannot be read.
  private static func linkDestination(_ path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
    let count = buffer.withUnsafeMutableBytes { raw in
      PathText.withCString(path) { readlink($0, raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count) }
    }
    guard count > 0, count < buffer.count else { return nil }
    return PathText.decode(buffer[..<count])
  }

  /// Which file a path names, following symbolic links: its device and inode, or `nil` when there is none.
  package static func identity(of path: String) -> FileID? {
    var info = stat()
    guard PathText.withCString(path, { stat($0, &info) }) == 0 else { return nil }
    return FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// Whether two paths name the same existing file, however they are spelled (`x.json`, `./x.json`,
  /// a symbolic link to it, a hard link): same device and inode. A path that does not exist names no
  /// file, so it is never the same as another.
  package static func isSameFile(_ a: String, _ b: String) -> Bool {
    guard let first = identity(of: a) else { return false }
    return first == identity(of: b)
  }

  /// Whether anything (a file, a folder, a link) is at `path`.
  package static func exists(_ path: String) -> Bool {
    var info = stat()
    return PathText.withCString(path, { lstat($0, &info) }) == 0
  }

  /// The path with every symbolic link and `.` or `..` resolved as the kernel resolves them, or `nil`
  /// when it names nothing.
  ///
  /// A stream that `path` reaches through one of the kernel's own links, which name no path (`/dev/stdin`
  /// and `/dev/fd/N` lead to `pipe:[…]` or `socket:[…]`), is where `path` says: its folder's physical path
  /// and its own name. The file is still opened by the path given, never by this one.
  package static func physicalPath(_ path: String) -> String? {
    if let real = PathText.withCString(path, { realpath($0, nil) }) {
      defer { free(real) }
      return PathText.decode(UnsafeRawBufferPointer(start: real, count: strlen(real)))
    }
    var info = stat()
    guard PathText.withCString(path, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) != S_IFDIR,
      let folder = PathText.withCString(FilePath.directory(of: path), { realpath($0, nil) })
    else { return nil }
    defer { free(folder) }
    let physicalFolder = PathText.decode(UnsafeRawBufferPointer(start: folder, count: strlen(folder)))
    return FilePath.join(physicalFolder, FilePath.name(of: path))
  }

  /// The names of a folder's entries but `.` and `..`, in the order the system lists them; `nil` when it
  /// cannot be opened.
  package static func names(in directory: String) -> [String]? {
    guard let handle = PathText.withCString(directory, { opendir($0) }) else { return nil }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        return PathText.decode(UnsafeBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: 0) ?? bytes.endIndex)]))
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Whether the file descriptor is a terminal.
  package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// Whether `path` names this process's standard output: by one of its names (`/dev/stdout`, `/dev/fd/1`,
  /// `/proc/self/fd/1`), or as the file descriptor 1 is (through a link, or the file it was redirected to).
  package static func isStandardOutput(_ path: String) -> Bool {
    if path == "/dev/stdout" || path == "/dev/fd/1" || path == "/proc/self/fd/1" { return true }
    var output = stat()
    guard fstat(STDOUT_FILENO, &output) == 0, let id = identity(of: path) else { return false }
    return id == FileID(output)
  }

  /// Whether writing to `path` writes to a terminal (`/dev/tty`, `/dev/stdout` on one): a character device
  /// that is a terminal, looked at without becoming the process's terminal and without waiting.
  package static func isTerminal(path: String) -> Bool {
    var info = stat()
    guard PathText.withCString(path, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFCHR else { return false }
    let fd = PathText.withCString(path) { open($0, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC) }
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return isatty(fd) == 1
  }

  /// Whether a path names a regular file (following symbolic links).
  package static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return PathText.withCString(path, { stat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Whether a path exists and is a directory.
  package static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return PathText.withCString(path, { stat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Writes one line of text to a file descriptor, ignoring failures (for diagnostics).
  package static func writeLine(_ text: String, fd: Int32) {
    var line = text + "\n"
    line.withUTF8 { try? write(UnsafeRawBufferPointer($0), fd: fd, path: "") }
  }
}

/// Which file a path names: its device and inode.
package struct FileID: Hashable, Sendable {
  package let device: UInt64
  package let inode: UInt64
}
