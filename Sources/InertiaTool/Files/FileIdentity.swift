import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What identifies a file's contents without reading them: which file it is, its size and when it last
/// changed. Two equal identities taken before and after reading mean the read saw one version.
struct FileIdentity: Equatable, Sendable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  let modifiedSeconds: Int
  let modifiedNanoseconds: Int
  let links: UInt64
  let mode: UInt32
  /// The owner's user id.
  let owner: UInt32
  /// The group's id.
  let group: UInt32
  /// Whether it is a regular file (not a device, a FIFO or a socket).
  let isRegular: Bool

  /// The identity of the file at `path` (following symbolic links unless told not to, when a link is
  /// itself the file looked at), or `nil` when there is none.
  init?(_ path: String, followingLinks: Bool = true) {
    var info = stat()
    let found = PathText.withCString(path) { followingLinks ? stat($0, &info) : lstat($0, &info) }
    guard found == 0 else { return nil }
    self.init(info)
  }

  /// The identity of the open file `fd`, or `nil` when `fstat` fails.
  init?(fd: Int32) {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    self.init(info)
  }

  /// The identity `stat` or `fstat` gave.
  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    #if canImport(Darwin)
      modifiedSeconds = info.st_mtimespec.tv_sec
      modifiedNanoseconds = info.st_mtimespec.tv_nsec
    #else
      modifiedSeconds = info.st_mtim.tv_sec
      modifiedNanoseconds = info.st_mtim.tv_nsec
    #endif
    links = UInt64(info.st_nlink)
    mode = UInt32(info.st_mode & 0o7777)
    owner = UInt32(info.st_uid)
    group = UInt32(info.st_gid)
    isRegular = (info.st_mode & S_IFMT) == S_IFREG
  }

  /// What a replacement of the file keeps of it (see ``AtomicWriter/Existing``).
  var existing: AtomicWriter.Existing { AtomicWriter.Existing(mode: mode, owner: owner, group: group) }
}
