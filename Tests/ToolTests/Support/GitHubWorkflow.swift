import Foundation
import TestSupport

/// A GitHub Actions workflow as a documentation page shows it: its name, its `env:` and the steps of its
/// one job, read with ``YAMLNode``.
struct GitHubWorkflow {
  /// One step: an action it `uses:`, or a shell script it `run:`s.
  struct Step {
    var id: String?
    var name: String?
    var uses: String?
    var run: String?
    var shell: String?
    /// The `if:` expression, when there is one.
    var condition: String?
    var with: [String: String] = [:]
    var env: [(key: String, value: String)] = []

    /// How the step is named in a failure message.
    var label: String { name ?? id ?? uses ?? run.map { String($0.prefix(60)) } ?? "?" }

    init(_ node: YAMLNode) throws {
      for entry in node.entries {
        let value = entry.value
        switch entry.key {
        case "id": id = value.string
        case "name": name = value.string
        case "uses": uses = value.string
        case "run": run = value.string
        case "shell": shell = value.string
        case "if": condition = value.string
        case "with": with = Dictionary(uniqueKeysWithValues: value.entries.map { ($0.key, $0.value.string ?? "") })
        case "env": env = value.entries.map { ($0.key, $0.value.string ?? "") }
        default: throw WorkflowError("a step key this runner does not know: \(entry.key)")
        }
      }
      guard (uses == nil) != (run == nil) else { throw WorkflowError("a step needs one of uses: and run:") }
    }
  }

  var name: String?
  var env: [(key: String, value: String)] = []
  var steps: [Step] = []

  /// A whole workflow (`name:`, `on:`, `jobs:` with one job).
  init(yaml: String) throws {
    let document = try YAMLNode.parse(yaml)
    name = document["name"]?.string
    env = document["env"]?.entries.map { ($0.key, $0.value.string ?? "") } ?? []
    let jobs = document["jobs"]?.entries ?? []
    guard jobs.count == 1, let job = jobs.first else { throw WorkflowError("a workflow with one job is expected") }
    steps = try (job.value["steps"]?.list ?? []).map(Step.init)
  }

  /// A list of steps alone, as a page shows a change to a workflow.
  static func steps(yaml: String) throws -> [Step] {
    guard let items = try YAMLNode.parse(yaml).list else { throw WorkflowError("a list of steps is expected") }
    return try items.map(Step.init)
  }

  /// The step named `name`.
  func step(named name: String) throws -> Step {
    guard let step = steps.first(where: { $0.name == name }) else { throw WorkflowError("no step named \(name)") }
    return step
  }

  /// The step that uses an action whose name starts with `action` (`actions/cache`).
  func step(using action: String) throws -> Step {
    guard let step = steps.first(where: { $0.uses?.hasPrefix(action + "@") == true }) else {
      throw WorkflowError("no step uses \(action)")
    }
    return step
  }

  /// The workflows and step lists of the `yaml` blocks of `page`, in order: a block with `jobs:` is a
  /// workflow; one that is a list of steps changes the workflow before it.
  static func blocks(of page: DocumentationPage) -> [String] {
    DocumentationPage.codeBlocks("yaml", in: page.text).filter { $0.contains("\njobs:\n") || $0.contains("run:") }
  }
}

struct WorkflowError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Runs a workflow's steps in order, as GitHub's runner does for one job on Linux, in a git repository
/// standing for the checked-out workspace: each `run:` script with `bash -e` (or its `shell:`), with
/// the environment GitHub provides faked (`GITHUB_WORKSPACE`, `GITHUB_OUTPUT`, `GITHUB_ENV`,
/// `GITHUB_PATH`, `GITHUB_STEP_SUMMARY`, `RUNNER_TEMP`, `GITHUB_BASE_REF`…), `${{ }}` expressions of
/// `with:`, `env:` and `if:` evaluated, and each step's `if:` deciding whether it runs. A step that
/// uses an action is not run: `actions` says what it does here (by default, nothing), and the test
/// checks its inputs.
final class WorkflowRun {
  /// What became of one step.
  struct Outcome {
    var step: GitHubWorkflow.Step
    /// Whether its `if:` let it run.
    var ran: Bool
    /// Its exit status (0 for an action).
    var status: Int32 = 0
    var output = ""
    /// Its `with:` inputs, expressions evaluated.
    var inputs: [String: String] = [:]
    var succeeded: Bool { status == 0 }
  }

