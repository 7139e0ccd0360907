import Foundation
import InertiaFormat
import InertiaLint
import TestSupport
import Testing

@testable import InertiaTool

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 29, class 4 (and 6): only regular files are read as files. Every reader of the tools
/// (``InputRole``) × every kind of special file: a device, a FIFO, a socket, a folder, and a link to a
/// device. Each is a one-line error naming the file before anything is read (a FIFO without a writer
/// never holds a run), except what the user names as a stream (`/dev/fd/N`, what `<(…)` gives, and
/// `/dev/null`), which is read by the path given.
@Suite("Special files, every reader")
struct SpecialFileReaderTests {
  enum Special: String, CaseIterable, CustomTestStringConvertible {
    case device, fifo, socket, folder, linkToDevice
    var testDescription: String { rawValue }

    /// What the one-line error says the file is.
    var said: String {
      switch self {
      case .device, .linkToDevice: "it is a character device, not a regular file"
      case .fifo: "it is a FIFO, not a regular file"
      case .socket: "No such device or address"
      case .folder: "it is a directory"
      }
    }
  }

  /// Makes the special file `name` in `folder`; returns its path.
  static func make(_ special: Special, _ name: String, in folder: String) -> String {
    let path = folder + "/" + name
    switch special {
    case .device: return "/dev/zero"
    case .linkToDevice: symlink("/dev/zero", path)
    case .fifo: mkfifo(path, 0o644)
    case .folder: mkdir(path, 0o755)
    case .socket:
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
      }
      _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
      }
      close(fd)
    }
    return path
  }

  /// Runs `body` with every FIFO under `folder` held open for writing (so that a run that opened one to
  /// read would wait for data rather than for a writer), and a watchdog that lets go of them after ten
  /// seconds; returns what `body` returned and whether the watchdog had to.
  static func guardingFIFOs<R>(in folder: String, _ body: () -> R) -> (R, watchdogFired: Bool) {
    let names = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
    var writers: [Int32] = []
    for name in names {
      var info = stat()
      if lstat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFIFO {
        writers.append(open(folder + "/" + name, O_RDWR | O_NONBLOCK))
      }
    }
    let lock = NSLock()
    nonisolated(unsafe) var open = true
    nonisolated(unsafe) var fired = false
    let held = writers
    let watchdog = Thread {
      for _ in 0..<100 {
        usleep(100_000)
        if lock.withLock({ !open }) { return }
      }
      lock.withLock {
        if open { for fd in held { close(fd) } }
        open = false
        fired = true
      }
    }
    watchdog.start()
    let result = body()
    lock.withLock {
      if open { for fd in held { close(fd) } }
      open = false
    }
    return (result, lock.withLock { fired })
  }

  /// A valid animation in its JSON form.
  static let animation = Documents.clean

  @Test("Every reader refuses every special file before reading it, in one line naming it", arguments: Special.allCases)
  func everyReader(_ special: Special) throws {
    for role in InputRole.allCases {
      let directory = try TemporaryDirectory()
      try directory.write("input.json", Self.animation)
      switch role {
      case .mergeScratch:
        // The merge's own temporary files, which it makes itself: nothing special can be there.
        continue
      case .foundConfiguration, .gitIgnore:
        // Found by a walk: a special file there is none of the run's business; it is passed over, unread.
        let name = role == .gitIgnore ? ".gitignore" : LintConfiguration.fileName
        if role == .gitIgnore { mkdir(directory.file(".git"), 0o755) }
        try directory.write("input.inertia", Self.animation)
        _ = Self.make(special == .device ? .linkToDevice : special, name, in: directory.path)
        for command in [ToolCommand.lint, .toSVG] where role == .foundConfiguration || command == .lint {
          // A walk of the folder (which meets both), or to-svg's search for a configuration.
          let (run, fired) = Self.guardingFIFOs(in: directory.path) {
            runTool(command, command == .lint ? [] : [directory.file("input.json")], in: directory.path)
          }
          #expect(!fired, "\(role) \(special) \(command): the run waited on the FIFO")
          #expect(run.status == 0, "\(role) \(special) \(command): \(run.stderr) \(run.stdoutText)")
        }
        continue
      case .appSource:
        // Found by a walk for the app rules: a special file named as a source is passed over, or named as
        // unreadable; never waited on, and no reason for the run to fail.
        try directory.write("input.inertia", Self.animation)
        _ = Self.make(special == .device ? .linkToDevice : special, "App.swift", in: directory.path)
        let (run, fired) = Self.guardingFIFOs(in: directory.path) { runTool(.lint, [], in: directory.path) }
        #expect(!fired, "\(role) \(special): the run waited on the FIFO")
        #expect(run.status == 0, "\(role) \(special): \(run.stderr) \(run.stdoutText)")
        continue
      case .configuredBaseline:
        let path = Self.make(special, "base.json", in: directory.path)
        try directory.write(LintConfiguration.fileName, #"{"baseline": "\#(path)"}"#)
        let (run, fired) = Self.guardingFIFOs(in: directory.path) { runTool(.lint, ["input.json"], in: directory.path) }
        #expect(!fired, "\(role) \(special): the run waited on the FIFO")
        #expect(run.status == 2, "\(role) \(special): \(run.stderr)")
        #expect(run.stderr.count == 1 && run.stderrText.contains(special.said), "\(role) \(special): \(run.stderr)")
        continue
      default:
        break
      }
      for (command, option) in role.namedBy {
        // A folder the linter is given is walked, which is what it is for.
        if special == .folder && command == .lint && option == nil { continue }
        let path = Self.make(special, "special.json", in: directory.path)
        var arguments: [String]
        switch (command, option) {
        case (.merge, nil):
          arguments = [directory.file("input.json"), path, directory.file("input.json")]
        case (.diff, nil):
          arguments = [directory.file("input.json"), path]
        case (_, nil):
          arguments = [path]
        case (_, let option?):
          arguments = [option, path, directory.file("input.json")]
        }
        let before = folderSnapshot(directory.path)
        let (run, fired) = Self.guardingFIFOs(in: directory.path) { runTool(command, arguments, in: directory.path) }
        let what = "\(role) \(special) \(command.rawValue) \(arguments)"
        #expect(!fired, "\(what): the run waited on the FIFO")
        #expect(run.status == 2, "\(what): \(run.status) \(run.stderr)")
        // One line naming the file and saying what it is: on standard error, or as the linter's io-error.
        let said = command == .lint && option == nil ? run.stdoutText : run.stderrText
        // Named as given, or (the linter's configuration errors) from the working directory.
        let named = said.contains(path) || (path.hasPrefix(directory.path) && said.contains(": special.json: "))
        #expect(named && said.contains(special.said), "\(what): \(said)")
        if command != .lint || option != nil { #expect(run.stderr.count == 1, "\(what): \(run.stderr)") }
        #expect(folderSnapshot(directory.path) == before, "\(what) changed a file")
        // Only what the test made: `/dev/zero` itself is the system's.
        if path.hasPrefix(directory.path + "/") {
          _ = unlink(path)
          _ = rmdir(path)
        }
      }
    }
  }

  @Test("What the user names as a stream is read by the path given: /dev/fd/N (a pipe, as <(…) gives) and /dev/null")
  func namedStreams() throws {
    let directory = try TemporaryDirectory()
    try directory.write("input.json", Self.animation)
    for role in InputRole.allCases {
      for (command, option) in role.namedBy {
        // A pipe holding the document, its writing end closed: what `<(cat input.json)` gives.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let document =
          option == "--config" ? #"{"rules": {}}"# : option == "--baseline" ? #"{"findings": []}"# : Self.animation
        _ = document.withCString { write(ends[1], $0, strlen($0)) }
        close(ends[1])
        defer { close(ends[0]) }
        let stream = "/dev/fd/\(ends[0])"
        var arguments: [String]
        switch (command, option) {
        case (.merge, nil): arguments = [directory.file("input.json"), directory.file("input.json"), stream]
        case (.diff, nil): arguments = [directory.file("input.json"), stream]
        case (_, nil): arguments = [stream]
        case (_, let option?): arguments = [option, stream, directory.file("input.json")]
        }
        if command == .toSVG && option == nil { arguments.insert("--no-config", at: 0) }
        if command == .lint && option != "--config" { arguments.insert("--no-config", at: 0) }
        let run = runTool(command, arguments, in: directory.path)
        let what = "\(role) \(command.rawValue) \(arguments)"
        #expect(
          !run.stdoutText.contains("cannot read") && !run.stderrText.contains("cannot read"), "\(what): \(run.stderr)")
        #expect(run.status != 2, "\(what): \(run.stderr) \(run.stdoutText)")
      }
    }
    // /dev/null: read as the empty file it is, not refused as a device.
    let empty = runTool(.textconv, ["/dev/null"], in: directory.path)
    #expect(empty.status == 0 && empty.stdoutText.contains("the file is empty"))
    let lint = runTool(.lint, ["--no-config", "/dev/null"], in: directory.path)
    #expect(lint.status == 1 && lint.stdoutText.contains("/dev/null:") && !lint.stdoutText.contains("cannot read"))
  }

  @Test("Issue 29: /dev/zero as an input, or as a baseline a configuration names, is refused before it is read")
  func reportedDevices() throws {
    let sandbox = try LintSandbox(animation: Documents.clean)
    let zero = sandbox.run(["--no-config", "/dev/zero"])
    #expect(zero.status == 2 && zero.stdout.contains("/dev/zero: error: cannot read: it is a character device"))
    try sandbox.write(LintConfiguration.fileName, #"{"baseline": "/dev/zero"}"#)
    let configured = sandbox.run(["animation.inertia"])
    #expect(configured.status == 2)
    #expect(configured.stderr.contains("cannot read the baseline: it is a character device, not a regular file"))
    let converted = runConvert(["to-json", "/dev/zero"])
    #expect(
      converted.status == 2
        && converted.stderr == ["/dev/zero: cannot read: it is a character device, not a regular file"])
  }
}
