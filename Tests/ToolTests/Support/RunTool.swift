import Foundation
import TestSupport

@testable import InertiaFormat
@testable import InertiaTool

/// What one in-process run of any command did: the class tests run every command of ``ToolCommand`` the
/// same way.
struct ToolRun {
  var status: Int32
  /// Standard output's bytes: the report, a document, or both (`--fix -` writes the document as data).
  var stdout: [UInt8]
  /// Each line written to standard error.
  var stderr: [String]

  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  var stderrText: String { stderr.joined(separator: "\n") }
  /// Whether the run stopped on a usage error (exit 2 and a line that says so).
  var isUsageError: Bool {
    status == 2 && stderr.contains { $0.hasSuffix("--help)") }
  }
}

/// Runs `command` with `arguments` in-process: `inertia-lint` and `to-svg` from `directory` (where their
/// configuration search starts, and the linter's relative paths), the others from the process's own (give
/// them absolute paths). `stdin` is standard input for the linter; the converter reads the process's own.
func runTool(
  _ command: ToolCommand, _ arguments: [String], in directory: String, stdin: [UInt8]? = nil,
  stdoutIsTerminal: Bool = false
) -> ToolRun {
  // Standard output as the process has it: the document's bytes and the report's all go to the one stream,
  // in the order written.
  let stdout = CommandOutput.inMemory()
  var stderr: [String] = []
  let status: Int32
  switch command {
  case .lint:
    let environment = LintCommand.Environment(
      currentDirectory: directory, stdoutIsTerminal: stdoutIsTerminal, readStandardInput: { stdin })
    status = LintCommand.run(
      arguments: arguments, stdout: stdout, stderr: { stderr.append($0) }, environment: environment)
  case .toSVG:
    status = SVGCommand.run(
      arguments: arguments, stdout: stdout, stderr: { stderr.append(TextEscaping.line($0)) },
      currentDirectory: directory)
  case .merge:
    status = MergeCommand.run(
      arguments: arguments, stdout: stdout, stderr: { stderr.append(TextEscaping.line($0)) })
  case .diff:
    status = DiffCommand.run(
      arguments: arguments, stdout: stdout, stderr: { stderr.append(TextEscaping.line($0)) },
      stdoutIsTerminal: stdoutIsTerminal)
  case .toJSON, .toMessagePack, .textconv:
    status = ConvertCommand.run(
      arguments: command.words + arguments, stdout: stdout, stderr: { stderr.append($0) },
      stdoutIsTerminal: stdoutIsTerminal)
  }
  return ToolRun(status: status, stdout: stdout.bytes, stderr: stderr)
}

/// Every file under a folder with its bytes (a symbolic link as its target's text), to tell that a run
/// changed nothing.
func folderSnapshot(_ root: String) -> [String: [UInt8]] {
  var files: [String: [UInt8]] = [:]
  let manager = FileManager.default
  guard let names = manager.subpaths(atPath: root) else { return files }
  for name in names {
    let path = root + "/" + name
    if let target = try? manager.destinationOfSymbolicLink(atPath: path) {
      files[name] = Array(("-> " + target).utf8)
    } else if let data = manager.contents(atPath: path) {
      files[name] = Array(data)
    } else {
      files[name] = []
    }
  }
  return files
}
