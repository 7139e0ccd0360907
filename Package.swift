// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "inertia-tools",
  products: [
    .library(name: "InertiaFormat", targets: ["InertiaFormat"]),
    .library(name: "InertiaLint", targets: ["InertiaLint"]),
    .executable(name: "inertia-convert", targets: ["inertia-convert"]),
    .executable(name: "inertia-lint", targets: ["inertia-lint"]),
  ],
  targets: [
    .target(name: "InertiaFormat"),
    .target(name: "InertiaLint", dependencies: ["InertiaFormat"]),
    .executableTarget(name: "inertia-convert", dependencies: ["InertiaFormat"]),
    .executableTarget(name: "inertia-lint", dependencies: ["InertiaLint", "InertiaFormat"]),
    .testTarget(name: "FormatTests", dependencies: ["InertiaFormat"]),
    // The golden output files are read by path, not bundled.
    .testTarget(name: "LintTests", dependencies: ["InertiaLint", "InertiaFormat"], exclude: ["Snapshots"]),
  ]
)
