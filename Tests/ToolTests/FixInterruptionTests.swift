import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaTool

#if canImport(Glibc)
  import Glibc
#endif

/// Killing `inertia-lint --fix` part-way through a repository leaves every file either wholly old or
/// wholly new. Runs the built binary, as a user would, and kills it with SIGKILL at random moments.
@Suite("Fix interrupted", .serialized)
struct FixInterruptionTests {
  /// The `inertia-lint` binary built beside the test bundle (`.build/debug`).
  static var binary: String? {
    var candidates: [String] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      candidates.append((executable as NSString).deletingLastPathComponent + "/inertia-lint")
    }
    candidates.append(Bundle.main.bundleURL.appendingPathComponent("inertia-lint").path)
    candidates.append(Fixtures.packageRoot.appendingPathComponent(".build/debug/inertia-lint").path)
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  static let pose = #"{"scale": 1, "translate": [0.25, -0.5], "rotate": 0, "rotateCenter": 0, "opacity": 1}"#

  /// A file with a dozen fixes whose results are known in advance (durations and stroke widths, no ids).
  static func document(_ seed: Int) -> String {
    var keyframes: [String] = []
    for index in 0..<40 {
      let duration = index == 0 ? "0" : (index + seed) % 4 == 0 ? "-\(index)" : "0.\(index + 1)"
      keyframes.append(#"{"id": "K\#(seed)-\#(index)", "duration": \#(duration), "values": \#(pose)}"#)
    }
    let shape = """
      {"id": "S\(seed)", "shape": {"id": "D\(seed)", "type": "circle", "width": 0.5, "height": 1, \
      "stroke": {"red": 0, "green": 0, "blue": 0, "alpha": 1}, "strokeWidth": 0.\(5 + seed % 4)}}
      """
    return """
      [{"id": "card0", "invokeType": "trigger", "initialValues": \(pose),
        "keyframes": [
          \(keyframes.joined(separator: ",\n    "))
        ],
        "shapes": [\(shape)]}]

      """
  }

  /// Writes the repository: `count` files in folders of 25, alternately MessagePack and the JSON form.
  static func makeRepository(at root: String, count: Int) throws -> [String] {
    var paths: [String] = []
    for index in 0..<count {
      let folder = "\(root)/group\(index / 25)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let name = "group\(index / 25)/file\(index).inertia"
      let text = document(index)
      let bytes =
        index % 2 == 0 ? MessagePackWriter().write(try JSONReader().read(Array(text.utf8))) : Array(text.utf8)
      try Data(bytes).write(to: URL(fileURLWithPath: "\(root)/\(name)"))
      paths.append(name)
    }
    return paths
  }

  /// Appends a line to `.build/test-artifacts/fix-interruption.log`.
  static func record(_ line: String) {
    let folder = Fixtures.packageRoot.appendingPathComponent(".build/test-artifacts")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("fix-interruption.log").path
    if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
    guard let handle = FileHandle(forWritingAtPath: path) else { return }
    handle.seekToEndOfFile()
    handle.write(Data((line + "\n").utf8))
    handle.closeFile()
  }

  static func copy(_ from: String, to: String) throws {
    try? FileManager.default.removeItem(atPath: to)
    try FileManager.default.copyItem(atPath: from, toPath: to)
  }

  static func launch(_ binary: String, in directory: String, captureOutput: Bool = false) throws -> SpawnedProcess {
    try SpawnedProcess(
      binary, ["--no-config", "--fix", "-j", "2", "--format", "json"], in: directory, captureOutput: captureOutput)
  }

  @Test(
    "Every file is its old or its new self after a signal at a random moment, and a rerun finishes the job",
    arguments: [SIGKILL, SIGINT, SIGTERM])
  func killedPartWay(_ signal: Int32) throws {
    guard let binary = Self.binary else {
      Issue.record("the inertia-lint binary was not found beside the tests; build it with swift build")
      return
    }
    let sandbox = try LintSandbox()
    let pristine = sandbox.path("pristine")
    let names = try Self.makeRepository(at: pristine, count: 400)
    let old = try names.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(pristine)/\($0)"))) }

    // What every file becomes: fix a copy all the way.
    let expected = sandbox.path("expected")
    try Self.copy(pristine, to: expected)
    let started = Date()
    let complete = try Self.launch(binary, in: expected)
    #expect(complete.wait() == .exited(0))
    let fullRun = Date().timeIntervalSince(started)
    let new = try names.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(expected)/\($0)"))) }
    #expect(zip(old, new).allSatisfy { $0 != $1 }, "every file has something to fix")

    var interrupted = 0
    let attempts = signal == SIGKILL ? 5 : 4
    // The first file in path order is the first a run puts in place (after every new file is durable).
    let firstRenamed = names.indices.min { names[$0] < names[$1] }!
    for attempt in 0..<attempts {
      let work = sandbox.path("work\(attempt)")
      try Self.copy(pristine, to: work)
      let process = try Self.launch(binary, in: work)
      if attempt < attempts - 1 {
        Thread.sleep(forTimeInterval: Double.random(in: 0.01...max(0.02, fullRun * 0.9)))
      } else {
        // The renames take a few milliseconds at the end of a run, which a random moment seldom hits: wait
        // for the first of them, then signal at once, so that the run is stopped among its renames.
        let watched = "\(work)/\(names[firstRenamed])"
        let deadline = Date().addingTimeInterval(fullRun * 5 + 5)
        while Date() < deadline,
          (try? Data(contentsOf: URL(fileURLWithPath: watched))).map([UInt8].init) != new[firstRenamed]
        {}
      }
      kill(process.pid, signal)
      let ending = process.wait()
      // Ended by the signal itself, as a shell reports with 128 + its number (130, 143), or finished first.
      #expect(ending == .signalled(signal) || ending == .exited(0))
      if ending == .signalled(signal) { interrupted += 1 }

      var fixedCount = 0
      for (index, name) in names.enumerated() {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(work)/\(name)")))
        #expect(bytes == old[index] || bytes == new[index], "\(name) is neither its old nor its new self")
        if bytes == new[index] { fixedCount += 1 }
      }
      // Nothing else is there but the hidden temporary files of writes the kill cut short.
      var leftovers = 0
      for folder in Set(names.map { ($0 as NSString).deletingLastPathComponent }) {
        let expectedNames = Set(names.filter { $0.hasPrefix(folder + "/") }.map { ($0 as NSString).lastPathComponent })
        for entry in try FileManager.default.contentsOfDirectory(atPath: "\(work)/\(folder)")
        where !expectedNames.contains(entry) {
          #expect(entry.hasPrefix(".") && entry.contains(".inertia.tmp-"), "unexpected \(folder)/\(entry)")
          // SIGINT and SIGTERM remove the temporary files of the writes in flight; only SIGKILL cannot.
          #expect(signal == SIGKILL, "\(folder)/\(entry) left behind after signal \(signal)")
          leftovers += 1
        }
      }

      // Running again finishes the job, and never takes a leftover for an input.
      let rerun = try Self.launch(binary, in: work, captureOutput: true)
      let report = rerun.output!.readDataToEndOfFile()
      #expect(rerun.wait() == .exited(0))
      #expect(try JSONReader().read([UInt8](report))["files"] == .int(Int64(names.count)))
      for (index, name) in names.enumerated() {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(work)/\(name)")))
        #expect(bytes == new[index], "\(name) after the rerun")
      }
      // What each kill caught, for whoever wants to see the spread of moments (kept out of the test output,
      // which is a summary: `.build/test-artifacts/fix-interruption.log`).
      Self.record(
        "signal \(signal), run \(attempt): \(fixedCount)/\(names.count) files fixed before the kill, \(leftovers) temporary files left"
      )
      try? FileManager.default.removeItem(atPath: work)
    }
    #expect(interrupted > 0, "no run was killed before it finished (a full run takes \(fullRun) s)")
  }
}
