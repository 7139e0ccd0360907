import Foundation
import PackagePlugin

/// Turns a target's files into build commands: one `inertia-lint` run per animation file.
///
/// A file is an animation file when the directory walk of `inertia-lint` would lint it: it matches the
/// `include` globs of the configuration that applies to it (`*.inertia` when there are none, so a
/// configuration with `"include": ["*.inertia", "Animations/*.json"]` brings in the JSON-form files the
/// SwiftUI container reads as `id.json`) and no `exclude` glob. The configuration that applies is the
/// nearest `.inertia-lint.json` in the file's folder or above it; it is passed to the tool with
/// `--config` and listed among the command's inputs, so editing it lints again, and so is the baseline it
/// names (`"baseline"`), so that a build shows only findings the baseline does not list.
///
/// SwiftPM asks the plugin for its commands when it plans a build, which it does when the manifest or the
/// files of a target change, not on every build. So a change to `include` or `exclude` takes full effect
/// at the next planning (a file newly excluded is skipped at once: the tool applies excludes to the files
/// it is given), while one to severities or settings reaches the next build through the input.
///
/// Each command has the animation file (and its configuration) as inputs and one output, so the build
/// system runs it again only when one of them changes. The tool is given the file's real path, so the
/// container-id check sees the resource's name (`animation.inertia` is the container `animation`).
struct LintCommandPlanner {
  /// The `inertia-lint` executable built from source.
  let tool: URL
  /// The plugin's own folder in the build directory, where the outputs go.
  let workDirectory: URL
  /// The target's folder, which display names are given relative to (`nil`: they are file names).
  let targetDirectory: URL?

  /// The commands for the animation files among `files`, in the files' order. A folder among them (a
  /// resource declared with `.copy("Animations")` is one) stands for the files in it.
  func commands(for files: [URL]) -> [Command] {
    var configurations = ConfigurationCache()
    var commands: [Command] = []
    for file in files.flatMap(Self.filesInside) {
      let configuration = configurations.configuration(for: file)
      guard configuration.selects(file) else { continue }
      commands.append(command(for: file, configuration: configuration))
    }
    return commands
  }

  private func command(for file: URL, configuration: PluginConfiguration) -> Command {
    // The build system needs an output to know when the command is up to date, and SwiftPM adds every
    // output of a build command to the target: a Swift file is compiled, anything else becomes a
    // resource (a plain stamp file lands in the app's resource bundle). So the output is an empty Swift
    // file, which adds nothing to the module. It is written only after a run that does not fail, and
    // only when it is missing, so that linting again does not make the compiler look at the module
    // again. A failed run writes nothing, so the next build lints the file again.
    let output = workDirectory.appendingPathComponent(Self.outputName(for: file))
    var lintArguments = ["--format", "xcode"]
    var inputs = [file]
    if let path = configuration.file {
      lintArguments += ["--config", path.path]
      inputs.append(path)
      if let baseline = configuration.baseline, FileManager.default.fileExists(atPath: baseline.path) {
        inputs.append(baseline)
      }
    } else {
      lintArguments.append("--no-config")
    }
    lintArguments += ["--", file.path]
    // `sh` runs the tool, then writes the output; the paths reach it as arguments, never as script text.
    let script = #"output=$1; shift; "$0" "$@" || exit; [ -e "$output" ] || : > "$output""#
    return .buildCommand(
      displayName: "Linting \(displayPath(of: file))", executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", script, tool.path, output.path] + lintArguments, inputFiles: inputs,
      outputFiles: [output])
  }

  /// The command that checks the target's app sources against its animation resources (the app rules),
  /// or `nil` for a target without Swift sources.
  ///
  /// What ships is exactly the target's sources and resources: `inertia-lint --app-target BUNDLE` is given
  /// the Swift sources, and the `.inertia` and `.json` resources at the top of the bundle (a processed
  /// resource, or a file copied on its own: a folder copied whole keeps its files in a folder of the
  /// bundle, where `url(forResource:withExtension:)` does not look), so a container whose file is in the
  /// repository but not among them fails the build at the container's line. Every source and resource is
  /// an input, and so is each configuration that applies to one (and the baseline it names): editing any
  /// of them checks the app again.
  /// - Parameter bundle: where the resources are: `module` for a package target, `main` for an app's.
  func appCommand(targetName: String, files: [(url: URL, isSource: Bool)], bundle: String) -> Command? {
    let sources = files.filter { $0.isSource && $0.url.pathExtension == "swift" }.map(\.url)
    guard !sources.isEmpty else { return nil }
    let resources = files.filter { !$0.isSource && ["inertia", "json"].contains($0.url.pathExtension) }.map(\.url)
      .filter { !Self.isFolder($0) }
    var configurations = ConfigurationCache()
    var inputs = sources + resources
    var seen: Set<String> = []
    for file in sources + resources {
      let configuration = configurations.configuration(for: file)
      guard let path = configuration.file, seen.insert(path.path).inserted else { continue }
      inputs.append(path)
      if let baseline = configuration.baseline, FileManager.default.fileExists(atPath: baseline.path) {
        inputs.append(baseline)
      }
    }
    let output = workDirectory.appendingPathComponent(Self.outputName(for: URL(fileURLWithPath: "app-\(targetName)")))
    let arguments =
      ["--format", "xcode", "--app-target", bundle] + resources.flatMap { ["--resource", $0.path] }
      + ["--"] + sources.map(\.path)
    let script = #"output=$1; shift; "$0" "$@" || exit; [ -e "$output" ] || : > "$output""#
    return .buildCommand(
      displayName: "Checking \(targetName)'s code against its animation files",
      executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", script, tool.path, output.path] + arguments, inputFiles: inputs, outputFiles: [output])
  }

  /// Whether `url` is a folder.
  static func isFolder(_ url: URL) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
  }

  /// `url` itself when it is a file; the files inside it, hidden ones left out, when it is a folder.
  static func filesInside(_ url: URL) -> [URL] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
      return [url]
    }
    let keys: [URLResourceKey] = [.isRegularFileKey]
    guard
      let walk = FileManager.default.enumerator(at: url, includingPropertiesForKeys: keys, options: .skipsHiddenFiles)
    else { return [] }
    var files: [URL] = []
    for case let file as URL in walk where (try? file.resourceValues(forKeys: Set(keys)))?.isRegularFile == true {
      files.append(file)
    }
    return files.sorted { $0.path < $1.path }
  }

  /// The file's path relative to the target's folder when it lies inside it, else its name.
  private func displayPath(of file: URL) -> String {
    guard let base = targetDirectory?.standardizedFileURL.path else { return file.lastPathComponent }
    let path = file.standardizedFileURL.path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : file.lastPathComponent
  }

  /// A name for a file's output that no other file of the target gets: Swift needs the file names of a
  /// module to differ, so the name is the file's own name and a hash of its whole path.
  static func outputName(for file: URL) -> String {
    // 64-bit FNV-1a: stable from run to run, unlike `Hasher`.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in file.standardizedFileURL.path.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let name = file.lastPathComponent.map { $0.isLetter || $0.isNumber ? $0 : "_" }
    let hex = String(hash, radix: 16)
    return "InertiaLint_\(String(name))_\(String(repeating: "0", count: 16 - hex.count) + hex).swift"
  }
}
