import Foundation
import TestSupport
import Testing

/// A throw-away git repository in a temporary directory, driven through the real `git`, with the built
/// `inertia-convert` first on its `PATH` and nothing of the user's or the system's git configuration.
final class GitRepository {
  /// The `git` on `PATH`, or `nil` when there is none (the tests that need it are then skipped).
  static let git: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/git"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }()

  /// Whether the git tests can run: git is installed and `inertia-convert` is built beside the tests.
  static let isAvailable = git != nil && builtConvertTool != nil

  /// Why they are skipped when they are.
  static let unavailableReason: Comment =
    git == nil
    ? "git is not installed (not on PATH), so the tests that run real git are skipped"
    : "inertia-convert is not built beside the tests"

  let directory: TemporaryDirectory
  var path: String { directory.path }

  /// What one command did.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
  }

  /// `git init` in a fresh directory, on a branch named `main`.
  init() throws {
    directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let initialised = try git(["init", "-q", "-b", "main"])
    guard initialised.status == 0 else { throw GitFailure(command: "git init", result: initialised) }
  }

  /// A home directory of the repository's own, outside the work tree, so no user configuration applies.
  private var home: String { path + "-home" }

  deinit { try? FileManager.default.removeItem(atPath: home) }

  /// The environment every command runs in: the built tools first on `PATH`, a fixed author and date,
  /// no pager, no configuration but the repository's own.
  var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
    let tools = builtConvertTool!.deletingLastPathComponent().path
    environment["PATH"] = tools + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["HOME"] = home
    environment["XDG_CONFIG_HOME"] = home
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
    environment["GIT_AUTHOR_NAME"] = "Inertia Tests"
    environment["GIT_AUTHOR_EMAIL"] = "tests@example.com"
    environment["GIT_COMMITTER_NAME"] = "Inertia Tests"
    environment["GIT_COMMITTER_EMAIL"] = "tests@example.com"
    environment["GIT_AUTHOR_DATE"] = "2024-01-01T00:00:00Z"
    environment["GIT_COMMITTER_DATE"] = "2024-01-01T00:00:00Z"
    environment["GIT_PAGER"] = "cat"
    environment["PAGER"] = "cat"
    environment["LC_ALL"] = "C"
    return environment
  }

  /// Runs `git` with `arguments` in the repository.
  @discardableResult
  func git(_ arguments: [String]) throws -> Result {
    try run(GitRepository.git!, arguments)
  }

  /// Runs a shell script in the repository, as a user would type it.
  @discardableResult
  func shell(_ script: String) throws -> Result {
    try run("/bin/sh", ["-e", "-c", script])
  }

  /// Runs a program in the repository, its outputs captured through files (no pipe to fill up), in
  /// `environment` (by default ``environment``).
  func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Result {
    let outputs = try TemporaryDirectory()
    let stdoutPath = outputs.file("stdout")
    let stderrPath = outputs.file("stderr")
    _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.currentDirectoryURL = directory.url
    process.environment = environment ?? self.environment
    process.standardInput = FileHandle.nullDevice
    let stdout = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
    let stderr = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    process.waitUntilExit()
    try stdout.close()
    try stderr.close()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: try outputs.read("stdout"), as: UTF8.self),
      stderr: String(decoding: try outputs.read("stderr"), as: UTF8.self))
  }

  /// Writes a file in the work tree (making its directories).
  func write(_ name: String, _ bytes: [UInt8]) throws {
    let url = directory.url.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  func read(_ name: String) throws -> [UInt8] { try directory.read(name) }

  /// `git add -A` and `git commit` with `message`; throws when either fails.
  func commitAll(_ message: String) throws {
    for arguments in [["add", "-A"], ["commit", "-q", "-m", message]] {
      let result = try git(arguments)
      guard result.status == 0 else { throw GitFailure(command: arguments.joined(separator: " "), result: result) }
    }
  }

  /// The `sh` code blocks of a section of a documentation page (from its heading to the next heading of
  /// its level or above), in order: the lines a user copies.
  static func shellBlocks(page: String, section heading: String) throws -> [String] {
    DocumentationPage.codeBlocks("sh", in: try DocumentationPage(page).section(heading))
  }
}

struct GitFailure: Error, CustomStringConvertible {
  let command: String
  let result: GitRepository.Result
  var description: String { "\(command) exited \(result.status): \(result.stderr)" }
}
