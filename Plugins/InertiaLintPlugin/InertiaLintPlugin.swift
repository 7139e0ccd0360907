import Foundation
import PackagePlugin

/// The build-tool plugin: a target that lists it in `plugins:` gets its animation files linted as part of
/// every build that changes one of them, and its Swift sources checked against its animation resources
/// (the app rules, ``LintCommandPlanner/appCommand(targetName:files:bundle:)``) in every build that changes
/// one of those.
///
/// Each animation file among the target's files (sources, resources and files the target leaves
/// unhandled alike) becomes one build command that runs `inertia-lint --format xcode` on it. Errors make
/// the command fail, and so the build; warnings are printed as `FILE:LINE:COLUMN: warning: …` lines,
/// which SwiftPM and Xcode show as diagnostics; infos are not printed. Which files are animation files,
/// and which configuration applies to each, is decided as the command-line tool decides it: see
/// ``LintCommandPlanner``.
@main
struct InertiaLintPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    // The output of each command is a Swift file (see `LintCommandPlanner`), which only a Swift target
    // compiles, and so only a Swift target runs the commands.
    guard let target = target as? SwiftSourceModuleTarget else {
      Diagnostics.warning("InertiaLintPlugin lints the files of Swift targets only; '\(target.name)' is not one")
      return []
    }
    let planner = LintCommandPlanner(
      tool: try context.tool(named: "inertia-lint").url, workDirectory: context.pluginWorkDirectoryURL,
      targetDirectory: target.directoryURL)
    // A package target's resources are in Bundle.module.
    let files = target.sourceFiles.map { ($0.url, $0.type == .source) }
    let app = planner.appCommand(targetName: target.name, files: files, bundle: "module")
    return planner.commands(for: target.sourceFiles.map(\.url)) + (app.map { [$0] } ?? [])
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  // The same for a target of an Xcode project: only where the files and the work folder come from
  // differs. Xcode is not available where this package is built and tested (Linux), so this conformance
  // has never been compiled or run there.
  extension InertiaLintPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      let planner = LintCommandPlanner(
        tool: try context.tool(named: "inertia-lint").url, workDirectory: context.pluginWorkDirectoryURL,
        targetDirectory: nil)
      // An app target's resources are in its own bundle, Bundle.main.
      let files = target.inputFiles.map { ($0.url, $0.type == .source) }
      let app = planner.appCommand(targetName: target.displayName, files: files, bundle: "main")
      return planner.commands(for: target.inputFiles.map(\.url)) + (app.map { [$0] } ?? [])
    }
  }
#endif
