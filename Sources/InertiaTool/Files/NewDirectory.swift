import InertiaFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder a run makes for its results (`--out-dir` naming a folder that is not there yet), which appears
/// whole, with its files in it, or not at all.
///
/// Its first missing folder is built under a hidden temporary name in the folder above it
/// (`.NAME.tmp-XXXXXX`, which directory walks never enter), the folders below it made inside; the results
/// are put in place inside it as any batch is (see ``AtomicWriter``); then one rename gives it its name,
/// and that rename is made durable. A run that writes nothing removes it; one that is stopped has it
/// removed with its temporary files (see ``TemporaryFiles/removeAll()``).
package final class NewDirectory {
  /// The folder as the command line names it.
  package let path: String
  /// The first folder of ``path`` that does not exist: what the rename makes.
  let top: String
  /// Where ``top`` is built, until the rename.
  let staging: String
  /// What is noted for removal on a stop: the temporary folder, those in it and the files to be put in it.
  private var slots: [Int] = []
  private var isPlaced = false

  /// Plans the folder `path`, making its temporary folder; `nil` when `path` is there already.
  /// - Throws: ``FileIOError`` when the temporary folder cannot be made (the folder above cannot be written).
  package init?(_ path: String) throws(FileIOError) {
    guard !FileIO.exists(path) else { return nil }
    self.path = path
    // `Previews/` is the folder `Previews`.
    var trimmed = path
    while trimmed.utf8.count > 1 && trimmed.utf8.last == UInt8(ascii: "/") { trimmed = String(trimmed.dropLast()) }
    var missing = [FilePath.name(of: trimmed)]
    var parent = FilePath.directory(of: trimmed)
    // The folders from the first that exists down: bounded by the path's own components.
    while !FileIO.exists(parent) && parent != FilePath.directory(of: parent) {
      missing.insert(FilePath.name(of: parent), at: 0)
      parent = FilePath.directory(of: parent)
    }
    top = FilePath.join(parent, missing[0])
    // `.NAME.tmp-XXXXXX`, NAME cut short enough that it fits in the 255 bytes a name may have.
    let prefix = PathText.bytes(FilePath.join(parent, "."))
    let template = prefix + PathText.bytes(missing[0]).prefix(200) + Array(".tmp-XXXXXX".utf8)
    let made = try TemporaryFiles.makeDirectory(template, for: path)
    staging = made.path
    slots.append(made.slot)
    var inside = staging
    for name in missing.dropFirst() {
      inside = FilePath.join(inside, name)
      guard PathText.withCString(inside, { mkdir($0, 0o777) }) == 0 || errno == EEXIST else {
        let error = FileIOError(path: path, operation: "write", errno: errno)
        abandon()
        throw error
      }
      slots.append(TemporaryFiles.note(inside))
    }
  }

  deinit {
    if !isPlaced { abandon() }
  }

  /// Where the file `file` (a path in ``path``) is written until the folder is put in place; noted for
  /// removal on a stop.
  package func stagedPath(of file: String) -> String {
    let relative = PathText.bytes(file).dropFirst(PathText.bytes(top).count)
    let staged = PathText.decode(PathText.bytes(staging) + relative)
    slots.append(TemporaryFiles.note(staged))
    return staged
  }

  /// Gives the folder its name, durably. A folder made there meanwhile (another run making the same
  /// `--out-dir`) is not replaced: what this one holds is moved into it, each file put in place by a rename.
  /// - Throws: ``FileIOError`` when it cannot be put in place; what could not be moved is then removed.
  package func putInPlace() throws(FileIOError) {
    // A folder made meanwhile by someone else is replaced only when it is empty, as `rename` does.
    let renamed = PathText.withCString(staging) { from in PathText.withCString(top) { to in rename(from, to) } }
    if renamed != 0 {
      let code = errno
      guard (code == ENOTEMPTY || code == EEXIST) && FileIO.isDirectory(top), moveContents(of: staging, into: top)
      else {
        let error = FileIOError(path: path, operation: "write", errno: code)
        abandon()
        throw error
      }
      _ = AtomicWriter.fsync(top, isDirectory: true)
    }
    isPlaced = true
    for slot in slots { TemporaryFiles.forget(slot) }
    slots = []
    if let reason = AtomicWriter.fsync(FilePath.directory(of: top), isDirectory: true) {
      throw FileIOError(
        path: path, operation: "make the folder durable",
        reason: reason + " (the folder is made, but a power loss may undo it)")
    }
  }

  /// Moves what the folder `from` holds into the folder `into`, folders into folders of the same name,
  /// removing each folder of `from` once it is empty; whether all of it moved.
  private func moveContents(of from: String, into: String) -> Bool {
    guard let names = FileIO.names(in: from) else { return false }
    var moved = true
    for name in names {
      let source = FilePath.join(from, name)
      let target = FilePath.join(into, name)
      if FileIO.isDirectory(source) && FileIO.isDirectory(target) {
        moved = moveContents(of: source, into: target) && moved
        _ = AtomicWriter.fsync(target, isDirectory: true)
      } else if PathText.withCString(source, { from in PathText.withCString(target) { to in rename(from, to) } }) != 0 {
        moved = false
      }
    }
    _ = PathText.withCString(from) { rmdir($0) }
    return moved
  }

  /// Removes the temporary folder and what is in it.
  package func abandon() {
    let noted = slots.compactMap { slot -> String? in
      defer { TemporaryFiles.forget(slot) }
      return TemporaryFiles.name(at: slot)
    }
    slots = []
    // Files first, then the folders, innermost first (as they were noted: outermost first).
    for name in noted { _ = PathText.withCString(name) { unlink($0) } }
    for name in noted.reversed() { _ = PathText.withCString(name) { rmdir($0) } }
  }
}