  let repository: GitRepository
  /// The runner's own folders: `RUNNER_TEMP` and the home folder (`~`).
  let runnerTemp: String
  let home: String
  /// `GITHUB_STEP_SUMMARY`'s text, all steps together.
  private(set) var summary = ""
  private(set) var outcomes: [Outcome] = []
  private var outputs: [String: [String: String]] = [:]
  private var exported: [(key: String, value: String)] = []
  private var path: [String] = []
  private let scratch: TemporaryDirectory

  /// What an action does here: given the step and its evaluated inputs, the outputs it sets.
  typealias Action = (GitHubWorkflow.Step, [String: String]) throws -> [String: String]

  init(in repository: GitRepository) throws {
    self.repository = repository
    scratch = try TemporaryDirectory()
    runnerTemp = scratch.file("runner-temp")
    home = scratch.file("home")
    for folder in [runnerTemp, home] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
  }

  /// `~/…` as the runner's shell expands it.
  func expandingHome(_ path: String) -> String {
    path.hasPrefix("~/") ? home + path.dropFirst() : path
  }

  /// Runs `steps` in order with the workflow-level `env`, as one job. `event` is the `github` context
  /// the run stands for (`GITHUB_EVENT_NAME`, `GITHUB_BASE_REF`…).
  func run(
    _ steps: [GitHubWorkflow.Step], env: [(key: String, value: String)], event: [String: String],
    actions: [String: Action] = [:]
  ) throws {
    var jobFailed = false
    for step in steps {
      let runs = try condition(step.condition, jobFailed: jobFailed)
      var outcome = Outcome(step: step, ran: runs)
      if runs {
        outcome.inputs = try step.with.mapValues { try evaluate($0) }
        if let uses = step.uses {
          let name = String(uses.prefix { $0 != "@" })
          let set = try actions[name]?(step, outcome.inputs) ?? [:]
          if let id = step.id { outputs[id, default: [:]].merge(set) { $1 } }
        } else if let script = step.run {
          try execute(script, step: step, env: env, event: event, outcome: &outcome)
        }
        if !outcome.succeeded { jobFailed = true }
      }
      outcomes.append(outcome)
    }
  }

  /// The outcome of the step named `name` (or with that `id`).
  func outcome(_ name: String) throws -> Outcome {
    guard let found = outcomes.first(where: { $0.step.name == name || $0.step.id == name }) else {
      throw WorkflowError("no step \(name) in the run")
    }
    return found
  }

  /// The outcome of the step that uses `action`.
  func outcome(using action: String) throws -> Outcome {
    guard let found = outcomes.first(where: { $0.step.uses?.hasPrefix(action + "@") == true }) else {
      throw WorkflowError("no step uses \(action)")
    }
    return found
  }

  /// A step's output, as `steps.ID.outputs.NAME` reads it.
  func output(step id: String, _ name: String) -> String { outputs[id]?[name] ?? "" }

