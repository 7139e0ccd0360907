import InertiaFormat
import InertiaLint

extension LintCommand {
  /// `--fix`, `--fix --dry-run` and `--diff`: fixes every input in parallel, then reports what was fixed
  /// and what remains (or prints the diffs).
  static func fix(
    _ plan: Plan, _ options: LintOptions, stdout: @escaping (String) -> Void, stderr: @escaping (String) -> Void,
    environment: Environment
  ) -> Int32 {
    let inputs = plan.inputs
    let jobs = options.jobs ?? ThreadPool.processorCount
    let fileFixers = plan.configurations.applied.map { applied in
      var fixer = DocumentFixer(linter: applied.linter, includesUnsafe: options.unsafeFixes)
      fixer.tamper = environment.tamperWithFixedBytes
      var fileFixer = FileFixer(
        fixer: fixer, writes: !options.dryRun, makesDiffs: options.diff, writer: environment.writer)
      fileFixer.writesStandardOutput = options.fixesStandardInput
      return fileFixer
    }
    let standardInput = inputs.contains(where: \.isStandardInput) ? environment.readStandardInput() : nil
    let progress =
      environment.stderrIsTerminal && inputs.count > 1
      ? FixProgress(total: inputs.count, write: environment.writeProgress) : nil
    var done: (@Sendable (Int) -> Void)?
    if let progress { done = { progress.update($0) } }
    let linters = plan.linters
    var outcomes = ThreadPool.forEach(inputs, jobs: jobs, done: done) { input in
      var fileFixer = fileFixers[input.configuration]
      fileFixer.fixer.linter.suppression = linters.suppression(for: input)
      return fileFixer.fix(input, standardInput: standardInput)
    }
    FileFixer.commit(&outcomes, writer: environment.writer)
    progress?.finish()

    if options.diff {
      var failed = !plan.problems.isEmpty
      var changed = false
      var diffs = ""
      for outcome in outcomes {
        switch outcome {
        case .failure(let failure):
          stderr("inertia-lint: \(failure.path): cannot read: \(failure.reason)")
          failed = true
        case .success(let file):
          if case .notWritten(let reason) = file.status {
            stderr("inertia-lint: \(file.path): not fixed: \(reason)")
            failed = true
          }
          if let diff = file.diff {
            diffs += diff
            changed = true
          }
        }
      }
      for problem in plan.problems { stderr("inertia-lint: \(problem.file): \(problem.message)") }
      stdout(diffs)
      return failed ? 2 : changed ? 1 : 0
    }

    // With `--fix -` the fixed document goes to standard output, and the report to standard error.
    let reportTo: (String) -> Void =
      options.fixesStandardInput
      ? { text in for line in text.split(separator: "\n") { stderr(String(line)) } } : stdout
    guard
      case (let output, var reporter, var report)? = startReport(
        plan, options, fixing: .init(isDryRun: options.dryRun), stdout: reportTo, stderr: stderr,
        environment: environment)
    else { return 2 }
    var failed = !plan.problems.isEmpty
    // Each file's findings are put in order, and its part of the report made when the format allows, side
    // by side on the pool's threads now that what was written is known; this thread writes the parts in
    // order as they come, holding no more than the pool's window of them.
    let renderer = reporter.renderer
    let maxFindings = options.maxFindings
    ThreadPool.forEach(Array(zip(inputs, outcomes)), jobs: jobs) { input, outcome in
      let findings: [Finding]
      let file: ReportedFile
      switch outcome {
      case .failure(let failure):
        findings = [IOErrorFinding.finding(path: failure.path, reason: failure.reason)]
        file = ReportedFile(path: failure.path, physicalPath: input.physicalPath)
      case .success(let outcome):
        // The fixer found every finding; the report lists as many as --max-findings allows.
        findings = Finding.limited((outcome.fixed + outcome.remaining).sorted(by: Finding.reportOrder), to: maxFindings)
        file = ReportedFile(path: outcome.path, physicalPath: input.physicalPath)
      }
      return (outcome, findings, file, renderer?.render(findings, file))
    } deliver: { outcome, findings, file, part in
      switch outcome {
      case .failure:
        report.add(findings, isFile: false)
        failed = true
      case .success(let fixed):
        if case .notWritten(let reason) = fixed.status {
          output.flush()
          stderr("inertia-lint: \(fixed.path): not fixed: \(reason)")
          failed = true
        }
        if let fixedDocument = fixed.standardOutput { fixedDocument.withUnsafeBytes { environment.writeData($0) } }
        report.add(findings)
        report.suppressedCount += fixed.suppressedCount
      }
      if let part {
        output.write(reporter.join(part))
      } else {
        output.write(reporter.file(findings, file))
      }
    }
    output.write(reporter.tail(report, errors: []))
    if let failure = output.finish() {
      stderr("inertia-lint: \(failure)")
      return 2
    }
    if failed { return 2 }
    return report.fails && !options.exitZero ? 1 : 0
  }
}
