// swift-tools-version:5.9
// A SwiftUI app in a Swift package, with planted defects for the app rules' tests (expectations.json).
// Its twin, ../SwiftUIAppClean, is the same app with the defects removed.
import PackageDescription

let package = Package(
  name: "FixtureApp",
  platforms: [.iOS(.v17), .macOS(.v14)],
  dependencies: [.package(url: "https://github.com/hpennington/Inertia", branch: "main")],
  targets: [
    .executableTarget(name: "App", dependencies: ["Inertia"], resources: [.process("Resources")])
  ]
)
