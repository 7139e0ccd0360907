import InertiaFormat
import InertiaLint

extension LintCommand {
  /// `--fix`, `--fix --dry-run` and `--diff`: fixes every input in parallel, then reports what was fixed
  /// and what remains (or prints the diffs).
  static func fix(
    _ plan: Plan, _ app: AppCheck?, _ options: LintOptions, stdout: CommandOutput, stderr: @escaping (String) -> Void,
    environment: Environment
  ) -> Int32 {
    let inputs = plan.inputs
    let jobs = options.jobs ?? ThreadPool.processorCount
    let fileFixers = plan.linters.applied.map { applied in
      var fixer = DocumentFixer(linter: applied.linter, includesUnsafe: options.unsafeFixes)
      fixer.tamper = environment.tamperWithFixedBytes
      var fileFixer = FileFixer(
        fixer: fixer, writes: !options.dryRun, makesDiffs: options.diff, writer: environment.writer)
      fileFixer.writesStandardOutput = options.fixesStandardInput
      return fileFixer
    }
    let standardInput = inputs.contains(where: \.isStandardInput) ? environment.readStandardInput() : nil
    if options.fixesStandardInput, environment.stdoutIsTerminal, let standardInput,
      DocumentEncoding.detect(standardInput) == .messagePack
    {
      // The fixed document would be binary on a terminal: nothing is fixed, nothing written.
      stderr("inertia-lint: --fix - would write binary MessagePack to a terminal; redirect standard output")
      return 2
    }
    let progress =
      environment.stderrIsTerminal && inputs.count > 1
      ? FixProgress(total: inputs.count, write: environment.writeProgress) : nil
    var done: (@Sendable (Int) -> Void)?
    if let progress { done = { progress.update($0) } }
    let linters = plan.linters
    /// The fixer of an input: its configuration's, leaving out what is suppressed in it.
    let fileFixer: @Sendable (LintInput) -> FileFixer = { input in
      var fileFixer = fileFixers[input.configuration]
      fileFixer.fixer.linter.suppression = linters.suppression(for: input)
      return fileFixer
    }
    // Each file's part of the report is made as soon as it is fixed, on the thread that fixed it, while its
    // findings are at hand: a pending file's as it reads once written, which nearly every one will be. The
    // findings are freed there, and the report only joins the parts in order.
    let renderer = options.diff ? nil : reporter(for: options, rules: ruleList(plan), environment).renderer
    let maxFindings = options.maxFindings
    var outcomes = ThreadPool.forEach(inputs, jobs: jobs, done: done) { input in
      var outcome = fileFixer(input).fix(input, standardInput: standardInput)
      if !options.diff, case .success(var fixed) = outcome {
        fixed.report = FileFixer.report(of: fixed, renderer, input: input, maxFindings: maxFindings)
        fixed.dropFindings()
        outcome = .success(fixed)
      }
      return outcome
    }
    FileFixer.commit(&outcomes, writer: environment.writer) { index, identity in
      // The file as it was, linted again as it was fixed: a file whose fix is not written after all (rare).
      fileFixer(inputs[index]).originalFindings(of: inputs[index], readAs: identity)
    }
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
      // To standard output, or with --output-file to that file, atomically, as a report would be.
      let output: ReportOutput
      do {
        output = try ReportOutput(options, to: .standardOutput(stdout), environment: environment)
      } catch {
        stderr("inertia-lint: \(error)")
        return 2
      }
      output.write(diffs)
      if let failure = output.finish() {
        stderr("inertia-lint: \(failure)")
        return 2
      }
      return failed ? 2 : changed && !options.exitZero ? 1 : 0
    }

    // With `--fix -` the fixed document goes to standard output, and the report to standard error.
    guard
      case (let output, var reporter, var report)? = startReport(
        plan, options, fixing: .init(isDryRun: options.dryRun), appRules: app != nil,
        to: options.fixesStandardInput ? .standardError(stderr) : .standardOutput(stdout), stderr: stderr,
        environment: environment)
    else { return 2 }
    var failed = !plan.problems.isEmpty
    // By index, each outcome read in place (a pair of copies from `zip` retained every string of both).
    for index in outcomes.indices {
      let input = inputs[index]
      switch outcomes[index] {
      case .failure(let failure):
        let findings = [IOErrorFinding.finding(path: failure.path, reason: failure.reason)]
        report.add(findings, isFile: false)
        output.write(reporter.file(findings, ReportedFile(path: failure.path, physicalPath: input.physicalPath)))
        failed = true
      case .success(let fixed):
        switch fixed.status {
        case .notWritten(let reason):
          output.flush()
          stderr("inertia-lint: \(fixed.path): not fixed: \(reason)")
          failed = true
        case .writtenNotDurable(let reason):
          output.flush()
          stderr("inertia-lint: \(fixed.path): \(reason)")
          failed = true
        default: break
        }
        if let fixedDocument = fixed.standardOutput { stdout.write(fixedDocument) }
        // A file not written after all has no part made: its findings are the original's.
        let made = fixed.report ?? FileFixer.report(of: fixed, nil, input: input, maxFindings: maxFindings)
        report.add(made.counts)
        report.suppressedCount += fixed.suppressedCount
        if let part = made.part {
          output.write(reporter.join(part))
        } else {
          output.write(reporter.file(made.findings, ReportedFile(path: fixed.path, physicalPath: input.physicalPath)))
        }
      }
    }
    reportAppFindings(app, plan.linters, output, &reporter, &report)
    output.write(reporter.tail(report, errors: []))
    if let failure = output.finish() {
      stderr("inertia-lint: \(failure)")
      return 2
    }
    if failed { return 2 }
    return report.fails && !options.exitZero ? 1 : 0
  }
}
