import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaTool

/// What every command that writes files does when the disk will not say the data is on it: a file whose
/// data could not be made durable is left as it was; a file renamed into place whose rename could not be
/// made durable is new, and says a power loss may undo it. Either way the run exits 2, with a line naming
/// the file.
@Suite("Durability failures")
struct DurabilityFailureTests {
  static let failure = "Input/output error"

  /// Syncs whose data step fails: every `fsync` of a file and every `syncfs`.
  static let dataFails = AtomicWriter.Syncs(
    file: { _ in failure }, directory: { _ in nil }, fileSystem: { _ in failure })

  /// Syncs whose renames step fails: every `fsync` of a directory, and every `syncfs` after the first
  /// (the data's), so that both ways of making the renames durable are tried and fail.
  static func renamesFail() -> AtomicWriter.Syncs {
    let calls = Counter()
    return AtomicWriter.Syncs(
      file: { _ in nil }, directory: { _ in failure }, fileSystem: { _ in calls.next() == 0 ? nil : failure })
  }

  /// Syncs where `syncfs` always fails but `fsync` works: the batch falls back to an `fsync` per file and
  /// per directory, and succeeds.
  static let syncfsFails = AtomicWriter.Syncs(
    file: { _ in nil }, directory: { _ in nil }, fileSystem: { _ in failure })

  // MARK: inertia-lint --fix

