import InertiaFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A three-way merge of texts by git's own `git merge-file`, the line merge git uses for text files.
///
/// The three texts go to temporary files of their own (noted for removal should the process be stopped,
/// see ``TemporaryFiles``), `git merge-file` merges them in place, and the files are removed. It runs in
/// the current directory, so it follows the repository's `merge.conflictStyle` as git's own merges do.
struct GitMergeFile {
  /// The `git` executable.
  let git: String

  /// What a merge came to.
  struct Merged {
    /// The merged text, with conflict markers where the versions disagree.
    var text: [UInt8]
    /// How many conflicts it holds (git counts at most 127).
    var conflicts: Int
  }

  /// Why a merge could not be made.
  struct Failure: Error {
    var message: String
  }

  /// Finds `git` in the directories of `searchPath` (a `PATH` value).
  init?(searchPath: String?) {
    for directory in (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = FilePath.join(String(directory), "git")
      var info = stat()
      guard PathText.withCString(candidate, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG,
        PathText.withCString(candidate, { access($0, X_OK) }) == 0
      else { continue }
      git = candidate
      return
    }
    return nil
  }

  /// Merges the change from `base` to `theirs` into `ours`.
  /// - Parameters:
  ///   - labels: the names the conflict markers give ours, the base and theirs.
  ///   - markerSize: how many characters each conflict marker has.
  ///   - temporaryDirectory: where the texts are written while they are merged.
  func merge(
    ours: [UInt8], base: [UInt8], theirs: [UInt8], labels: (String, String, String), markerSize: Int,
    temporaryDirectory: String
  ) throws(Failure) -> Merged {
    var files: [(path: String, slot: Int)] = []
    defer {
      for file in files {
        _ = PathText.withCString(file.path) { unlink($0) }
        TemporaryFiles.forget(file.slot)
      }
    }
    do throws(FileIOError) {
      for (name, text) in [("ours", ours), ("base", base), ("theirs", theirs), ("messages", [])] {
        files.append(try Self.temporaryFile(in: temporaryDirectory, name: name, contents: text))
      }
    } catch {
      throw Failure(message: error.description)
    }
    let arguments = [
      git, "merge-file", "--marker-size", String(markerSize), "-L", labels.0, "-L", labels.1, "-L", labels.2,
      files[0].path, files[1].path, files[2].path,
    ]
    let status = try run(arguments, messages: files[3].path)
    guard (0...127).contains(status) else {
      let messages = (try? FileIO.read(files[3].path, as: .mergeScratch, maxSize: 1 << 16)) ?? []
      let first = messages.split(separator: 0x0A).first.map { ": " + PathText.decode($0) } ?? ""
      throw Failure(message: "git merge-file failed (exit status \(status))\(first)")
    }
    do throws(FileIOError) {
      return Merged(text: try FileIO.read(files[0].path, as: .mergeScratch, maxSize: Int.max), conflicts: Int(status))
    } catch {
      throw Failure(message: error.description)
    }
  }

  /// Runs `git` with `arguments`, its standard error into the file `messages`; returns its exit status,
  /// or 128 plus the signal that ended it.
  private func run(_ arguments: [String], messages: String) throws(Failure) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    PathText.withCString(messages) { _ = posix_spawn_file_actions_addopen(&actions, 2, $0, O_WRONLY | O_TRUNC, 0) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { argument in
      PathText.withCString(argument) { strdup($0) }
    }
    argv.append(nil)
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let started = posix_spawn(&pid, argv[0]!, &actions, &attributes, &argv, environ)
    guard started == 0 else {
      throw Failure(message: "cannot run \(git): " + String(cString: strerror(started)))
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw Failure(message: "cannot wait for git: " + String(cString: strerror(errno))) }
    }
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  /// Makes `DIR/inertia-merge-NAME-XXXXXX.json` holding `contents`, noted for removal on a stop.
  private static func temporaryFile(
    in directory: String, name: String, contents: [UInt8]
  ) throws(FileIOError) -> (path: String, slot: Int) {
    let template = FilePath.join(directory, "inertia-merge-\(name)-XXXXXX.json")
    let (fd, path, slot) = try TemporaryFiles.make(template, suffixLength: 5, for: template)
    defer { close(fd) }
    var failure: FileIOError?
    contents.withUnsafeBytes { buffer in
      do throws(FileIOError) {
        try FileIO.write(buffer, fd: fd, path: path)
      } catch {
        failure = error
      }
    }
    if let failure {
      _ = PathText.withCString(path) { unlink($0) }
      TemporaryFiles.forget(slot)
      throw failure
    }
    return (path, slot)
  }
}
