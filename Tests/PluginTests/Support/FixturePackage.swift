import Foundation

/// The fixture package (`Tests/PluginTests/Fixture`), copied into a temporary folder and built there with
/// the real `swift build`, so the repository's own tree is never written to.
///
/// Its manifest is completed with the lines docs/integrations.md gives a user: the plugin, and the
/// dependency on a checkout of this repository by path, in a folder whose name is not `inertia-tools`
/// (so `package:` finds the plugin only through the `name:` that line gives). That folder is a link to
/// this repository, made where the line says. One copy serves every test of a run: a first build
/// compiles the linter from source and takes minutes, later ones seconds. The folder is named after the
/// repository's path and its `.build` is kept from one run to the next (everything else is copied
/// afresh), so a second `swift test` in the same checkout does not pay for the first build again.
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
    let snippet = try Self.documentedLines()
    let link = Self.lexicallyJoined(root.path, snippet.folder)
    guard !link.hasSuffix("/inertia-tools") else {
      throw FixtureError("the documented folder must not be named inertia-tools, or the tests miss what name: does")
    }
    for name in try files.contentsOfDirectory(atPath: root.path) where name != ".build" {
      try files.removeItem(at: root.appendingPathComponent(name))
    }
    for name in try files.contentsOfDirectory(atPath: source.path) where name != ".build" {
      try files.copyItem(at: source.appendingPathComponent(name), to: root.appendingPathComponent(name))
    }
    // The link of an earlier run goes with unlink(2), which removes a link and never what it leads to: a
    // directory URL (with a trailing slash) of the link handed to FileManager.removeItem follows it, and
    // empties this repository.
    if (try? files.destinationOfSymbolicLink(atPath: link)) != nil {
      guard unlink(link) == 0 else { throw FixtureError("cannot remove the old link \(link)") }
    } else if files.fileExists(atPath: link) {
      throw FixtureError("\(link) exists and is not a link; it is left alone")
    }
    try files.createDirectory(
      atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try files.createSymbolicLink(atPath: link, withDestinationPath: Self.repository.path)
    let manifest = try String(contentsOf: source.appendingPathComponent("Package.swift"), encoding: .utf8)
    let completed = manifest.replacingOccurrences(of: "[INERTIA_TOOLS_DEPENDENCY]", with: "[\(snippet.dependency)]")
      .replacingOccurrences(of: "[INERTIA_LINT_PLUGIN]", with: "[\(snippet.plugin)]")
    guard !completed.contains("[INERTIA_") else {
      throw FixtureError("the fixture's manifest lacks its placeholders")
    }
    try completed.write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
  }

  /// `relative` appended to the absolute path `base`, `.` and `..` taken away by their names alone (no
  /// link is followed), without a trailing slash.
  static func lexicallyJoined(_ base: String, _ relative: String) -> String {
    var components: [Substring] = []
    for component in (base + "/" + relative).split(separator: "/") {
      switch component {
      case ".": continue
      case "..": _ = components.popLast()
      default: components.append(component)
      }
    }
    return "/" + components.joined(separator: "/")
  }

  /// From the `swift` blocks of docs/integrations.md's SwiftPM section: the plugin as the manifest
  /// applies it, and the dependency on a checkout by path, with that checkout's folder.
  static func documentedLines() throws -> (plugin: String, dependency: String, folder: String) {
    let page = try String(
      contentsOf: repository.appendingPathComponent("docs/integrations.md"), encoding: .utf8)
    guard let section = page.components(separatedBy: "\n## In a Swift package or Xcode project\n").dropFirst().first
    else { throw FixtureError("docs/integrations.md has no SwiftPM section") }
    let blocks = section.components(separatedBy: "```swift\n").dropFirst().compactMap {
      $0.components(separatedBy: "\n```").first
    }
    func find(_ pattern: String) -> String? {
      for block in blocks {
        if let range = block.range(of: pattern, options: .regularExpression) { return String(block[range]) }
      }
      return nil
    }
    guard let plugin = find(#"\.plugin\(name: "InertiaLintPlugin", package: "[^"]*"\)"#),
      let dependency = find(#"\.package\(name: "[^"]*", path: "[^"]*"\)"#),
      let folder = dependency.components(separatedBy: "path: \"").last?.dropLast(2)
    else { throw FixtureError("docs/integrations.md's SwiftPM snippets were not found") }
    return (plugin, dependency, String(folder))
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
