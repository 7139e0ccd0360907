import InertiaFormat
import InertiaLint

extension LintCommand {
  /// `--fix`, `--fix --dry-run` and `--diff`: fixes every input in parallel, then reports what was fixed
  /// and what remains (or prints the diffs).
  static func fix(
    _ inputs: [LintInput], linter: Linter, jobs: Int, _ options: LintOptions, stdout: (String) -> Void,
    stderr: (String) -> Void, environment: Environment
  ) -> Int32 {
    let inputs = distinctFiles(inputs)
    var fixer = DocumentFixer(linter: linter, includesUnsafe: options.unsafeFixes)
    fixer.tamper = environment.tamperWithFixedBytes
    let fileFixer = FileFixer(
      fixer: fixer, writes: !options.dryRun, makesDiffs: options.diff, writer: environment.writer)
    let standardInput = inputs.contains(where: \.isStandardInput) ? environment.readStandardInput() : nil
    let progress =
      environment.stderrIsTerminal && inputs.count > 1
      ? FixProgress(total: inputs.count, write: environment.writeProgress) : nil
    var done: (@Sendable (Int) -> Void)?
    if let progress { done = { progress.update($0) } }
    var outcomes = ThreadPool.forEach(inputs, jobs: jobs, done: done) { input in
      fileFixer.fix(input, standardInput: standardInput)
    }
    fileFixer.commit(&outcomes)
    progress?.finish()

    var findings: [Finding] = []
    var fileCount = 0
    var failed = false
    var changed = false
    var diffs = ""
    for outcome in outcomes {
      switch outcome {
      case .failure(let failure):
        stderr("inertia-lint: \(failure.message)")
        failed = true
      case .success(let file):
        fileCount += 1
        switch file.status {
        case .notWritten(let reason):
          stderr("inertia-lint: \(file.path): not fixed: \(reason)")
          failed = true
        case .written, .wouldWrite, .pending:
          changed = true
        case .unchanged:
          break
        }
        findings += (file.fixed + file.remaining).sorted(by: Finding.reportOrder)
        if let diff = file.diff { diffs += diff }
      }
    }
    if options.diff {
      stdout(diffs)
      return failed ? 2 : changed ? 1 : 0
    }
    let rules = linter.rules.map { ($0.rule.description, $0.severity ?? $0.rule.description.severity) }
    let report = LintReport(
      fileCount: fileCount, findings: findings, rules: rules, strict: options.strict,
      fixing: .init(isDryRun: options.dryRun))
    stdout(reporter(for: options, environment).render(report))
    if failed { return 2 }
    return report.fails ? 1 : 0
  }

  /// The inputs without a second path to a file already among them (a symbolic link and its target,
  /// say), so that no file is fixed twice at once.
  static func distinctFiles(_ inputs: [LintInput]) -> [LintInput] {
    var seenKeys: Set<[UInt64]> = []
    return inputs.filter { input in
      guard let path = input.readPath, let identity = FileIdentity(path) else { return true }
      return seenKeys.insert([identity.device, identity.inode]).inserted
    }
  }
}
