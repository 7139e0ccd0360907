import PackagePlugin

/// `swift package inertia-lint [--target NAME]... [ARGUMENTS]`: lints the package's animation files (see
/// ``PackageLintRun``). It may not write to the package, so `--fix` is left to `inertia-lint-fix`, which
/// asks for that permission; `--fix --dry-run` and `--diff`, which write nothing, work here.
@main
struct InertiaLintCommandPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let options = arguments.prefix { $0 != "--" }
    if options.contains("--fix") && !options.contains("--dry-run") {
      throw PackageLintError(
        "--fix writes to the package, which this command may not do: run swift package "
          + "--allow-writing-to-package-directory inertia-lint-fix (with the same arguments, without --fix)")
    }
    try PackageLintRun(leadingArguments: []).perform(context: context, arguments: arguments)
  }
}
