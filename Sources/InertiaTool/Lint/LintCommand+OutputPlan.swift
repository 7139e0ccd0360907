import InertiaFormat
import InertiaLint

extension LintCommand {
  /// The files a run writes (`--output-file`, `--write-baseline`, and with `--fix` each file fixed, in
  /// place), checked through the one output plan against every file it reads: the files linted, the
  /// configurations, the baselines and the `.gitignore` files a walk read. Nothing is written before this
  /// passes.
  /// - Throws: ``UsageError`` when an output would overwrite an input however it is named, or two outputs
  ///   are one file.
  static func checkOutputs(_ plan: Plan, _ options: LintOptions, environment: Environment) throws(UsageError) {
    func full(_ path: String) -> String {
      FilePath.isAbsolute(path) ? path : FilePath.join(environment.currentDirectory, path)
    }
    // `--fix -` writes the fixed document to standard output, and only it: a report may not go there too.
    if options.fixesStandardInput, let file = options.outputFile, file == "-" || FileIO.isStandardOutput(full(file)) {
      throw UsageError(
        "--output-file \(file) is standard output, which --fix - keeps for the fixed document alone")
    }
    var outputs: [OutputPlan.Output] = []
    if let file = options.outputFile, file != "-" {
      outputs.append(OutputPlan.Output(full(file), role: .lintReport, name: "--output-file", shownAs: file))
    }
    if let file = options.writeBaseline {
      outputs.append(OutputPlan.Output(full(file), role: .lintBaseline, name: "--write-baseline", shownAs: file))
    }
    if options.fix && !options.dryRun {
      // Each in place of itself, by the file discovery found: no file is looked up again for them.
      for input in plan.inputs {
        guard let path = input.readPath else { continue }
        outputs.append(
          OutputPlan.Output(
            path, role: .lintFix, name: input.path, shownAs: input.path, replacing: path, id: input.fileID))
      }
    }
    guard !outputs.isEmpty else { return }
    var inputs = plan.inputs.compactMap { input in
      input.readPath.map { OutputPlan.Input($0, name: input.path, id: input.fileID) }
    }
    inputs += plan.configurations.filesRead.map { OutputPlan.Input($0.path, name: $0.name) }
    inputs += plan.ignoreFilesRead.map { OutputPlan.Input($0) }
    if let baseline = options.baseline, options.writeBaseline == nil {
      inputs.append(OutputPlan.Input(full(baseline), name: baseline))
    }
    _ = try OutputPlan.check(outputs, against: inputs)
  }

  /// Whether a report of a run that stopped before its inputs were known (a usage or configuration error)
  /// may be written to `--output-file`: not over a file the command line names, nor over a file a walk of
  /// the paths given (the working directory without any) would lint by the default include or an
  /// `--include` given, nor over a configuration. `arguments` are the command line's, parsed or not.
  static func mayWriteFailureReport(to file: String, arguments: [String], environment: Environment) -> Bool {
    func full(_ path: String) -> String {
      FilePath.isAbsolute(path) ? path : FilePath.join(environment.currentDirectory, path)
    }
    let target = full(file)
    guard let id = FileIO.identity(of: target) else { return true }
    // Every argument that names a file is taken for an input (which are operands is not known), but the
    // value of `--output-file` itself.
    for (index, argument) in arguments.enumerated() where argument != "-" && !argument.hasPrefix("--output-file=") {
      if index > 0 && arguments[index - 1] == "--output-file" { continue }
      if FileIO.identity(of: full(argument)) == id { return false }
    }
    let name = FilePath.name(of: FileIO.physicalPath(target) ?? target)
    if name == LintConfiguration.fileName { return false }
    var includes = [FileDiscovery.defaultInclude]
    for (index, argument) in arguments.enumerated() {
      if argument == "--include", index + 1 < arguments.count { includes.append(Glob(arguments[index + 1])) }
      if argument.hasPrefix("--include=") { includes.append(Glob(String(argument.dropFirst("--include=".count)))) }
    }
    return !includes.contains { $0.matchesFile(named: name) || $0.matchesFile([Substring(name)]) }
  }
}
