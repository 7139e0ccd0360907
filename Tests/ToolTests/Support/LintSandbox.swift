import Foundation
import InertiaFormat
import TestSupport

@testable import InertiaLint
@testable import InertiaTool

/// A temporary directory of files to run the command in, removed when the sandbox goes away.
final class LintSandbox {
  let root: String

  init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("inertia-lint-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    root = base.path
  }

  /// A sandbox holding one file, `animation.inertia`, with `document`.
  convenience init(animation document: String) throws {
    try self.init()
    try write("animation.inertia", document)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: root)
  }

  /// Writes a file (creating its folders) at a path relative to the root.
  @discardableResult
  func write(_ path: String, _ text: String) throws -> String {
    try write(path, Array(text.utf8))
  }

  @discardableResult
  func write(_ path: String, _ bytes: [UInt8]) throws -> String {
    let url = URL(fileURLWithPath: root).appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
    return url.path
  }

  /// Writes the MessagePack form of a JSON (extended form) document.
  @discardableResult
  func writeMessagePack(_ path: String, json: String) throws -> String {
    try write(path, MessagePackWriter().write(try JSONReader(extended: true).read(Array(json.utf8))))
  }

  /// What a run printed and returned.
  struct Run {
    var status: Int32
    var stdout: String
    /// ``stdout``'s bytes (the fixed document of `--fix -`, which may be MessagePack).
    var stdoutBytes: [UInt8] = []
    var stderr: String
    /// Both, in the order they were written, each standard-error line marked `stderr: `.
    var transcript = ""
    /// How many times the report was written to standard output.
    var stdoutWrites = 0
  }

  /// Runs `inertia-lint` in-process with the sandbox (or `directory` in it) as the current directory.
  func run(
    _ arguments: [String], in directory: String? = nil, stdin: String? = nil, stdinBytes: [UInt8]? = nil,
    variables: [String: String] = [:], terminal: Bool = false,
    adjust: (inout LintCommand.Environment) -> Void = { _ in }
  ) -> Run {
    let output = CommandOutput.inMemory()
    var err = ""
    var transcript = ""
    // What standard output was given before each line of standard error, put in the transcript first.
    var transcribed = 0
    func transcribeOutput() {
      let bytes = output.bytes
      transcript += String(decoding: bytes[transcribed...], as: UTF8.self)
      transcribed = bytes.count
    }
    let cwd = directory.map { root + "/" + $0 } ?? root
    let input = stdinBytes ?? stdin.map { Array($0.utf8) }
    var environment = LintCommand.Environment(
      currentDirectory: cwd, variables: variables, stdoutIsTerminal: terminal, readStandardInput: { input })
    adjust(&environment)
    let status = LintCommand.run(
      arguments: arguments, stdout: output,
      stderr: { line in
        err += line + "\n"
        transcribeOutput()
        transcript += "stderr: " + line + "\n"
      }, environment: environment)
    transcribeOutput()
    Self.keepIfSARIF(output.text)
    return Run(
      status: status, stdout: output.text, stdoutBytes: output.bytes, stderr: err, transcript: transcript,
      stdoutWrites: output.writeCount)
  }

  /// Every SARIF log a test makes is kept under `.build/test-artifacts/sarif/`, where
  /// `Tests/Integration/sarif-schema.sh` (run by `.ci/run`) validates each against the official schema.
  static func keepIfSARIF(_ output: String) {
    guard output.hasPrefix("{\n  \"$schema\": \"\(SARIFReporter.schema)\"") else { return }
    let directory = Fixtures.packageRoot.appendingPathComponent(".build/test-artifacts/sarif")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? Data(output.utf8).write(to: directory.appendingPathComponent(UUID().uuidString + ".sarif"))
  }

  /// The absolute path of a path relative to the root.
  func path(_ relative: String) -> String { root + "/" + relative }

  /// The bytes of a file relative to the root.
  func read(_ relative: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(relative))))
  }

  /// The text of a file relative to the root.
  func text(_ relative: String) throws -> String {
    String(decoding: try read(relative), as: UTF8.self)
  }
}

/// Small documents the command tests lint.
enum Documents {
  static let pose = #"{"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}"#

  /// A document no rule objects to.
  static let clean = """
    [
      {
        "id": "card0",
        "invokeType": "trigger",
        "initialValues": \(pose),
        "keyframes": [
          {"id": "A", "duration": 0, "values": \(pose)},
          {"id": "B", "duration": 1.5, "values": \(pose)}
        ]
      }
    ]

    """

  /// A document with an error, a warning and an info.
  static let mixed = """
    [
      {
        "id": "card0",
        "invokeType": "auto",
        "initialValues": \(pose),
        "keyframes": [
          {"id": "A", "duration": 0, "values": \(pose)},
          {"id": "B", "duration": -1, "values": \(pose)}
        ],
        "durations": 3
      }
    ]

    """

  /// A document with a warning only.
  static let warningOnly = """
    [{"id": "card0", "invokeType": "trigger", "initialValues": \(pose), "keyframes": [], "notes": "x"}]

    """

  /// A document with an info only: a 4-second auto track, which stretches the 3-second loop
  /// (`loop-stretched`); that it is `auto` is no finding (the runtimes all start it).
  static let infoOnly = """
    [{"id": "card0", "invokeType": "auto", "initialValues": \(pose), "keyframes": [{"id": "A", "duration": 4, "values": \(pose)}]}]

    """
}
