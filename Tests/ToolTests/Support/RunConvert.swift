import TestSupport

@testable import InertiaFormat
@testable import InertiaTool

/// What one in-process run of `inertia-convert` did.
struct CommandResult {
  var status: Int32
  var stdout: [UInt8]
  /// Each line written to standard error.
  var stderr: [String]

  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs `inertia-convert` with `arguments` in-process, capturing both outputs.
func runConvert(_ arguments: [String], stdoutIsTerminal: Bool = false) -> CommandResult {
  let stdout = CommandOutput.inMemory()
  var stderr: [String] = []
  let status = ConvertCommand.run(
    arguments: arguments, stdout: stdout, stderr: { stderr.append($0) }, stdoutIsTerminal: stdoutIsTerminal)
  return CommandResult(status: status, stdout: stdout.bytes, stderr: stderr)
}
