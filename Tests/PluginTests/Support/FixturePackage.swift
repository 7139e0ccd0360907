import Foundation

/// The fixture package (`Tests/PluginTests/Fixture`), copied into a temporary folder and built there with
/// the real `swift build`, so the repository's own tree is never written to.
///
/// The copy sits beside a link named `inertia-tools` to this repository, which the fixture's manifest
/// depends on by path. One copy serves every test of a run: a first build compiles the linter from source
/// and takes minutes, later ones seconds. The folder is named after the repository's path and its
/// `.build` is kept from one run to the next (everything else is copied afresh), so a second `swift test`
/// in the same checkout does not pay for the first build again.
final class FixturePackage: Sendable {
  /// The one copy of this run, made on first use.
  static let shared = Result { try FixturePackage() }

  /// This repository.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The copy's folder, where `swift build` runs.
  let root: URL

  private init() throws {
    let files = FileManager.default
    let source = Self.repository.appendingPathComponent("Tests/PluginTests/Fixture")
    let base = files.temporaryDirectory.appendingPathComponent(
      "inertia-tools-plugin-tests-\(Self.hash(Self.repository.path))")
    root = base.appendingPathComponent("PluginFixture")
    try files.createDirectory(at: root, withIntermediateDirectories: true)
    let link = base.appendingPathComponent("inertia-tools")
    try? files.removeItem(at: link)
    try files.createSymbolicLink(at: link, withDestinationURL: Self.repository)
    for name in try files.contentsOfDirectory(atPath: root.path) where name != ".build" {
      try files.removeItem(at: root.appendingPathComponent(name))
    }
    for name in try files.contentsOfDirectory(atPath: source.path) where name != ".build" {
      try files.copyItem(at: source.appendingPathComponent(name), to: root.appendingPathComponent(name))
    }
  }

  /// A file of the copy, by its path in the fixture.
  func url(_ path: String) -> URL { root.appendingPathComponent(path) }

  /// Writes a file of the copy.
  func write(_ path: String, _ bytes: [UInt8]) throws {
    try Data(bytes).write(to: url(path))
  }

  /// Writes a file of the copy as the JSON form of an animation file, converted to MessagePack by the
  /// `inertia-convert` built beside the tests.
  func writeMessagePack(_ path: String, json: String) throws {
    let converted = try BuiltTool.run(
      "inertia-convert", ["to-msgpack", "--from", "json", "-"], input: Array(json.utf8))
    guard converted.status == 0 else { throw FixtureError("inertia-convert failed: \(converted.stderr)") }
    try write(path, converted.stdoutBytes)
  }

  /// The bytes of a file of the copy.
  func read(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url(path)))
  }

  /// Sets a file's modification time to now without changing it, as `touch` does.
  func touch(_ path: String) throws {
    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url(path).path)
  }

  /// Runs `swift ARGUMENTS` in the copy, with standard input closed.
  func swift(_ arguments: [String]) throws -> ProcessResult {
    try ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments, in: root, timeout: 30 * 60)
  }

  /// `swift build`.
  func build() throws -> ProcessResult { try swift(["build"]) }

  /// 64-bit FNV-1a, to name the folder after the repository's path.
  private static func hash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(hash, radix: 16)
  }
}

/// Whether `swift` can be run here: the plugin tests need it, and say so when it cannot.
let swiftIsAvailable: Bool = {
  (try? ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), ["swift", "--version"], in: nil, timeout: 60))?
    .status == 0
}()

/// The tools SwiftPM built beside the test bundle.
enum BuiltTool {
  /// The path of a built executable, found beside the test bundle.
  static func path(_ name: String) throws -> URL {
    var candidates: [URL] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      candidates.append(URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(name))
    }
    candidates.append(Bundle.main.bundleURL.appendingPathComponent(name))
    candidates.append(FixturePackage.repository.appendingPathComponent(".build/debug/\(name)"))
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
      throw FixtureError("\(name) was not found beside the tests; build it with swift build")
    }
    return found
  }

  /// Runs a built tool.
  static func run(_ name: String, _ arguments: [String], in directory: URL? = nil, input: [UInt8] = []) throws
    -> ProcessResult
  {
    try ProcessResult.run(try path(name), arguments, in: directory, input: input, timeout: 120)
  }
}

/// What a process printed, and how it ended.
struct ProcessResult {
  let status: Int32
  let stdoutBytes: [UInt8]
  let stderr: String

  var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
  /// Both streams, standard output first.
  var output: String { stdout + stderr }

  /// Runs a program to its end, its output collected in files (so neither pipe can fill up and stall it).
  /// - Throws: ``FixtureError`` when it runs longer than `timeout` seconds (it is then stopped).
  static func run(
    _ executable: URL, _ arguments: [String], in directory: URL?, input: [UInt8] = [], timeout: TimeInterval
  ) throws -> ProcessResult {
    let files = FileManager.default
    let scratch = files.temporaryDirectory.appendingPathComponent("inertia-plugin-tests-\(UUID().uuidString)")
    try files.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? files.removeItem(at: scratch) }
    let paths = ["in", "out", "err"].map { scratch.appendingPathComponent($0) }
    try Data(input).write(to: paths[0])
    for path in paths.dropFirst() { _ = files.createFile(atPath: path.path, contents: nil) }
    let handles =
      try [FileHandle(forReadingFrom: paths[0])] + paths.dropFirst().map { try FileHandle(forWritingTo: $0) }
    defer { for handle in handles { try? handle.close() } }

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    process.standardInput = handles[0]
    process.standardOutput = handles[1]
    process.standardError = handles[2]
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning {
      if Date() > deadline {
        process.terminate()
        process.waitUntilExit()
        throw FixtureError("\(executable.lastPathComponent) \(arguments.joined(separator: " ")) ran over \(timeout) s")
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return ProcessResult(
      status: process.terminationStatus, stdoutBytes: [UInt8](try Data(contentsOf: paths[1])),
      stderr: String(decoding: try Data(contentsOf: paths[2]), as: UTF8.self))
  }
}

/// A failure to set up or run the fixture.
struct FixtureError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
