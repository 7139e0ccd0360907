import Foundation
import InertiaFormat
import TestSupport
import Testing

/// This repository's HEAD, which the workflows fetch in place of the tools' newest commit.
private let repositoryHead: String? = {
  guard let git = GitRepository.git else { return nil }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: git)
  process.arguments = ["-C", Fixtures.packageRoot.path, "rev-parse", "HEAD"]
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return nil }
  let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return process.terminationStatus == 0 ? text.trimmingCharacters(in: .whitespacesAndNewlines) : nil
}()

private let workflowsCanRun =
  GitRepository.isAvailable && repositoryHead != nil && FileManager.default.isExecutableFile(atPath: "/bin/bash")
private let whyWorkflowsCannotRun: Comment =
  !GitRepository.isAvailable
  ? GitRepository.unavailableReason
  : repositoryHead == nil
    ? "the package is not a git checkout, which the workflows fetch the tools from" : "no /bin/bash"

/// The GitHub Actions workflows of docs/integrations.md, read out of the page and run step by step as
/// GitHub's runner would run them (``WorkflowRun``): in a git repository holding valid animation files, a
/// broken one and one with NaN and infinite values, with the page's one value (the tools' URL) replaced
/// by this repository's path and the tools the tests built restored by the cache step. Each test checks
/// what the page promises of its workflow; the actions, which cannot run here, are checked by their
/// inputs and conditions.
@Suite("Workflow snippets", .enabled(if: workflowsCanRun, whyWorkflowsCannotRun))
struct WorkflowSnippetTests {
  static let page = "docs/integrations.md"
  /// The one value the documentation asks a user to fill in.
  static let toolsURL = "https://github.com/OWNER/inertia-tools"
  /// The actions the workflows may use, each checked below by what it needs.
  static let knownActions = [
    "actions/checkout", "actions/cache", "swift-actions/setup-swift", "github/codeql-action/upload-sarif",
    "actions/upload-artifact",
  ]

  static var head: String? { repositoryHead }

  /// The page's workflows, in order, and the list of steps that changes the first.
  static func snippets() throws -> (lint: GitHubWorkflow, annotations: [GitHubWorkflow.Step], previews: GitHubWorkflow)
  {
    let blocks = GitHubWorkflow.blocks(of: try DocumentationPage(page))
    #expect(blocks.count == 3, "the page's workflow blocks: \(blocks)")
    guard blocks.count == 3 else { throw WorkflowError("the page does not have the three workflow blocks") }
    return (
      try GitHubWorkflow(yaml: blocks[0]), try GitHubWorkflow.steps(yaml: blocks[1]),
      try GitHubWorkflow(yaml: blocks[2])
    )
  }

  // MARK: The project a workflow runs in

  static func corpus(_ path: String) throws -> [UInt8] {
    try Fixtures.bytes(Fixtures.corpus.appendingPathComponent(path))
  }

  static let clean = "lint/clean/animation.inertia"
  static let card = "valid/card0-trigger.inertia"
  static let circle = "valid/circle-behind-card0.inertia"
  static let truncated = "broken/truncated-array.inertia"
  static let nonFinite = "lint/non-finite-value.inertia"

  /// A repository whose `origin/main` holds two animation files and a broken one, and whose `HEAD`, the
  /// pull request, changes one valid file, adds another (in a folder whose name has a space), mends the
  /// broken one, and adds a broken file and one with NaN and infinite values. One file is left alone.
  static func project() throws -> GitRepository {
    let repository = try GitRepository()
    try repository.write("Animations/Onboarding/animation.inertia", try corpus(clean))
    try repository.write("Animations/Unchanged/animation.inertia", try corpus(card))
    try repository.write("Animations/Mended/animation.inertia", try corpus(truncated))
    try repository.commitAll("base")
    try repository.git(["update-ref", "refs/remotes/origin/main", "HEAD"])
    try repository.git(["checkout", "-q", "-b", "feature"])
    try repository.write("Animations/Onboarding/animation.inertia", try corpus(circle))
    try repository.write("Animations/Home Screen/animation.inertia", try corpus(card))
    try repository.write("Animations/Mended/animation.inertia", try corpus(clean))
    try repository.write("Animations/Broken/animation.inertia", try corpus(truncated))
    try repository.write("Animations/NaN/animation.inertia", try corpus(nonFinite))
    try repository.commitAll("the pull request")
    return repository
  }

  /// The `github` context of a pull request from `feature` into `main`.
  static let pullRequest = [
    "GITHUB_EVENT_NAME": "pull_request", "GITHUB_BASE_REF": "main", "GITHUB_HEAD_REF": "feature",
    "GITHUB_REF": "refs/pull/1/merge", "GITHUB_REPOSITORY": "app/app",
  ]

