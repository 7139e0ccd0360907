import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaLint
@testable import InertiaTool

#if canImport(Glibc)
  import Glibc
#endif

/// `--fix`, `--unsafe-fixes`, `--dry-run` and `--diff`, run in-process on files in a sandbox.
@Suite("Fix command")
struct FixCommandTests {
  static let pose = Documents.pose

  /// A document whose only problems are fixable: the second keyframe's duration and id.
  static func fixable(duration: String = "-1", secondID: String = "B", extra: String = "") -> String {
    """
    [
      {
        "id": "card0",
        "invokeType": "trigger",
        "initialValues": \(pose),
        "keyframes": [
          {"id": "A", "duration": 0, "values": \(pose)},
          {"id": "\(secondID)", "duration": \(duration), "values": \(pose)}
        ]\(extra)
      }
    ]

    """
  }

  static func mode(_ path: String) -> mode_t {
    var info = stat()
    stat(path, &info)
    return info.st_mode & 0o7777
  }

  static func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
  }

  static func findings(_ sandbox: LintSandbox, _ path: String) throws -> [Finding] {
    FixTesting.linter().lint(try sandbox.read(path), file: path, fileName: (path as NSString).lastPathComponent)
  }

  // MARK: Fixing

  @Test("--fix repairs JSON and MessagePack files in place, says what it fixed, and exits 0 when nothing remains")
  func fixesInPlace() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("a/animation.inertia", Self.fixable())  // the JSON form, named .inertia
    try sandbox.writeMessagePack("b/animation.inertia", json: Self.fixable(duration: "0", secondID: "A"))
    try sandbox.write("c/animation.inertia", Documents.clean)
    let clean = try sandbox.read("c/animation.inertia")
    let run = sandbox.run(["--no-config", "--fix"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(
      run.stdout == """
        a/animation.inertia: fixed 1 problem (1 non-positive-duration)
        b/animation.inertia: fixed 2 problems (1 duplicate-keyframe-id, 1 non-positive-duration)
        0 errors, 0 warnings and 0 infos in 3 files; fixed 3 problems in 2 files.

        """)
    #expect(try sandbox.text("a/animation.inertia") == Self.fixable(duration: "0.001"))
    #expect(try Self.findings(sandbox, "a/animation.inertia").isEmpty)
    #expect(try Self.findings(sandbox, "b/animation.inertia").isEmpty)
    #expect(try sandbox.read("c/animation.inertia") == clean)
    // The new id is an uppercase UUID, as the editor writes them.
    let fixed = try MessagePackReader().read(try sandbox.read("b/animation.inertia"))
    let id = try #require(fixed.arrayValue?.first?["keyframes"]?.arrayValue?.last?["id"]?.stringValue)
    #expect(UUID(uuidString: id) != nil && id == id.uppercased())

    // A second run finds nothing to fix and changes nothing.
    let before = try ["a", "b", "c"].map { try sandbox.read("\($0)/animation.inertia") }
    let again = sandbox.run(["--no-config", "--fix"])
    #expect(again.status == 0)
    #expect(again.stdout == "0 errors, 0 warnings and 0 infos in 3 files; fixed 0 problems.\n")
    #expect(try ["a", "b", "c"].map { try sandbox.read("\($0)/animation.inertia") } == before)
  }

  @Test("What cannot be fixed is reported, and the exit code reflects it; --strict fails on remaining warnings")
  func remainingFindings() throws {
    let sandbox = try LintSandbox(animation: Self.fixable(extra: #", "notes": "x""#))
    let run = sandbox.run(["--no-config", "--fix", "--strict"])
    #expect(run.status == 1)
    #expect(
      run.stdout == """
        animation.inertia: fixed 1 problem (1 non-positive-duration)
        animation.inertia:9:8: warning: unknown field "notes" in an animation object: the runtimes ignore it [unknown-field] at /0/notes
        0 errors, 1 warning and 0 infos in 1 file; fixed 1 problem in 1 file.

        """)
    #expect(sandbox.run(["--no-config", "--fix"]).status == 0)
    #expect(sandbox.run(["--no-config", "--fix", "--strict"]).status == 1)
  }

  @Test("A file that does not parse is left untouched and reported; the others are still fixed")
  func unparsableFile() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("broken/animation.inertia", "[{\"id\": \"card0\", ")
    try sandbox.write("good/animation.inertia", Self.fixable())
    let run = sandbox.run(["--no-config", "--fix"])
    #expect(run.status == 1)
    #expect(try sandbox.text("broken/animation.inertia") == "[{\"id\": \"card0\", ")
    #expect(try sandbox.text("good/animation.inertia") == Self.fixable(duration: "0.001"))
    #expect(run.stdout.contains("broken/animation.inertia:1:18: error:"))
    #expect(run.stdout.contains("[invalid-file]"))
    #expect(run.stdout.contains("good/animation.inertia: fixed 1 problem (1 non-positive-duration)"))
    #expect(run.stdout.hasSuffix("1 error, 0 warnings and 0 infos in 2 files; fixed 1 problem in 1 file.\n"))
  }

  @Test("A fix whose result fails verification is not written; the run says so, goes on, and exits 2")
  func failedVerification() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("bad/animation.inertia", Self.fixable())
    try sandbox.write("good/animation.inertia", Self.fixable(secondID: "C"))
    let run = sandbox.run(["--no-config", "--fix"]) { environment in
      // Tamper with one file's fixed bytes only: rename its animation, a change no fix made.
      environment.tamperWithFixedBytes = { bytes in
        guard bytes.text.contains("\"id\": \"B\"") else { return bytes }
        return Array(bytes.text.replacingOccurrences(of: "\"card0\"", with: "\"card1\"").utf8)
      }
    }
    #expect(run.status == 2)
    #expect(try sandbox.text("bad/animation.inertia") == Self.fixable())
    #expect(try sandbox.text("good/animation.inertia") == Self.fixable(duration: "0.001", secondID: "C"))
    #expect(run.stderr.contains("inertia-lint: bad/animation.inertia: not fixed: the fixed file failed verification"))
    #expect(run.stdout.contains("bad/animation.inertia:8:31: error: keyframe duration -1 is not positive"))
    #expect(!run.stdout.contains("bad/animation.inertia: fixed"))
    #expect(run.stdout.contains("good/animation.inertia: fixed 1 problem"))
  }

  /// Permissions a file may have: common ones, ones the umask takes from a new file (group and others'
  /// write), and the set-user-ID, set-group-ID and sticky bits.
  static let modes: [mode_t] = [0o640, 0o755, 0o600, 0o664, 0o666, 0o777, 0o4755, 0o2775, 0o1644]

  @Test(
    "A fixed file keeps its permissions, found in a folder or named", arguments: modes,
    [["--fix"], ["--fix", "animation.inertia"]])
  func permissions(mode: mode_t, arguments: [String]) throws {
    let sandbox = try LintSandbox()
    let path = try sandbox.write("animation.inertia", Self.fixable())
    chmod(path, mode)
    // What the file has (a set-group-ID bit of a group the process is not in is not set).
    let before = Self.mode(path)
    let run = sandbox.run(["--no-config"] + arguments)
    #expect(run.status == 0)
    #expect(try sandbox.text("animation.inertia") == Self.fixable(duration: "0.001"))
    #expect(Self.mode(path) == before)
    // Nothing is left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.root) == ["animation.inertia"])
  }

  @Test("A fixed file keeps its owner and group where the process may set them (as root)")
  func ownerAndGroup() throws {
    try #require(getuid() == 0, "only root may give a file to another user")
    let sandbox = try LintSandbox()
    let path = try sandbox.write("animation.inertia", Self.fixable())
    #expect(chown(path, 1234, 5678) == 0)
    chmod(path, 0o640)
    let run = sandbox.run(["--no-config", "--fix"])
    #expect(run.status == 0)
    var info = stat()
    stat(path, &info)
    #expect(info.st_uid == 1234 && info.st_gid == 5678 && info.st_mode & 0o7777 == 0o640)
    #expect(try sandbox.text("animation.inertia") == Self.fixable(duration: "0.001"))
  }

  @Test("A file that becomes a symbolic link to itself before it is replaced is not replaced, nor is the link")
  func becomesLinkBeforeReplaced() throws {
    let sandbox = try LintSandbox()
    let path = try sandbox.write("a/animation.inertia", Self.fixable())
    let moved = sandbox.path("a/moved.json")
    let run = sandbox.run(["--no-config", "--fix", "a"]) {
      $0.writer = AtomicWriter { step in
        // The file read is moved aside and a link to it put in its place: the same file, found through the
        // path, but renaming over the path would replace the link.
        guard case .madeDurable = step else { return }
        rename(path, moved)
        symlink(moved, path)
      }
    }
    #expect(run.status == 2)
    #expect(run.stderr.contains("a/animation.inertia: not fixed: it changed while it was being fixed"), "\(run.stderr)")
    #expect(Self.isSymbolicLink(path))
    #expect(try sandbox.text("a/moved.json") == Self.fixable())
  }

  @Test("A symbolic link is written through: the link stays a link, and its target is fixed")
  func symbolicLink() throws {
    let sandbox = try LintSandbox()
    let target = try sandbox.write("real/animation.inertia", Self.fixable())
    try FileManager.default.createDirectory(atPath: sandbox.path("linked"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("linked/animation.inertia"), withDestinationPath: target)
    let run = sandbox.run(["--no-config", "--fix", "linked"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("linked/animation.inertia: fixed 1 problem"))
    #expect(Self.isSymbolicLink(sandbox.path("linked/animation.inertia")))
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.path("linked/animation.inertia")) == target)
    #expect(try sandbox.text("real/animation.inertia") == Self.fixable(duration: "0.001"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path("linked")) == ["animation.inertia"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path("real")) == ["animation.inertia"])
  }

  @Test("A file reached by two paths is fixed once")
  func twoPathsOneFile() throws {
    let sandbox = try LintSandbox()
    let target = try sandbox.write("a/animation.inertia", Self.fixable(duration: "0", secondID: "A"))
    try FileManager.default.createDirectory(atPath: sandbox.path("b"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: sandbox.path("b/animation.inertia"), withDestinationPath: target)
    let run = sandbox.run(["--no-config", "--fix"])
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        a/animation.inertia: fixed 2 problems (1 duplicate-keyframe-id, 1 non-positive-duration)
        0 errors, 0 warnings and 0 infos in 1 file; fixed 2 problems in 1 file.

        """)
    #expect(try Self.findings(sandbox, "a/animation.inertia").isEmpty)
  }

  @Test("A file with two hard links is left alone: replacing it would separate them")
  func hardLinks() throws {
    let sandbox = try LintSandbox()
    let path = try sandbox.write("a/animation.inertia", Self.fixable())
    try FileManager.default.createDirectory(atPath: sandbox.path("b"), withIntermediateDirectories: true)
    #expect(link(path, sandbox.path("b/other.json")) == 0)
    let run = sandbox.run(["--no-config", "--fix", "a"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("a/animation.inertia: not fixed: it has 2 hard links"))
    #expect(try sandbox.text("a/animation.inertia") == Self.fixable())
    #expect(try sandbox.text("b/other.json") == Self.fixable())
  }

  @Test("A read-only file is left alone, even by root")
  func readOnly() throws {
    let sandbox = try LintSandbox()
    let path = try sandbox.write("animation.inertia", Self.fixable())
    chmod(path, 0o444)
    defer { chmod(path, 0o644) }
    let run = sandbox.run(["--no-config", "--fix"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("animation.inertia: not fixed: it is read-only"))
    #expect(try sandbox.text("animation.inertia") == Self.fixable())
  }

  @Test("A file not fixed is said on standard error between the reports of the files around it")
  func notFixedInOrder() throws {
    let sandbox = try LintSandbox()
    for name in ["a", "b", "c"] { try sandbox.write("\(name).json", Self.fixable()) }
    chmod(sandbox.path("b.json"), 0o444)
    defer { chmod(sandbox.path("b.json"), 0o644) }
    let run = sandbox.run(["--no-config", "--fix", "a.json", "b.json", "c.json"])
    #expect(run.status == 2)
    let lines = run.transcript.split(separator: "\n").map(String.init)
    let notFixed = try #require(lines.firstIndex { $0.hasPrefix("stderr: ") && $0.contains("b.json: not fixed") })
    let firstOfA = try #require(lines.firstIndex { $0.hasPrefix("a.json:") })
    let firstOfC = try #require(lines.firstIndex { $0.hasPrefix("c.json:") })
    #expect(firstOfA < notFixed && notFixed < firstOfC, "\(run.transcript)")
  }

  @Test("--fix --dry-run refuses what --fix refuses, with the same status", arguments: ["read-only", "hard link"])
  func dryRunRefusesAsFixDoes(_ kind: String) throws {
    let sandbox = try LintSandbox()
    let path = try sandbox.write("animation.inertia", Self.fixable())
    if kind == "read-only" {
      chmod(path, 0o444)
    } else {
      #expect(link(path, sandbox.path("other.json")) == 0)
    }
    defer { chmod(path, 0o644) }
    let fix = sandbox.run(["--no-config", "--fix", "animation.inertia"])
    let dryRun = sandbox.run(["--no-config", "--fix", "--dry-run", "animation.inertia"])
    #expect(fix.status == 2 && dryRun.status == 2)
    #expect(dryRun.stderr == fix.stderr)
    #expect(!dryRun.stdout.contains("would fix 1"))
    #expect(try sandbox.text("animation.inertia") == Self.fixable())
  }

  @Test("A FIFO or a device named to --fix is never read, nor replaced")
  func specialFilesAreNotFixed() throws {
    let sandbox = try LintSandbox()
    let fifo = sandbox.path("animation.inertia")
    #expect(mkfifo(fifo, 0o644) == 0)
    // The FIFO holds one fixable document, and a writer that stays until the run is over (or a watchdog
    // gives up on it), so that a run that read it would wait rather than end.
    let writer = open(fifo, O_RDWR | O_NONBLOCK)
    _ = Self.fixable().withCString { write(writer, $0, strlen($0)) }
    let done = NSLock()
    nonisolated(unsafe) var closed = false
    let watchdog = Thread {
      sleep(10)
      done.withLock {
        if !closed { close(writer) }
        closed = true
      }
    }
    watchdog.start()
    let run = sandbox.run(["--no-config", "--fix", "animation.inertia"])
    done.withLock {
      #expect(!closed, "the run read the FIFO, and waited for its writer")
      if !closed { close(writer) }
      closed = true
    }
    #expect(run.status == 2)
    #expect(
      run.stdout.contains("animation.inertia: error: cannot read: it is a FIFO, not a regular file"), "\(run.stdout)")
    var info = stat()
    stat(fifo, &info)
    #expect(info.st_mode & S_IFMT == S_IFIFO)
    let device = sandbox.run(["--no-config", "--fix", "/dev/zero"])
    #expect(device.status == 2 && device.stdout.contains("/dev/zero: error: cannot read: it is a character device"))
  }

  @Test(
    "A file not replaced after all is reported as read when it is still the file read, and with nothing when it changed",
    arguments: [3, 20])
  func notReplacedAtCommit(count: Int) throws {
    let sandbox = try LintSandbox()
    for index in 0..<count { try sandbox.write("f\(index)/animation.inertia", Self.fixable()) }
    let changed = sandbox.path("f1/animation.inertia")
    let run = sandbox.run(["--no-config", "--fix", "--format", "json"]) {
      $0.writer = AtomicWriter { step in
        // Every file is fixed and its replacement durable; none is renamed yet. f1 changes meanwhile, and
        // f2's replacement goes missing, so its rename fails with f2 as it was read.
        guard case .madeDurable(let temporaries) = step else { return }
        _ = FileManager.default.createFile(atPath: changed, contents: Data("[]".utf8))
        if let f2 = temporaries.first(where: { $0.contains("/f2/") }) { unlink(f2) }
      }
    }
    #expect(run.status == 2)
    #expect(
      run.stderr == """
        inertia-lint: f1/animation.inertia: not fixed: it changed while it was being fixed
        inertia-lint: f2/animation.inertia: not fixed: cannot write: No such file or directory

        """)
    #expect(try sandbox.text("f1/animation.inertia") == "[]")
    #expect(try sandbox.text("f2/animation.inertia") == Self.fixable())
    #expect(try sandbox.text("f0/animation.inertia") != Self.fixable())
    let report = try JSONReader().read(Array(run.stdout.utf8))
    let findings = report["findings"]?.arrayValue ?? []
    func duration(_ file: String) -> [MessagePackValue] {
      findings.filter { $0["file"] == .string("\(file)/animation.inertia") && $0["rule"] == "non-positive-duration" }
    }
    // f2, still the file read: its findings, not fixed, placed in it.
    let text = Array(Self.fixable().utf8)
    let value = Self.fixable().utf8.count - Self.fixable().components(separatedBy: #""duration": -1"#)[1].utf8.count - 2
    let line = text[..<value].filter { $0 == UInt8(ascii: "\n") }.count + 1
    let column = value - (text[..<value].lastIndex(of: UInt8(ascii: "\n")) ?? -1)
    #expect(duration("f2").count == 1 && duration("f2").first?["fixed"] == false)
    #expect(
      duration("f2").first?["line"]?.doubleValue == Double(line)
        && duration("f2").first?["column"]?.doubleValue == Double(column))
    // f1 changed: nothing found in the version read, which is gone, is reported.
    #expect(!findings.contains { $0["file"] == "f1/animation.inertia" })
    #expect(duration("f0").count == 1 && duration("f0").first?["fixed"] == true)
  }

  @Test("No fixed file is renamed into place before its data is on the disk, in small batches and large")
  func durableBeforeRenamed() throws {
    // 3: an fsync each; 20: one syncfs; 300: one syncfs and the renames on several threads.
    for count in [3, 20, 300] {
      let sandbox = try LintSandbox()
      for index in 0..<count { try sandbox.write("f\(index)/animation.inertia", Self.fixable()) }
      let steps = StepLog()
      let run = sandbox.run(["--no-config", "--fix"]) { $0.writer = AtomicWriter(trace: steps.add) }
      #expect(run.status == 0)
      let log = steps.steps
      var durable: Set<String> = []
      var renamed = 0
      var renamesDurable = false
      for step in log {
        switch step {
        case .wrote: #expect(renamed == 0, "every file is written before any is renamed")
        case .madeDurable(let files): durable.formUnion(files)
        case .renamed(let temporary, _):
          #expect(durable.contains(temporary), "\(temporary) renamed before its data was durable")
          renamed += 1
        case .madeRenamesDurable: renamesDurable = true
        }
      }
      #expect(renamed == count && renamesDurable && log.last == .madeRenamesDurable)
      for index in 0..<count { #expect(try sandbox.text("f\(index)/animation.inertia") != Self.fixable()) }
    }
  }

  @Test("The temporary files of an interrupted write are never read as input")
  func temporaryFilesIgnored() throws {
    let sandbox = try LintSandbox(animation: Documents.clean)
    try sandbox.write(".animation.inertia.tmp-Ab12Cd", "[{\"id\": ")
    #expect(sandbox.run(["--no-config", "--include", "*"]).stdout == "0 errors, 0 warnings and 0 infos in 1 file.\n")
    #expect(sandbox.run(["--no-config", "--fix"]).status == 0)
    #expect(FileDiscovery.isTemporaryFile(".animation.inertia.tmp-Ab12Cd"))
    #expect(!FileDiscovery.isTemporaryFile(".tmp-Ab12Cd"))
    #expect(!FileDiscovery.isTemporaryFile("animation.inertia"))
    #expect(!FileDiscovery.isTemporaryFile(".animation.inertia.tmp-Ab12C!"))
  }

  // MARK: Safety

  static let colour = """
    [{"id": "card0", "invokeType": "trigger", "initialValues": \(pose), "keyframes": [], "shapes": [{"id": "S", \
    "shape": {"id": "D", "type": "circle", "width": 1, "height": 1, "fill": {"red": 2, "green": 0, "blue": 0, \
    "alpha": 1}}}]}]

    """

  @Test("Unsafe fixes need --unsafe-fixes")
  func unsafeFixes() throws {
    let sandbox = try LintSandbox(animation: Self.colour)
    let safe = sandbox.run(["--no-config", "--fix"])
    #expect(safe.status == 1)
    #expect(try sandbox.text("animation.inertia") == Self.colour)
    #expect(safe.stdout.contains("[colour-out-of-range]"))
    #expect(safe.stdout.hasSuffix("; fixed 0 problems.\n"))
    let unsafe = sandbox.run(["--no-config", "--fix", "--unsafe-fixes"])
    #expect(unsafe.status == 0)
    #expect(unsafe.stdout.hasPrefix("animation.inertia: fixed 1 problem (1 colour-out-of-range)\n"))
    #expect(
      try sandbox.text("animation.inertia") == Self.colour.replacingOccurrences(of: "\"red\": 2", with: "\"red\": 1.0"))
  }

  // MARK: Reviewing

  @Test("--fix --dry-run writes nothing and says what it would fix")
  func dryRun() throws {
    let sandbox = try LintSandbox(animation: Self.fixable())
    let run = sandbox.run(["--no-config", "--fix", "--dry-run"])
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        animation.inertia: would fix 1 problem (1 non-positive-duration)
        0 errors, 0 warnings and 0 infos in 1 file; would fix 1 problem in 1 file.

        """)
    #expect(try sandbox.text("animation.inertia") == Self.fixable())
    // Findings are placed in the file as it is.
    let json = sandbox.run(["--no-config", "--fix", "--dry-run", "--format", "json"])
    let finding = try #require(try JSONReader().read(Array(json.stdout.utf8))["findings"]?.arrayValue?.first)
    #expect(finding["line"] == 8 && finding["column"] == 31 && finding["fixed"] == true)
    #expect(try sandbox.text("animation.inertia") == Self.fixable())
  }

  @Test("--diff prints a unified diff of each file's JSON form, writes nothing, and exits 1")
  func diff() throws {
    let sandbox = try LintSandbox()
    try sandbox.write("Animations/animation.json", Self.fixable())
    try sandbox.writeMessagePack("Animations/animation.inertia", json: Self.fixable(duration: "-0.5"))
    try sandbox.write("Clean/animation.inertia", Documents.clean)
    let before = try ["Animations/animation.json", "Animations/animation.inertia"].map { try sandbox.read($0) }
    let run = sandbox.run(["--no-config", "--diff", "--include", "*.inertia", "--include", "*.json"])
    #expect(run.status == 1)
    #expect(run.stderr.isEmpty)
    snapshots.assert(run.stdout, named: "fix-diff.txt")
    #expect(try ["Animations/animation.json", "Animations/animation.inertia"].map { try sandbox.read($0) } == before)
    // Nothing to change: no output, exit 0.
    let clean = sandbox.run(["--no-config", "--diff", "Clean"])
    #expect(clean.status == 0)
    #expect(clean.stdout.isEmpty)
    // Standard input can be diffed, under its name.
    let stdin = sandbox.run(
      ["--no-config", "--diff", "--stdin-filename", "animation.json", "-"], stdin: Self.fixable())
    #expect(stdin.status == 1)
    #expect(stdin.stdout.hasPrefix("--- a/animation.json\n+++ b/animation.json\n@@ -5,7 +5,7 @@\n"))
  }

  @Test(
    "Fixing options that make no sense exit 2",
    arguments: [
      ["--dry-run"], ["--unsafe-fixes"], ["--diff", "--format", "json"], ["--fix", "-", "animation.inertia"],
      ["--fix", "-", "--format", "json"],
    ])
  func usageErrors(_ arguments: [String]) throws {
    let sandbox = try LintSandbox()
    let run = sandbox.run(["--no-config"] + arguments, stdin: Self.fixable())
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("inertia-lint: "))
  }

  // MARK: Reports

  /// The report `--fix --format FORMAT` prints for a file with one fixable finding and one that is not.
  static func fixReport(format: String) throws -> MessagePackValue {
    let sandbox = try LintSandbox(animation: Self.fixable(extra: #", "notes": "x""#))
    let run = sandbox.run(["--no-config", "--fix", "--format", format])
    #expect(run.status == 0)
    return try JSONReader().read(Array(run.stdout.utf8))
  }

  @Test("The JSON report marks fixed findings, and counts only what remains")
  func jsonReport() throws {
    let report = try Self.fixReport(format: "json")
    #expect(report["version"] == 1)
    let findings = try #require(report["findings"]?.arrayValue)
    #expect(findings.map { $0["rule"] } == ["non-positive-duration", "unknown-field"])
    #expect(findings.map { $0["fixed"] } == [true, false])
    #expect(findings.map { $0["fixable"] } == [true, false])
    // The fixed finding is placed where the fixed value now is.
    #expect(findings[0]["line"] == 8 && findings[0]["column"] == 31)
    #expect(report["summary"] == ["errors": 0, "warnings": 1, "infos": 0, "fixed": 1, "suppressed": 0])
  }

  @Test("SARIF leaves fixed findings out: GitHub does not read kind, so a passed result could still alert")
  func sarifReport() throws {
    let log = try Self.fixReport(format: "sarif")
    let results = try #require(log["runs"]?.arrayValue?.first?["results"]?.arrayValue)
    #expect(results.count == 1)
    let remaining = results[0]
    #expect(remaining["ruleId"] == "unknown-field")
    #expect(remaining["kind"] == nil)
    #expect(remaining["level"] == "warning")
  }

  @Test("--fix - writes the fixed document to standard output and the report to standard error, as editors call it")
  func fixStandardInput() throws {
    let sandbox = try LintSandbox()
    let run = sandbox.run(["--no-config", "--fix", "-"], stdin: Self.fixable(extra: #", "notes": "x""#))
    #expect(run.status == 0)
    // Standard output is the fixed document, nothing more: no part of the report.
    #expect(run.stdout == Self.fixable(duration: "0.001", extra: #", "notes": "x""#))
    #expect(run.stderr.contains("<stdin>: fixed 1 problem (1 non-positive-duration)"))
    #expect(run.stderr.contains("[unknown-field]"))
    // MessagePack comes out as bytes, exactly.
    let binary = MessagePackWriter().write(try JSONReader().read(Array(Self.fixable().utf8)))
    let fixed = sandbox.run(["--no-config", "--fix", "-"], stdinBytes: binary)
    #expect(fixed.status == 0)
    #expect(
      try MessagePackReader().read(fixed.stdoutBytes)
        == (try JSONReader().read(Array(Self.fixable(duration: "0.001").utf8))))
  }

  /// What the in-process run above checks, in the process itself: standard output takes nothing but the
  /// fixed document (an editor replaces its buffer with it).
  @Test(
    "--fix - in the process writes the report to standard error, never after the document",
    .enabled(if: builtConvertTool != nil, "the tools are not built beside the tests"))
  func fixStandardInputInTheProcess() throws {
    let lint = builtConvertTool!.deletingLastPathComponent().appendingPathComponent("inertia-lint")
    let input = Array(Self.fixable(extra: #", "notes": "x""#).utf8)
    let run = try runProcess(lint, ["--no-config", "--fix", "-"], input: input)
    #expect(run.status == 0)
    #expect(String(decoding: run.stdout, as: UTF8.self) == Self.fixable(duration: "0.001", extra: #", "notes": "x""#))
    #expect(run.stderr.joined(separator: "\n").contains("unknown-field"), "the remaining finding, reported")
  }

  @Test("GitHub annotations leave fixed findings out")
  func githubReport() throws {
    let sandbox = try LintSandbox(animation: Self.fixable())
    let run = sandbox.run(["--no-config", "--fix", "--format", "github"])
    #expect(run.stdout == "0 errors, 0 warnings and 0 infos in 1 file; fixed 1 problem in 1 file.\n")
  }

  // MARK: Progress

  @Test("The progress line is drawn in place and cleared at the end")
  func progressLine() {
    let written = Written()
    let progress = FixProgress(total: 3, delay: .zero, interval: .zero) { written.append($0) }
    progress.update(1)
    progress.update(3)
    progress.finish()
    #expect(written.text == "\r[1/3] fixing…\r[3/3] fixing…\r\u{1B}[K")
    // Before the delay, nothing is drawn, and nothing cleared.
    let quiet = Written()
    let slow = FixProgress(total: 3, delay: .seconds(60)) { quiet.append($0) }
    slow.update(1)
    slow.finish()
    #expect(quiet.text.isEmpty)
  }

  @Test("No progress line when standard error is not a terminal")
  func noProgressOffTerminal() throws {
    let sandbox = try LintSandbox()
    for index in 0..<20 { try sandbox.write("\(index)/animation.inertia", Self.fixable()) }
    let written = Written()
    let run = sandbox.run(["--no-config", "--fix"]) { environment in
      environment.stderrIsTerminal = false
      environment.writeProgress = { written.append($0) }
    }
    #expect(run.status == 0)
    #expect(written.text.isEmpty)
  }

  final class Written: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []
    func append(_ text: String) {
      lock.lock()
      parts.append(text)
      lock.unlock()
    }
    var text: String {
      lock.lock()
      defer { lock.unlock() }
      return parts.joined()
    }
  }
}

/// Collects the steps an ``AtomicWriter`` takes, from any thread.
final class StepLog: @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [AtomicWriter.Step] = []

  var steps: [AtomicWriter.Step] { lock.withLock { collected } }

  @Sendable func add(_ step: AtomicWriter.Step) { lock.withLock { collected.append(step) } }
}
