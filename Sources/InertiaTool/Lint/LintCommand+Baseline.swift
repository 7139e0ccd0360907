import InertiaFormat
import InertiaLint

extension LintCommand {
  /// `--write-baseline FILE`: lints every input (leaving out what the configurations' `ignore` entries
  /// leave out, but not what an older baseline does) and writes every finding to `FILE`, atomically,
  /// instead of a report. Exit 0, or 2 when a file could not be read or the baseline written; the
  /// baseline is written either way, since a repository with one unreadable file needs one too.
  static func writeBaseline(
    _ plan: Plan, _ app: AppCheck?, _ options: LintOptions, to target: String, stderr: @escaping (String) -> Void,
    environment: Environment
  ) -> Int32 {
    let full = FilePath.isAbsolute(target) ? target : FilePath.join(environment.currentDirectory, target)
    guard let directory = FileIO.physicalPath(FilePath.directory(of: full)) else {
      stderr("inertia-lint: --write-baseline: \(target): its folder does not exist")
      return 2
    }
    var failed = false
    for problem in plan.problems {
      stderr("inertia-lint: \(problem.file): \(problem.message)")
      failed = true
    }
    let linters = plan.linters
    let standardInput = plan.inputs.contains(where: \.isStandardInput) ? environment.readStandardInput() : nil
    var entries: [Baseline.Entry] = []
    var files = 0
    ThreadPool.forEach(plan.inputs, jobs: options.jobs ?? ThreadPool.processorCount) { input in
      (input, LintRunner.lint(input, linter: linters.linter(for: input), standardInput: standardInput))
    } deliver: { input, outcome in
      switch outcome {
      case .linted(let linted):
        let found = Baseline.entries(linted.findings, location: linters.location(of: input), directory: directory)
        entries += found
        if !found.isEmpty { files += 1 }
      case .unreadable(let reason):
        stderr("inertia-lint: \(input.path): cannot read: \(reason)")
        failed = true
      }
    }
    for (file, linted) in app?.findings(linters) ?? [] {
      let found = Baseline.entries(linted.findings, location: file.physicalPath, directory: directory)
      entries += found
      if !found.isEmpty { files += 1 }
    }
    do throws(FileIOError) {
      let replacement = try environment.writer.prepare(full, bytes: Array(Baseline.text(entries).utf8))
      if let reason = environment.writer.commit([replacement])[0] {
        stderr("inertia-lint: --write-baseline: \(target): \(reason)")
        return 2
      }
    } catch {
      stderr("inertia-lint: --write-baseline: \(error.naming(target))")
      return 2
    }
    let count = Set(entries).count
    stderr(
      "inertia-lint: wrote \(count) \(count == 1 ? "finding" : "findings") in \(files) \(files == 1 ? "file" : "files") "
        + "to \(target)")
    return failed ? 2 : 0
  }
}
