import InertiaFormat
import InertiaLint

extension LintCommand {
  /// Runs `inertia-lint` as this process: its arguments, working directory, environment, standard input,
  /// output and error. A failed write to standard output (a full disk, a closed pipe) ends the run with
  /// exit status 2 and says so, rather than leave a cut report behind a status that says all is well.
  /// - Returns: the exit status.
  package static func main() -> Int32 {
    FileIO.installMappedFileGuard()
    ProcessSignals.install()
    let stderr = CommandOutput.standardError
    return run(
      arguments: ProcessArguments.all,
      stdout: .standardOutput(failure: { "inertia-lint: cannot write the report: \($0.reason)" }),
      stderr: { stderr.write($0 + "\n") }, environment: .process)
  }
}