  private func execute(
    _ script: String, step: GitHubWorkflow.Step, env: [(key: String, value: String)], event: [String: String],
    outcome: inout Outcome
  ) throws {
    let files = ["output", "env", "path", "summary", "script"].map { scratch.file("step-\(outcomes.count)-\($0)") }
    for file in files.dropLast() { _ = FileManager.default.createFile(atPath: file, contents: nil) }
    try Data(script.utf8).write(to: URL(fileURLWithPath: files[4]))
    var environment = repository.environment
    environment["HOME"] = home
    environment["PATH"] = (path.reversed() + ["/usr/local/bin", "/usr/bin", "/bin"]).joined(separator: ":")
    environment["CI"] = "true"
    environment["GITHUB_ACTIONS"] = "true"
    environment["GITHUB_WORKSPACE"] = repository.path
    environment["GITHUB_OUTPUT"] = files[0]
    environment["GITHUB_ENV"] = files[1]
    environment["GITHUB_PATH"] = files[2]
    environment["GITHUB_STEP_SUMMARY"] = files[3]
    environment["RUNNER_TEMP"] = runnerTemp
    environment["RUNNER_OS"] = "Linux"
    environment["RUNNER_ARCH"] = "X64"
    environment.merge(event) { $1 }
    for (key, value) in env + exported + step.env { environment[key] = try evaluate(value) }
    let shell: [String]
    switch step.shell {
    case nil: shell = ["/bin/bash", "-e"]
    case "bash": shell = ["/bin/bash", "--noprofile", "--norc", "-eo", "pipefail"]
    case "sh": shell = ["/bin/sh", "-e"]
    case let other?: throw WorkflowError("a shell this runner does not know: \(other)")
    }
    let result = try repository.run(shell[0], Array(shell.dropFirst()) + [files[4]], environment: environment)
    outcome.status = result.status
    outcome.output = result.stdout + result.stderr
    if let id = step.id {
      outputs[id, default: [:]].merge(try Self.assignments(in: files[0])) { $1 }
    }
    exported += try Self.assignments(in: files[1]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    path += try String(contentsOfFile: files[2], encoding: .utf8).split(separator: "\n").map(String.init)
    summary += try String(contentsOfFile: files[3], encoding: .utf8)
  }

  /// The `NAME=value` lines of a `GITHUB_OUTPUT` or `GITHUB_ENV` file.
  static func assignments(in file: String) throws -> [String: String] {
    var values: [String: String] = [:]
    for line in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n") {
      guard let equals = line.firstIndex(of: "=") else {
        throw WorkflowError("a line this runner does not read (only NAME=value): \(line)")
      }
      values[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    return values
  }

  /// Whether a step with `if: expression` runs. As on GitHub, an expression without a status function
  /// runs only while every step before it succeeded.
  func condition(_ expression: String?, jobFailed: Bool) throws -> Bool {
    guard var text = expression?.trimmingCharacters(in: .whitespaces) else { return !jobFailed }
    if text.hasPrefix("${{") && text.hasSuffix("}}") {
      text = String(text.dropFirst(3).dropLast(2)).trimmingCharacters(in: .whitespaces)
    }
    switch text {
    case "always()": return true
    case "success()": return !jobFailed
    case "failure()": return jobFailed
    default: break
    }
    for (symbol, equal) in [(" != ", false), (" == ", true)] {
      let sides = text.components(separatedBy: symbol)
      if sides.count == 2 {
        let left = try value(of: sides[0])
        let right = try value(of: sides[1])
        return !jobFailed && ((left == right) == equal)
      }
    }
    throw WorkflowError("an if: this runner does not evaluate: \(text)")
  }

  /// `text` with each `${{ expression }}` replaced by its value.
  func evaluate(_ text: String) throws -> String {
    var result = ""
    var rest = Substring(text)
    while let open = rest.range(of: "${{") {
      guard let close = rest[open.upperBound...].range(of: "}}") else {
        throw WorkflowError("an unclosed expression: \(text)")
      }
      result += rest[..<open.lowerBound]
      result += try value(of: String(rest[open.upperBound..<close.lowerBound]))
      rest = rest[close.upperBound...]
    }
    return result + rest
  }

  /// The value of one expression: a quoted literal, or a context this runner knows.
  func value(of expression: String) throws -> String {
    let text = expression.trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("'") && text.hasSuffix("'") && text.count >= 2 { return String(text.dropFirst().dropLast()) }
    let parts = text.split(separator: ".").map(String.init)
    switch parts.first {
    case "runner" where parts == ["runner", "os"]: return "Linux"
    case "runner" where parts == ["runner", "arch"]: return "X64"
    case "steps" where parts.count == 4 && parts[2] == "outputs": return output(step: parts[1], parts[3])
    default: throw WorkflowError("an expression this runner does not evaluate: \(text)")
    }
  }
}