  @Test("--fix leaves a file whose data could not be made durable as it was", arguments: [3, 20])
  func fixDataNotDurable(count: Int) throws {
    let sandbox = try LintSandbox()
    for index in 0..<count { try sandbox.write("f\(index)/animation.inertia", FixCommandTests.fixable()) }
    let run = sandbox.run(["--no-config", "--fix"]) { $0.writer = AtomicWriter(syncs: Self.dataFails) }
    #expect(run.status == 2)
    for index in 0..<count {
      #expect(try sandbox.text("f\(index)/animation.inertia") == FixCommandTests.fixable())
      #expect(
        run.stderr.contains(
          "inertia-lint: f\(index)/animation.inertia: not fixed: cannot make it durable: \(Self.failure)\n"))
    }
    #expect(try Self.leftovers(sandbox.root).isEmpty)
  }

  @Test("--fix writes a file whose rename could not be made durable, and says so", arguments: [3, 20])
  func fixRenameNotDurable(count: Int) throws {
    let sandbox = try LintSandbox()
    for index in 0..<count { try sandbox.write("f\(index)/animation.inertia", FixCommandTests.fixable()) }
    let run = sandbox.run(["--no-config", "--fix"]) { $0.writer = AtomicWriter(syncs: Self.renamesFail()) }
    #expect(run.status == 2)
    for index in 0..<count {
      #expect(try sandbox.text("f\(index)/animation.inertia") != FixCommandTests.fixable())
      #expect(
        run.stderr.contains(
          "inertia-lint: f\(index)/animation.inertia: cannot make the rename durable: \(Self.failure) "
            + "(the file is written, but a power loss may undo it)\n"))
    }
    // The report counts what was written as fixed.
    #expect(run.stdout.contains("fixed \(count) problems in \(count) files"))
  }

  @Test("A large batch whose syncfs fails makes every file durable with fsync instead")
  func syncfsFallsBack() throws {
    let sandbox = try LintSandbox()
    for index in 0..<20 { try sandbox.write("f\(index)/animation.inertia", FixCommandTests.fixable()) }
    let steps = StepLog()
    let run = sandbox.run(["--no-config", "--fix"]) {
      $0.writer = AtomicWriter(trace: steps.add, syncs: Self.syncfsFails)
    }
    #expect(run.status == 0 && run.stderr.isEmpty)
    #expect(steps.steps.last == .madeRenamesDurable)
    let durable = steps.steps.compactMap { step -> [String]? in
      if case .madeDurable(let files) = step { return files }
      return nil
    }
    #expect(durable.count == 1 && durable.first?.count == 20)
  }

  // MARK: Every other writer

  @Test("--output-file, --write-baseline, to-json -o and --out-dir, to-svg -o and merge report both failures")
  func everyWriter() throws {
    for (syncs, replaced) in [(Self.dataFails, false), (Self.renamesFail(), true)] {
      for writer in Writer.allCases {
        let (directory, input, target, original) = try writer.folder()
        let (status, stderr) = writer.run(
          input: input, target: target, in: directory, syncs: AtomicWriter(syncs: syncs))
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(status == 2, "\(writer) \(replaced)")
        let named = lines.filter { $0.contains(writer.target) && $0.contains(Self.failure) }
        #expect(named.count == 1, "\(writer) \(replaced): \(stderr)")
        let text = try String(contentsOfFile: target, encoding: .utf8)
        if replaced {
          #expect(text != original, "\(writer): the new file is in place")
          #expect(
            named.first?.hasSuffix(
              "\(writer.target): cannot make the rename durable: \(Self.failure) "
                + "(the file is written, but a power loss may undo it)") == true, "\(writer): \(stderr)")
        } else {
          #expect(text == original, "\(writer): the file is as it was")
          #expect(named.first?.hasSuffix("cannot make it durable: \(Self.failure)") == true, "\(writer): \(stderr)")
        }
        #expect(try Self.leftovers(directory.path).isEmpty, "\(writer): no temporary file is left")
      }
    }
  }

  @Test(
    "Every other writer keeps the permissions of a file it replaces, set-ID bits and all",
    arguments: [0o640, 0o664, 0o4755, 0o2775] as [mode_t])
  func everyWriterKeepsPermissions(mode: mode_t) throws {
    for writer in Writer.allCases {
      let (directory, input, target, original) = try writer.folder()
      chmod(target, mode)
      let before = FixCommandTests.mode(target)
      let (status, stderr) = writer.run(input: input, target: target, in: directory, syncs: AtomicWriter())
      #expect(status != 2, "\(writer): \(stderr)")
      #expect(try String(contentsOfFile: target, encoding: .utf8) != original, "\(writer): the file is replaced")
      #expect(FixCommandTests.mode(target) == before, "\(writer)")
    }
  }

  /// The commands other than `--fix` that write files, each run so that it writes `target`.
  enum Writer: CaseIterable, CustomStringConvertible {
    case reportFile, baseline, toJSON, outDir, svg, merge, diff

    var target: String { self == .outDir ? "card0.json" : self == .merge ? "ours.inertia" : "out" }

    /// A folder holding an input and the writer's target as it is before the run (a document `merge` can
    /// merge into, "old" for the others).
    func folder() throws -> (directory: TemporaryDirectory, input: String, target: String, original: String) {
      let directory = try TemporaryDirectory()
      let input = try directory.write("card0.inertia", Array(FixCommandTests.fixable().utf8))
      let original = self == .merge ? FixCommandTests.fixable() : "old"
      let target = try directory.write(self.target, original)
      return (directory, input, target, original)
    }
    var description: String {
      switch self {
      case .reportFile: "--output-file"
      case .baseline: "--write-baseline"
      case .toJSON: "to-json -o"
      case .outDir: "to-json --out-dir"
      case .svg: "to-svg -o"
      case .merge: "merge"
      case .diff: "diff -o"
      }
    }

    func run(input: String, target: String, in directory: TemporaryDirectory, syncs writer: AtomicWriter) -> (
      Int32, String
    ) {
      var stderr = ""
      let log: (String) -> Void = { stderr += $0 + "\n" }
      let status: Int32
      switch self {
      case .reportFile, .baseline:
        var environment = LintCommand.Environment(
          currentDirectory: directory.path, variables: [:], stdoutIsTerminal: false, readStandardInput: { nil })
        environment.writer = writer
        let arguments = self == .reportFile ? ["--output-file", target] : ["--write-baseline", target]
        status = LintCommand.run(
          arguments: ["--no-config"] + arguments + [input], stdout: .inMemory(), stderr: log, environment: environment)
      case .toJSON, .outDir, .svg:
        let arguments =
          self == .toJSON
          ? ["to-json", "-o", target, input]
          : self == .outDir
            ? ["to-json", "--out-dir", directory.path, input] : ["to-svg", "--no-config", "-o", target, input]
        status = ConvertCommand.run(arguments: arguments, stdout: .inMemory(), stderr: log, writer: writer)
      case .merge:
        // OURS is `target`; THEIRS changes the document, so the merge writes OURS.
        let base = try! directory.write("base.inertia", Array(FixCommandTests.fixable().utf8))
        let theirs = try! directory.write("theirs.inertia", Array(FixCommandTests.fixable(secondID: "C").utf8))
        status = ConvertCommand.run(
          arguments: ["merge", base, target, theirs], stdout: .inMemory(), stderr: log, writer: writer)
      case .diff:
        status = ConvertCommand.run(
          arguments: ["diff", "-o", target, input, input], stdout: .inMemory(), stderr: log, writer: writer)
      }
      return (status, stderr)
    }
  }

  /// Temporary files of atomic writes left under `root`.
  static func leftovers(_ root: String) throws -> [String] {
    try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.contains(".tmp-") }
  }
}

/// Counts calls, from any thread.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func next() -> Int {
    lock.withLock {
      defer { count += 1 }
      return count
    }
  }
}
