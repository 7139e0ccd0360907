import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces files so that each is always wholly old or wholly new, whatever happens to the process, and
/// so that once a batch is done every file in it is on the disk.
///
/// A replacement goes in steps, for one file or for thousands at once:
/// 1. ``begin(_:known:)`` makes a temporary file beside the target (`.NAME.tmp-XXXXXX`, its name shortened
///    to fit when NAME is long) with the target's permissions, owner and group where the process may set
///    them; the caller writes the new contents to its descriptor and calls ``finish(_:)``.
/// 2. ``commit(_:check:)`` makes the data of every temporary file durable (one `syncfs` per file system
///    for a large batch on Linux, an `fsync` per file otherwise), then renames each over its target,
///    then makes the renames durable (`syncfs` again, or an `fsync` of each directory).
///
/// So no file is renamed before its data is on the disk; a process killed at any moment leaves each
/// file old or new (and its temporary file, which the tools' signal handlers remove and directory
/// walks never read); and after a power loss, a batch that completed has every file new. A batch whose
/// renames could not be made durable says so for each file (``Failure/isReplaced``): those files are new,
/// but a power loss may still leave them old (whole). A file system that cannot sync a directory at all
/// (`EINVAL` or `ENOTSUP` from its `fsync`) makes its renames durable as it does, which is not counted
/// as a failure. A symbolic
/// link is written through: the file it points at is replaced and the link stays. A file that is not
/// a regular file (a device such as `/dev/null`, a FIFO, `/dev/stdout`) is never replaced: it is
/// written in place, as `cat > FILE` would.
package struct AtomicWriter: Sendable {
  /// One step of a batch, reported to ``trace`` so tests can check their order.
  package enum Step: Equatable, Sendable {
    /// A temporary file's contents are written (not yet durable).
    case wrote(temporary: String)
    /// These temporary files' data is on the disk.
    case madeDurable([String])
    /// A temporary file was renamed over its target.
    case renamed(temporary: String, target: String)
    /// The renames are on the disk.
    case madeRenamesDurable
  }

  /// Receives each step as it is taken (for tests).
  package var trace: (@Sendable (Step) -> Void)?

  /// The calls that make data durable: the system's, or stand-ins that fail (for tests).
  package var syncs: Syncs

  /// Batches larger than this are made durable with one `syncfs` per file system, where there is one.
  static let syncfsThreshold = 8

  package init(trace: (@Sendable (Step) -> Void)? = nil, syncs: Syncs = .system) {
    self.trace = trace
    self.syncs = syncs
  }

  /// The calls that make data durable, each giving the reason it failed, or `nil`.
  package struct Syncs: Sendable {
    /// `fsync` of a file, by its path.
    package var file: @Sendable (String) -> String?
    /// `fsync` of a directory, by its path; `nil` too when its file system cannot sync directories.
    package var directory: @Sendable (String) -> String?
    /// `syncfs` of the file system a directory is on; `nil` for ``AtomicWriter`` to use `fsync` instead.
    package var fileSystem: (@Sendable (String) -> String?)?

    package init(
      file: @escaping @Sendable (String) -> String?, directory: @escaping @Sendable (String) -> String?,
      fileSystem: (@Sendable (String) -> String?)?
    ) {
      self.file = file
      self.directory = directory
      self.fileSystem = fileSystem
    }

    /// The system's calls.
    package static let system: Syncs = {
      let file: @Sendable (String) -> String? = { AtomicWriter.fsync($0) }
      let directory: @Sendable (String) -> String? = { AtomicWriter.fsync($0, isDirectory: true) }
      let fileSystem: @Sendable (String) -> String? = { AtomicWriter.syncFileSystem(of: $0) }
      return Syncs(file: file, directory: directory, fileSystem: AtomicWriter.syncfs == nil ? nil : fileSystem)
    }()
  }

  /// Why a replacement did not end as it should, worded as ``FileIOError`` words a failure.
  package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What could not be done (`write`, `make it durable`), or `nil` when `reason` says it all.
    package let operation: String?
    /// Why, as the system says it or in words of our own.
    package let reason: String
    /// Whether the target holds the new contents all the same: only its rename could not be made
    /// durable, so a power loss may still leave the old file (whole). Otherwise the target is as it was.
    package let isReplaced: Bool

    init(_ operation: String?, _ reason: String) {
      (self.operation, self.reason, isReplaced) = (operation, reason, false)
    }

    /// A file in place whose rename could not be made durable, for `reason`.
    init(renameNotDurable reason: String) {
      (operation, self.reason, isReplaced) =
        ("make the rename durable", reason + " (the file is written, but a power loss may undo it)", true)
    }

    /// `cannot make it durable: Input/output error`.
    package var description: String { operation.map { "cannot \($0): \(reason)" } ?? reason }

    /// The failure as a ``FileIOError`` naming `path`, which says what `path: \(self)` says.
    package func error(naming path: String) -> FileIOError {
      FileIOError(path: path, operation: operation ?? "write", reason: reason)
    }
  }

  /// A file being replaced, or a special file being written in place.
  package struct Replacement: Sendable {
    /// The path as the caller named it, for messages.
    package let path: String
    /// The file replaced: `path` with symbolic links followed.
    let target: String
    /// The temporary file, or `nil` for a special file written in place.
    let temporary: String?
    /// Where the new contents go, until ``AtomicWriter/finish(_:)``.
    package let fd: Int32
    /// The temporary file's slot in ``TemporaryFiles``.
    let slot: Int?
    /// The file system the temporary file is on, when it was looked at as it was made (`nil`: its folder
    /// is looked at when the batch is made durable).
    var device: UInt64? = nil
  }

  /// What a replacement keeps of the file it replaces: its permissions, owner and group.
  package struct Existing: Equatable, Sendable {
    /// The permission bits, set-user-ID, set-group-ID and sticky bits included.
    package var mode: UInt32
    package var owner: UInt32
    package var group: UInt32

    package init(mode: UInt32, owner: UInt32, group: UInt32) {
      (self.mode, self.owner, self.group) = (mode & 0o7777, owner, group)
    }

    /// What `stat` or `lstat` told of a file.
    init(_ info: stat) {
      self.init(mode: UInt32(info.st_mode), owner: UInt32(info.st_uid), group: UInt32(info.st_gid))
    }
  }

  /// What a caller knows of the file at a path it writes, which spares looking it up again.
  package enum Known: Sendable {
    /// Nothing: ``begin(_:known:)`` looks.
    case nothing
    /// Nothing was there when the caller looked: the file is made new, and whatever is there when the
    /// batch is committed is replaced.
    case absent
    /// A regular file named itself (not a symbolic link to one), which the caller has just looked at:
    /// it is replaced, keeping these. A file that has changed since must be caught before it is replaced
    /// (``commit(_:check:)``'s `check`).
    case regularFile(Existing)
  }

  /// Starts replacing the file at `path` (or creating it): the new contents go to the returned
  /// replacement's descriptor.
  /// - Parameter known: what the caller knows of the file, which `begin` then need not look up.
  /// - Throws: ``FileIOError`` when the temporary file cannot be made, or `path` is a directory.
  package func begin(_ path: String, known: Known = .nothing) throws(FileIOError) -> Replacement {
    switch known {
    case .absent: return try makeTemporary(for: path, target: path, replacing: nil)
    case .regularFile(let existing): return try makeTemporary(for: path, target: path, replacing: existing)
    case .nothing: break
    }
    if let fd = Self.standardStream(path) { return try Self.inPlace(path, fd: fd) }
    // One `lstat` tells what is at `path` in the usual case, a regular file or nothing: only a symbolic
    // link needs its target found and looked at (then `stat` follows it, as `open` would).
    var existing = stat()
    var exists = PathText.withCString(path) { lstat($0, &existing) } == 0
    var target = path
    if exists && (existing.st_mode & S_IFMT) == S_IFLNK {
      target = FileIO.resolvedPath(path)
      exists = PathText.withCString(target) { stat($0, &existing) } == 0
    }
    if exists && (existing.st_mode & S_IFMT) == S_IFDIR {
      throw FileIOError(path: path, operation: "write", reason: "it is a directory")
    }
    if exists && (existing.st_mode & S_IFMT) != S_IFREG {
      // A device, a FIFO or a socket is written in place.
      return try Self.inPlace(path, fd: PathText.withCString(path) { open($0, O_WRONLY | O_CLOEXEC | O_NOCTTY) })
    }
    return try makeTemporary(for: path, target: target, replacing: exists ? Existing(existing) : nil)
  }

  /// Makes the temporary file of a replacement of `target` (named `path` by the caller): a new file gets
  /// the permissions any program's new file gets there (0666 less the umask, or what the folder's default
  /// ACL says), from the kernel as it is made; a replaced file keeps its own, and its owner and group where
  /// the process may set them (as root, or a group it belongs to).
  private func makeTemporary(for path: String, target: String, replacing existing: Existing?) throws(FileIOError)
    -> Replacement
  {
    let template = Self.temporaryTemplateBytes(for: target)
    guard let existing else {
      let (fd, temporary, slot) = try TemporaryFiles.make(template, mode: 0o666, for: path)
      return Replacement(path: path, target: target, temporary: temporary, fd: fd, slot: slot)
    }
    // Made with the file's permissions when it is made with the file's owner and group too (nearly always:
    // the user's own file), so that one `fstat` finds nothing to set; private until they are set otherwise.
    let isOwn = existing.owner == Self.user && existing.group == Self.group
    let (fd, temporary, slot) = try TemporaryFiles.make(
      template, mode: mode_t(isOwn ? existing.mode & 0o777 : 0o600), for: path)
    var made = stat()
    let looked = fstat(fd, &made) == 0
    // The owner and group first: changing them clears the set-user-ID and set-group-ID bits, which the
    // permissions then set again.
    var setsMode = !looked || Existing(made).mode != existing.mode
    if !looked || made.st_uid != existing.owner || made.st_gid != existing.group {
      _ = fchown(fd, existing.owner, existing.group)
      setsMode = true
    }
    if setsMode { fchmod(fd, mode_t(existing.mode)) }
    var replacement = Replacement(path: path, target: target, temporary: temporary, fd: fd, slot: slot)
    if looked { replacement.device = UInt64(made.st_dev) }
    return replacement
  }

  /// The process's effective user and group, which a file it makes gets (but in a set-group-ID folder).
  private static let user = UInt32(geteuid())
  private static let group = UInt32(getegid())

  /// Begins replacing `path` (see ``begin(_:known:)``), writes `bytes` to it and finishes, ready for
  /// ``commit(_:check:)``; on a failure nothing is left behind.
  package func prepare(_ path: String, known: Known = .nothing, bytes: [UInt8]) throws(FileIOError) -> Replacement {
    let replacement = try begin(path, known: known)
    var failure: FileIOError?
    bytes.withUnsafeBytes { buffer in
      do throws(FileIOError) {
        try FileIO.write(buffer, fd: replacement.fd, path: path)
      } catch {
        failure = error
      }
    }
    if let failure {
      abandon(replacement)
      throw failure
    }
    try finish(replacement)
    return replacement
  }

  /// Begins replacing `path` (see ``begin(_:known:)``), lets `body` write the contents to the descriptor
  /// and finishes, ready for ``commit(_:check:)``; when `body` throws, nothing is left behind and the error
  /// is rethrown.
  package func prepare(_ path: String, known: Known = .nothing, _ body: (Int32) throws -> Void) throws -> Replacement {
    let replacement = try begin(path, known: known)
    do {
      try body(replacement.fd)
    } catch {
      abandon(replacement)
      throw error
    }
    try finish(replacement)
    return replacement
  }

  /// Ends writing a replacement's contents.
  /// - Throws: ``FileIOError`` when closing reports a write that failed; the replacement is then abandoned
  ///   (do not call ``abandon(_:)`` after it).
  package func finish(_ replacement: Replacement) throws(FileIOError) {
    guard close(replacement.fd) == 0 || replacement.temporary == nil else {
      let error = FileIOError(path: replacement.path, operation: "write", errno: errno)
      removeTemporary(replacement)
      throw error
    }
    if let temporary = replacement.temporary { trace?(.wrote(temporary: temporary)) }
  }

  /// Gives up a replacement, leaving its target as it was.
  package func abandon(_ replacement: Replacement) {
    if replacement.temporary != nil { close(replacement.fd) }
    removeTemporary(replacement)
  }

  /// Puts finished replacements in place, durably, in the order the type's documentation gives.
  /// - Parameter check: asked, with a replacement's index, just before it is renamed (from several threads
  ///   at once in a large batch); a reason not to replace the file after all (say, it changed since it was
  ///   read) abandons that one.
  /// - Returns: for each replacement, in order, why it did not end as it should (not put in place, or put
  ///   in place with its rename not made durable), or `nil`.
  package func commit(_ replacements: [Replacement], check: (@Sendable (Int) -> String?)? = nil) -> [Failure?] {
    var failures = [Failure?](repeating: nil, count: replacements.count)
    let pending = replacements.indices.filter { replacements[$0].temporary != nil }
    guard !pending.isEmpty else { return failures }
    let syncfs = pending.count > Self.syncfsThreshold ? syncs.fileSystem : nil
    // The file systems, found once for both syncs.
    let fileSystems = syncfs == nil ? [] : groupedByDevice(pending, of: replacements)
    // 1. The data, before any rename: one syncfs per file system, or where that fails an fsync per file,
    // which tells which files' data failed.
    var unsynced = pending
    if let syncfs {
      unsynced = []
      for (directory, indices) in fileSystems where syncfs(directory) != nil { unsynced += indices }
    }
    if !unsynced.isEmpty {
      let file = syncs.file
      let results = ThreadPool.forEach(unsynced, jobs: min(unsynced.count, 16)) { index in
        file(replacements[index].temporary!)
      }
      for (index, reason) in zip(unsynced, results) where reason != nil {
        failures[index] = Failure("make it durable", reason!)
      }
    }
    trace?(.madeDurable(pending.filter { failures[$0] == nil }.map { replacements[$0].temporary! }))
    // 2. The renames: side by side in a large batch, since every file's data is durable by now.
    let durable = failures
    let renames = ThreadPool.forEach(pending, jobs: pending.count > 256 ? ThreadPool.processorCount : 1) {
      index -> Failure? in
      let replacement = replacements[index]
      let failure = durable[index] ?? check?(index).map { Failure(nil, $0) }
      guard failure == nil else {
        removeTemporary(replacement)
        return failure
      }
      let temporary = replacement.temporary!
      let result = PathText.withCString(temporary) { from in
        PathText.withCString(replacement.target) { to in rename(from, to) }
      }
      if result != 0 {
        let reason = String(cString: strerror(errno))
        removeTemporary(replacement)
        return Failure("write", reason)
      }
      if let slot = replacement.slot { TemporaryFiles.forget(slot) }
      trace?(.renamed(temporary: temporary, target: replacement.target))
      return nil
    }
    var renamed: [Int] = []
    for (index, failure) in zip(pending, renames) {
      failures[index] = failure
      if failure == nil { renamed.append(index) }
    }
    // 3. The renames themselves, durable: syncfs again, or where it fails (or for a small batch) an fsync
    // of each directory. A file whose directory's sync fails is new, but says a power loss may undo it.
    guard !renamed.isEmpty else { return failures }
    var directories: [String: [Int]] = [:]
    var order: [String] = []
    func add(_ indices: [Int]) {
      for index in indices {
        let directory = FilePath.directory(of: replacements[index].target)
        if directories[directory] == nil { order.append(directory) }
        directories[directory, default: []].append(index)
      }
    }
    if let syncfs {
      for (directory, indices) in fileSystems {
        let inPlace = indices.filter { failures[$0] == nil }
        if !inPlace.isEmpty && syncfs(directory) != nil { add(inPlace) }
      }
    } else {
      add(renamed)
    }
    for directory in order {
      guard let reason = syncs.directory(directory) else { continue }
      for index in directories[directory]! { failures[index] = Failure(renameNotDurable: reason) }
    }
    if renamed.allSatisfy({ failures[$0] == nil }) { trace?(.madeRenamesDurable) }
    return failures
  }

  // MARK: Pieces

  private func removeTemporary(_ replacement: Replacement) {
    guard let temporary = replacement.temporary else { return }
    _ = PathText.withCString(temporary) { unlink($0) }
    if let slot = replacement.slot { TemporaryFiles.forget(slot) }
  }

  /// The indices of `replacements` by the file system their temporary files are on, with one folder of
  /// each group to name that file system: the device noted as each was made, or else its folder's.
  private func groupedByDevice(_ indices: [Int], of replacements: [Replacement]) -> [(String, [Int])] {
    var groups: [(device: UInt64, directory: String, indices: [Int])] = []
    var devices: [String: UInt64] = [:]  // a batch has many files to a directory: one stat each
    var previous: (directory: String, device: UInt64)?  // and they come a folder's files after another's
    for index in indices {
      let replacement = replacements[index]
      let directory = FilePath.directory(of: replacement.target)
      let device =
        replacement.device
        ?? (previous?.directory == directory ? previous?.device : nil)
        ?? devices[directory]
        ?? {
          var info = stat()
          let device = PathText.withCString(directory) { stat($0, &info) } == 0 ? UInt64(info.st_dev) : UInt64.max
          devices[directory] = device
          return device
        }()
      previous = (directory, device)
      if let group = groups.firstIndex(where: { $0.device == device }) {
        groups[group].indices.append(index)
      } else {
        groups.append((device, directory, [index]))
      }
    }
    return groups.map { ($0.directory, $0.indices) }
  }

  /// `.NAME.tmp-XXXXXX` beside `target`, with NAME cut short enough that the whole fits in the 255 bytes
  /// a file name may have.
  static func temporaryTemplate(for target: String) -> String {
    PathText.decode(temporaryTemplateBytes(for: target))
  }

  /// ``temporaryTemplate(for:)``'s bytes, worked out on the target's bytes (a path's `/` is one byte that
  /// no other code point holds).
  static func temporaryTemplateBytes(for target: String) -> [UInt8] {
    let bytes = PathText.bytes(target)
    let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
    let limit = 255 - ".".utf8.count - ".tmp-XXXXXX".utf8.count
    let name = bytes[(slash.map { $0 + 1 } ?? 0)...].prefix(limit)
    var template: [UInt8] = []
    template.reserveCapacity(bytes.count + 12)
    // A file in `.` is made as `.NAME…`, as the folder's name would be joined to it.
    if let slash, !(slash == 1 && bytes[0] == UInt8(ascii: ".")) {
      template += bytes[..<max(slash, 1)]
      if template.last != UInt8(ascii: "/") { template.append(UInt8(ascii: "/")) }
    }
    template.append(UInt8(ascii: "."))
    template += name
    template += ".tmp-XXXXXX".utf8
    return template
  }

  /// A descriptor for `-`-like names of the process's own streams (`/dev/stdout`, `/dev/fd/1`,
  /// `/proc/self/fd/1`): a copy of that descriptor, written where the stream stands, as a shell
  /// redirection would be. `nil` for any other path.
  static func standardStream(_ path: String) -> Int32? {
    // Most paths are told apart by their first bytes.
    guard path.utf8.starts(with: "/dev/".utf8) || path.utf8.starts(with: "/proc/".utf8) else { return nil }
    let number: Int32?
    switch path {
    case "/dev/stdout": number = STDOUT_FILENO
    case "/dev/stderr": number = STDERR_FILENO
    default:
      let prefixes = ["/dev/fd/", "/proc/self/fd/"]
      number = prefixes.lazy.compactMap { path.hasPrefix($0) ? Int32(path.dropFirst($0.count)) : nil }.first
    }
    guard let number else { return nil }
    return dup(number)
  }

  /// A replacement that writes `fd`, opened on `path` itself (a special file or a standard stream).
  /// - Throws: ``FileIOError`` when `fd` is not a descriptor (the open failed; `errno` says why).
  private static func inPlace(_ path: String, fd: Int32) throws(FileIOError) -> Replacement {
    guard fd >= 0 else { throw FileIOError(path: path, operation: "write", errno: errno) }
    return Replacement(path: path, target: path, temporary: nil, fd: fd, slot: nil)
  }

  /// `fsync` of a file or directory by its path; the reason it failed, or `nil`. A directory on a file
  /// system that cannot sync directories (`EINVAL`, `ENOTSUP`) counts as synced: that file system makes
  /// renames durable as it does, and nothing more can be asked of it.
  static func fsync(_ path: String, isDirectory: Bool = false) -> String? {
    let fd = PathText.withCString(path) { open($0, (isDirectory ? O_DIRECTORY : 0) | O_RDONLY | O_CLOEXEC) }
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    defer { close(fd) }
    #if canImport(Darwin)
      // A file system without F_FULLFSYNC (a network one) still has fsync, as SQLite falls back to.
      let result = fcntl(fd, F_FULLFSYNC) == 0 ? 0 : Darwin.fsync(fd)
    #else
      let result = Glibc.fsync(fd)
    #endif
    guard result != 0 else { return nil }
    if isDirectory && [EINVAL, ENOTSUP, EOPNOTSUPP].contains(errno) { return nil }
    return String(cString: strerror(errno))
  }

  /// Linux's `syncfs(2)`, which the C library has but Swift's view of it does not show; `nil` elsewhere.
  static let syncfs: (@convention(c) (Int32) -> Int32)? = {
    #if os(Linux)
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    #else
      return nil
    #endif
  }()

  /// Flushes the whole file system `directory` is on; the reason it failed, or `nil`.
  static func syncFileSystem(of directory: String) -> String? {
    guard let syncfs else { return "syncfs is not available" }
    let fd = PathText.withCString(directory) { open($0, O_DIRECTORY | O_RDONLY | O_CLOEXEC) }
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    defer { close(fd) }
    return syncfs(fd) == 0 ? nil : String(cString: strerror(errno))
  }
}
