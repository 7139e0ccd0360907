import Foundation
import PackagePlugin

/// What `swift package inertia-lint` and `swift package inertia-lint-fix` do: run `inertia-lint` over the
/// folders of the package's targets (every target with source files, or those named with `--target`),
/// from the package's folder, with every other argument passed on as it is.
///
/// The tool's output goes straight to the terminal, and its exit status becomes the command's, so a run
/// that finds an error fails as `inertia-lint` does. (This file is shared by both command plugins through
/// a symbolic link, since a plugin cannot depend on a library.)
struct PackageLintRun {
  /// The arguments the tool gets before the user's: `["--fix"]` for `inertia-lint-fix`.
  let leadingArguments: [String]

  func perform(context: PluginContext, arguments: [String]) throws -> Never {
    var extractor = ArgumentExtractor(arguments)
    let names = extractor.extractOption(named: "target")
    let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
    let package = context.package.directoryURL.standardizedFileURL.path
    var folders: [String] = []
    for target in targets {
      let directory: URL
      switch target {
      case let target as SwiftSourceModuleTarget: directory = target.directoryURL
      case let target as ClangSourceModuleTarget: directory = target.directoryURL
      default:
        if !names.isEmpty { throw PackageLintError("target '\(target.name)' has no files to lint") }
        continue
      }
      let folder = directory.standardizedFileURL.path
      folders.append(folder.hasPrefix(package + "/") ? String(folder.dropFirst(package.count + 1)) : folder)
    }
    if folders.isEmpty { throw PackageLintError("the package has no target with files to lint") }

    var toolArguments = leadingArguments + extractor.remainingArguments
    if !toolArguments.contains("--") { toolArguments.append("--") }
    let process = Process()
    process.executableURL = try context.tool(named: "inertia-lint").url
    process.arguments = toolArguments + folders
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    if process.terminationReason == .uncaughtSignal {
      throw PackageLintError("inertia-lint was ended by signal \(process.terminationStatus)")
    }
    exit(process.terminationStatus)
  }
}

/// A failure of a command plugin itself, before the tool runs.
struct PackageLintError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
