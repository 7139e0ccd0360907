// swift-tools-version:6.0
// The package the plugin tests build: an app that applies InertiaLintPlugin, as a user's would. It is a
// template: the tests copy it into a temporary folder and put in place of INERTIA_TOOLS_DEPENDENCY and
// INERTIA_LINT_PLUGIN the lines docs/integrations.md gives a user (the dependency on a checkout in a folder
// of another name than `inertia-tools`, and the plugin), with that folder a link to this repository.
import PackageDescription

let package = Package(
  name: "PluginFixture",
  dependencies: [INERTIA_TOOLS_DEPENDENCY],
  targets: [
    // `Animations` is processed (each file a resource of its own), `Onboarding` copied as one folder:
    // the plugin sees the first as files and the second as a folder it has to look inside.
    // `Unbundled` is in the repository but not among the resources: the app rules' test puts a file there.
    .executableTarget(
      name: "App", dependencies: ["Inertia"], exclude: ["Unbundled"],
      resources: [.process("Animations"), .copy("Onboarding")],
      plugins: [INERTIA_LINT_PLUGIN]),
    // Does not apply the plugin, so its broken file never fails the build; the command plugin lints it.
    .target(name: "Extras", resources: [.copy("extras.inertia")]),
    // A stand-in for the SwiftUI runtime's container, so that the app's code compiles on Linux.
    .target(name: "Inertia"),
  ]
)