  /// The workflow's `env:`, the one value replaced by this repository's path.
  static func environment(of workflow: GitHubWorkflow) -> [(key: String, value: String)] {
    #expect(workflow.env.contains { $0.key == "INERTIA_TOOLS" && $0.value == toolsURL }, "\(workflow.env)")
    return workflow.env.map { ($0.key, $0.value == toolsURL ? Fixtures.packageRoot.path : $0.value) }
  }

  /// The actions, as far as they act here: the cache restores the tools this test run built, as a job
  /// after the first finds them; the others do nothing (the checkout is the repository itself).
  static func actions(for run: WorkflowRun) -> [String: WorkflowRun.Action] {
    [
      "actions/cache": { _, inputs in
        let bin = run.expandingHome(inputs["path"] ?? "") + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let built = builtConvertTool!.deletingLastPathComponent()
        for tool in ["inertia-convert", "inertia-lint"] {
          try FileManager.default.createSymbolicLink(
            atPath: "\(bin)/\(tool)", withDestinationPath: built.appendingPathComponent(tool).path)
        }
        return ["cache-hit": "true"]
      }
    ]
  }

  /// Runs `steps` of `workflow` in a fresh ``project()``.
  static func run(_ workflow: GitHubWorkflow, steps: [GitHubWorkflow.Step]? = nil) throws -> WorkflowRun {
    let run = try WorkflowRun(in: try project())
    try run.run(
      steps ?? workflow.steps, env: environment(of: workflow), event: pullRequest, actions: actions(for: run))
    return run
  }

  // MARK: Every workflow

  @Test("Every step is a shell script without expressions or an action this suite checks")
  func stepsAreKnown() throws {
    let (lint, annotations, previews) = try Self.snippets()
    for step in lint.steps + annotations + previews.steps {
      if let script = step.run {
        // GitHub pastes an expression's value into the script before the shell reads it; the workflows
        // hand values to scripts through the environment instead, as GitHub's hardening guide asks.
        #expect(!script.contains("${{"), "\(step.label)")
      }
      if let uses = step.uses {
        #expect(Self.knownActions.contains(String(uses.prefix { $0 != "@" })), "\(uses)")
      }
    }
    #expect(lint.name == "Animations" && previews.name == "Animation previews")
    // A workflow shown anywhere else would go unrun: it belongs on the page, or in this suite.
    for other in try DocumentationPage.all() where other.path != Self.page {
      #expect(GitHubWorkflow.blocks(of: other).isEmpty, "\(other.path) shows a workflow this suite does not run")
    }
  }

  @Test("The tools come from the cache, keyed on their commit; a miss builds them into the cached folder")
  func toolsCache() throws {
    for workflow in [try Self.snippets().lint, try Self.snippets().previews] {
      let cache = try workflow.step(using: "actions/cache")
      let path = try #require(cache.with["path"])
      #expect(cache.with["key"]?.contains("${{ steps.tools.outputs.commit }}") == true)
      let build = try workflow.step(named: "Build the tools (only when the cache has none from that commit)")
      #expect(build.run?.contains("Scripts/build-tools.sh\" --install \(path)") == true)
      #expect(workflow.steps.contains { $0.run?.contains("echo \(path)/bin >> \"$GITHUB_PATH\"") == true })
      // The build and its toolchain run exactly when the cache has nothing for the commit.
      let setup = try workflow.step(using: "swift-actions/setup-swift")
      let run = try WorkflowRun(in: try GitRepository())
      for step in [build, setup] {
        #expect(try run.condition(step.condition, jobFailed: false), "a miss: \(step.label)")
      }
      let hit = try Self.run(
        workflow, steps: Array(workflow.steps.prefix { $0.uses?.hasPrefix("actions/cache") != true }) + [cache])
      #expect(hit.output(step: "tools", "commit") == Self.head)
      #expect(try hit.outcome(using: "actions/cache").inputs["key"] == "inertia-tools-Linux-X64-\(Self.head!)")
      for step in [build, setup] {
        #expect(try !hit.condition(step.condition, jobFailed: false), "a hit: \(step.label)")
      }
    }
  }

  // MARK: Linting

