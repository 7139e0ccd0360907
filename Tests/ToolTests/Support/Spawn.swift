import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A child process started as a shell starts one: no signal blocked, every signal at its default.
///
/// Foundation's `Process` passes on the signal mask of the thread that starts it, and the test runner's
/// threads block most signals, so a child started with it never sees SIGINT or SIGTERM.
struct SpawnedProcess {
  let pid: pid_t
  /// The read end of the child's standard output, when it was captured.
  let output: FileHandle?

  /// Starts `path` with `arguments` in `directory`; standard error is discarded, standard output too
  /// unless `captureOutput`.
  init(_ path: String, _ arguments: [String], in directory: String, captureOutput: Bool = false) throws {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pipe: Pipe?
    if captureOutput {
      let made = Pipe()
      posix_spawn_file_actions_adddup2(&actions, made.fileHandleForWriting.fileDescriptor, 1)
      pipe = made
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    // The child starts in `directory`: through the shell's `cd`, which posix_spawn has no portable way to do.
    let command = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory, path] + arguments
    var argv = command.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, environ)
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
    try pipe?.fileHandleForWriting.close()
    self.pid = pid
    self.output = pipe?.fileHandleForReading
  }

  /// How the child ended.
  enum Ending: Equatable {
    case exited(Int32)
    case signalled(Int32)
  }

  /// Waits for the child to end.
  func wait() -> Ending {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    if status & 0x7F == 0 { return .exited((status >> 8) & 0xFF) }
    return .signalled(status & 0x7F)
  }
}
