// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "inertia-tools",
  products: [
    .library(name: "InertiaFormat", targets: ["InertiaFormat"]),
    .library(name: "InertiaLint", targets: ["InertiaLint"]),
    .executable(name: "inertia-convert", targets: ["inertia-convert"]),
    .executable(name: "inertia-lint", targets: ["inertia-lint"]),
    .plugin(name: "InertiaLintPlugin", targets: ["InertiaLintPlugin"]),
    .plugin(name: "InertiaLintCommandPlugin", targets: ["InertiaLintCommandPlugin"]),
    .plugin(name: "InertiaLintFixCommandPlugin", targets: ["InertiaLintFixCommandPlugin"]),
  ],
  targets: [
    // The codec and the typed model: no processes, threads or global state.
    .target(name: "InertiaFormat"),
    // The rules and the in-memory fixer, over InertiaFormat's document index: no I/O, no threads of its own.
    .target(name: "InertiaLint", dependencies: ["InertiaFormat"]),
    // Previews of a file as SVG: a document in, SVG text out; no I/O.
    .target(name: "InertiaPreview", dependencies: ["InertiaFormat"]),
    // What the two command-line tools share: arguments, files, atomic writes, threads, exit codes.
    .target(name: "InertiaTool", dependencies: ["InertiaFormat", "InertiaLint", "InertiaPreview"]),
    .executableTarget(name: "inertia-convert", dependencies: ["InertiaTool"]),
    .executableTarget(name: "inertia-lint", dependencies: ["InertiaTool"]),
    // Lints a target's animation files as part of its build (see
    // docs/integrations.md#in-a-swift-package-or-xcode-project).
    .plugin(name: "InertiaLintPlugin", capability: .buildTool(), dependencies: ["inertia-lint"]),
    // `swift package inertia-lint [--target NAME] [ARGUMENTS]`: lints, and may not write.
    .plugin(
      name: "InertiaLintCommandPlugin",
      capability: .command(
        intent: .custom(verb: "inertia-lint", description: "Lint the animation files of the package's targets")),
      dependencies: ["inertia-lint"]),
    // `swift package --allow-writing-to-package-directory inertia-lint-fix [--target NAME] [ARGUMENTS]`.
    .plugin(
      name: "InertiaLintFixCommandPlugin",
      capability: .command(
        intent: .custom(
          verb: "inertia-lint-fix", description: "Repair the animation files of the package's targets in place"),
        permissions: [
          .writeToPackageDirectory(reason: "inertia-lint --fix repairs the package's animation files in place")
        ]),
      dependencies: ["inertia-lint"]),
    // Helpers the test targets share: fixtures, random documents, the position oracle.
    .target(name: "TestSupport", dependencies: ["InertiaFormat", "InertiaLint"], path: "Tests/TestSupport"),
    .testTarget(name: "FormatTests", dependencies: ["InertiaFormat", "TestSupport"]),
    .testTarget(name: "LintTests", dependencies: ["InertiaLint", "InertiaFormat", "TestSupport"]),
    // The golden output files are read by path, not bundled.
    .testTarget(
      name: "ToolTests", dependencies: ["InertiaTool", "InertiaLint", "InertiaFormat", "InertiaPreview", "TestSupport"],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "PreviewTests", dependencies: ["InertiaPreview", "InertiaFormat", "TestSupport"], exclude: ["Snapshots"]),
    // Builds the package in `Fixture` with the real `swift build`, which applies the plugins above. It
    // runs the tools `swift test` builds beside it (`inertia-lint`, `inertia-convert`), so it needs no library.
    .testTarget(name: "PluginTests", exclude: ["Fixture"]),
  ]
)