  @Test("The lint workflow fails on the broken and NaN files, and uploads SARIF naming them, and only them")
  func lint() throws {
    let workflow = try Self.snippets().lint
    let run = try Self.run(workflow)
    let lint = try run.outcome("Lint animations")
    #expect(lint.ran && lint.status == 1, "\(lint.output)")
    #expect(try !run.outcome("Build the tools (only when the cache has none from that commit)").ran)
    let upload = try run.outcome(using: "github/codeql-action/upload-sarif")
    #expect(upload.ran, "the findings are uploaded after the lint failed")
    let sarif = try #require(upload.inputs["sarif_file"])
    let log = try JSONReader().read(try run.repository.read(sarif))
    let results = try #require(log["runs"]?.arrayValue?.first?["results"]?.arrayValue)
    var errors: [String: Set<String>] = [:]
    for result in results where result["level"]?.stringValue == "error" {
      let location = result["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"]
      errors[location?["uri"]?.stringValue ?? "?", default: []].insert(result["ruleId"]?.stringValue ?? "?")
    }
    #expect(
      errors == [
        "Animations/Broken/animation.inertia": ["invalid-file"],
        "Animations/NaN/animation.inertia": ["non-finite-value", "non-positive-duration"],
      ])
  }

  @Test("The annotations variant: the lint step with --format github, annotations on the failing files")
  func annotations() throws {
    let (workflow, annotations, _) = try Self.snippets()
    let replaced = try #require(annotations.first?.name)
    let before = workflow.steps.prefix { $0.name != replaced }
    #expect(before.count < workflow.steps.count, "the variant replaces a step of the workflow: \(replaced)")
    let run = try Self.run(workflow, steps: Array(before) + annotations)
    let lint = try run.outcome(replaced)
    #expect(lint.status == 1)
    #expect(lint.output.contains("::error file=Animations/Broken/animation.inertia,title=invalid-file::"))
    #expect(lint.output.contains("::error file=Animations/NaN/animation.inertia,title=non-finite-value::"))
    #expect(!lint.output.contains("::error file=Animations/Onboarding"))
  }

  // MARK: Previews

  @Test("Previews: every changed file that can be drawn is, before and after; the others are reported")
  func previews() throws {
    let workflow = try Self.snippets().previews
    let checkout = try workflow.step(using: "actions/checkout")
    #expect(checkout.with["fetch-depth"] == "0", "the drawing step reads the base branch")
    let run = try Self.run(workflow)
    let drawing = try run.outcome("Draw the changed animation files, before and after")
    #expect(drawing.ran && drawing.status == 1, "a file with no preview fails the job: \(drawing.output)")

    let upload = try run.outcome(using: "actions/upload-artifact")
    #expect(upload.ran, "the previews are uploaded after a file failed")
    let folder = run.repository.path + "/" + (upload.inputs["path"] ?? "")
    let drawn = Set(try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".svg") })
    #expect(
      drawn == [
        "Animations/Onboarding/animation.svg", "Animations/Onboarding/animation.timeline.svg",
        "Animations/Onboarding/animation.before.svg",
        "Animations/Home Screen/animation.svg", "Animations/Home Screen/animation.timeline.svg",
        "Animations/Mended/animation.svg", "Animations/Mended/animation.timeline.svg",
        // NaN and infinite poses and durations are drawn as the runtimes repair them (docs/previews.md).
        "Animations/NaN/animation.svg", "Animations/NaN/animation.timeline.svg",
      ])
    for path in drawn {
      let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)), as: UTF8.self)
      #expect(text.hasPrefix("<?xml") && text.contains("<svg ") && text.hasSuffix("</svg>\n"), "\(path)")
    }
    // The new version drawn after, the base's before.
    let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/Animations/Onboarding/animation.before.svg"))
    let after = try Data(contentsOf: URL(fileURLWithPath: folder + "/Animations/Onboarding/animation.svg"))
    #expect(before != after)

    // The one that cannot be drawn: an annotation, with the tool's message, and the summary.
    #expect(
      drawing.output.contains(
        "::error file=Animations/Broken/animation.inertia::Animations/Broken/animation.inertia: offset 361: "))
    #expect(!drawing.output.contains("::error file=Animations/NaN/"), "\(drawing.output)")
    #expect(run.summary.contains("- `Animations/Broken/animation.inertia`: **no preview**: "))
    #expect(run.summary.contains("- `Animations/NaN/animation.inertia`: drawn"))
    #expect(run.summary.contains("- `Animations/Home Screen/animation.inertia`: drawn"))
    // The base's broken version of the mended file has no before picture, and says so without failing.
    #expect(run.summary.contains("- `Animations/Mended/animation.inertia`: no preview of the version on main"))
    #expect(!run.summary.contains("Unchanged"), "a file the pull request leaves alone is not drawn")
  }
}
