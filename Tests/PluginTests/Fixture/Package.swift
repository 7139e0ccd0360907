// swift-tools-version:6.0
// The package the plugin tests build: an app that applies InertiaLintPlugin, as a user's would. The tests
// copy it into a temporary folder beside a link named `inertia-tools` to this repository, so it depends
// on the plugin by path exactly as a user's package depends on the released one by URL.
import PackageDescription

let package = Package(
  name: "PluginFixture",
  dependencies: [.package(path: "../inertia-tools")],
  targets: [
    // `Animations` is processed (each file a resource of its own), `Onboarding` copied as one folder:
    // the plugin sees the first as files and the second as a folder it has to look inside.
    // `Unbundled` is in the repository but not among the resources: the app rules' test puts a file there.
    .executableTarget(
      name: "App", dependencies: ["Inertia"], exclude: ["Unbundled"],
      resources: [.process("Animations"), .copy("Onboarding")],
      plugins: [.plugin(name: "InertiaLintPlugin", package: "inertia-tools")]),
    // Does not apply the plugin, so its broken file never fails the build; the command plugin lints it.
    .target(name: "Extras", resources: [.copy("extras.inertia")]),
    // A stand-in for the SwiftUI runtime's container, so that the app's code compiles on Linux.
    .target(name: "Inertia"),
  ]
)
