import PackagePlugin

/// `swift package --allow-writing-to-package-directory inertia-lint-fix [--target NAME]... [ARGUMENTS]`:
/// runs `inertia-lint --fix` over the package's animation files (see ``PackageLintRun``), which repairs
/// what can be repaired safely in place and reports the rest. SwiftPM asks for the permission to write
/// to the package, giving the reason stated in the manifest, unless the option above grants it.
@main
struct InertiaLintFixCommandPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try PackageLintRun(leadingArguments: ["--fix"]).perform(context: context, arguments: arguments)
  }
}
